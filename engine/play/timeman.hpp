// Time management: how long the engine may think about one move, given what the
// controller said in `go` (a fixed move time, a clock, or nothing) and the overhead
// kept back for communication. Pure functions, so every rule is unit-tested.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <optional>

#include "engine/core/bitboard.hpp"

namespace qubic {

// The limits of one `go` command; fields not given are empty.
struct GoLimits {
  std::optional<std::int64_t> moveTimeMs;              // think exactly this long at most
  std::array<std::optional<std::int64_t>, 2> clockMs;  // remaining time, indexed by index(Side)
  std::array<std::int64_t, 2> incrementMs{};  // added after each move, indexed by index(Side)
  std::optional<int> movesToGo;               // moves until the clock is refilled
  std::optional<std::uint64_t> nodes;
  std::optional<int> depth;
  bool infinite = false;  // think until told to stop
};

// Used where no time limit applies (infinite, nodes or depth only): long enough never to
// matter, short enough that now() + budget cannot overflow a steady_clock time point.
constexpr std::chrono::milliseconds kNoTimeLimit = std::chrono::hours(24 * 365);

// When nothing bounds the mover's search (a bare `go`, or only the opponent's clock), it is
// most likely a person typing: answer within a second rather than never.
constexpr std::chrono::milliseconds kDefaultMoveTime{1000};

// The hard time budget for `mover`'s move with `emptyCells` cells left on the board.
// Always at least 1 ms. With a move time, never more than the move time minus the
// overhead; with a clock, never more than half of what is left after the overhead
// (all but a fifth when this is the last move before the clock is refilled).
std::chrono::milliseconds moveBudget(const GoLimits& go, Side mover, int emptyCells,
                                     std::chrono::milliseconds overhead);

// How many more moves `mover` should expect to make with the time left: the moves to go
// when given, but never more than the moves that fit on the board, and at most a typical
// game's remainder, so early moves do not starve later ones nor hoard time.
int expectedMovesLeft(const GoLimits& go, int emptyCells);

}  // namespace qubic
