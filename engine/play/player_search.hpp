// The last stage of the player's cascade: the heuristic search over the moves the earlier
// stages allow, in the time left. Owns the search and its table.
#pragma once

#include <cstdint>

#include "move_budget.hpp"
#include "player.hpp"
#include "search.hpp"

namespace qubic {

class PlayerSearch {
 public:
  PlayerSearch(std::size_t tableMb, std::size_t threatEntries)
      : heuristic_(tableMb, threatEntries) {}

  // The best of `allowed` within `deadline` and `maxNodes`, continuing `choice` (its nodes
  // spent so far); reports the deepening to `progress` (seconds counted from `began`).
  MoveChoice searchRest(const Position& pos, Bitboard allowed, MoveBudget::Clock::time_point began,
                        MoveBudget::Clock::time_point deadline, std::uint64_t maxNodes,
                        const MoveLimits& limits, MoveChoice choice, const ProgressFn& progress);

  HeuristicSearch& heuristic() { return heuristic_; }
  std::size_t bytes() const { return heuristic_.bytes(); }

 private:
  HeuristicSearch heuristic_;
};

}  // namespace qubic
