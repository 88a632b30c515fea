// The 76 winning lines, the lines through each cell and the 18 planes.
// All tables are computed at compile time from the geometry, never typed in.
#pragma once

#include <array>
#include <cstdint>

#include "bitboard.hpp"

namespace qubic {

constexpr int kLines = 76;  // 48 axis lines, 24 plane diagonals, 4 space diagonals
constexpr int kAxisLines = 48;
constexpr int kPlaneDiagonals = 24;
constexpr int kSpaceDiagonals = 4;
constexpr int kPlanes = 18;  // 12 axis planes and 6 diagonal planes
constexpr int kLinesPerPlane = 10;
constexpr int kMaxLinesPerCell = 7;

struct LineTables {
  std::array<Bitboard, kLines> mask{};
  std::array<std::array<std::uint8_t, 4>, kLines> cells{};
  std::array<std::uint8_t, kCells> lineCount{};  // 7 for corners and centre cells, else 4
  std::array<std::array<std::uint8_t, kMaxLinesPerCell>, kCells> linesThrough{};
  std::array<Bitboard, kPlanes> planeMask{};
  std::array<std::array<std::uint8_t, kLinesPerPlane>, kPlanes> planeLines{};
  std::array<std::uint8_t, kPlanes> planeLineCount{};  // lines inside each plane (10)
};

namespace detail {

constexpr bool onBoard(int v) { return v >= 0 && v < kSize; }

constexpr LineTables buildLineTables() {
  LineTables t;
  int line = 0;
  // A line is a start cell plus a direction whose first non-zero component is +1,
  // where the cell before the start is off the board and the cell three steps on is on it.
  // Directions are taken by their number of moving axes so lines come out grouped.
  for (int moving = 1; moving <= 3; ++moving) {
    for (int dz = -1; dz <= 1; ++dz)
      for (int dy = -1; dy <= 1; ++dy)
        for (int dx = -1; dx <= 1; ++dx) {
          if ((dx != 0) + (dy != 0) + (dz != 0) != moving) continue;
          const int first = dx != 0 ? dx : dy != 0 ? dy : dz;
          if (first != 1) continue;
          for (int cell = 0; cell < kCells; ++cell) {
            const int x = fileOf(cell), y = rankOf(cell), z = levelOf(cell);
            if (onBoard(x - dx) && onBoard(y - dy) && onBoard(z - dz)) continue;
            if (!onBoard(x + 3 * dx) || !onBoard(y + 3 * dy) || !onBoard(z + 3 * dz)) continue;
            for (int k = 0; k < 4; ++k) {
              const int c = cellAt(x + k * dx, y + k * dy, z + k * dz);
              t.cells[line][k] = static_cast<std::uint8_t>(c);
              t.mask[line] |= bit(c);
            }
            ++line;
          }
        }
  }
  for (int l = 0; l < kLines; ++l)
    for (int c : t.cells[l]) t.linesThrough[c][t.lineCount[c]++] = static_cast<std::uint8_t>(l);

  // Axis planes fix one coordinate; diagonal planes tie two coordinates (a == b or a == 3-b).
  int plane = 0;
  for (int axis = 0; axis < 3; ++axis)
    for (int value = 0; value < kSize; ++value, ++plane)
      for (int cell = 0; cell < kCells; ++cell) {
        const int coord[3] = {fileOf(cell), rankOf(cell), levelOf(cell)};
        if (coord[axis] == value) t.planeMask[plane] |= bit(cell);
      }
  for (int a = 0; a < 3; ++a)
    for (int b = a + 1; b < 3; ++b)
      for (int mirrored = 0; mirrored < 2; ++mirrored, ++plane)
        for (int cell = 0; cell < kCells; ++cell) {
          const int coord[3] = {fileOf(cell), rankOf(cell), levelOf(cell)};
          if (coord[a] == (mirrored ? kSize - 1 - coord[b] : coord[b]))
            t.planeMask[plane] |= bit(cell);
        }
  for (int p = 0; p < kPlanes; ++p) {
    int n = 0;
    for (int l = 0; l < kLines; ++l)
      if ((t.mask[l] & t.planeMask[p]) == t.mask[l]) {
        if (n < kLinesPerPlane) t.planeLines[p][n] = static_cast<std::uint8_t>(l);
        ++n;
      }
    t.planeLineCount[p] = static_cast<std::uint8_t>(n);
  }
  return t;
}

}  // namespace detail

inline constexpr LineTables kLineTables = detail::buildLineTables();

constexpr Bitboard lineMask(int line) { return kLineTables.mask[line]; }

// Cells lying on seven lines: the 8 corners and the 8 centre cells.
constexpr Bitboard kSevenLineCells = [] {
  Bitboard b = 0;
  for (int c = 0; c < kCells; ++c)
    if (kLineTables.lineCount[c] == kMaxLinesPerCell) b |= bit(c);
  return b;
}();

}  // namespace qubic
