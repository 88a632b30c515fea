// Durations on command lines, one convention for every program: a number with a unit
// ("500ms", "2.5s", "3min", "1h"), or a bare number in the option's own unit (qubic-solve
// --time counts seconds, qubic --movetime milliseconds), so old command lines still work.
#pragma once

#include <string_view>

#include "engine/core/parsed.hpp"

namespace qubic {

// Seconds, never negative; the error names what is wrong ("5x": unknown unit).
Parsed<double> parseDuration(std::string_view text, double secondsPerBareUnit);

}  // namespace qubic
