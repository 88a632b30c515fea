// The pooled fit of a --pool run: every player's rating from all the games at once
// (pool_fit: Bradley-Terry, level 0 = 0), the steps between neighbouring levels with their
// own error bars, and the reference players' ratings, so anyone can place a program on
// the scale by playing the same references. Written as a Markdown page with the command,
// date, machine and games.
#pragma once

#include <string>

#include "ladder_report.hpp"
#include "tournament.hpp"

namespace qubic::match {

// The report of a completed pool tournament (levels first, then the references).
std::string poolReport(const Tournament& tournament, const LadderRun& run);

}  // namespace qubic::match
