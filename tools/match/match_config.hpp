// What a tournament is made of, as the command line and the [match] settings give it:
// the engines with their time controls and options, the format, the openings, and
// where the games go. Plain data; command_line.cpp fills it in.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "client/engine_config.hpp"
#include "elo.hpp"
#include "time_control.hpp"

namespace qubic::match {

using client::EngineConfig;

// Who plays whom: everyone against everyone, the first engine against each other one,
// each engine against the next one in the list, or a pool: the first `poolLevels` engines
// (our levels) each against the next and against every other engine (the references),
// and the references against each other.
enum class Format { RoundRobin, Gauntlet, Ladder, Pool };

enum class OpeningOrder { Sequential, Random };

struct TournamentConfig {
  std::vector<EngineConfig> engines;
  Format format = Format::RoundRobin;
  int poolLevels = 0;  // Pool: how many of the engines, from the first, are levels
  int games = 2;       // per pair of engines and round; two consecutive games share an opening
  int rounds = 1;
  int concurrency = 1;
  std::string openingsFile;  // empty: the built-in openings
  OpeningOrder openingOrder = OpeningOrder::Sequential;
  std::uint64_t seed = 1;  // for the random opening order, so a resumed run sees the same
  std::optional<SprtBounds> sprt;
  bool recover = false;  // restart crashed engines and go on
  std::string recordsPath = "games.txt";
  bool resume = false;  // continue the tournament already in recordsPath
  std::string event = "qubic-match";
  std::string reportPath;   // the strength report of a ladder or a pool; empty: none
  std::string commandLine;  // as typed, for the report
};

}  // namespace qubic::match
