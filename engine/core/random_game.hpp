// Positions from seeded random games, for the tests and the benchmarks: the same seed
// gives the same positions on every machine.
#pragma once

#include <random>

#include "position.hpp"

namespace qubic {

// A cell of the non-empty set `cells`, each equally likely.
inline int randomCell(std::mt19937_64& rng, Bitboard cells) {
  int pick = std::uniform_int_distribution<int>(0, popcount(cells) - 1)(rng);
  while (pick-- > 0) cells &= cells - 1;
  return lowestCell(cells);
}

// Every empty cell: moves of a game played at random.
struct AnyEmptyCell {
  Bitboard operator()(const Position& p) const { return p.emptyCells(); }
};

// A position of a random game that is not over, with a number of stones drawn from
// [minStones, maxStones]; each move is drawn from `choices(position)` (a game with no
// choice left, or over too soon, is played again).
template <class Choices = AnyEmptyCell>
Position randomPosition(std::mt19937_64& rng, int minStones, int maxStones,
                        Choices&& choices = {}) {
  for (;;) {
    const int stones = minStones == maxStones
                           ? minStones
                           : std::uniform_int_distribution<int>(minStones, maxStones)(rng);
    Position p;
    while (p.moveCount() < stones && !p.isGameOver()) {
      const Bitboard cells = choices(p);
      if (!cells) break;
      p.play(randomCell(rng, cells));
    }
    if (p.moveCount() == stones && !p.isGameOver()) return p;
  }
}

// A position of a uniformly random game with exactly `stones` stones, not over.
inline Position randomPosition(std::mt19937_64& rng, int stones) {
  return randomPosition(rng, stones, stones);
}

}  // namespace qubic
