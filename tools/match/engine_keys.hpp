// An engine of a tournament from its key=value words (-engine's own and -each's shared):
// name, cmd, arg, option.NAME, the time control keys, timemargin and timeout.
#pragma once

#include <string>

#include "config/settings.hpp"
#include "match_config.hpp"
#include "match_words.hpp"

namespace qubic::match {

// One engine from the shared -each keys and its own (the `number`th, for messages); its
// own time control, if any, replaces the shared one rather than mixing with it.
Parsed<EngineConfig> makeEngine(const KeyValues& shared, const KeyValues& own,
                                const MatchSettings& defaults, const TimeControl& defaultControl,
                                int number);

// The last part of a path: an engine's default name.
std::string baseName(const std::string& path);

}  // namespace qubic::match
