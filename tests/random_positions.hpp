// Positions from seeded random games, shared by the tests that need many of them.
#pragma once

#include <random>

#include "engine/position.hpp"

namespace qubic::testing {

// A position of a random game with `stones` stones that is not yet over.
inline Position randomPosition(std::mt19937_64& rng, int stones) {
  for (;;) {
    Position p;
    while (p.moveCount() < stones && !p.isGameOver()) {
      Bitboard empty = p.emptyCells();
      int pick = std::uniform_int_distribution<int>(0, popcount(empty) - 1)(rng);
      while (pick-- > 0) empty &= empty - 1;
      p.play(lowestCell(empty));
    }
    if (!p.isGameOver()) return p;
  }
}

}  // namespace qubic::testing
