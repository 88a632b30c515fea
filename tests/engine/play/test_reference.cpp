// The reference players (engine/play/reference): each rule of their sentence, checked on
// positions built for it, and every move legal over whole random games.
#include <catch2/catch.hpp>

#include <random>

#include "engine/core/notation.hpp"
#include "engine/play/reference.hpp"
#include "engine/threats/threats.hpp"

using namespace qubic;

namespace {

Position after(const std::string& moves) {
  Position p;
  std::string token;
  for (std::size_t i = 0; i <= moves.size(); ++i) {
    if (i == moves.size() || moves[i] == ' ') {
      if (!token.empty()) p.play(parseMove(token).value());
      token.clear();
    } else {
      token += moves[i];
    }
  }
  return p;
}

}  // namespace

TEST_CASE("the reference players are named as the option says them") {
  CHECK(referenceNamed("none") == Reference::None);
  CHECK(referenceNamed("random") == Reference::Random);
  CHECK(referenceNamed("greedy") == Reference::Greedy);
  CHECK_FALSE(referenceNamed("Greedy").has_value());
}

TEST_CASE("greedy completes its three first, then blocks the opponent's") {
  std::mt19937_64 rng(1);
  // X: 1a1 1b1 1c1 (three, 1d1 completes); O to move has 2a1 2b1 2c1 too.
  const Position win = after("1a1 2a1 1b1 2b1 1c1 2c1");
  CHECK(referenceMove(Reference::Greedy, win, rng).move == parseMove("1d1").value());
  const Position block = after("1a1 2a1 1b1 2b1 1c1 4d4");
  CHECK(referenceMove(Reference::Greedy, block, rng).move == parseMove("1d1").value());
}

TEST_CASE("greedy makes a double threat when it has one and nothing is forced") {
  std::mt19937_64 rng(2);
  // X has 1a1 1b1 (a two on rank 1) and 1a2 1a3 (a two on file a): 1a4? no, the cross
  // of the two lines 1a1-1d1 and 1a1-1a4 is 1a1 itself; take two lines crossing at an
  // empty cell instead: rank 1 (1b1 1c1) and file d (1d2 1d3) cross at 1d1.
  const Position p = after("1b1 4a4 1c1 4b4 1d2 3a4 1d3 3b3");
  REQUIRE(threatCells(p, Side::X) == 0);
  REQUIRE(threatCells(p, Side::O) == 0);
  const Bitboard forks = doubleThreatCells(p, Side::X);
  REQUIRE(forks != 0);
  for (int k = 0; k < 20; ++k) {
    const int move = referenceMove(Reference::Greedy, p, rng).move;
    CHECK((forks >> move & 1) == 1);
  }
}

TEST_CASE("both reference players play only empty cells, whole games long, and vary") {
  for (const Reference r : {Reference::Random, Reference::Greedy}) {
    std::mt19937_64 rng(3);
    Bitboard firstMoves = 0;
    for (int game = 0; game < 50; ++game) {
      Position p;
      while (!p.isGameOver()) {
        const int move = referenceMove(r, p, rng).move;
        REQUIRE(p.isLegal(move));
        if (p.moveCount() == 0) firstMoves |= Bitboard{1} << move;
        p.play(move);
      }
    }
    CHECK(popcount(firstMoves) > 10);  // at random among equals: not always one cell
  }
}
