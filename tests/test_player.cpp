#include <catch2/catch.hpp>

#include <random>

#include "engine/notation.hpp"
#include "engine/player.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::randomPosition;

TEST_CASE("every level returns a legal move with a reason on random positions") {
  std::mt19937_64 rng(5);
  Player player({kMaxLevel, 4, 9});
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(3);
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    player.setLevel(level);
    for (int i = 0; i < 60; ++i) {
      const Position p = randomPosition(rng, std::uniform_int_distribution<int>(0, 60)(rng));
      const MoveChoice c = player.choose(p, limits);
      INFO("level " << level << " position " << positionString(p));
      REQUIRE(p.isLegal(c.move));
      CHECK_FALSE(c.reason.empty());
    }
  }
}

TEST_CASE("a finished game has no move") {
  const Parsed<Position> won = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1 2c1 1d1");
  REQUIRE(won.ok());
  Player player;
  CHECK(player.choose(won.value(), {}).move == -1);
}

TEST_CASE("the top level wins at once, blocks, and finds a forced win") {
  Player player;
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(200);
  // X to move with a three on level 1.
  auto win = playMoves(Position{}, "1a1 4d4 1b1 4c4 1c1 4a1");
  REQUIRE(win.ok());
  MoveChoice c = player.choose(win.value(), limits);
  CHECK(moveToken(c.move) == "1d1");
  CHECK(c.verdict == Verdict::Win);
  CHECK(c.plies == 1);
  // O to move must block X's three.
  auto block = playMoves(Position{}, "1a1 4d4 1b1 4c4 1c1");
  REQUIRE(block.ok());
  c = player.choose(block.value(), limits);
  CHECK(moveToken(c.move) == "1d1");
  CHECK(c.reason == "blocks a three at 1d1");
  // X holds 1b1 1c1 and 2a1 3a1: 1a1 makes two threes at once.
  auto doubleThreat = playMoves(Position{}, "1b1 4d4 1c1 4c4 2a1 4b3 3a1 4a2");
  REQUIRE(doubleThreat.ok());
  c = player.choose(doubleThreat.value(), limits);
  CHECK(c.verdict == Verdict::Win);
  CHECK(c.plies <= 5);
}

TEST_CASE("a move-time budget is kept") {
  Player player;
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(50);
  const auto start = std::chrono::steady_clock::now();
  const MoveChoice c = player.choose(Position{}, limits);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(Position{}.isLegal(c.move));
  CHECK(elapsed < std::chrono::milliseconds(70));
}

TEST_CASE("the top level beats the elementary tier with either colour") {
  // Node limits rather than time keep the games the same on any machine and load.
  MoveLimits limits;
  limits.moveTime = std::chrono::hours(1);
  limits.maxNodes = 100000;
  int winsAsX = 0, winsAsO = 0;
  const int seeds = 3;
  for (int seed = 1; seed <= seeds; ++seed)
    for (Side topSide : {Side::X, Side::O}) {
      Player top({kMaxLevel, 16, static_cast<std::uint64_t>(seed)});
      Player tier({1, 1, static_cast<std::uint64_t>(seed + 100)});
      Position p;
      while (!p.isGameOver()) {
        Player& mover = p.sideToMove() == topSide ? top : tier;
        const MoveChoice c = mover.choose(p, limits);
        REQUIRE(p.isLegal(c.move));
        p.play(c.move);
      }
      if (p.status() == (topSide == Side::X ? Status::XWins : Status::OWins)) ++(topSide == Side::X ? winsAsX : winsAsO);
    }
  INFO("top level: " << winsAsX << " wins as X, " << winsAsO << " as O, of " << seeds << " each");
  CHECK(winsAsX == seeds);
  CHECK(winsAsO * 3 >= seeds * 2);
}
