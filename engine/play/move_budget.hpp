// How the base players differ, as data, and the one place where a move's time and nodes are
// split between the player's stages: the base player's share of the move, the forcing-sequence
// search at the root, then the two proof searches (ours, then the opponent's); the
// heuristic search gets what is left. The move's own budget comes from engine/play/timeman.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>

#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"
#include "level_mix.hpp"
#include "move_limits.hpp"

namespace qubic {

// The base players (engine/play/level_mix): 0 is the anchor, 1-3 Citrenbaum's tiers as
// they are. From base 4 on the engine proves what it can and searches the rest. Bases 4
// and 5 are limited in nodes (all stages together), so they play the same on a loaded
// machine and under a nodes= control; time only caps them. Their budgets are what they
// used at 0.1 s a move when they were shares of the time, rounded up; base 4 looks one ply
// ahead with noise in its root scores (a two-ply search at that budget lost to a one-ply
// one), base 5 five plies with little. The searching profiles between and around them
// that earlier scales had (docs/history/strength-2026-11-22.md) measured under +60 Elo
// over their neighbours, or played as O from the empty board no better than base 4.
struct BaseProfile {
  std::uint64_t nodes;  // of the whole move; 0: the move's own limits (the top)
  double proofShare;    // of that, for the two proof searches (ours, then the opponent's)
  int maxDepth;         // of the heuristic search; 0: no limit
  int noise;            // hundredths of a stone of random bonus per root move
};

inline constexpr std::array<BaseProfile, kBasePlayers> kBaseProfiles = {{
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},
    {0, 0, 0, 0},          // 0-3: the anchor and the strategy tiers
    {20'000, 0.3, 1, 30},  // 4
    {80'000, 0.3, 5, 8},   // 5
    {0, 0.3, 0, 0},        // 6: the top
}};

class MoveBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // The base player's share of the move's limits, counted from `began`. With MultiPV the move
  // gets an eighth of it; judging the other moves, the rest.
  MoveBudget(int base, const MoveLimits& limits, Clock::time_point began);

  const BaseProfile& profile() const { return profile_; }
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
  const BaseProfile& profile_;
  const MoveLimits& limits_;
  Clock::time_point deadline_;
  std::uint64_t maxNodes_;
  Clock::time_point searchStart_;
  long long searchMs_ = 0;
};

}  // namespace qubic
