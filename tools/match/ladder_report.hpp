// The Elo ladder of our engine's levels: after a --ladder run, each level's rating
// (level FROM = 0) from the measured differences between neighbours, written as a
// Markdown page (docs/strength.md) with the command, date, machine and games.
#pragma once

#include <string>

#include "tournament.hpp"

namespace qubic::match {

struct LadderRun {
  std::string started;  // local date and time the run began, e.g. "2024-05-01 14:03 UTC"
  double minutes = 0;   // how long this run took
  std::string machine;  // describeMachine()
};

// The processor, the number of cores, the system and the load when called.
std::string describeMachine();

// A figure printed with a printf format, e.g. numberText("%+.0f", 12.4) is "+12".
std::string numberText(const char* format, double value);
// The report's lines on how the run was made: the command, the date and how long it took,
// the machine (the ladder's and the pool's reports both start with them).
std::string runLines(const TournamentConfig& config, const LadderRun& run);

// The report of a completed ladder tournament (engines in level order, format Ladder).
std::string ladderReport(const Tournament& tournament, const LadderRun& run);

}  // namespace qubic::match
