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

// Level 0 is the anchor, 1-3 Citrenbaum's tiers as they are. From level 4 on the engine
// proves what it can and searches the rest; each level gets more nodes, searches deeper and
// adds less noise to its root scores. Levels 4-9 are limited in nodes (all stages
// together), so they play the same on a loaded machine and under a nodes= control; time
// only caps them. The budgets are what each level used at 0.1 s a move when they were
// shares of the time (median 7k, 6k, 21k, 38k, 90k, 167k nodes), rounded up. The ladder
// this gives is measured in docs/strength.md. No level searches two plies: at these
// budgets a two-ply search lost to a one-ply one, so levels 4 and 5 differ in nodes and
// noise, and depth grows in odd steps above them.
struct LevelProfile {
  std::uint64_t nodes;  // of the whole move; 0: the move's own limits (level 10)
  double proofShare;    // of that, for the two proof searches (ours, then the opponent's)
  int maxDepth;         // of the heuristic search; 0: no limit
  int noise;            // hundredths of a stone of random bonus per root move
};

inline constexpr std::array<LevelProfile, kMaxLevel + 1> kLevelProfiles = {{
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},           // 0-3: the anchor and the strategy tiers
    {12'000, 0.3, 1, 150},  // 4
    {20'000, 0.3, 1, 30},   // 5
    {40'000, 0.3, 3, 25},   // 6
    {80'000, 0.3, 5, 8},    // 7
    {160'000, 0.3, 0, 4},   // 8
    {320'000, 0.3, 0, 0},   // 9
    {0, 0.3, 0, 0},         // 10
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
