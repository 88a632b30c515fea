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

TEST_CASE(
    "a level or a rating between two players plays each move as one of them, as often as "
    "asked") {
  // From the empty board the anchor's first move is random, the elementary rules' a
  // seven-line cell of their preset order (the same for the same seed): the share of moves
  // on that cell tells how often a player chose the elementary rules.
  MoveLimits limits;
  limits.maxNodes = 1000;
  constexpr int kGames = 1000;
  const int elementaryLevel = 8;
  REQUIRE(kLevelMixes[elementaryLevel].base == 1);
  REQUIRE(kLevelMixes[elementaryLevel].towardNext == 0);
  Player elementary({elementaryLevel, 1, 3});
  const int cell = elementary.choose(Position{}, limits).move;
  auto share = [&](const Strength& strength) {
    Player player({0, 1, 3});
    player.setStrength(strength);
    int hits = 0;
    for (int game = 0; game < kGames; ++game)
      hits += player.choose(Position{}, limits).move == cell;
    return static_cast<double>(hits) / kGames;
  };
  // The anchor hits the cell one time in 64; a player choosing the rules with chance p then
  // hits it p + (1 - p) / 64 of the time. Four standard deviations of 1000 games: 0.064.
  const auto expected = [](double p) { return p + (1 - p) / 64; };
  for (int level = 0; level <= elementaryLevel; ++level) {
    INFO("level " << level);
    CHECK(kLevelMixes[static_cast<std::size_t>(level)].base == (level < elementaryLevel ? 0 : 1));
    const double p =
        level < elementaryLevel ? kLevelMixes[static_cast<std::size_t>(level)].towardNext : 1;
    CHECK(share({level, 0}) == Approx(expected(p)).margin(0.064));
  }
  // The Elo option half way between levels 3 and 4 mixes the two levels' mixes half and half.
  const double between = (kLevelMixes[3].towardNext + kLevelMixes[4].towardNext) / 2;
  CHECK(share({3, 0.5}) == Approx(expected(between)).margin(0.064));
  CHECK(std::abs(kLevelMixes[3].towardNext - kLevelMixes[4].towardNext) > 0.1);  // measurable
}
