#include <catch2/catch.hpp>

#include <random>
#include <sstream>
#include <vector>

#include "brute_force.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/certificate.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/proof_strategy.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::randomPosition;
using qubic::testing::winsWithin;

namespace {

// The strategy of a fresh proof of `attacker`'s win from `p`, checked by verifyProof; empty
// when the solver does not prove it within its limits.
bool provenStrategy(const Position& p, Side attacker, ProofStrategy& strategy) {
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  ProofSearch search(table, threats);
  SearchLimits limits;
  limits.maxNodes = 200'000;
  if (search.prove(p, attacker, limits).answer != Answer::Proven) return false;
  std::stringstream proof;
  REQUIRE(writeProof(proof, p, attacker, search, threats, limits).complete);
  const VerifyResult v =
      verifyProof(proof, {}, {}, [&](const Position& pos, int move) { strategy.add(pos, move); });
  REQUIRE(v.verified);
  return true;
}

// Full width from the rules: every reply of the side to move in `p` leaves the other side
// a win within `plies` plies.
bool everyReplyLosesWithin(Position p, int plies) {
  for (Bitboard r = p.emptyCells(); r;) {
    const int reply = popLowest(r);
    p.play(reply);
    const bool lost = !p.isGameOver() && winsWithin(p, plies);
    p.undo(reply);
    if (!lost) return false;
  }
  return true;
}

}  // namespace

TEST_CASE("the replay's own forcing wins pass the rules-only check and full-width search") {
  std::mt19937_64 rng(31);
  int found = 0, bruteForced = 0;
  for (int i = 0; i < 12000 && bruteForced < 40; ++i) {
    Position p = randomPosition(rng, std::uniform_int_distribution<int>(12, 40)(rng));
    const Side attacker = p.sideToMove();
    const std::vector<std::uint8_t> line = threatSequenceWin(p, attacker);
    if (line.empty()) continue;
    INFO(positionString(p));
    CHECK(checkForcingWin(p, attacker, line) == "");
    ++found;
    // Independent of both: the attacker really wins within the sequence and its end.
    const int plies = static_cast<int>(line.size()) + 2;
    if (plies <= 5 && popcount(p.emptyCells()) <= 40) {
      CHECK(winsWithin(p, plies));
      ++bruteForced;
    }
  }
  CHECK(found >= 40);
  CHECK(bruteForced >= 40);
}

TEST_CASE("certificates of the solver's proofs replay by the rules, and altered ones do not") {
  std::mt19937_64 rng(32);
  int made = 0, defenderToMove = 0;
  for (int tries = 0; tries < 400 && made < 20; ++tries) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(8, 20)(rng));
    for (const Side attacker : {Side::X, Side::O}) {
      ProofStrategy strategy;
      if (!provenStrategy(p, attacker, strategy)) continue;
      INFO(positionString(p) << " attacker " << (attacker == Side::X ? "x" : "o"));
      Certificate c;
      const CertificateResult m = makeCertificate(
          p, attacker, [&](const Position& q) { return strategy.moveFor(q); }, c);
      INFO(m.error);
      REQUIRE(m.ok);
      CHECK(m.moves == c.moves);
      const CertificateResult r = checkCertificate(p, attacker, c);
      INFO(r.error);
      CHECK(r.ok);
      CHECK(r.moves == c.moves);
      CHECK(r.attackerNodes == m.attackerNodes);
      CHECK_FALSE(checkCertificate(p, opponent(attacker), c).ok);
      Certificate more = c;
      ++more.moves;
      CHECK_FALSE(checkCertificate(p, attacker, more).ok);
      if (c.moves > 0) {
        Certificate fewer = c;
        --fewer.moves;
        CHECK_FALSE(checkCertificate(p, attacker, fewer).ok);
      }
      ++made;
      defenderToMove += p.sideToMove() != attacker;
    }
  }
  CHECK(made >= 20);
  CHECK(defenderToMove > 0);
}

TEST_CASE("no certificate proves a win the rules deny") {
  // Late positions solved full width: where the side to move does not force a win, random
  // certificates of every length must all be refused (and likewise for the other side).
  std::mt19937_64 rng(33);
  int positions = 0, tried = 0;
  for (int i = 0; i < 8000 && positions < 25; ++i) {
    Position p = randomPosition(rng, 51, 55);
    const Side mover = p.sideToMove();
    const int empty = popcount(p.emptyCells());
    if (winsWithin(p, empty)) continue;
    INFO(positionString(p));
    ++positions;
    for (int k = 0; k < 100; ++k) {
      Certificate c;
      c.moves = std::uniform_int_distribution<std::uint32_t>(0, 6)(rng);
      c.bytes.resize(std::uniform_int_distribution<std::size_t>(0, 12)(rng));
      for (std::uint8_t& b : c.bytes) b = static_cast<std::uint8_t>(rng());
      CHECK_FALSE(checkCertificate(p, mover, c).ok);
      ++tried;
    }
  }
  CHECK(positions == 25);
  CHECK(tried == 2500);
}

TEST_CASE("a replay names the positions it proves won, each with a move that wins") {
  std::mt19937_64 rng(33);
  int checked = 0;
  for (int tries = 0; tries < 400 && checked < 30; ++tries) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(8, 20)(rng));
    const Side attacker = p.sideToMove();
    ProofStrategy strategy;
    if (!provenStrategy(p, attacker, strategy)) continue;
    Certificate c;
    REQUIRE(makeCertificate(
                p, attacker, [&](const Position& q) { return strategy.moveFor(q); }, c)
                .ok);
    std::vector<std::pair<Position, int>> wins;
    REQUIRE(checkCertificate(p, attacker, c, [&](const Position& q, int move) {
              wins.emplace_back(q, move);
            }).ok);
    if (wins.empty()) {  // only a line completed at once, which needs no telling
      CHECK(p.completionCells(attacker));
      continue;
    }
    CHECK(wins.back().first == p);  // the root, the last proven
    // Each position is the attacker's to move, and its move wins by the rules: checked
    // by the brute-force search where the win is short, else by a fresh proof.
    for (const auto& [q, move] : wins) {
      INFO(positionString(q) << " " << moveToken(move));
      REQUIRE(q.sideToMove() == attacker);
      REQUIRE(q.isLegal(move));
      Position after = q;
      after.play(move);
      if (after.isGameOver()) {
        CHECK(after.status() == (attacker == Side::X ? Status::XWins : Status::OWins));
      } else if (!everyReplyLosesWithin(after, 3)) {
        ProofStrategy below;
        CHECK(provenStrategy(after, attacker, below));
      }
      ++checked;
    }
  }
  CHECK(checked >= 30);
}
