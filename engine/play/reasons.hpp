// The reasons the player gives for its moves (MoveChoice::reason), all in one place: one
// sentence a player understands, with distances in moves as docs/notation.md derives them.
#pragma once

#include <string>

#include "engine/core/position.hpp"

namespace qubic::reasons {

std::string completesLine(int cell);
std::string blocksOneOfTwoThrees();
std::string blocksThree(int cell);
std::string bookWin();
std::string bookLongestDefence();
std::string tableWin();
std::string forcedWin(bool blocksToo, int plies, int cell);
std::string provenWin(int plies, int cell);
std::string longestDefence();
// Lost against best play, but no forcing sequence of threes wins after this move.
std::string practicalDefence(bool byBook, int cell);
std::string searchWin(int plies, int cell);
std::string everyMoveLoses();
// A quiet move the heuristic search preferred: what it does (threes, twos, blocks), and
// how deep the search that chose it went.
std::string ratedBest(const Position& pos, int cell, int depth);

}  // namespace qubic::reasons
