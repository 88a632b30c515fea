// A static guess at how good a move is, from the lines through its cell: what both
// searches try first when nothing better is known.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/lines.hpp"
#include "engine/core/position.hpp"
#include "engine/core/rank_order.hpp"

namespace qubic {

// Indexed by the stones already on a line (0..3): a line with three is a win or a block.
// (4: a full line, which no move is on; orderByMoveValue values every line at once.)
constexpr std::array<int, 5> kOwnLineValue = {2, 8, 48, 4000,
                                              0};  // lines the side to move can still use
constexpr std::array<int, 5> kBlockLineValue = {0, 6, 40, 2000,
                                                0};  // lines only the opponent can use

// A line's part in the value of each empty cell on it, for `us` (the side to move).
inline int lineValue(const Position& pos, Side us, int line) {
  const int own = pos.lineCount(us, line), theirs = pos.lineCount(opponent(us), line);
  return (theirs == 0 ? kOwnLineValue[own] : 0) + (own == 0 ? kBlockLineValue[theirs] : 0);
}

// The value of `cell` (empty) for the side to move in `pos`.
inline int moveValue(const Position& pos, int cell) {
  int value = 0;
  for (int k = 0; k < kLineTables.lineCount[cell]; ++k)
    value += lineValue(pos, pos.sideToMove(), kLineTables.linesThrough[cell][k]);
  return value;
}

// Writes `moves` to `out` best first by moveValue (by cell when !byValue, or among equal
// values): the order both the proof search's children and MultiPV's judging use.
// Returns how many.
inline int orderByMoveValue(const Position& pos, Bitboard moves, std::uint8_t* out, bool byValue) {
  if (!byValue) {
    int n = 0;
    for (Bitboard m = moves; m;) out[n++] = static_cast<std::uint8_t>(popLowest(m));
    return n;
  }
  // Each line's value once, rather than once for every cell on it.
  int lines[kLines];
  for (int l = 0; l < kLines; ++l) lines[l] = lineValue(pos, pos.sideToMove(), l);
  std::uint32_t word[kCells];  // the value, then the cell reversed: distinct, best highest
  int n = 0;
  for (Bitboard m = moves; m;) {
    const int cell = popLowest(m);
    int value = 0;
    for (int k = 0; k < kLineTables.lineCount[cell]; ++k)
      value += lines[kLineTables.linesThrough[cell][k]];
    word[n++] = static_cast<std::uint32_t>(value) << 8 | static_cast<std::uint32_t>(255 - cell);
  }
  placeByRank(word, n, [&](int rank, std::uint32_t w) {
    out[rank] = static_cast<std::uint8_t>(255 - (w & 0xff));
  });
  return n;
}

}  // namespace qubic
