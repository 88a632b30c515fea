#include "anchor.hpp"

#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

AnchorMove anchorMove(const Position& pos, std::mt19937_64& rng) {
  const Side us = pos.sideToMove();
  if (const Bitboard wins = threatCells(pos, us)) {
    const int cell = lowestCell(wins);
    return {cell, "completes a line at " + moveToken(cell)};
  }
  if (const Bitboard blocks = threatCells(pos, opponent(us))) {
    const int cell = lowestCell(blocks);
    return {cell, "blocks the three at " + moveToken(cell)};
  }
  // The k-th empty cell in index order, k uniform: the same seed, the same cells anywhere.
  const Bitboard empty = pos.emptyCells();
  std::uint64_t k = rng() % static_cast<std::uint64_t>(popcount(empty));
  Bitboard rest = empty;
  while (k-- > 0) popLowest(rest);
  const int cell = lowestCell(rest);
  return {cell, "a random cell, " + moveToken(cell)};
}

}  // namespace qubic
