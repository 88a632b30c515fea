#include "threats.hpp"

namespace qubic {

namespace {

// True when the line holds exactly n stones of s and none of the opponent.
bool isOpenWith(const Position& pos, Side s, int line, int n) {
  return pos.lineCount(s, line) == n && pos.isOpenFor(s, line);
}

}  // namespace

Bitboard threatCells(const Position& pos, Side s) {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (isOpenWith(pos, s, l, 3)) cells |= lineMask(l) & pos.emptyCells();
  return cells;
}

int threeCount(const Position& pos, Side s) {
  int n = 0;
  for (int l = 0; l < kLines; ++l) n += isOpenWith(pos, s, l, 3);
  return n;
}

LineList twoLines(const Position& pos, Side s) {
  LineList lines;
  for (int l = 0; l < kLines; ++l)
    if (isOpenWith(pos, s, l, 2)) lines.push(static_cast<std::uint8_t>(l));
  return lines;
}

Bitboard threeMakingCells(const Position& pos, Side s) {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (isOpenWith(pos, s, l, 2)) cells |= lineMask(l) & pos.emptyCells();
  return cells;
}

Bitboard doubleThreatCells(const Position& pos, Side s) {
  // A cell seen on a second two goes to `twice`.
  Bitboard once = 0, twice = 0;
  for (int l = 0; l < kLines; ++l)
    if (isOpenWith(pos, s, l, 2)) {
      const Bitboard cells = lineMask(l) & pos.emptyCells();
      twice |= once & cells;
      once |= cells;
    }
  return twice;
}

RelatedPairList relatedPairs(const Position& pos, Side s) {
  RelatedPairList pairs;
  Bitboard crossings = doubleThreatCells(pos, s);
  while (crossings) {
    const int cell = popLowest(crossings);
    const auto& through = kLineTables.linesThrough[cell];
    const int n = kLineTables.lineCount[cell];
    for (int i = 0; i < n; ++i) {
      if (!isOpenWith(pos, s, through[i], 2)) continue;
      for (int j = i + 1; j < n; ++j)
        if (isOpenWith(pos, s, through[j], 2))
          pairs.push({through[i], through[j], static_cast<std::uint8_t>(cell)});
    }
  }
  return pairs;
}

std::uint32_t excessPlanes(const Position& pos, Side s, int k) {
  std::uint32_t planes = 0;
  for (int p = 0; p < kPlanes; ++p) {
    const Bitboard plane = kLineTables.planeMask[p];
    const int excess = popcount(pos.stones(s) & plane) - popcount(pos.stones(opponent(s)) & plane);
    if (excess >= k) planes |= std::uint32_t{1} << p;
  }
  return planes;
}

}  // namespace qubic
