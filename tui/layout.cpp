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

}  // namespace

Layout computeLayout(int rows, int cols) {
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

int cellAtScreen(const Layout& layout, int row, int col) {
  if (layout.tooSmall) return -1;
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
  return {r.top + (3 - rankOf(cell)) * layout.cellHeight, r.left + fileOf(cell) * layout.cellWidth};
}

}  // namespace qubic::tui
