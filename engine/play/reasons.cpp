#include "reasons.hpp"

#include <string>
#include <vector>

#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"

namespace qubic::reasons {

namespace {

std::string at(int cell) { return " at " + moveToken(cell); }

std::string movesText(int plies) {
  const int moves = (plies + 1) / 2;
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

// "3 twos", "a three".
std::string counted(int n, const std::string& what) {
  return (n == 1 ? std::string("a ") : std::to_string(n) + " ") + what + (n == 1 ? "" : "s");
}

// What a quiet move does, in a player's words: the threes and twos it makes and the
// opponent's twos it blocks, counted over the lines through its cell.
std::string moveEffect(const Position& pos, int cell) {
  const Side us = pos.sideToMove(), them = opponent(us);
  int threes = 0, twos = 0, blocks = 0;
  for (int line = 0; line < kLines; ++line) {
    if (!(lineMask(line) & bit(cell))) continue;
    const int mine = pos.lineCount(us, line), theirs = pos.lineCount(them, line);
    threes += theirs == 0 && mine == 2;
    twos += theirs == 0 && mine == 1;
    blocks += mine == 0 && theirs == 2;
  }
  std::vector<std::string> parts;
  if (doubleThreatCells(pos, them) & bit(cell))
    parts.push_back("takes the cell where the opponent would make two threes");
  if (threes) parts.push_back("makes " + counted(threes, "three"));
  if (blocks) parts.push_back("blocks " + counted(blocks, "two") + " of the opponent's");
  if (twos) parts.push_back("makes " + counted(twos, "two"));
  if (parts.empty())
    parts.push_back(kSevenLineCells & bit(cell) ? "takes a seven-line cell" : "plays");
  std::string text = parts.front();
  for (std::size_t i = 1; i < parts.size(); ++i)
    text += (i + 1 == parts.size() ? " and " : ", ") + parts[i];
  return text + at(cell);
}

}  // namespace

std::string completesLine(int cell) { return "completes a line" + at(cell); }
std::string blocksOneOfTwoThrees() {
  return "blocks one of two threes; the other cannot be stopped";
}
std::string blocksThree(int cell) { return "blocks a three" + at(cell); }
std::string bookWin() { return "the winning move in the book"; }
std::string tableWin() { return "the winning move in the opening table"; }
std::string bookLongestDefence() {
  return "the book proves the opponent wins; this defence lasts longest";
}
std::string forcedWin(bool blocksToo, int plies, int cell) {
  return std::string(blocksToo ? "blocks a three and starts" : "starts") + " a forced win in " +
         movesText(plies) + at(cell);
}
std::string provenWin(int plies, int cell) {
  return "plays a proven win within " + movesText(plies) + at(cell);  // a bound
}
std::string longestDefence() { return "the opponent can force a win; this defence lasts longest"; }
std::string practicalDefence(bool byBook, int cell) {
  return std::string(byBook ? "the book proves" : "the proof search found") +
         " the opponent wins, but not by threes alone after " + moveToken(cell) +
         ": a quiet win to find";
}
std::string searchWin(int plies, int cell) {
  return "the search found a forced win within " + movesText(plies) + at(cell);
}
std::string everyMoveLoses() {
  return "every move loses against best play; this one lasts longest";
}
std::string ratedBest(const Position& pos, int cell, int depth) {
  return moveEffect(pos, cell) + "; the best move a " + std::to_string(depth) + "-ply search found";
}

}  // namespace qubic::reasons
