// Level 0, the rating scale's zero (engine/play/anchor): its three rules, and its cells
// drawn from the seed alone.
#include <catch2/catch.hpp>

#include <array>
#include <random>

#include "engine/core/notation.hpp"
#include "engine/play/anchor.hpp"
#include "engine/play/player.hpp"

using namespace qubic;

TEST_CASE("the anchor completes its own three before it blocks, and blocks before chance") {
  std::mt19937_64 rng(1);
  // X to move with 1a1 1b1 1c1 (completes at 1d1) while O has 2a1 2b1 2c1 (blocks at 2d1).
  const Position both = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1 2c1").value();
  CHECK(anchorMove(both, rng).move == parseMove("1d1").value());
  // O to move, with two in a row only, X threatening 1d1: the block.
  const Position block = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1").value();
  const AnchorMove m = anchorMove(block, rng);
  CHECK(m.move == parseMove("1d1").value());
  CHECK(m.reason == "blocks the three at 1d1");
}

TEST_CASE("without threes the anchor plays a uniformly random cell, the same for the same seed") {
  std::mt19937_64 a(7), b(7);
  const Position empty;
  std::array<int, 64> seen{};
  for (int i = 0; i < 64'000; ++i) {
    const int move = anchorMove(empty, a).move;
    CHECK(move == anchorMove(empty, b).move);
    ++seen[static_cast<std::size_t>(move)];
  }
  // 1 000 expected a cell; a uniform draw stays well within 800-1 200 (about 6 sigma).
  for (const int n : seen) {
    CHECK(n > 800);
    CHECK(n < 1200);
  }
}

TEST_CASE("level 0 is the anchor, and Seed decides its games") {
  MoveLimits limits;
  limits.maxNodes = 1000;
  auto game = [&](std::uint64_t seed) {
    Player player({0, 1, seed});
    Position p;
    std::string moves;
    while (!p.isGameOver()) {
      const int m = player.choose(p, limits).move;
      moves += moveToken(m) + ' ';
      p.play(m);
    }
    return moves;
  };
  CHECK(game(5) == game(5));
  CHECK(game(5) != game(6));
}
