#include "timeman.hpp"

#include <algorithm>

namespace qubic {

namespace {

using std::chrono::milliseconds;

// Most decided games end well before the board fills; planning for more moves than this
// would leave time unused at the end.
constexpr int kTypicalMovesLeft = 20;

// Keeps clock arithmetic far from int64 overflow whatever a controller sends.
constexpr std::int64_t kMaxMs = std::int64_t{1} << 40;

std::int64_t clampMs(std::int64_t ms) { return std::clamp<std::int64_t>(ms, 0, kMaxMs); }

// The budget from the mover's clock alone.
std::int64_t clockBudget(const GoLimits& go, Side mover, int emptyCells, std::int64_t overheadMs) {
  const std::int64_t remaining = clampMs(*go.clockMs[index(mover)]);
  const std::int64_t increment = clampMs(go.incrementMs[index(mover)]);
  const std::int64_t usable = remaining - overheadMs;
  if (usable <= 1) return 1;  // flag about to fall: answer at once

  // An equal share of the time left, plus most of the increment (which comes back after
  // the move; a quarter of it stays as a margin against latency we did not foresee).
  const std::int64_t target = usable / expectedMovesLeft(go, emptyCells) + increment * 3 / 4;
  const bool lastBeforeRefill = go.movesToGo && *go.movesToGo == 1;
  const std::int64_t cap = lastBeforeRefill ? usable * 4 / 5 : usable / 2;
  return std::clamp<std::int64_t>(target, 1, std::max<std::int64_t>(cap, 1));
}

}  // namespace

int expectedMovesLeft(const GoLimits& go, int emptyCells) {
  const int movesThatFit = std::max(1, (std::clamp(emptyCells, 0, kCells) + 1) / 2);
  const int planned = go.movesToGo ? std::max(1, *go.movesToGo) : kTypicalMovesLeft;
  return std::min(planned, movesThatFit);
}

milliseconds moveBudget(const GoLimits& go, Side mover, int emptyCells, milliseconds overhead) {
  if (go.infinite) return kNoTimeLimit;
  const std::int64_t overheadMs = clampMs(overhead.count());
  std::int64_t budget = kNoTimeLimit.count();
  const bool bounded = go.moveTimeMs || go.clockMs[index(mover)] || go.nodes || go.depth;
  if (!bounded) budget = kDefaultMoveTime.count();
  // The overhead comes off the move time, so the answer arrives within the move time.
  if (go.moveTimeMs)
    budget = std::min(budget, std::max<std::int64_t>(1, clampMs(*go.moveTimeMs) - overheadMs));
  if (go.clockMs[index(mover)])
    budget = std::min(budget, clockBudget(go, mover, emptyCells, overheadMs));
  return milliseconds(budget);
}

}  // namespace qubic
