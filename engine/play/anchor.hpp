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

// One of `cells` (not empty), uniform: the k-th in index order, k drawn from `rng`, so the
// same seed gives the same cells anywhere. The reference players draw the same way.
int randomCell(Bitboard cells, std::mt19937_64& rng);

// Precondition: the game is not over.
AnchorMove anchorMove(const Position& pos, std::mt19937_64& rng);

}  // namespace qubic
