// The pooled rating fit (tools/match/pool_fit): against the two-player formula, against
// ratings it must recover from games drawn by the model, and its error bars against the
// spread of many such fits.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>

#include "tools/match/elo.hpp"
#include "tools/match/pool_fit.hpp"
#include "tools/match/schedule.hpp"

using namespace qubic::match;

namespace {

using Scores = std::vector<std::vector<Score>>;

void play(Scores& s, int a, int b, int wins, int losses, int draws) {
  s[static_cast<std::size_t>(a)][static_cast<std::size_t>(b)] = {wins, losses, draws};
  s[static_cast<std::size_t>(b)][static_cast<std::size_t>(a)] = {losses, wins, draws};
}

// Games between every pair in `pairs`, each result drawn from the model at `ratings`.
Scores drawGames(const std::vector<double>& ratings, const std::vector<std::pair<int, int>>& pairs,
                 int games, std::mt19937_64& rng) {
  Scores s(ratings.size(), std::vector<Score>(ratings.size()));
  for (const auto& [a, b] : pairs) {
    const double p =
        scoreFromElo(ratings[static_cast<std::size_t>(a)] - ratings[static_cast<std::size_t>(b)]);
    int wins = 0;
    for (int g = 0; g < games; ++g) wins += std::uniform_real_distribution<double>(0, 1)(rng) < p;
    play(s, a, b, wins, games - wins, 0);
  }
  return s;
}

}  // namespace

TEST_CASE("two players: the fit is the score's Elo, the virtual draw counted") {
  Scores s(2, std::vector<Score>(2));
  play(s, 0, 1, 30, 60, 10);  // player 1 scores 65 of 100, 65.5 of 101 with the virtual draw
  const PoolFit fit = fitPool(s, 0);
  REQUIRE(fit.converged);
  CHECK(fit.rating[0] == 0);
  CHECK(fit.rating[1] == Approx(eloFromScore(65.5 / 101)).margin(1e-6));
  // The bar of the binomial approximation: 1.96 sqrt(1 / (n p (1 - p))) natural units.
  const double p = 65.5 / 101;
  CHECK(fit.errorBar(1) == Approx(1.959964 * 400 / std::log(10) / std::sqrt(101 * p * (1 - p))));
  CHECK(fit.errorBar(0) == 0);
}

TEST_CASE("a pool recovers the ratings its games were drawn from, within its error bars") {
  // Six levels 100 apart in a chain, and two references that meet every level.
  const std::vector<double> truth{0, 100, 200, 300, 400, 500, 150, 420};
  const std::vector<std::pair<int, int>> pairs = pairings(Format::Pool, 8, 6);
  CHECK(pairs.size() == 5 + 6 * 2 + 1);
  std::mt19937_64 rng(7);
  int inside = 0, bars = 0;
  for (int run = 0; run < 20; ++run) {
    const PoolFit fit = fitPool(drawGames(truth, pairs, 200, rng), 0);
    REQUIRE(fit.converged);
    for (int i = 1; i < 8; ++i, ++bars)
      inside += std::fabs(fit.rating[static_cast<std::size_t>(i)] -
                          truth[static_cast<std::size_t>(i)]) <= fit.errorBar(i);
    // The steps' own bars are narrower than the sum of the two ratings' bars.
    CHECK(fit.differenceBar(3, 2) < fit.errorBar(3) + fit.errorBar(2));
  }
  // 95 % intervals: about 133 of 140 should hold the truth; far fewer means bars too narrow.
  CHECK(inside >= 120);
  CHECK(inside <= bars);
}

TEST_CASE("a perfect score stays finite, and a player without games gets no bar") {
  Scores s(3, std::vector<Score>(3));
  play(s, 0, 1, 0, 50, 0);  // 1 wins every game against the anchor
  const PoolFit fit = fitPool(s, 0);
  REQUIRE(fit.converged);
  CHECK(std::isfinite(fit.rating[1]));
  CHECK(fit.rating[1] > 400);
  CHECK(std::isinf(fit.errorBar(2)));
}

TEST_CASE("a pool's pairs: levels as neighbours, references against everyone") {
  CHECK(pairings(Format::Pool, 5, 3) ==
        std::vector<std::pair<int, int>>{
            {0, 1}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}});
}
