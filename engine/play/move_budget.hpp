// The one place where the full engine's move time and nodes are split between its stages:
// the forcing-sequence search at the root, then the two proof searches (ours, then the
// opponent's); the heuristic search gets what is left. The move's own budget comes from
// engine/play/timeman.
#pragma once

#include <chrono>
#include <cstdint>

#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"
#include "move_limits.hpp"

namespace qubic {

// The top base player (engine/play/level_mix) proves what it can and searches the rest;
// the proof searches get this share of the move. Level 14 plays it in half its moves, the
// levels below not at all (the searching profiles of earlier scales, limited in nodes:
// docs/history/strength-2026-11-26-eighteen-levels.md).
constexpr double kProofShare = 0.3;

class MoveBudget {
 public:
  using Clock = std::chrono::steady_clock;

  // The move's limits, counted from `began`. With MultiPV the move gets an eighth of them;
  // judging the other moves, the rest.
  MoveBudget(const MoveLimits& limits, Clock::time_point began);

  Clock::time_point began() const { return began_; }
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
  // A proof search with no time given: bounded by the nodes or depth given, else a second.
  void untimedProof(SearchLimits& s) const;
  const MoveLimits& limits_;
  Clock::time_point began_;
  Clock::time_point deadline_;
  std::uint64_t maxNodes_;
  Clock::time_point searchStart_;
  long long searchMs_ = 0;
};

}  // namespace qubic
