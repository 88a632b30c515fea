// Where everything goes on the screen for a given terminal size, as plain numbers, so
// drawing and mouse clicks agree and the geometry can be tested without a terminal.
#pragma once

#include <utility>

#include <array>

namespace qubic::tui {

struct Rect {
  int top = 0, left = 0, height = 0, width = 0;
  bool contains(int row, int col) const {
    return row >= top && row < top + height && col >= left && col < left + width;
  }
};

constexpr int kCellWidth = 3;  // " X ": a cell's look, and its width at the smallest size
constexpr int kMinPanelWidth = 34;

struct Layout {
  bool tooSmall = false;      // nothing fits: the view says so instead of drawing
  bool planesInGrid = false;  // 2x2 arrangement instead of a row of four
  bool panelBeside = false;   // panel right of the planes instead of below them
  // The cube view: the levels stacked, level 4 on top, each drawn obliquely (rank 4 at
  // the back, shifted right by `shear` columns a rank), as Qubic is drawn on paper.
  bool cube = false;
  int shear = 0;
  std::array<Rect, 4> cells;  // each level's 4x4 cell area (labels lie around it)
  // A cell's size on screen: 3x1 at the smallest; a terminal with room to spare gets
  // larger cells (5x2, 7x3), the look drawn in the middle of each.
  int cellWidth = kCellWidth, cellHeight = 1;
  Rect title;
  Rect status;         // turn, players, engine, reasons
  Rect moves;          // the move list
  int messageRow = 0;  // two rows: long messages wrap once
  int keysRow = 0;
  int rows = 0, cols = 0;
};

// `cube`: the cube view (falls back to the levels side by side when it does not fit).
Layout computeLayout(int rows, int cols, bool cube = false);
// The smallest window that fits, as {rows, cols}: the fewest columns at all, and the
// fewest rows at `cols` columns (or at that minimum, when `cols` is less).
std::pair<int, int> minimumSize(int cols);

// The fewest rows the cube view fits in.
int minimumCubeRows();

// The cell drawn at a screen position, or -1.
int cellAtScreen(const Layout& layout, int row, int col);

struct ScreenPoint {
  int row, col;  // the top left corner of the cell's cellWidth x cellHeight box
};
ScreenPoint cellOnScreen(const Layout& layout, int cell);

}  // namespace qubic::tui
