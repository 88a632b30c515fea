#include "quiet_win.hpp"

#include <algorithm>

#include "engine/core/lines.hpp"
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

// The defender's moves outside `zone` that the quiet win may not answer. A move d outside
// the zone leaves each sequence winning (ThreatResult::zone's claim) whatever the reply r to
// the quiet move, unless d and r together make a defender three the sequence `passed` (the
// one after a reply outside `replies`) did not meet: on a line `a` leaves attacker-free that
// holds a defender stone or one of its forced blocks. Each such pair is asked directly; a d
// with a pair the attacker's threes do not win is returned. `plies`: the longest win found.
Bitboard twoStoneRisks(ThreatSearch& threats, const Position& a, Side attacker,
                       const ThreatResult& passed, Bitboard zone, Bitboard replies,
                       const ThreatLimits& limits, int& plies, std::uint64_t& nodes) {
  const Side defender = opponent(attacker);
  Bitboard held = a.stones(defender);
  for (int i = 1; i < passed.length; i += 2) held |= bit(passed.sequence[i]);
  Bitboard risky[kCells] = {};  // per d: the replies that share such a line with it
  Bitboard candidates = 0;
  for (int l = 0; l < kLines; ++l) {
    const Bitboard line = lineMask(l), empty = line & a.emptyCells();
    if ((line & a.stones(attacker)) || !(line & held)) continue;
    for (Bitboard d = empty & ~zone; d;) {
      const int cell = popLowest(d);
      risky[cell] |= empty & ~bit(cell) & ~replies;
      candidates |= bit(cell);
    }
  }
  Bitboard unanswered = 0;
  for (Bitboard d = candidates; d;) {
    const int cell = popLowest(d);
    const Position withD = withStone(a, defender, cell);
    for (Bitboard r = risky[cell]; r;) {
      const ThreatResult win =
          threats.forcedWin(withStone(withD, defender, popLowest(r)), attacker, limits);
      nodes += win.nodes;
      if (!win.win) {
        unanswered |= bit(cell);
        break;
      }
      plies = std::max(plies, win.plies());
    }
  }
  return unanswered;
}

// The quiet wins in cell order: the first, or (`every`) all, their zones intersected.
QuietWin quietWins(ThreatSearch& threats, const Position& pos, Side attacker,
                   const ThreatLimits& limits, bool every, QuietZone kind) {
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
    int plies = passed.plies();
    bool refuted = false;
    const Bitboard replies = (passed.zone & a.emptyCells()) | threeMakingCells(a, defender);
    for (Bitboard r = replies; r && !refuted;) {
      const Position b = withStone(a, defender, popLowest(r));
      const ThreatResult forced = threats.forcedWin(b, attacker, limits);
      found.nodes += forced.nodes;
      refuted = !forced.win;
      zone |= forced.zone | threeMakingCells(b, defender);
      plies = std::max(plies, forced.plies());
    }
    if (refuted) continue;
    if (kind == QuietZone::Sound)
      zone |=
          twoStoneRisks(threats, a, attacker, passed, zone, replies, limits, plies, found.nodes);
    found.zone = found.move < 0 ? zone : found.zone & zone;
    found.plies = std::max(found.plies, 2 + plies);
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
  return quietWins(threats, pos, attacker, limits, false, QuietZone::Unchecked);
}

QuietWin everyQuietWin(ThreatSearch& threats, const Position& pos, Side attacker,
                       const ThreatLimits& limits, QuietZone kind) {
  return quietWins(threats, pos, attacker, limits, true, kind);
}

}  // namespace qubic
