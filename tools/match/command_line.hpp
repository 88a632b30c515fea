// The qubic-match command line (in the style of cutechess-cli; docs/tournaments.md):
// options and engines on top of the [match] settings, and the --ladder preset that
// makes one engine per level of our own engine.
#pragma once

#include <string>
#include <vector>

#include "config/settings.hpp"
#include "engine/core/parsed.hpp"
#include "match_config.hpp"

namespace qubic::match {

// The usage text of --help.
std::string usageText();

// True when the arguments ask for the usage (-h, -help, --help).
bool wantsHelp(const std::vector<std::string>& args);
// The value of -config PATH, empty when absent (it must be known before the rest is read).
std::string configPathArgument(const std::vector<std::string>& args);

// Reads the arguments (without the program name). `defaults` is the [match] section;
// `ourEngine` is the qubic-engine the --ladder preset runs unless -each cmd= names another.
// Errors say which argument is wrong and how, e.g. "-games needs a whole number from 1
// to 100000, got \"two\"".
Parsed<TournamentConfig> parseCommandLine(const std::vector<std::string>& args,
                                          const MatchSettings& defaults,
                                          const std::string& ourEngine);

}  // namespace qubic::match
