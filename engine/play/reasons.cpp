#include "reasons.hpp"

#include <cstdio>

#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"

namespace qubic::reasons {

namespace {

std::string at(int cell) { return " at " + moveToken(cell); }

std::string movesText(int plies) {
  const int moves = (plies + 1) / 2;
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

// "+0.35 stones" for a heuristic score in hundredths of a stone.
std::string stonesText(int score) {
  char text[32];
  std::snprintf(text, sizeof text, "%+.2f stones", score / 100.0);
  return text;
}

// What a quiet move does, in words.
std::string moveEffect(const Position& pos, int cell) {
  const Side us = pos.sideToMove(), them = opponent(us);
  if (threeMakingCells(pos, us) & bit(cell)) return "makes a three" + at(cell);
  if (doubleThreatCells(pos, them) & bit(cell))
    return "takes the opponent's double-threat cell" + at(cell);
  if (threeMakingCells(pos, them) & bit(cell)) return "blocks a two" + at(cell);
  if (kSevenLineCells & bit(cell)) return "takes the seven-line cell" + at(cell);
  return "plays" + at(cell);
}

}  // namespace

std::string completesLine(int cell) { return "completes a line" + at(cell); }
std::string blocksOneOfTwoThrees() {
  return "blocks one of two threes; the other cannot be stopped";
}
std::string blocksThree(int cell) { return "blocks a three" + at(cell); }
std::string bookWin() { return "the winning move in the book"; }
std::string bookLongestDefence() {
  return "the book proves the opponent wins; this defence lasts longest";
}
std::string forcedWin(bool blocksToo, int plies, int cell) {
  return std::string(blocksToo ? "blocks a three and starts" : "starts") + " a forced win in " +
         movesText(plies) + at(cell);
}
std::string provenWin(int plies, int cell) {
  return "plays a proven win in " + movesText(plies) + at(cell);
}
std::string longestDefence() { return "the opponent can force a win; this defence lasts longest"; }
std::string searchWin(int plies, int cell) {
  return "the search found a forced win in " + movesText(plies) + at(cell);
}
std::string everyMoveLoses() {
  return "every move loses against best play; this one lasts longest";
}
std::string ratedBest(const Position& pos, int cell, int depth, int score) {
  return moveEffect(pos, cell) + ", rated best by a " + std::to_string(depth) + "-ply search (" +
         stonesText(score) + ")";
}

}  // namespace qubic::reasons
