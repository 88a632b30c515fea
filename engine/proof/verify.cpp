#include "verify.hpp"

#include <algorithm>
#include <charconv>
#include <sstream>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

// Plies to the end of a checked forcing win: a sequence that stops at a double threat
// lasts two plies more (the defender blocks one three, the attacker completes the other).
int forcingWinPlies(Position pos, const std::vector<std::uint8_t>& moves) {
  for (const std::uint8_t m : moves) pos.play(m);
  return static_cast<int>(moves.size()) + (pos.isGameOver() ? 0 : 2);
}

std::vector<std::string> split(const std::string& line) {
  std::istringstream words(line);
  std::vector<std::string> tokens;
  for (std::string w; words >> w;) tokens.push_back(w);
  return tokens;
}

bool parseCount(const std::string& text, std::uint64_t& value) {
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

// Far longer than any line of a proof (a node with every reply listed and a forcing
// sequence of 64 moves is under 500 bytes).
constexpr std::size_t kMaxProofLine = 4096;

// Reads a proof depth-first. Attacker nodes are numbered in file order (references
// point back to them); the canonical form of each is kept to check references.
class Checker {
 public:
  Checker(std::istream& in, const ProvenMoveFn& onProvenMove, const ForcingWinFn& onForcingWin,
          const AttackerMoveFn& onAttackerMove)
      : in_(in),
        onProvenMove_(onProvenMove),
        onForcingWin_(onForcingWin),
        onAttackerMove_(onAttackerMove) {}

  VerifyResult run() {
    std::vector<std::string> t = next();
    if (t.size() != 2 || t[0] != "qubic-proof" || t[1] != "1")
      return failed("not a proof file (expected 'qubic-proof 1')");
    std::string line;
    ++lineNumber_;
    if (!readLine(line) || line.rfind("position ", 0) != 0)
      return failed("expected 'position <position string>'");
    const Parsed<Position> root = parsePosition(line.substr(9));
    if (!root) return failed("bad position: " + root.error());
    result_.root = root.value();
    t = next();
    if (t.size() != 2 || t[0] != "attacker" || (t[1] != "x" && t[1] != "o"))
      return failed("expected 'attacker x' or 'attacker o'");
    attacker_ = t[1] == "x" ? Side::X : Side::O;
    Position pos = root.value();
    t = next();
    if (t.empty() || t[0] != "-") return failed("the root node must start with '-'");
    int plies = 0;
    if (pos.sideToMove() == attacker_) {
      if (!attackerNode(pos, t, plies)) return result_;
      if (const Parsed<int> first = parseMove(t.size() > 2 ? t[2] : ""))  // W's or M's move
        result_.rootMove = first.value();
    } else {
      // The defender is to move at the root: "- D <replies> [default sequence]".
      std::uint64_t listed = 0;
      std::vector<std::uint8_t> fallback;
      if (t.size() < 3 || t[1] != "D" || !parseCount(t[2], listed) || !parseMoves(t, 3, fallback))
        return failed("the defender is to move: expected '- D <replies> [default sequence]'");
      if (pos.isGameOver()) return failed("the game is over at the root");
      if (!defenderNode(pos, listed, fallback, plies)) return result_;
    }
    t = next();
    if (t.size() != 1 || t[0] != "end") return failed("expected 'end' after the root's tree");
    for (std::string rest; readLine(rest);) {
      ++lineNumber_;
      if (rest.find_first_not_of(" \t\r") != std::string::npos) return failed("text after 'end'");
    }
    if (lineTooLong_) return failed("text after 'end'");
    result_.verified = true;
    result_.plies = plies;
    return result_;
  }

 private:
  std::vector<std::string> next() {
    std::string line;
    ++lineNumber_;
    if (!readLine(line)) return {};
    return split(line);
  }

  // A line of the file, read with a bound: no line of a proof comes near it, and a file
  // that is not a proof (a 1 GB file of zeros, say) is refused at once, not after reading
  // it whole into memory. False at the end, or past the bound (lineTooLong_ then says so).
  bool readLine(std::string& line) {
    line.clear();
    std::streambuf* buffer = in_.rdbuf();
    for (int c; (c = buffer->sbumpc()) != std::char_traits<char>::eof();) {
      if (c == '\n') return true;
      if (line.size() == kMaxProofLine) {
        lineTooLong_ = true;
        return false;
      }
      line.push_back(static_cast<char>(c));
    }
    return !line.empty();
  }

  VerifyResult failed(const std::string& why) {
    result_.error = "line " + std::to_string(lineNumber_) + ": " +
                    (lineTooLong_ ? "longer than " + std::to_string(kMaxProofLine) +
                                        " bytes, which no line of a proof is: not a proof file"
                                  : why);
    return result_;
  }
  bool fail(const Position& pos, const std::string& why) {
    failed(why + " (position " + positionString(pos) + ")");
    return false;
  }

  bool parseMoves(const std::vector<std::string>& t, std::size_t from,
                  std::vector<std::uint8_t>& moves) {
    for (std::size_t i = from; i < t.size(); ++i) {
      const Parsed<int> m = parseMove(t[i]);
      if (!m) return false;
      moves.push_back(static_cast<std::uint8_t>(m.value()));
    }
    return true;
  }

  // `t` is the node's line, already read; pos has the attacker to move. On success
  // `plies` is the length of the longest game the node's proof allows.
  bool attackerNode(Position& pos, const std::vector<std::string>& t, int& plies) {
    ++result_.attackerNodes;
    if (pos.isGameOver()) return fail(pos, "the game is over before the attacker's move");
    if (t.size() < 2) return fail(pos, "a node needs a kind: W, M or =");
    const std::string& kind = t[1];
    if (kind == "=") {
      std::uint64_t id = 0;
      if (t.size() != 3 || !parseCount(t[2], id) || id >= forms_.size())
        return fail(pos, "bad reference");
      const CanonicalForm form = canonical(pos);  // the least image; its symmetry differs
      if (form.x != forms_[id].x || form.o != forms_[id].o)
        return fail(pos, "position is not equivalent to node " + t[2] + " (" +
                             positionString(Position::fromStones(forms_[id].x, forms_[id].o)) +
                             ")");
      plies = plies_[id];
      ++result_.references;
      return true;
    }
    const std::size_t id = forms_.size();
    forms_.push_back(canonical(pos));
    plies_.push_back(0);
    if (kind == "W") {
      std::vector<std::uint8_t> moves;
      if (!parseMoves(t, 2, moves)) return fail(pos, "bad move in a forcing win");
      const std::string why = checkForcingWin(pos, attacker_, moves);
      if (!why.empty()) return fail(pos, "forcing win fails: " + why);
      plies = plies_[id] = forcingWinPlies(pos, moves);
      reportSequence(pos, moves);
      ++result_.forcingWins;
      if (onForcingWin_) onForcingWin_(pos, plies);
      return true;
    }
    if (kind != "M" || t.size() < 4)
      return fail(pos, "expected 'M <move> <replies> [default sequence]'");
    const Parsed<int> move = parseMove(t[2]);
    std::uint64_t listed = 0;
    std::vector<std::uint8_t> fallback;
    if (!move || !pos.isLegal(move.value())) return fail(pos, "illegal attacker move " + t[2]);
    if (!parseCount(t[3], listed) || listed > kCells) return fail(pos, "bad reply count " + t[3]);
    if (!parseMoves(t, 4, fallback)) return fail(pos, "bad move in the default sequence");
    if (onAttackerMove_) onAttackerMove_(pos, move.value());
    pos.play(move.value());
    int defence = 0;
    const bool ok = defenderNode(pos, listed, fallback, defence);
    pos.undo(move.value());
    if (!ok) return false;
    plies = plies_[id] = 1 + defence;
    if (onProvenMove_) onProvenMove_(pos, move.value(), plies);
    return true;
  }

  // Every reply is either listed (with the attacker's answer) or equivalent to a listed
  // one under the position's symmetries, or beaten by the default forcing sequence.
  bool defenderNode(Position& pos, std::uint64_t listed, const std::vector<std::uint8_t>& fallback,
                    int& plies) {
    plies = 0;
    if (pos.isGameOver()) {
      if (pos.status() == (attacker_ == Side::X ? Status::XWins : Status::OWins) && listed == 0)
        return true;
      return fail(pos, "the attacker's move does not win and the game is over");
    }
    const SymmetryList symmetries = stabilizer(pos);
    Bitboard covered = 0;
    for (std::uint64_t i = 0; i < listed; ++i) {
      const std::vector<std::string> t = next();
      const Parsed<int> reply = t.empty() ? Parsed<int>::failure("missing reply") : parseMove(t[0]);
      if (!reply || !pos.isLegal(reply.value())) return fail(pos, "bad or missing defender reply");
      const int cell = reply.value();
      if (covered & bit(cell))
        return fail(pos, "reply " + t[0] + " is listed twice (or an equivalent one is)");
      for (const int s : symmetries) covered |= bit(mapCell(s, cell));
      ++result_.defenceReplies;
      pos.play(cell);
      int after = 0;
      const bool ok = attackerNode(pos, t, after);
      pos.undo(cell);
      if (!ok) return false;
      plies = std::max(plies, 1 + after);
    }
    for (Bitboard rest = pos.emptyCells() & ~covered; rest;) {
      const int cell = popLowest(rest);
      if (fallback.empty()) return fail(pos, "reply " + moveToken(cell) + " is not answered");
      pos.play(cell);
      const std::string why = checkForcingWin(pos, attacker_, fallback);
      const int sequence = why.empty() ? forcingWinPlies(pos, fallback) : 0;
      if (why.empty()) reportSequence(pos, fallback);
      pos.undo(cell);
      if (!why.empty())
        return fail(pos, "after reply " + moveToken(cell) + " the default sequence fails: " + why);
      plies = std::max(plies, 1 + sequence);
    }
    return true;
  }

  // A checked forcing win's attacker moves, each with the position before it.
  void reportSequence(Position pos, const std::vector<std::uint8_t>& moves) const {
    if (!onAttackerMove_) return;
    for (std::size_t i = 0; i < moves.size(); ++i) {
      if (i % 2 == 0) onAttackerMove_(pos, moves[i]);
      pos.play(moves[i]);
    }
  }

  std::istream& in_;
  const ProvenMoveFn& onProvenMove_;
  const ForcingWinFn& onForcingWin_;
  const AttackerMoveFn& onAttackerMove_;
  Side attacker_ = Side::X;
  std::uint64_t lineNumber_ = 0;
  bool lineTooLong_ = false;
  std::vector<CanonicalForm> forms_;
  std::vector<int> plies_;  // per node, like forms_
  VerifyResult result_;
};

}  // namespace

std::string checkForcingWin(Position pos, Side attacker, std::span<const std::uint8_t> moves) {
  const Side defender = opponent(attacker);
  if (moves.size() % 2 == 0)
    return "it must list attacker moves and replies and end with an attacker move";
  if (pos.isGameOver() || pos.sideToMove() != attacker)
    return "the attacker is not to move in a game in progress";
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    const int move = moves[i];
    const bool last = i + 1 == moves.size();
    if (!pos.isLegal(move)) return "attacker move " + moveToken(move) + " is not legal";
    const bool completes = pos.completesLine(move, attacker);
    pos.play(move);
    // Built only for an error: most checks pass, and the proof writer makes many.
    const auto after = [move] { return "after " + moveToken(move) + ": "; };
    if (completes) return last ? "" : after() + "moves are listed after the winning move";
    if (pos.completionCells(defender)) return after() + "the defender completes a line";
    const Bitboard gains = pos.completionCells(attacker);
    if (!gains) return after() + "no threat";
    if (popcount(gains) >= 2)
      return last ? "" : after() + "moves are listed after the double threat";
    if (last) return after() + "a single threat ends the sequence";
    if (!(gains & bit(moves[i + 1])))
      return after() + "reply " + moveToken(moves[i + 1]) + " is not the forced block";
    pos.play(moves[i + 1]);
  }
  return "";
}

VerifyResult verifyProof(std::istream& in, const ProvenMoveFn& onProvenMove,
                         const ForcingWinFn& onForcingWin, const AttackerMoveFn& onAttackerMove) {
  return Checker(in, onProvenMove, onForcingWin, onAttackerMove).run();
}

}  // namespace qubic
