// The levels a player picks, as mixes of the engine's base players. A base player is one
// way of choosing a move, weakest first: 0 the anchor (engine/play/anchor), 1-3
// Citrenbaum's tiers (engine/play/strategy: Elementary, Planar, Forcing), 4 the full
// engine with its book. A level between two base players plays each move as the stronger
// one with a fixed chance: the share of moves in which it looks for what the stronger one
// sees (related pairs and a plan, plane sequences) instead of stopping at what the weaker
// one sees. The chances were tuned so that every step is worth about 100 Elo against the
// level below. Rated in a pool with outside players (docs/strength.md), three levels of
// the scale before this one were as strong as their neighbours and are gone: the planar
// tier mixed with the forcing one, and two searching profiles limited in nodes; the step
// from the forcing tier to the full engine, near +200 there, is split by a mix of the two.
#pragma once

#include <array>

#include "move_limits.hpp"

namespace qubic {

constexpr int kBasePlayers = 5;
constexpr int kTopBase = kBasePlayers - 1;  // plays from the book and proves what it can

struct LevelMix {
  int base;           // the weaker base player
  double towardNext;  // the chance of a move of base + 1
};

// Mixing base b with b + 1 needs b + 1 to exist, and the top mixes with nothing.
inline constexpr std::array<LevelMix, kMaxLevel + 1> kLevelMixes = {{
    {0, 0},         // 0: the anchor
    {0, 1.0 / 12},  // 1-7: the anchor, looking further in more and more of its moves
    {0, 0.2},
    {0, 0.3},
    {0, 0.45},
    {0, 0.60},
    {0, 0.75},
    {0, 8.0 / 9},
    {1, 0},  // 8: Elementary
    {1, 0.30},
    {1, 0.55},
    {1, 0.80},
    {2, 0},    // 12: Planar
    {3, 0},    // 13: Forcing
    {3, 0.5},  // 14: the full engine in half its moves
    {4, 0},    // 15: full strength
}};

constexpr bool mixesAreValid() {
  for (const LevelMix& m : kLevelMixes)
    if (m.base < 0 || m.base >= kBasePlayers || m.towardNext < 0 || m.towardNext >= 1 ||
        (m.towardNext > 0 && m.base + 1 >= kBasePlayers))
      return false;
  return kLevelMixes.back().base == kTopBase && kLevelMixes.front().base == 0;
}
static_assert(mixesAreValid());

}  // namespace qubic
