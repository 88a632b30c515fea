// Citrenbaum's (1965) Qubic programs as three move choosers of rising strength.
// Each returns a move and the reason for it in plain words.
//
// Tier 1, Elementary (his PDP-4 program), first rule that applies:
//   complete an own three; block the opponent's three; play an own related-pair crossing
//   (a double threat); play the crossing of an opponent related pair (the one on most
//   opponent twos); otherwise the first empty cell of a preset order: the sixteen
//   seven-line cells (corners and centre cells) shuffled by the seed, then the rest shuffled.
//
// Tier 2, Planar (his UNIVAC program). Our reading of its plane rules:
//   - A side s "looks at" a plane when s has three or more stones more than the opponent
//     in it (excess three), or exactly two more and s has an outside two (a two on a line
//     not in the plane) with an empty cell in the plane. Playing that cell makes a three
//     whose forced reply falls outside the plane, so the excess rises to three for free.
//   - A plane forcing sequence: every move of s lies in the plane and makes a three (on a
//     plane line or an outside two), every reply is the forced block, and the sequence ends
//     in a double threat or a three the opponent cannot block. Threes the opponent gets
//     anywhere in the cube along the way must be blocked at once, by a move that again
//     makes a three, as in the whole-cube search.
//   Rules, after complete / block three / own double threat: start our plane sequence;
//   else defend: the opponent's related pair or plane sequence is broken by the first cell
//   (crossings, then the sequence's cells, then the rest of the plane) after which the
//   opponent has neither; else build: take the cell lying in most planes where we lead by
//   exactly two, raising them to excess three; else the preset order.
//
// Tier 3, Forcing: complete an own three; play our whole-cube forced win
// (ThreatSearch::forcedWin); block a three; if the opponent (asked as attacker) has a
// forced win, play the first cell that breaks it, checked by searching again (cells of its
// sequence, then its zone, then cells making our own three; for those the opponent's
// forced block is played before checking); otherwise the Planar rules.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/core/position.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

enum class Tier { Elementary = 1, Planar = 2, Forcing = 3 };

struct StrategyMove {
  int move = -1;  // -1 only when the game is already over
  std::string reason;
};

// A plane by what it holds: "level 2", "file c", "rank 3" or, for the six diagonal
// planes, the four cube corners on it ("diagonal plane 1a1-1d4-4a1-4d4").
std::string planeName(int plane);

// The planes the Planar tier examines for side s (bit p for plane p), as described above.
std::uint32_t forcingPlanes(const Position& pos, Side s);

struct PlaneWin {
  int plane = -1;  // -1: none found
  int firstMove = -1;
  int moves = 0;  // moves of the attacker up to and including the completed line
};

// The shortest plane forcing sequence for `attacker` over forcingPlanes(), asked as if the
// attacker were to move (as ThreatSearch::forcedWin does). The search of each plane is
// bounded, so "none" can mean "none found".
PlaneWin planeForcedWin(const Position& pos, Side attacker);

class Strategy {
 public:
  Strategy(Tier tier, std::uint64_t seed, std::size_t threatEntries = std::size_t{1} << 16);
  // The preset order `seed` names (as a new Strategy with it would have).
  void reseed(std::uint64_t seed);
  // The memory of its threat search's table (the forcing tier's only).
  std::size_t bytes() const;

  Tier tier() const { return tier_; }
  // The cells in the order the last rule tries them (seven-line cells first).
  const std::array<std::uint8_t, kCells>& presetOrder() const { return presetOrder_; }

  // The move for the side to move, with its reason; {-1, ...} when the game is over.
  StrategyMove choose(const Position& pos);

 private:
  StrategyMove chooseElementary(const Position& pos) const;
  StrategyMove choosePlanar(const Position& pos) const;
  StrategyMove chooseForcing(const Position& pos);

  // The first cell of `cells` in the preset order (precondition: cells != 0).
  int firstInOrder(Bitboard cells) const;
  // Rules every tier starts with: complete our three, block the opponent's.
  bool winOrBlock(const Position& pos, StrategyMove& out) const;
  StrategyMove presetMove(const Position& pos) const;
  int bestCrossingBlock(const Position& pos, Bitboard crossings) const;
  bool planarDefence(const Position& pos, StrategyMove& out) const;
  bool buildingMove(const Position& pos, StrategyMove& out) const;
  bool forcingDefence(const Position& pos, StrategyMove& out);

  Tier tier_;
  std::array<std::uint8_t, kCells> presetOrder_{};
  std::unique_ptr<ThreatSearch> search_;  // Forcing tier only
};

}  // namespace qubic
