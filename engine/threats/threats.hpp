// Line-state queries on a position: threes, twos, double-threat cells, related pairs
// and excess planes. All read the Position's per-line counts; nothing allocates.
//
// Vocabulary (for side s):
//   three        a line with three s stones and one empty cell, its "gain" (threat) cell;
//   two          a line with two s stones and two empty cells (no opponent stone);
//   related pair two of s's twos crossing at an empty cell (Citrenbaum 1965): s playing
//                there makes two threes at once, a double threat.
// The forced-win search lives in threat_search.hpp.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/position.hpp"

namespace qubic {

// A list with a capacity fixed at compile time, so queries never touch the heap.
template <class T, int Capacity>
struct FixedList {
  std::array<T, Capacity> items{};
  int size = 0;

  void push(const T& v) { items[size++] = v; }
  const T* begin() const { return items.data(); }
  const T* end() const { return items.data() + size; }
  const T& operator[](int i) const { return items[i]; }
};

using LineList = FixedList<std::uint8_t, kLines>;

// Empty cells where s would complete a line (the gain cells of s's threes).
Bitboard threatCells(const Position& pos, Side s);
// Number of lines that are threes of s.
int threeCount(const Position& pos, Side s);
// The lines that are twos of s; the cells turning one into a three are
// lineMask(line) & pos.emptyCells().
LineList twoLines(const Position& pos, Side s);
// Empty cells where s playing makes at least one new three (the cells of s's twos).
Bitboard threeMakingCells(const Position& pos, Side s);
// Empty cells where s playing makes two or more new threes. Two lines through one
// cell share no other cell, so their gain cells always differ: each is a double threat.
// Related-pair crossings are exactly these cells.
Bitboard doubleThreatCells(const Position& pos, Side s);

struct RelatedPair {
  std::uint8_t firstLine, secondLine;  // two twos of the side, firstLine < secondLine
  std::uint8_t cell;                   // the empty cell where they cross
};
// At most C(7,2) = 21 pairs cross at any cell.
using RelatedPairList = FixedList<RelatedPair, kCells * 21>;
RelatedPairList relatedPairs(const Position& pos, Side s);

// Planes (bit p set for kLineTables.planeMask[p]) where s has at least k more
// stones than the opponent. k <= 0 also counts planes where s is behind by up to -k.
std::uint32_t excessPlanes(const Position& pos, Side s, int k);

}  // namespace qubic
