#include "layout.hpp"

#include <algorithm>

#include "engine/bitboard.hpp"

namespace qubic::tui {

namespace {

constexpr int kMargin = 1;
constexpr int kPlaneGap = 3;
constexpr int kBoardTop = 2;  // under the title and a blank row
constexpr int kRowWidth = kMargin + 4 * kPlaneWidth + 3 * kPlaneGap;
constexpr int kGridWidth = kMargin + 2 * kPlaneWidth + kPlaneGap;
constexpr int kRowHeight = kPlaneHeight;
constexpr int kGridHeight = 2 * kPlaneHeight + 1;
constexpr int kMinPanelRows = 5;
constexpr int kMinRows = 16;

}  // namespace

Layout computeLayout(int rows, int cols) {
  Layout l;
  l.rows = rows;
  l.cols = cols;
  l.planesInGrid = cols < kRowWidth;
  const int boardWidth = l.planesInGrid ? kGridWidth : kRowWidth;
  const int boardHeight = l.planesInGrid ? kGridHeight : kRowHeight;
  l.messageRow = rows - 3;
  l.keysRow = rows - 1;
  l.title = {0, kMargin, 1, cols - kMargin};

  for (int level = 0; level < 4; ++level) {
    const int slotCol = l.planesInGrid ? level % 2 : level;
    const int slotRow = l.planesInGrid ? level / 2 : 0;
    l.cells[level] = {kBoardTop + slotRow * (kPlaneHeight + 1) + 1,
                      kMargin + slotCol * (kPlaneWidth + kPlaneGap) + 2, 4, 4 * kCellWidth};
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
  l.tooSmall = cols < kGridWidth + 1 || rows < kMinRows || l.status.height < kMinPanelRows ||
               l.moves.width < 12;
  return l;
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
    const int rank = 3 - (row - r.top);  // rank 4 at the top
    const int file = (col - r.left) / kCellWidth;
    return cellAt(file, rank, level);
  }
  return -1;
}

ScreenPoint cellOnScreen(const Layout& layout, int cell) {
  const Rect& r = layout.cells[levelOf(cell)];
  return {r.top + 3 - rankOf(cell), r.left + fileOf(cell) * kCellWidth};
}

}  // namespace qubic::tui
