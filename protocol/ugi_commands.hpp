// Reading the arguments of protocol commands and writing the engine's lines. Every
// reader gives a value or a precise error phrase; nothing here keeps state.
#pragma once

#include <atomic>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/play/player.hpp"
#include "engine/play/timeman.hpp"
#include "engine/study/explain.hpp"
#include "engine/study/review.hpp"

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
struct PositionLine {
  Position start;          // the start position
  std::vector<int> moves;  // the moves played from it
  Position end;            // where they lead: the position searched
};
Parsed<PositionLine> parsePositionArguments(std::string_view text);

// The arguments of `review`: nothing, or `positions N` (each position's budget in evaluated
// positions, as `qubic-solve review --positions N`), 100 000 by default.
constexpr std::uint64_t kReviewPositions = 100'000;
Parsed<std::uint64_t> parseReviewArguments(const std::vector<std::string_view>& words);

// What `explain` prints of how the side to move wins (docs/protocol.md): "info string
// explain forcing plies P", then "info string explain step K move M reply R threes
// 2a3-2b3-2c3-2d3 ...: words" a step; or "info string explain quiet move M plies P: words";
// or "info string explain none: words". Nothing when `stop` ended it.
std::vector<std::string> explainLines(const Position& pos, const std::atomic<bool>& stop);

// A reviewed move as `review` prints it: "info string review ply 3 move 1b1 before win 9
// after loss 8 verdict threw-the-win-away: threw the win away (1c1 wins)" (values for the
// mover: win N, loss N, draw or unknown, N in plies).
std::string reviewLine(const ReviewedMove& reviewed);

// "time T nodes N nps K" (milliseconds, nodes, nodes per second), as info lines show them.
std::string searchStats(std::uint64_t nodes, double seconds);

// `info depth .. time .. nodes .. nps .. score .. [pv ..]` for a search result so far. The pv is
// the move, then the rest of choice.pv when that starts with the move.
std::string infoLine(const MoveChoice& choice);

// The answer to `query result`: p1win, p2win, draw or none.
std::string_view resultWord(const Position& position);

}  // namespace qubic
