#include <catch2/catch.hpp>

#include <atomic>
#include <random>

#include "allocation_count.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/search.hpp"
#include "engine/threats/threats.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::allocationCount;
using qubic::testing::randomPosition;

namespace {

Position played(const char* moves) {
  const Parsed<Position> p = playMoves(Position{}, moves);
  REQUIRE(p.ok());
  return p.value();
}

HeuristicLimits depthLimit(int depth) {
  HeuristicLimits limits;
  limits.maxDepth = depth;
  return limits;
}

}  // namespace

TEST_CASE("proven scores encode the plies to the end") {
  CHECK(isProvenScore(kWinScore - 5));
  CHECK(isProvenScore(-(kWinScore - 64)));
  CHECK_FALSE(isProvenScore(500));
  CHECK(pliesToEnd(kWinScore - 5) == 5);
  CHECK(pliesToEnd(-(kWinScore - 6)) == 6);
}

TEST_CASE("the evaluation counts open lines for the side to move") {
  CHECK(evaluate(Position{}) == 0);
  // X on a corner (7 lines), O to move: O is behind.
  const Position corner = played("1a1");
  CHECK(evaluate(corner) < 0);
  // X on a corner, O on a face cell (4 lines), X to move: X is ahead.
  CHECK(evaluate(played("1a1 1b1")) > 0);
  // The opponent's double-threat cell is worth more than an extra open line or two.
  // X: 1b1 1c1 (rank-1 two) and 2a1 3a1 (file two); they cross at 1a1. O to move.
  const Position doubleThreat = played("1b1 4d4 1c1 4c4 2a1 4b3 3a1");
  REQUIRE(doubleThreatCells(doubleThreat, Side::X) != 0);
  CHECK(evaluate(doubleThreat) < -150);
}

TEST_CASE("the search wins at once, blocks, and proves a double threat") {
  HeuristicSearch search(1);
  // X has a three on rank 1 of level 1.
  HeuristicResult r = search.search(played("1a1 4d4 1b1 4c4 1c1 4a1"), depthLimit(3));
  CHECK(moveToken(r.move) == "1d1");
  CHECK(r.score == kWinScore - 1);
  // O must block 1d1 (everything else loses in two plies).
  r = search.search(played("1a1 4d4 1b1 4c4 1c1"), depthLimit(3));
  CHECK(moveToken(r.move) == "1d1");
  CHECK_FALSE(isProvenScore(r.score));
  // X plays the crossing 1a1 of two twos: a win in three plies.
  r = search.search(played("1b1 4d4 1c1 4c4 2a1 4b3 3a1 4a2"), depthLimit(3));
  CHECK(moveToken(r.move) == "1a1");
  CHECK(r.score == kWinScore - 3);
  REQUIRE(r.pvLength >= 1);
  CHECK(r.pv[0] == r.move);
}

TEST_CASE("the search finds a win by a threat sequence and reports its line") {
  // Quiet random middle games (no three, no double threat for the side to move) in which a
  // depth-4 search proves a win: it can only be a longer forcing line, and its pv must play.
  HeuristicSearch search(1);
  std::mt19937_64 rng(17);
  int proven = 0;
  for (int i = 0; i < 200 && proven < 5; ++i) {
    const Position p = randomPosition(rng, 14);
    if (threatCells(p, p.sideToMove()) || threatCells(p, opponent(p.sideToMove())) ||
        doubleThreatCells(p, p.sideToMove()))
      continue;
    const HeuristicResult r = search.search(p, depthLimit(4));
    if (!(r.score > kProvenScore)) continue;
    ++proven;
    INFO(positionString(p));
    CHECK(pliesToEnd(r.score) >= 5);  // not a win in 1 or 3: those were excluded
    Position line = p;
    for (int k = 0; k < r.pvLength; ++k) {
      REQUIRE(line.isLegal(r.pv[static_cast<std::size_t>(k)]));
      line.play(r.pv[static_cast<std::size_t>(k)]);
    }
  }
  CHECK(proven >= 1);
}

TEST_CASE("the search honours depth, node limit, stop flag, deadline and root moves") {
  HeuristicSearch search(1);
  const Position start = played("1a1 4d4");

  HeuristicLimits limits = depthLimit(2);
  int deepest = 0;
  HeuristicResult r = search.search(
      start, limits, [&](const HeuristicResult& p) { deepest = std::max(deepest, p.depth); });
  CHECK(r.depth == 2);
  CHECK(deepest == 2);
  CHECK(start.isLegal(r.move));

  limits = {};
  limits.maxNodes = 5000;
  r = search.search(start, limits);
  CHECK(r.nodes <= 5000);
  CHECK(start.isLegal(r.move));

  std::atomic<bool> stop{true};
  limits = {};
  limits.stop = &stop;
  r = search.search(start, limits);
  CHECK(r.nodes < 2048);  // the flag is looked at every 1024 nodes
  CHECK(start.isLegal(r.move));

  limits = {};
  limits.deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(30);
  const auto began = std::chrono::steady_clock::now();
  r = search.search(start, limits);
  CHECK(std::chrono::steady_clock::now() - began <
        std::chrono::milliseconds(300));  // 10x: loaded machines
  CHECK(start.isLegal(r.move));

  limits = depthLimit(3);
  limits.rootMoves = bit(5) | bit(63);  // 4d4 is taken, so only 1b2 remains
  r = search.search(start, limits);
  CHECK(r.move == 5);
  limits.rootMoves = bit(63);
  CHECK(search.search(start, limits).move == -1);
}

TEST_CASE("searching allocates nothing") {
  HeuristicSearch search(1);
  std::mt19937_64 rng(3);
  const Position p = randomPosition(rng, 10);
  HeuristicLimits limits = depthLimit(4);
  const long before = allocationCount();
  const HeuristicResult r = search.search(p, limits);
  const long made = allocationCount() - before;  // read before Catch records anything
  CHECK(r.nodes > 100);
  CHECK(made == 0);
}
