// Proving in pieces (engine/proof/split_solve): the joined proof must pass the rules-only checker,
// and must not depend on how many workers proved the pieces.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/proof/split_solve.hpp"
#include "engine/proof/verify.hpp"

using namespace qubic;

namespace {

Position after(const char* moves) { return playMoves(Position{}, moves).value(); }

SplitOptions smallPieces(std::uint64_t positions, int workers = 1) {
  SplitOptions o;
  o.solver.tableMb = 8;
  o.solver.threatEntries = std::size_t{1} << 15;
  o.piecePositions = positions;
  o.workers = workers;
  return o;
}

VerifyResult verifyText(const std::string& proof) {
  std::istringstream in(proof);
  return verifyProof(in);
}

}  // namespace

TEST_CASE("a win proved in pieces is one proof the rules-only checker accepts") {
  // X to move; a budget of 1000 positions does not settle it, so it is split.
  const Position p = after("1a1,4d4,1d1,1b2");
  const SplitResult r = splitSolve(p, Side::X, smallPieces(1000));
  INFO(r.error);
  REQUIRE(r.proven);
  CHECK(r.splits >= 1);
  CHECK(r.pieces > 1);
  const VerifyResult v = verifyText(r.proof);
  INFO(v.error);
  CHECK(v.verified);
  CHECK(v.plies > 0);
  // The joined proof's own root is the position asked about.
  CHECK(r.proof.find("position " + positionString(p) + "\n") != std::string::npos);
}

TEST_CASE("a split solve with the defender to move lists the defender's replies at the root") {
  const Position p = after("1a1,4d4,1d1");
  const SplitResult r = splitSolve(p, Side::X, smallPieces(20000));
  INFO(r.error);
  REQUIRE(r.proven);
  CHECK(r.proof.find("\n- D ") != std::string::npos);
  const VerifyResult v = verifyText(r.proof);
  INFO(v.error);
  CHECK(v.verified);
  // Joining shifts every reference past the nodes written before it: a proof with
  // references checks only if that was done right.
  CHECK(v.references > 0);
}

TEST_CASE("the proof in pieces is the same whatever the number of workers") {
  const Position p = after("1a1,4d4,1d1,1b2");
  const SplitResult one = splitSolve(p, Side::X, smallPieces(1000, 1));
  const SplitResult two = splitSolve(p, Side::X, smallPieces(1000, 2));
  REQUIRE(one.proven);
  REQUIRE(two.proven);
  CHECK(one.proof == two.proof);
  CHECK(one.pieces == two.pieces);
}

TEST_CASE("a piece the attacker does not win is remembered, and a rerun takes it") {
  // O threatens 1d1 and wins by force; X has no three: the root piece is disproven.
  const Position p = after("3b3,1a1,4d2,1b1,3a4,1c1,4b1,2a1,4a3,2b1");
  std::vector<std::string> lost;
  SplitOptions o = smallPieces(1000);
  o.rememberLoss = [&](const Position& pos) { lost.push_back(positionString(pos)); };
  o.recallLoss = [&](const Position& pos) {
    return std::find(lost.begin(), lost.end(), positionString(pos)) != lost.end();
  };
  const SplitResult first = splitSolve(p, Side::X, o);
  REQUIRE(lost == std::vector<std::string>{positionString(p)});
  const SplitResult again = splitSolve(p, Side::X, o);
  CHECK(again.recalled == 1);
  CHECK(again.positions == 0);
  CHECK_FALSE(again.proven);
  CHECK(again.error == first.error);
}

TEST_CASE("a split solve that cannot finish says why and gives no proof") {
  SECTION("the attacker does not win") {
    // O threatens 1d1 and wins by force (the plain solver says "O wins"); X has no three.
    const Position p = after("3b3,1a1,4d2,1b1,3a4,1c1,4b1,2a1,4a3,2b1");
    const SplitResult r = splitSolve(p, Side::X, smallPieces(1000));
    CHECK_FALSE(r.proven);
    CHECK(r.proof.empty());
    CHECK(r.error.find("does not win") != std::string::npos);
  }
  SECTION("too deep") {
    SplitOptions o = smallPieces(1000);
    o.maxSplitPlies = 1;
    const SplitResult r = splitSolve(after("1a1,4d4,1d1,1b2"), Side::X, o);
    CHECK_FALSE(r.proven);
    CHECK(r.proof.empty());
    CHECK(r.error.find("split 1 plies deep") != std::string::npos);
  }
  SECTION("stopped") {
    const std::atomic<bool> stop{true};
    const SplitResult r = splitSolve(after("1a1,4d4,1d1,1b2"), Side::X, smallPieces(1000), &stop);
    CHECK_FALSE(r.proven);
    CHECK(r.error == "stopped");
  }
  SECTION("the game is over") {
    const SplitResult r =
        splitSolve(after("1a1,2a1,1b1,2b1,1c1,2c1,1d1"), Side::X, smallPieces(1000));
    CHECK_FALSE(r.proven);
    CHECK(r.error == "the game is over");
  }
}
