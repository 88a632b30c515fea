#include "layout.hpp"

#include <algorithm>

#include "engine/core/bitboard.hpp"

namespace qubic::tui {

namespace {

constexpr int kMargin = 1;
constexpr int kPlaneGap = 3;
constexpr int kBoardTop = 2;  // under the title and a blank row
constexpr int kMinPanelRows = 5;
constexpr int kMinRows = 16;
// Larger cells only when the panel beside the board keeps this many rows.
constexpr int kRoomyPanelRows = 12;

// The layout with cells of size 1 (3x1), 2 (5x2) or 3 (7x3).
Layout layoutAt(int rows, int cols, int size) {
  Layout l;
  l.rows = rows;
  l.cols = cols;
  l.cellWidth = 2 * size + 1;
  l.cellHeight = size;
  const int planeWidth = 2 + 4 * l.cellWidth;        // rank labels + cells
  const int planeHeight = 1 + 4 * l.cellHeight + 1;  // level label, ranks, file labels
  const int rowWidth = kMargin + 4 * planeWidth + 3 * kPlaneGap;
  const int gridWidth = kMargin + 2 * planeWidth + kPlaneGap;
  l.planesInGrid = cols < rowWidth;
  const int boardWidth = l.planesInGrid ? gridWidth : rowWidth;
  const int boardHeight = l.planesInGrid ? 2 * planeHeight + 1 : planeHeight;
  l.messageRow = rows - 3;
  l.keysRow = rows - 1;
  l.title = {0, kMargin, 1, cols - kMargin};

  for (int level = 0; level < 4; ++level) {
    const int slotCol = l.planesInGrid ? level % 2 : level;
    const int slotRow = l.planesInGrid ? level / 2 : 0;
    l.cells[level] = {kBoardTop + slotRow * (planeHeight + 1) + 1,
                      kMargin + slotCol * (planeWidth + kPlaneGap) + 2, 4 * l.cellHeight,
                      4 * l.cellWidth};
  }

  const int panelBottom = l.messageRow - 1;  // one blank row above the message
  l.panelBeside = cols - boardWidth - 2 >= kMinPanelWidth;
  if (l.panelBeside) {
    const int left = boardWidth + 2, width = cols - left - 1, top = kBoardTop;
    const int height = panelBottom - top;
    const int statusHeight = height * 3 / 5;
    l.status = {top, left, statusHeight, width};
    l.moves = {top + statusHeight, left, height - statusHeight, width};
  } else {
    const int top = kBoardTop + boardHeight + 1;
    const int height = panelBottom - top;
    const int statusWidth = (cols - 2 * kMargin) * 3 / 5;
    l.status = {top, kMargin, height, statusWidth};
    l.moves = {top, kMargin + statusWidth + 1, height, cols - 2 * kMargin - statusWidth - 1};
  }
  l.tooSmall = cols < gridWidth + 1 || rows < kMinRows || l.status.height < kMinPanelRows ||
               l.moves.width < 12;
  return l;
}

// The cube view with cells of size 1 (3x1), 2 (5x2) or 3 (7x3): the planes one above the other,
// a blank row between them, the panel beside them.
Layout cubeLayoutAt(int rows, int cols, int size) {
  Layout l;
  l.rows = rows;
  l.cols = cols;
  l.cube = true;
  l.cellWidth = 2 * size + 1;
  l.cellHeight = size;
  l.shear = size + 1;
  constexpr int kLabelWidth = 4;  // "L4" and a gap, left of each plane
  const int planeWidth = 4 * l.cellWidth + 3 * l.shear;
  const int planeHeight = 4 * l.cellHeight;
  constexpr int kCubeTop = 1;  // under the title
  l.messageRow = rows - 3;
  l.keysRow = rows - 1;
  l.title = {0, kMargin, 1, cols - kMargin};
  for (int level = 0; level < 4; ++level)
    l.cells[level] = {kCubeTop + (3 - level) * (planeHeight + 1), kMargin + kLabelWidth,
                      planeHeight, planeWidth};
  const int boardWidth = kMargin + kLabelWidth + planeWidth;
  const int boardBottom = kCubeTop + 4 * planeHeight + 3 + 1;  // and the file labels
  const int left = boardWidth + 2, top = kCubeTop + 1;
  const int height = l.messageRow - 1 - top;
  const int statusHeight = height * 3 / 5;
  l.panelBeside = true;
  l.status = {top, left, statusHeight, cols - left - 1};
  l.moves = {top + statusHeight, left, height - statusHeight, cols - left - 1};
  l.tooSmall = boardBottom > l.messageRow || l.status.width < kMinPanelWidth ||
               l.status.height < kMinPanelRows;
  return l;
}

}  // namespace

Layout computeLayout(int rows, int cols, bool cube) {
  if (cube) {
    for (int size = 3; size >= 1; --size)  // it grows with the terminal, as the planes do
      if (const Layout l = cubeLayoutAt(rows, cols, size);
          !l.tooSmall && (size == 1 || l.status.height >= kRoomyPanelRows))
        return l;
  }
  // The largest cells that leave the planes in a row, the panel beside them and roomy, and
  // the board no taller than the panel.
  for (int size = 3; size > 1; --size) {
    const Layout l = layoutAt(rows, cols, size);
    if (!l.tooSmall && !l.planesInGrid && l.panelBeside && l.status.height >= kRoomyPanelRows &&
        l.cells[0].top + l.cells[0].height + 1 <= l.messageRow - 1)
      return l;
  }
  return layoutAt(rows, cols, 1);
}

std::pair<int, int> minimumSize(int cols) {
  constexpr int kLargest = 1000;
  int minCols = 1;
  while (minCols < kLargest && computeLayout(kLargest, minCols).tooSmall) ++minCols;
  const int width = std::max(cols, minCols);
  int minRows = 1;
  while (minRows < kLargest && computeLayout(minRows, width).tooSmall) ++minRows;
  return {minRows, minCols};
}

int minimumCubeRows() {
  int rows = 1;
  while (rows < 1000 && cubeLayoutAt(rows, 200, 1).tooSmall) ++rows;
  return rows;
}

int cellAtScreen(const Layout& layout, int row, int col) {
  if (layout.tooSmall) return -1;
  if (layout.cube) {
    for (int cell = 0; cell < kCells; ++cell) {
      const ScreenPoint p = cellOnScreen(layout, cell);
      if (row >= p.row && row < p.row + layout.cellHeight && col >= p.col &&
          col < p.col + layout.cellWidth)
        return cell;
    }
    return -1;
  }
  for (int level = 0; level < 4; ++level) {
    const Rect& r = layout.cells[level];
    if (!r.contains(row, col)) continue;
    const int rank = 3 - (row - r.top) / layout.cellHeight;  // rank 4 at the top
    const int file = (col - r.left) / layout.cellWidth;
    return cellAt(file, rank, level);
  }
  return -1;
}

ScreenPoint cellOnScreen(const Layout& layout, int cell) {
  const Rect& r = layout.cells[levelOf(cell)];
  return {r.top + (3 - rankOf(cell)) * layout.cellHeight,
          r.left + fileOf(cell) * layout.cellWidth + rankOf(cell) * layout.shear};
}

}  // namespace qubic::tui
