// How the levels differ, as data, and the one place where a move's time and nodes are
// split between the player's stages: the level's share of the move, the forcing-sequence
// search at the root, then the two proof searches (ours, then the opponent's); the
// heuristic search gets what is left. The move's own budget comes from engine/play/timeman.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"
#include "move_limits.hpp"

namespace qubic {

// Levels 1-3 are Citrenbaum's tiers as they are. From level 4 on the engine proves what
// it can and searches the rest; each level gets a larger share of the move's time and
// nodes, searches deeper and adds less noise to its root scores. The ladder this gives is
// measured in docs/strength.md. No level searches two plies: at these budgets a two-ply
// search lost to a one-ply one, so levels 4 and 5 differ in time and noise, and depth
// grows in odd steps above them.
struct LevelProfile {
  double share;       // of the move time and node limit the level uses at all
  double proofShare;  // of that, for the two proof searches (ours, then the opponent's)
  int maxDepth;       // of the heuristic search; 0: no limit
  int noise;          // hundredths of a stone of random bonus per root move
};

inline constexpr std::array<LevelProfile, kMaxLevel + 1> kLevelProfiles = {{
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},         // 0 unused; 1-3 are the strategy tiers
    {0.02, 0.3, 1, 150},  // 4
    {0.04, 0.3, 1, 30},   // 5
    {0.08, 0.3, 3, 25},   // 6
    {0.12, 0.3, 5, 8},    // 7
    {0.25, 0.3, 0, 4},    // 8
    {0.50, 0.3, 0, 0},    // 9
    {1.00, 0.3, 0, 0},    // 10
}};

class MoveBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // The level's share of the move's limits, counted from `began`. With MultiPV the move
  // gets half of it; ranking the other moves, the rest.
  MoveBudget(int level, const MoveLimits& limits, Clock::time_point began);

  const LevelProfile& profile() const { return profile_; }
  Clock::time_point deadline() const { return deadline_; }
  std::uint64_t nodesLeft(std::uint64_t spent) const {
    return maxNodes_ - std::min(maxNodes_, spent);
  }

  // The searching stages' time is counted from `now`.
  void startSearching(Clock::time_point now);
  // The forcing-sequence search at the root: a few milliseconds' worth of nodes.
  ThreatLimits rootThreats() const;
  // Our proof search: half of the proofs' share.
  SearchLimits ourProof(std::uint64_t spent) const;
  // The opponent's: the rest of the proofs' share, as of now.
  SearchLimits theirProof(std::uint64_t spent, const SearchLimits& ours) const;

 private:
  const LevelProfile& profile_;
  const MoveLimits& limits_;
  Clock::time_point deadline_;
  std::uint64_t maxNodes_;
  Clock::time_point searchStart_;
  long long searchMs_ = 0;
};

}  // namespace qubic
