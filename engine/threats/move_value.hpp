// A static guess at how good a move is, from the lines through its cell: what both
// searches try first when nothing better is known.
#pragma once

#include <array>
#include <cstdint>

#include "engine/core/lines.hpp"
#include "engine/core/position.hpp"

namespace qubic {

// Indexed by the stones already on a line (0..3): a line with three is a win or a block.
constexpr std::array<int, 4> kOwnLineValue = {2, 8, 48,
                                              4000};  // lines the side to move can still use
constexpr std::array<int, 4> kBlockLineValue = {0, 6, 40, 2000};  // lines only the opponent can use

// The value of `cell` (empty) for the side to move in `pos`.
inline int moveValue(const Position& pos, int cell) {
  const Side us = pos.sideToMove(), them = opponent(us);
  int value = 0;
  for (int k = 0; k < kLineTables.lineCount[cell]; ++k) {
    const int line = kLineTables.linesThrough[cell][k];
    const int own = pos.lineCount(us, line), theirs = pos.lineCount(them, line);
    if (theirs == 0) value += kOwnLineValue[own];
    if (own == 0) value += kBlockLineValue[theirs];
  }
  return value;
}

// Writes `moves` to `out` best first by moveValue (by cell when !byValue, or among equal
// values): the order both the proof search's children and MultiPV's judging use.
// Returns how many. Each move's place is the count of moves before it, without branches:
// an insertion sort of some fifty moves mispredicted most of its compares.
inline int orderByMoveValue(const Position& pos, Bitboard moves, std::uint8_t* out, bool byValue) {
  if (!byValue) {
    int n = 0;
    for (Bitboard m = moves; m;) out[n++] = static_cast<std::uint8_t>(popLowest(m));
    return n;
  }
  std::uint32_t word[kCells];  // the value, then the cell reversed: distinct, best highest
  int n = 0;
  for (Bitboard m = moves; m;) {
    const int cell = popLowest(m);
    word[n++] = static_cast<std::uint32_t>(moveValue(pos, cell)) << 8 |
                static_cast<std::uint32_t>(255 - cell);
  }
  for (int i = 0; i < n; ++i) {
    int place = 0;
    for (int j = 0; j < n; ++j) place += word[j] > word[i];
    out[place] = static_cast<std::uint8_t>(255 - (word[i] & 0xff));
  }
  return n;
}

}  // namespace qubic
