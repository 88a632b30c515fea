// Reading the arguments of protocol commands and writing the engine's lines. Every
// reader gives a value or a precise error phrase; nothing here keeps state.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/play/player.hpp"
#include "engine/play/timeman.hpp"

namespace qubic {

// The whitespace-separated words of a line. The views point into `line`.
std::vector<std::string_view> splitWords(std::string_view line);

// True when the words are equal ignoring ASCII case (protocol keywords are case-insensitive).
bool sameWord(std::string_view a, std::string_view b);

// Outside text quoted for a message: unprintable bytes as \xNN, long text shortened.
std::string shown(std::string_view text);

// The arguments of `go` (the words after it).
Parsed<GoLimits> parseGoArguments(const std::vector<std::string_view>& words);

// The arguments of `position` (the text after it): "startpos [moves ...]" or
// "fen <planes> <side> [moves ...]". Moves are checked one by one against the rules.
Parsed<Position> parsePositionArguments(std::string_view text);

// "time T nodes N nps K" (milliseconds, nodes, nodes per second), as info lines show them.
std::string searchStats(std::uint64_t nodes, double seconds);

// `info depth .. time .. nodes .. nps .. score .. [pv ..]` for a search result so far. The pv is
// the move, then the rest of choice.pv when that starts with the move.
std::string infoLine(const MoveChoice& choice);

// The answer to `query result`: p1win, p2win, draw or none.
std::string_view resultWord(const Position& position);

}  // namespace qubic
