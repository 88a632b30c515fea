// Time management: every rule of moveBudget, and whole games played on a clock.
#include <catch2/catch.hpp>

#include <random>

#include "engine/play/move_budget.hpp"
#include "engine/play/timeman.hpp"

using namespace qubic;
using std::chrono::milliseconds;

namespace {

constexpr milliseconds kOverhead{10};

GoLimits clock(std::int64_t p1, std::int64_t p2, std::int64_t inc = 0) {
  GoLimits go;
  go.clockMs = {p1, p2};
  go.incrementMs = {inc, inc};
  return go;
}

}  // namespace

TEST_CASE("infinite, nodes and depth searches have no time limit") {
  GoLimits go;
  go.infinite = true;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) == kNoTimeLimit);
  go = {};
  go.nodes = 1000;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) == kNoTimeLimit);
  go = {};
  go.depth = 5;
  CHECK(moveBudget(go, Side::O, 63, kOverhead) == kNoTimeLimit);
}

TEST_CASE("a bare go, or only the opponent's clock, thinks for the default time") {
  CHECK(moveBudget(GoLimits{}, Side::X, 64, kOverhead) == kDefaultMoveTime);
  GoLimits go;
  go.clockMs[index(Side::O)] = 5000;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) == kDefaultMoveTime);
}

TEST_CASE("a move time is kept, minus the overhead, and never exceeded") {
  GoLimits go;
  go.moveTimeMs = 500;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) == milliseconds(490));
  CHECK(moveBudget(go, Side::X, 64, milliseconds(0)) == milliseconds(500));
  for (std::int64_t ms : {0, 1, 5, 10, 11, 200, 100000}) {
    go.moveTimeMs = ms;
    const milliseconds budget = moveBudget(go, Side::O, 20, kOverhead);
    CHECK(budget >= milliseconds(1));
    CHECK(budget.count() <= std::max<std::int64_t>(ms, 1));
  }
}

TEST_CASE("with a clock the budget is a share of the mover's own time") {
  const milliseconds x = moveBudget(clock(10000, 1000), Side::X, 64, kOverhead);
  const milliseconds o = moveBudget(clock(10000, 1000), Side::O, 63, kOverhead);
  CHECK(x > o);                                 // each side spends its own clock
  CHECK(x <= milliseconds((10000 - 10) / 2));   // never more than half of what is left
  CHECK(x >= milliseconds((10000 - 10) / 32));  // but a real share of it
  // The increment comes back after the move, so most of it can be spent.
  CHECK(moveBudget(clock(10000, 10000, 1000), Side::X, 64, kOverhead) > x + milliseconds(500));
}

TEST_CASE("the moves to go and the board bound the moves planned for") {
  GoLimits go = clock(1000, 1000);
  CHECK(expectedMovesLeft(go, 64) == 20);
  CHECK(expectedMovesLeft(go, 10) == 5);  // only 5 more own moves fit
  CHECK(expectedMovesLeft(go, 1) == 1);
  go.movesToGo = 3;
  CHECK(expectedMovesLeft(go, 64) == 3);
  go.movesToGo = 1;
  const milliseconds last = moveBudget(go, Side::X, 64, kOverhead);
  CHECK(last > milliseconds((1000 - 10) / 2));  // the clock is refilled after this move
  CHECK(last <= milliseconds((1000 - 10) * 4 / 5));
}

TEST_CASE("with the flag about to fall the answer comes at once") {
  CHECK(moveBudget(clock(5, 5), Side::X, 40, kOverhead) == milliseconds(1));
  CHECK(moveBudget(clock(-300, 5), Side::X, 40, kOverhead) == milliseconds(1));
  CHECK(moveBudget(clock(0, 5, 1000), Side::X, 40, kOverhead) == milliseconds(1));
}

TEST_CASE("the tighter of move time and clock wins") {
  GoLimits go = clock(600000, 600000);
  go.moveTimeMs = 100;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) == milliseconds(90));
  go = clock(200, 200);
  go.moveTimeMs = 100000;
  CHECK(moveBudget(go, Side::X, 64, kOverhead) < milliseconds(100));
}

TEST_CASE("random limits keep every guarantee and never overflow") {
  std::mt19937_64 rng(11);
  auto any = [&](std::int64_t lo, std::int64_t hi) {
    return std::uniform_int_distribution<std::int64_t>(lo, hi)(rng);
  };
  for (int i = 0; i < 100000; ++i) {
    GoLimits go;
    if (any(0, 1)) go.moveTimeMs = any(0, any(0, 1) ? 1000 : INT64_MAX);
    if (any(0, 1))
      go.clockMs[0] = any(any(0, 1) ? -1000 : INT64_MIN, any(0, 1) ? 100000 : INT64_MAX);
    if (any(0, 1)) go.clockMs[1] = any(-1000, 100000);
    go.incrementMs = {any(0, any(0, 1) ? 100 : INT64_MAX), any(0, 100)};
    if (any(0, 3) == 0) go.movesToGo = static_cast<int>(any(1, 50));
    const milliseconds overhead(any(0, 5000));
    const int empty = static_cast<int>(any(1, 64));
    const milliseconds budget = moveBudget(go, Side::X, empty, overhead);
    REQUIRE(budget >= milliseconds(1));
    REQUIRE(budget <= kNoTimeLimit);
    if (go.moveTimeMs) REQUIRE(budget.count() <= std::max<std::int64_t>(*go.moveTimeMs, 1));
    if (go.clockMs[0] && *go.clockMs[0] - overhead.count() > 2 &&
        *go.clockMs[0] < (std::int64_t{1} << 40))
      REQUIRE(budget.count() < *go.clockMs[0] - overhead.count());
  }
}

TEST_CASE("whole games at 1 s + 10 ms never lose on time and use the clock") {
  // Each move costs its budget plus what the engine overshoots and the pipe delays;
  // the overhead setting (10 ms) must cover that.
  for (const std::int64_t lag : {0, 3, 8}) {
    for (int movesToGo : {0, 10}) {
      std::int64_t remaining = 1000, lowest = remaining;
      for (int move = 0; move < 32; ++move) {
        GoLimits go = clock(remaining, 1000, 10);
        if (movesToGo) go.movesToGo = movesToGo - move % movesToGo;
        const std::int64_t spent = moveBudget(go, Side::X, 64 - 2 * move, kOverhead).count() + lag;
        remaining -= spent;
        INFO("lag " << lag << ", move " << move + 1 << ", spent " << spent);
        REQUIRE(remaining > 0);
        remaining += 10;
        if (movesToGo && (move + 1) % movesToGo == 0) remaining += 1000;  // the clock is refilled
        lowest = std::min(lowest, remaining);
      }
      if (!movesToGo) CHECK(lowest < 500);  // most of the time was used for thinking
    }
  }
}

TEST_CASE("a search bounded by nodes or depth gives its proofs no time cap, go infinite a second") {
  // Issue 84 (6): with no time given, each proof search also had a cap of 1 s, so a node-
  // limited search answered differently on a loaded machine.
  const auto now = std::chrono::steady_clock::now();
  MoveLimits nodes;
  nodes.moveTime = kNoTimeLimit;
  nodes.maxNodes = 20000000;
  MoveBudget byNodes(nodes, now);
  byNodes.startSearching(now);
  const SearchLimits ours = byNodes.ourProof(0);
  CHECK(ours.maxTime == milliseconds::max());
  CHECK(ours.maxNodes == 3000000);  // half the proofs' share of the nodes
  CHECK(byNodes.theirProof(ours.maxNodes, ours).maxTime == milliseconds::max());

  MoveLimits depth;
  depth.moveTime = kNoTimeLimit;
  depth.maxDepth = 6;
  MoveBudget byDepth(depth, now);
  byDepth.startSearching(now);
  CHECK(byDepth.ourProof(0).maxTime == milliseconds::max());
  CHECK(byDepth.ourProof(0).maxNodes == 50000);

  MoveLimits infinite;
  infinite.moveTime = kNoTimeLimit;
  MoveBudget unbounded(infinite, now);
  unbounded.startSearching(now);
  CHECK(unbounded.ourProof(0).maxTime == milliseconds(1000));  // the heuristic search's turn

  MoveLimits timed;  // a time given: the proofs' share of it
  timed.moveTime = milliseconds(10000);
  timed.maxNodes = 20000000;
  MoveBudget both(timed, now);
  both.startSearching(now);
  CHECK(both.ourProof(0).maxTime == milliseconds(1500));
}
