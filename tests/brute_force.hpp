// Forced wins found full width from the rules core alone: the independent check of the
// distances and values the engine claims (tests/engine/play/test_distance.cpp,
// tests/engine/study/test_review.cpp).
#pragma once

#include "engine/core/position.hpp"

namespace qubic::testing {

// Cells where `side` completes a line now: from the rules core alone.
inline Bitboard completions(const Position& p, Side side) {
  Bitboard cells = 0;
  for (Bitboard m = p.emptyCells(); m;) {
    const int cell = popLowest(m);
    if (p.completesLine(cell, side)) cells |= bit(cell);
  }
  return cells;
}

// Does the side to move force a win within `plies` plies (its own last move included)?
// Full width; the only shortcuts are facts of the rules: a side that can complete a line
// at once wins; a reply that leaves the mover's only completion cell open loses at once.
inline bool winsWithin(Position& p, int plies) {
  const Side me = p.sideToMove(), them = opponent(me);
  if (plies < 1) return false;
  if (completions(p, me)) return true;
  if (plies < 3) return false;
  const Bitboard theirs = completions(p, them);
  for (Bitboard m = p.emptyCells(); m;) {
    const int cell = popLowest(m);
    if (theirs & ~bit(cell)) continue;  // they complete a line next
    p.play(cell);
    const Bitboard mine = completions(p, me);
    bool all = !p.isGameOver() && (plies > 3 || mine);  // a win in 3 needs a completion cell now
    if (all && popcount(mine) == 1) {
      const int block = lowestCell(mine);  // any other reply loses at once
      p.play(block);
      all = !p.isGameOver() && winsWithin(p, plies - 2);
      p.undo(block);
    } else if (all && !mine) {
      for (Bitboard r = p.emptyCells(); all && r;) {
        const int reply = popLowest(r);
        if (p.completesLine(reply, them)) {
          all = false;
          break;
        }
        p.play(reply);
        all = !p.isGameOver() && winsWithin(p, plies - 2);
        p.undo(reply);
      }
    }
    p.undo(cell);
    if (all) return true;
  }
  return false;
}

// The shortest forced win of the side to move in at most `maxPlies` plies, or -1.
inline int shortestWin(Position p, int maxPlies) {
  for (int n = 1; n <= maxPlies; n += 2)
    if (winsWithin(p, n)) return n;
  return -1;
}

}  // namespace qubic::testing
