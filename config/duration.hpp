// Durations on command lines, one convention for every program: a number with a unit
// ("500ms", "2.5s", "3min", "1h"); a bare number is seconds (qubic-solve --time, as
// cutechess's st= and tc=), or refused where it once meant milliseconds (qubic --movetime,
// --watch-delay), so no old command line changes its meaning without a word.
#pragma once

#include <string_view>

#include "engine/core/parsed.hpp"

namespace qubic {

// Seconds, never negative; the error names what is wrong ("5x": unknown unit).
// secondsPerBareUnit 0: a bare number is refused (a unit is required).
Parsed<double> parseDuration(std::string_view text, double secondsPerBareUnit);

}  // namespace qubic
