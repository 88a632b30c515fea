#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::randomPosition;

namespace {

// Full-width check by the rules: does the side to move win within `moves` of its own moves?
bool winsWithin(Position& p, int moves) {
  if (moves == 0) return false;
  for (Bitboard m = p.emptyCells(); m;) {
    const int cell = popLowest(m);
    if (p.completesLine(cell, p.sideToMove())) return true;
  }
  if (moves == 1) return false;
  for (Bitboard m = p.emptyCells(); m;) {
    const int cell = popLowest(m);
    p.play(cell);
    bool allLose = !p.isGameOver();
    for (Bitboard r = p.emptyCells(); allLose && r;) {
      const int reply = popLowest(r);
      if (p.completesLine(reply, p.sideToMove())) {
        allLose = false;
        break;
      }
      p.play(reply);
      allLose = !p.isGameOver() && winsWithin(p, moves - 1);
      p.undo(reply);
    }
    p.undo(cell);
    if (allLose) return true;
  }
  return false;
}

std::span<const std::uint8_t> movesOf(const ThreatResult& t) {
  return {t.sequence.data(), static_cast<std::size_t>(t.length)};
}

struct Proved {
  Position position;
  Side attacker;
  std::string proof;
};

// Positions from random games that the solver proves for one side, with their proofs.
std::vector<Proved> provedPositions(int wanted, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  std::vector<Proved> out;
  for (int tries = 0; tries < 400 && static_cast<int>(out.size()) < wanted; ++tries) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(10, 22)(rng));
    for (const Side attacker : {Side::X, Side::O}) {
      table.clear();
      ProofSearch search(table, threats);
      SearchLimits limits;
      limits.maxNodes = 200'000;
      if (search.prove(p, attacker, limits).answer != Answer::Proven) continue;
      std::ostringstream proof;
      const ProofWriteResult w = writeProof(proof, p, attacker, search, threats, limits);
      INFO(positionString(p) << " " << w.error);
      REQUIRE(w.complete);
      out.push_back({p, attacker, proof.str()});
    }
  }
  return out;
}

VerifyResult verifyText(const std::string& text) {
  std::istringstream in(text);
  return verifyProof(in);
}

}  // namespace

TEST_CASE(
    "forcing wins found by the threat search pass the rules-only check and full-width search") {
  std::mt19937_64 rng(5);
  ThreatSearch threats(1 << 16);
  int accepted = 0, bruteForced = 0;
  for (int i = 0; i < 3000 && bruteForced < 40; ++i) {
    Position p = randomPosition(rng, std::uniform_int_distribution<int>(12, 40)(rng));
    const Side attacker = p.sideToMove();
    ThreatLimits limits;
    limits.maxDepth = 2;
    const ThreatResult t = threats.forcedWin(p, attacker, limits);
    if (!t.win) continue;
    INFO(positionString(p));
    CHECK(checkForcingWin(p, attacker, movesOf(t)) == "");
    ++accepted;
    // Independent of both: the attacker really wins within that many of its moves.
    if (t.attackerMoves() <= 2 && popcount(p.emptyCells()) <= 40) {
      CHECK(winsWithin(p, t.attackerMoves() + 1));
      ++bruteForced;
    }
  }
  CHECK(accepted >= 40);
  CHECK(bruteForced >= 40);
}

TEST_CASE("the forcing-win check rejects broken sequences") {
  std::mt19937_64 rng(6);
  ThreatSearch threats(1 << 16);
  int checked = 0;
  for (int i = 0; i < 3000 && checked < 50; ++i) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(12, 36)(rng));
    const ThreatResult t = threats.forcedWin(p, p.sideToMove());
    if (!t.win || t.length < 3) continue;
    INFO(positionString(p));
    std::vector<std::uint8_t> moves(t.sequence.begin(), t.sequence.begin() + t.length);
    auto wrongReply = moves;
    wrongReply[1] = moves[0];  // occupied by then: never the forced block
    CHECK(checkForcingWin(p, p.sideToMove(), wrongReply) != "");
    auto truncated = moves;
    truncated.resize(moves.size() - 2);  // ends on a single threat
    CHECK(checkForcingWin(p, p.sideToMove(), truncated) != "");
    auto even = moves;
    even.pop_back();
    CHECK(checkForcingWin(p, p.sideToMove(), even) != "");
    CHECK(checkForcingWin(p, opponent(p.sideToMove()), moves) != "");
    ++checked;
  }
  CHECK(checked == 50);
}

TEST_CASE("proofs of the solver's wins pass the rules-only checker") {
  // This is what makes the solver's pruning trustworthy: every defender reply the
  // search skipped is answered in the proof, and the checker knows only the rules.
  const std::vector<Proved> proved = provedPositions(30, 7);
  REQUIRE(proved.size() >= 30);
  int defenderToMove = 0;
  for (const Proved& p : proved) {
    INFO(positionString(p.position) << " attacker " << (p.attacker == Side::X ? "x" : "o") << "\n"
                                    << p.proof);
    const VerifyResult v = verifyText(p.proof);
    INFO(v.error);
    CHECK(v.verified);
    defenderToMove += p.position.sideToMove() != p.attacker;
  }
  CHECK(defenderToMove > 0);
}

TEST_CASE(
    "a proof written with the first forcing wins found is the same tree, checked, its plies no "
    "fewer") {
  // ForcingWins::First (qubic-solve --proof) changes only the sequences of the W lines: the
  // same nodes, references and listed replies, and every proof passes the checker.
  std::mt19937_64 rng(2211);
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  int proofs = 0, longer = 0;
  for (int tries = 0; tries < 400 && proofs < 25; ++tries) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(8, 18)(rng));
    const Side attacker = p.sideToMove();
    table.clear();
    ProofSearch search(table, threats);
    SearchLimits limits;
    limits.maxNodes = 300'000;
    if (search.prove(p, attacker, limits).answer != Answer::Proven) continue;
    std::ostringstream shortest, first;
    const ProofWriteResult a =
        writeProof(shortest, p, attacker, search, threats, limits, ForcingWins::Shortest);
    const ProofWriteResult b =
        writeProof(first, p, attacker, search, threats, limits, ForcingWins::First);
    INFO(positionString(p) << "\n" << first.str());
    REQUIRE(a.complete);
    REQUIRE(b.complete);
    CHECK(a.attackerNodes == b.attackerNodes);
    CHECK(a.forcingWins == b.forcingWins);
    CHECK(a.references == b.references);
    CHECK(a.listedReplies == b.listedReplies);
    const VerifyResult va = verifyText(shortest.str()), vb = verifyText(first.str());
    INFO(vb.error);
    REQUIRE(va.verified);
    REQUIRE(vb.verified);
    CHECK(vb.plies >= va.plies);
    longer += vb.plies > va.plies;
    ++proofs;
  }
  CHECK(proofs == 25);
  WARN(longer << " of " << proofs << " proofs longer with the first forcing wins found");
}

TEST_CASE("the proof checker finds the faulty node of a broken proof") {
  const std::vector<Proved> proved = provedPositions(30, 8);
  int broken = 0;
  for (const Proved& p : proved) {
    std::istringstream lines(p.proof);
    std::vector<std::string> text;
    for (std::string line; std::getline(lines, line);) text.push_back(line);
    auto join = [](const std::vector<std::string>& v) {
      std::string s;
      for (const auto& l : v) s += l + "\n";
      return s;
    };
    for (std::size_t i = 3; i + 1 < text.size(); ++i) {
      std::istringstream words(text[i]);
      std::vector<std::string> t;
      for (std::string w; words >> w;) t.push_back(w);
      if (t.size() >= 5 && t[1] == "W") {
        // The first reply of a forcing win replaced by the attacker's own first move.
        auto mutated = text;
        mutated[i] = t[0] + " W " + t[2] + " " + t[2];
        for (std::size_t k = 4; k < t.size(); ++k) mutated[i] += " " + t[k];
        const VerifyResult v = verifyText(join(mutated));
        CHECK_FALSE(v.verified);
        CHECK(v.error.find("line " + std::to_string(i + 1) + ":") == 0);
        ++broken;
      }
      if (t.size() >= 4 && t[1] == "M" && t.size() > 4) {
        // The default sequence dropped: some reply is left unanswered.
        auto mutated = text;
        mutated[i] = t[0] + " M " + t[2] + " " + t[3];
        CHECK_FALSE(verifyText(join(mutated)).verified);
        ++broken;
      }
    }
  }
  CHECK(broken >= 20);
  // M3: text after `end` is refused (a blank line is not text).
  REQUIRE(!proved.empty());
  CHECK(verifyText(proved.front().proof + "\n  \n").verified);
  const VerifyResult trailing = verifyText(proved.front().proof + "M 1a1 0\n");
  CHECK_FALSE(trailing.verified);
  CHECK(trailing.error.find("text after 'end'") != std::string::npos);
  CHECK_FALSE(verifyText("qubic-proof 1\nposition nonsense\n").verified);
  CHECK_FALSE(verifyText("").verified);
}

TEST_CASE("a file with a line longer than any proof's is refused at once, before it is read") {
  // Issue 42 (8): a 1 GB file of zeros took 52 s and 4.2 GB before "not a proof file".
  // The stream below would hand out 1 GB of zeros; the checker must stop at its bound.
  struct Zeros : std::streambuf {
    std::size_t left = std::size_t{1} << 30, handed = 0;
    char buffer[4096] = {};
    int_type underflow() override {
      if (left == 0) return traits_type::eof();
      const std::size_t n = std::min(left, sizeof buffer);
      left -= n;
      handed += n;
      setg(buffer, buffer, buffer + n);
      return 0;
    }
  } zeros;
  std::istream in(&zeros);
  const VerifyResult r = verifyProof(in);
  CHECK_FALSE(r.verified);
  CHECK(r.error == "line 1: longer than 4096 bytes, which no line of a proof is: not a proof file");
  CHECK(zeros.handed <= 8192);
}
