// The engine's levels and the limits of one move: what the player (engine/play/player)
// and the budget of its stages (engine/play/move_budget) share.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

namespace qubic {

constexpr int kMinLevel = 0;   // the anchor (engine/play/anchor): the rating scale's zero
constexpr int kMaxLevel = 15;  // full strength (engine/play/level_mix)

struct MoveLimits {
  std::chrono::milliseconds moveTime{1000};  // hard budget for this move
  std::uint64_t maxNodes = UINT64_MAX;
  int maxDepth = 0;                         // plies of the main search; 0 = no depth limit
  const std::atomic<bool>* stop = nullptr;  // set by another thread to get the move now
  // Root moves to rank after choosing (MoveChoice::ranked); 1: only the move chosen.
  int multiPv = 1;
};

}  // namespace qubic
