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
  const int cell = randomCell(pos.emptyCells(), rng);
  return {cell, "a random cell, " + moveToken(cell)};
}

int randomCell(Bitboard cells, std::mt19937_64& rng) {
  std::uint64_t k = rng() % static_cast<std::uint64_t>(popcount(cells));
  while (k-- > 0) popLowest(cells);
  return lowestCell(cells);
}

}  // namespace qubic
