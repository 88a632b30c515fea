#include "quiet_win.hpp"

#include "threats.hpp"

namespace qubic {

QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits) {
  const Side attacker = pos.sideToMove(), defender = opponent(attacker);
  QuietWin found;
  for (Bitboard quiet = pos.emptyCells(); quiet;) {
    const int move = popLowest(quiet);
    Position a = pos;
    a.play(move);
    // Not quiet (a three), over, or leaving the defender a three of its own to complete.
    if (a.isGameOver() || threatCells(a, attacker) || threatCells(a, defender)) continue;
    const ThreatResult passed = threats.forcedWin(a, attacker, limits);
    found.nodes += passed.nodes;
    if (!passed.win) continue;
    bool refuted = false;
    for (Bitboard r = (passed.zone & a.emptyCells()) | threeMakingCells(a, defender);
         r && !refuted;) {
      Position b = a;
      b.play(popLowest(r));
      const ThreatResult forced = threats.forcedWin(b, attacker, limits);
      found.nodes += forced.nodes;
      refuted = !forced.win;
    }
    if (!refuted) {
      found.move = move;
      return found;
    }
  }
  return found;
}

}  // namespace qubic
