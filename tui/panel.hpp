// Words for the panels: verdicts, the key bar and the help screen. Pure text.
#pragma once

#include <string>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/play/player.hpp"
#include "keymap.hpp"
#include "view.hpp"

namespace qubic::tui {

// "X wins in 3 moves" from a verdict for the side to move; empty when Unknown.
std::string verdictText(Side toMove, Verdict verdict, int plies);
// What the overlay proves about the position as a whole, in words ("" when nothing):
// some move wins, or, once every cell is judged, every move loses.
std::string overlayVerdict(Side toMove, int wins, int losses, int empties, bool complete);
// "1a1-1d1" for the completed line of a won position, else empty.
std::string winningLineName(const Position& pos);
// "1.2k" style counts for node numbers.
std::string shortCount(std::uint64_t n);
// "2.5 s": an elapsed time for the panel.
std::string secondsText(double seconds);

// The bottom bar: the most useful keys first; the view cuts it to the screen width.
// `levels`: the engine has our levels (not another program's, --engine).
std::string keyBar(const KeyMap& keys, bool watching, bool levels = true);
// The help screen: rules, board controls, marks, and every configurable key. Fits 80x24.
std::vector<StyledText> helpScreen(const KeyMap& keys);

}  // namespace qubic::tui
