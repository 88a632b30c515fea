#include "proof.hpp"

#include <sstream>
#include <unordered_map>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/threats/threat_search.hpp"
#include "verify.hpp"

namespace qubic {

namespace {

void writeMoves(std::ostream& out, const ThreatResult& t) {
  for (int i = 0; i < t.length; ++i) out << ' ' << moveToken(t.sequence[i]);
}

ThreatLimits proofThreatLimits(const std::atomic<bool>* stop, bool shortest = true) {
  ThreatLimits limits;
  limits.maxNodes = kProofThreatNodes;
  limits.shortest = shortest;
  limits.stop = stop;
  return limits;
}

std::span<const std::uint8_t> movesOf(const ThreatResult& t) {
  return {t.sequence.data(), static_cast<std::size_t>(t.length)};
}

class Writer {
 public:
  Writer(std::ostream& out, Side attacker, ProofSearch& search, ThreatSearch& threats,
         const SearchLimits& limits, ForcingWins wins)
      : out_(out),
        attacker_(attacker),
        search_(search),
        threats_(threats),
        limits_(limits),
        shortest_(wins == ForcingWins::Shortest) {}

  ProofWriteResult run(const Position& root) {
    out_ << "qubic-proof 1\nposition " << positionString(root) << "\nattacker "
         << (attacker_ == Side::X ? 'x' : 'o') << '\n';
    Position pos = root;
    result_.complete =
        pos.sideToMove() == attacker_ ? attackerNode(pos, "-") : defenderNode(pos, "- D");
    if (result_.complete) out_ << "end\n";
    return result_;
  }

 private:
  // A forcing win for the attacker to move, accepted only if the rules-only check agrees.
  ThreatResult forcingWin(const Position& pos) {
    ThreatResult t = threats_.forcedWin(pos, attacker_, proofThreatLimits(limits_.stop, shortest_));
    if (t.win && !checkForcingWin(pos, attacker_, movesOf(t)).empty()) t.win = false;
    return t;
  }

  bool attackerNode(Position& pos, const std::string& via) {
    const std::uint64_t key = canonicalKey(pos);
    if (const auto seen = ids_.find(key); seen != ids_.end()) {
      out_ << via << " = " << seen->second << '\n';
      ++result_.references;
      return true;
    }
    ids_.emplace(key, ids_.size());
    ++result_.attackerNodes;

    if (const ThreatResult t = forcingWin(pos); t.win) {
      out_ << via << " W";
      writeMoves(out_, t);
      out_ << '\n';
      ++result_.forcingWins;
      return true;
    }
    const PnsResult proved = search_.prove(pos, attacker_, limits_);
    if (proved.answer != Answer::Proven || proved.bestMove < 0) {
      result_.error =
          "the solver did not prove " + positionString(pos) + " again within the limits";
      return false;
    }
    const int move = proved.bestMove;
    pos.play(move);
    const bool ok = defenderNode(pos, via + " M " + moveToken(move));
    pos.undo(move);
    return ok;
  }

  // Lists the replies splitDefence leaves to answer, then answers each.
  bool defenderNode(Position& pos, const std::string& head) {
    if (pos.isGameOver()) {
      out_ << head << " 0\n";
      return true;
    }
    const DefenceSplit split = splitDefence(pos, attacker_, threats_, limits_.stop);
    const Bitboard listed = split.replies;
    out_ << head << ' ' << popcount(listed) << split.fallback << '\n';
    for (Bitboard m = listed; m;) {
      const int reply = popLowest(m);
      ++result_.listedReplies;
      pos.play(reply);
      const bool ok = attackerNode(pos, moveToken(reply));
      pos.undo(reply);
      if (!ok) return false;
    }
    return true;
  }

  std::ostream& out_;
  Side attacker_;
  ProofSearch& search_;
  ThreatSearch& threats_;
  SearchLimits limits_;
  bool shortest_;
  std::unordered_map<std::uint64_t, std::uint64_t> ids_;
  ProofWriteResult result_;
};

}  // namespace

DefenceSplit splitDefence(Position& pos, Side attacker, ThreatSearch& threats,
                          const std::atomic<bool>* stop) {
  // Every reply the fallback still beats (checked by the rules) needs no answer of its own.
  const ThreatResult fallback = threats.forcedWin(pos, attacker, proofThreatLimits(stop));
  Bitboard unanswered = 0;
  for (Bitboard empty = pos.emptyCells(); empty;) {
    const int cell = popLowest(empty);
    bool beaten = false;
    if (fallback.win) {
      pos.play(cell);
      beaten = checkForcingWin(pos, attacker, movesOf(fallback)).empty();
      pos.undo(cell);
    }
    if (!beaten) unanswered |= bit(cell);
  }
  DefenceSplit split;
  const SymmetryList symmetries = stabilizer(pos);
  while (unanswered) {
    const int cell = popLowest(unanswered);
    split.replies |= bit(cell);
    for (const int s : symmetries) unanswered &= ~bit(mapCell(s, cell));
  }
  if (fallback.win && (pos.emptyCells() & ~split.replies)) {
    std::ostringstream moves;
    writeMoves(moves, fallback);
    split.fallback = moves.str();
  }
  return split;
}

ProofWriteResult writeProof(std::ostream& out, const Position& root, Side attacker,
                            ProofSearch& search, ThreatSearch& threats, const SearchLimits& limits,
                            ForcingWins wins) {
  return Writer(out, attacker, search, threats, limits, wins).run(root);
}

}  // namespace qubic
