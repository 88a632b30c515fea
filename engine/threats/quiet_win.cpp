#include "quiet_win.hpp"

#include "threats.hpp"

namespace qubic {

namespace {

// `pos` with a stone of `side` on `cell`, whoever is to move (a pass is a stone more).
Position withStone(const Position& pos, Side side, int cell) {
  if (side == pos.sideToMove()) {
    Position p = pos;
    p.play(cell);
    return p;
  }
  Bitboard x = pos.stones(Side::X), o = pos.stones(Side::O);
  (side == Side::X ? x : o) |= bit(cell);
  return Position::fromStones(x, o);
}

// The quiet wins in cell order: the first, or (`every`) all, their zones intersected.
QuietWin quietWins(ThreatSearch& threats, const Position& pos, Side attacker,
                   const ThreatLimits& limits, bool every) {
  const Side defender = opponent(attacker);
  const Bitboard defenderThrees = threeMakingCells(pos, defender);
  QuietWin found;
  for (Bitboard quiet = pos.emptyCells(); quiet;) {
    const int move = popLowest(quiet);
    const Position a = withStone(pos, attacker, move);
    // Not quiet (a three), over, or leaving the defender a three of its own to complete.
    if (a.isGameOver() || threatCells(a, attacker) || threatCells(a, defender)) continue;
    const ThreatResult passed = threats.forcedWin(a, attacker, limits);
    found.nodes += passed.nodes;
    if (!passed.win) continue;
    Bitboard zone = bit(move) | defenderThrees | passed.zone;
    bool refuted = false;
    for (Bitboard r = (passed.zone & a.emptyCells()) | threeMakingCells(a, defender);
         r && !refuted;) {
      const Position b = withStone(a, defender, popLowest(r));
      const ThreatResult forced = threats.forcedWin(b, attacker, limits);
      found.nodes += forced.nodes;
      refuted = !forced.win;
      zone |= forced.zone | threeMakingCells(b, defender);
    }
    if (refuted) continue;
    found.zone = found.move < 0 ? zone : found.zone & zone;
    if (found.move < 0) found.move = move;
    ++found.wins;
    if (!every) break;
  }
  return found;
}

}  // namespace

QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits) {
  return findQuietWin(threats, pos, pos.sideToMove(), limits);
}

QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, Side attacker,
                      const ThreatLimits& limits) {
  return quietWins(threats, pos, attacker, limits, false);
}

QuietWin everyQuietWin(ThreatSearch& threats, const Position& pos, Side attacker,
                       const ThreatLimits& limits) {
  return quietWins(threats, pos, attacker, limits, true);
}

}  // namespace qubic
