// The start screen's words: who plays, the puzzles, survival and the tour, and the engine
// that will play with its level, what that level is like and the levels' ratings.
#pragma once

#include <string>
#include <vector>

#include "keymap.hpp"
#include "lineup.hpp"
#include "view.hpp"

namespace qubic::tui {

// `external`: the name of another UGI engine playing (--engine), "" for ours;
// `book`: whether the top level plays the book (it then never loses as X).
std::vector<StyledText> startScreenLines(const Lineup& lineup, const KeyMap& keys,
                                         const std::string& external, bool book);
// The start screen's footer: its keys.
std::string startScreenFooter(const KeyMap& keys);

}  // namespace qubic::tui
