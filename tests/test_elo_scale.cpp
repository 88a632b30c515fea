// The Elo option's map onto the levels (engine/play/elo_scale): monotone, exact at each
// level's own rating, a straight line between, clamped at the ends; and a player between
// two levels plays each of their moves.
#include <catch2/catch.hpp>

#include <set>

#include "engine/core/notation.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/player.hpp"

using namespace qubic;

TEST_CASE("the Elo asked maps monotonically onto a level and a share of the next") {
  for (std::size_t l = 1; l < kLevelElo.size(); ++l) CHECK(kLevelElo[l] >= kLevelElo[l - 1]);
  double last = -1;
  for (int elo = kMinElo - 100; elo <= kMaxElo + 100; ++elo) {
    const Strength s = strengthForElo(elo);
    const double position = s.level + s.towardNext;  // where on the levels' line it is
    CHECK(position >= last);
    last = position;
  }
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    const int elo = kLevelElo[static_cast<std::size_t>(level)];
    // Of levels measured equal, the rating plays the higher.
    if (level < kMaxLevel && kLevelElo[static_cast<std::size_t>(level + 1)] == elo) continue;
    const Strength s = strengthForElo(elo);
    CHECK(s.level == level);
    CHECK(s.towardNext == 0);
  }
  const Strength middle = strengthForElo((kLevelElo[4] + kLevelElo[5]) / 2);
  CHECK(middle.level == 4);
  CHECK(middle.towardNext == Approx(0.5).margin(0.02));
  CHECK(strengthForElo(-500).level == kMinLevel);
  CHECK(strengthForElo(99999).level == kMaxLevel);
}

TEST_CASE("a player between two levels plays each move as one of them, as often as asked") {
  // Level 0 against level 1 from the empty board: the anchor's first move is random, level
  // 1's a seven-line cell of its preset order. Half way, both kinds appear.
  MoveLimits limits;
  limits.maxNodes = 1000;
  auto firstMoves = [&](double towardNext) {
    std::multiset<int> moves;
    Player player({0, 1, 3});
    player.setStrength({0, towardNext});
    for (int game = 0; game < 200; ++game) moves.insert(player.choose(Position{}, limits).move);
    return moves;
  };
  Player one({1, 1, 3});
  const int levelOne = one.choose(Position{}, limits).move;
  CHECK(firstMoves(1.0).count(levelOne) == 200);
  CHECK(firstMoves(0.0).count(levelOne) < 20);
  const std::size_t half = firstMoves(0.5).count(levelOne);
  CHECK(half > 70);
  CHECK(half < 130);
}
