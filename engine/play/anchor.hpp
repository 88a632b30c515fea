// Level 0, the zero of the rating scale (docs/strength.md): a player anyone can rebuild
// from this description. It completes its own three if it has one (the lowest such cell),
// else blocks the opponent's three (the lowest), else plays a uniformly random empty cell
// drawn from its seed's generator. Nothing else: no search, no plan.
#pragma once

#include <cstdint>
#include <random>
#include <string>

#include "engine/core/position.hpp"

namespace qubic {

struct AnchorMove {
  int move = -1;
  std::string reason;
};

// Precondition: the game is not over.
AnchorMove anchorMove(const Position& pos, std::mt19937_64& rng);

}  // namespace qubic
