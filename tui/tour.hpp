// The tour of the lines: a few screens that show, on the cube view, how Qubic's 76 lines
// run inside a level and across the levels, for a newcomer (the start screen's 7, or l
// from the help). Data only; the App shows it.
#pragma once

#include <array>
#include <span>
#include <string_view>

namespace qubic::tui {

struct TourStep {
  std::string_view text;
  std::array<int, 4> line;  // the cells of the line shown, as indices
  int linesThrough = -1;    // a cell whose lines are all shown as well, or -1
};

std::span<const TourStep> tourSteps();

}  // namespace qubic::tui
