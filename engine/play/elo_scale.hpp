// The rating scale of the levels (docs/strength.md) and the strength asked for in Elo, as
// Stockfish's UCI_LimitStrength/UCI_Elo do it: a rating between two levels plays each move
// as the stronger of them with the probability that puts it at that rating on a straight
// line between their ratings, else as the weaker (the choice drawn from the player's seed).
#pragma once

#include <array>

#include "move_limits.hpp"

namespace qubic {

// Each level's rating on the scale whose zero is level 0 (the anchor): the pooled fit of
// 2026-11-27 20:41 in docs/strength.md (`qubic-match --pool`, the levels with reference
// players and an outside program, 96 games a pair at 0.1 s a move), rounded to whole Elo.
inline constexpr std::array<int, kMaxLevel + 1> kLevelElo = {
    0, 90, 203, 266, 340, 406, 552, 643, 698, 798, 873, 967, 1055, 1182, 1255, 1363};

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
