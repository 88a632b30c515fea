#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/core/position.hpp"

using namespace qubic;

namespace {

// Reference status from the stone sets alone, for comparison with the incremental one.
Status referenceStatus(Bitboard x, Bitboard o) {
  for (int l = 0; l < kLines; ++l) {
    if ((x & lineMask(l)) == lineMask(l)) return Status::XWins;
    if ((o & lineMask(l)) == lineMask(l)) return Status::OWins;
  }
  return popcount(x | o) == kCells ? Status::Draw : Status::Ongoing;
}

}  // namespace

TEST_CASE("the empty board has X to move and every cell legal") {
  Position p;
  CHECK(p.sideToMove() == Side::X);
  CHECK(p.moveCount() == 0);
  CHECK(p.status() == Status::Ongoing);
  for (int c = 0; c < kCells; ++c) CHECK(p.isLegal(c));
  CHECK_FALSE(p.isLegal(-1));
  CHECK_FALSE(p.isLegal(64));
}

TEST_CASE("play alternates sides and rejects occupied cells") {
  Position p;
  p.play(0);
  CHECK(p.sideToMove() == Side::O);
  CHECK(p.stones(Side::X) == bit(0));
  CHECK_FALSE(p.isLegal(0));
  p.play(5);
  CHECK(p.stones(Side::O) == bit(5));
  CHECK(p.sideToMove() == Side::X);
  p.undo(5);
  p.undo(0);
  CHECK(p == Position{});
}

TEST_CASE("a completed line wins and ends the game") {
  Position p;
  // X plays 1a1 1b1 1c1 1d1 (cells 0..3); O answers on level 2.
  for (int m : {0, 16, 1, 17, 2, 18}) p.play(m);
  CHECK(p.completesLine(3, Side::X));
  CHECK_FALSE(p.completesLine(3, Side::O));
  p.play(3);
  CHECK(p.status() == Status::XWins);
  CHECK(p.isGameOver());
  CHECK(p.winningCells() == 0xfULL);
  CHECK_FALSE(p.isLegal(19));
  p.undo(3);
  CHECK(p.status() == Status::Ongoing);
  CHECK(p.isLegal(19));
}

TEST_CASE("a space diagonal win for O") {
  Position p;
  const int diagonal[4] = {cellAt(0, 0, 0), cellAt(1, 1, 1), cellAt(2, 2, 2), cellAt(3, 3, 3)};
  const int xMoves[4] = {cellAt(1, 0, 0), cellAt(2, 0, 0), cellAt(1, 0, 1), cellAt(3, 0, 1)};
  for (int i = 0; i < 4; ++i) {
    CHECK(p.status() == Status::Ongoing);
    p.play(xMoves[i]);
    p.play(diagonal[i]);
  }
  CHECK(p.status() == Status::OWins);
}

TEST_CASE("a full board with no line is a legal draw") {
  // Search for a 32/32 split of the cells with no monochrome line by random
  // local search, then play it out in an order that never completes a line early.
  std::mt19937_64 rng(7);
  Bitboard x = 0;
  auto badLines = [](Bitboard xs) {
    int bad = 0;
    for (int l = 0; l < kLines; ++l) {
      const int n = popcount(xs & lineMask(l));
      bad += n == 0 || n == 4;
    }
    return bad;
  };
  bool found = false;
  for (int attempt = 0; attempt < 200 && !found; ++attempt) {
    std::vector<int> cells(64);
    for (int i = 0; i < 64; ++i) cells[i] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    x = 0;
    for (int i = 0; i < 32; ++i) x |= bit(cells[i]);
    for (int step = 0; step < 20000 && badLines(x) > 0; ++step) {
      // Swap a random X cell with a random O cell when it does not make things worse.
      Bitboard xs = x, os = ~x;
      int a = -1, b = -1;
      for (int k = std::uniform_int_distribution<int>(0, 31)(rng); k >= 0; --k) a = popLowest(xs);
      for (int k = std::uniform_int_distribution<int>(0, 31)(rng); k >= 0; --k) b = popLowest(os);
      const Bitboard y = (x & ~bit(a)) | bit(b);
      if (badLines(y) <= badLines(x)) x = y;
    }
    found = badLines(x) == 0;
  }
  REQUIRE(found);
  const Bitboard o = ~x;
  Position p;
  Bitboard xs = x, os = o;
  while (xs || os) {
    p.play(popLowest(p.sideToMove() == Side::X ? xs : os));
    REQUIRE(p.status() == (xs || os ? Status::Ongoing : Status::Draw));
  }
  CHECK(p.isGameOver());
  CHECK(p.status() == Status::Draw);
  CHECK(p.winningCells() == 0);
}

TEST_CASE("incremental line counts and status agree with a recount on random games") {
  std::mt19937_64 rng(42);
  for (int game = 0; game < 300; ++game) {
    Position p;
    std::vector<int> played;
    while (!p.isGameOver()) {
      Bitboard empty = p.emptyCells();
      int pick = std::uniform_int_distribution<int>(0, popcount(empty) - 1)(rng);
      int cell = popLowest(empty);
      while (pick-- > 0) cell = popLowest(empty);
      REQUIRE(p.isLegal(cell));
      p.play(cell);
      played.push_back(cell);
      const Position fresh = Position::fromStones(p.stones(Side::X), p.stones(Side::O));
      REQUIRE(p.status() == referenceStatus(p.stones(Side::X), p.stones(Side::O)));
      REQUIRE(fresh.status() == p.status());
      for (int l = 0; l < kLines; ++l)
        for (Side s : {Side::X, Side::O}) REQUIRE(p.lineCount(s, l) == fresh.lineCount(s, l));
      REQUIRE(p.key() == fresh.key());
    }
    while (!played.empty()) {
      p.undo(played.back());
      played.pop_back();
    }
    REQUIRE(p == Position{});
    REQUIRE(p.status() == Status::Ongoing);
  }
}
