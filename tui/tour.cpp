#include "tour.hpp"

namespace qubic::tui {

namespace {

// Index = 16 (level - 1) + 4 (rank - 1) + file.
constexpr int cell(int level, char file, int rank) {
  return 16 * (level - 1) + 4 * (rank - 1) + (file - 'a');
}

constexpr std::array<TourStep, 5> kSteps = {{
    {"The cube is four levels, drawn here stacked, level 4 on top; in each level rank 4 "
     "is at the back. Inside one level there are 10 lines: 4 rows, 4 columns and 2 "
     "diagonals, 40 in all.",
     {cell(1, 'a', 1), cell(1, 'b', 1), cell(1, 'c', 1), cell(1, 'd', 1)}},
    {"Straight up through the levels: the same cell on every level. 16 such lines.",
     {cell(1, 'b', 2), cell(2, 'b', 2), cell(3, 'b', 2), cell(4, 'b', 2)}},
    {"Slanting through the levels, one step along a row or a column on each level, as "
     "here from 1a3 to 4d3. 16 such lines: the ones newcomers miss.",
     {cell(1, 'a', 3), cell(2, 'b', 3), cell(3, 'c', 3), cell(4, 'd', 3)}},
    {"The 4 space diagonals, corner to corner through the middle of the cube. Their 16 "
     "cells (the corners and the centre cells) lie on 7 lines each, the others on 4.",
     {cell(1, 'a', 1), cell(2, 'b', 2), cell(3, 'c', 3), cell(4, 'd', 4)}},
    {"Here are all 7 lines through 2b2 (marked -). In a game, v shows the lines through "
     "the cursor and i switches between this view and the levels side by side. 40 + 16 + "
     "16 + 4 = 76 lines. End of the tour.",
     {cell(1, 'a', 1), cell(2, 'b', 2), cell(3, 'c', 3), cell(4, 'd', 4)},
     cell(2, 'b', 2)},
}};

}  // namespace

std::span<const TourStep> tourSteps() { return kSteps; }

}  // namespace qubic::tui
