// The rating scale of the levels (docs/strength.md) and the strength asked for in Elo, as
// Stockfish's UCI_LimitStrength/UCI_Elo do it: a rating between two levels plays each move
// as the stronger of them with the probability that puts it at that rating on a straight
// line between their ratings, else as the weaker (the choice drawn from the player's seed).
#pragma once

#include <array>

#include "move_limits.hpp"

namespace qubic {

// Each level's rating on the scale whose zero is level 0 (the anchor), from the ladder of
// 2026-11-26 in docs/strength.md (`qubic-match --ladder`, the command there), rounded to
// whole Elo. Level 1 won every game against level 0, so its rating is the ladder's lower
// bound, and every rating above rests on it; levels 3 and 4 measured equal (the Elo
// option then plays level 4 at that rating).
inline constexpr std::array<int, kMaxLevel + 1> kLevelElo = {0,    998,  1407, 1632, 1632, 1710,
                                                             1782, 1825, 1850, 1879, 1888};

constexpr int kMinElo = kLevelElo.front();
constexpr int kMaxElo = kLevelElo.back();

// A level, and the share of moves played as the next one (0 at a level's own rating).
struct Strength {
  int level = kMaxLevel;
  double towardNext = 0;
};

// The strength for `elo`, clamped to the scale.
Strength strengthForElo(int elo);

}  // namespace qubic
