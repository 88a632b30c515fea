#include <catch2/catch.hpp>

#include "engine/core/lines.hpp"

using namespace qubic;

namespace {

// Whether three or more cells are collinear in the integer grid, checked
// independently of how the tables were generated.
bool isStraightLine(const std::array<std::uint8_t, 4>& cells) {
  const int d[3] = {fileOf(cells[1]) - fileOf(cells[0]), rankOf(cells[1]) - rankOf(cells[0]),
                    levelOf(cells[1]) - levelOf(cells[0])};
  for (int k = 2; k < 4; ++k) {
    if (fileOf(cells[k]) - fileOf(cells[k - 1]) != d[0]) return false;
    if (rankOf(cells[k]) - rankOf(cells[k - 1]) != d[1]) return false;
    if (levelOf(cells[k]) - levelOf(cells[k - 1]) != d[2]) return false;
  }
  return true;
}

int movingAxes(int line) {
  const auto& c = kLineTables.cells[line];
  return (fileOf(c[0]) != fileOf(c[1])) + (rankOf(c[0]) != rankOf(c[1])) +
         (levelOf(c[0]) != levelOf(c[1]));
}

}  // namespace

TEST_CASE("there are 76 distinct straight lines of four cells, split 48/24/4") {
  int byKind[4] = {0, 0, 0, 0};
  for (int l = 0; l < kLines; ++l) {
    CHECK(popcount(lineMask(l)) == 4);
    CHECK(isStraightLine(kLineTables.cells[l]));
    ++byKind[movingAxes(l)];
    for (int m = 0; m < l; ++m) CHECK(lineMask(l) != lineMask(m));
  }
  CHECK(byKind[1] == kAxisLines);
  CHECK(byKind[2] == kPlaneDiagonals);
  CHECK(byKind[3] == kSpaceDiagonals);
  CHECK(kAxisLines + kPlaneDiagonals + kSpaceDiagonals == kLines);
}

TEST_CASE("every set of four collinear cells is one of the lines") {
  // Brute force over all 64^2 ordered pairs of distinct cells: extend the pair to a
  // line of four when the step keeps all four cells on the board.
  int found = 0;
  for (int a = 0; a < kCells; ++a)
    for (int b = 0; b < kCells; ++b) {
      const int dx = fileOf(b) - fileOf(a), dy = rankOf(b) - rankOf(a),
                dz = levelOf(b) - levelOf(a);
      if (a == b || dx < -1 || dx > 1 || dy < -1 || dy > 1 || dz < -1 || dz > 1) continue;
      Bitboard mask = 0;
      bool inside = true;
      for (int k = 0; k < 4; ++k) {
        const int x = fileOf(a) + k * dx, y = rankOf(a) + k * dy, z = levelOf(a) + k * dz;
        if (x < 0 || x > 3 || y < 0 || y > 3 || z < 0 || z > 3)
          inside = false;
        else
          mask |= bit(cellAt(x, y, z));
      }
      if (!inside) continue;
      ++found;
      bool listed = false;
      for (int l = 0; l < kLines; ++l) listed |= lineMask(l) == mask;
      CHECK(listed);
    }
  CHECK(found == 2 * kLines);  // each line is found from both ends
}

TEST_CASE("16 cells lie on 7 lines and 48 on 4") {
  int seven = 0, four = 0;
  for (int c = 0; c < kCells; ++c) {
    int through = 0;
    for (int l = 0; l < kLines; ++l) through += (lineMask(l) >> c) & 1;
    CHECK(through == kLineTables.lineCount[c]);
    for (int i = 0; i < kLineTables.lineCount[c]; ++i)
      CHECK(lineMask(kLineTables.linesThrough[c][i]) & bit(c));
    seven += through == 7;
    four += through == 4;
  }
  CHECK(seven == 16);
  CHECK(four == 48);
  CHECK(popcount(kSevenLineCells) == 16);
  CHECK(kSevenLineCells & bit(0));                      // corner 1a1
  CHECK(kSevenLineCells & bit(cellAt(1, 1, 1)));        // centre cell 2b2
  CHECK_FALSE(kSevenLineCells & bit(cellAt(1, 0, 0)));  // edge cell 1b1
}

TEST_CASE("18 planes of 16 cells with 10 lines each") {
  for (int p = 0; p < kPlanes; ++p) {
    CHECK(popcount(kLineTables.planeMask[p]) == 16);
    CHECK(kLineTables.planeLineCount[p] == kLinesPerPlane);
    for (int i = 0; i < kLinesPerPlane; ++i) {
      const Bitboard m = lineMask(kLineTables.planeLines[p][i]);
      CHECK((m & kLineTables.planeMask[p]) == m);
    }
    for (int q = 0; q < p; ++q) CHECK(kLineTables.planeMask[p] != kLineTables.planeMask[q]);
  }
  // Every line lies in some plane except the 4 space diagonals, which lie in the diagonal planes.
  for (int l = 0; l < kLines; ++l) {
    int planes = 0;
    for (int p = 0; p < kPlanes; ++p)
      planes += (lineMask(l) & kLineTables.planeMask[p]) == lineMask(l);
    CHECK(planes >= 1);
  }
}
