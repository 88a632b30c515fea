#include "explain.hpp"

#include "lines.hpp"

namespace qubic {

std::vector<ForcingStep> explainForcingWin(Position pos, std::span<const std::uint8_t> moves) {
  std::vector<ForcingStep> steps;
  const Side attacker = pos.sideToMove();
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    ForcingStep step;
    step.move = moves[i];
    step.completesLine = pos.completesLine(step.move, attacker);
    pos.play(step.move);
    // The lines through the move that now hold three attacker stones and an empty cell.
    for (int k = 0; k < kLineTables.lineCount[step.move]; ++k) {
      const int line = kLineTables.linesThrough[step.move][k];
      if (pos.lineCount(attacker, line) != 3 || !pos.isOpenFor(attacker, line)) continue;
      const Bitboard empty = lineMask(line) & pos.emptyCells();
      if (empty) step.threes.push_back({line, lowestCell(empty)});
    }
    if (i + 1 < moves.size()) {
      step.reply = moves[i + 1];
      pos.play(step.reply);
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

}  // namespace qubic
