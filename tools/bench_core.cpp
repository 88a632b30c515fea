// Section "core": play+undo, win check.
#include <random>
#include <vector>

#include "bench.hpp"
#include "engine/position.hpp"

namespace qubic::bench {

namespace {

// Positions from seeded random games, cut at plies 8..40, with the cells still legal.
std::vector<Position> samplePositions(int count) {
  std::mt19937_64 rng(2026);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p;
    const int plies = std::uniform_int_distribution<int>(8, 40)(rng);
    for (int i = 0; i < plies && !p.isGameOver(); ++i) {
      Bitboard empty = p.emptyCells();
      int pick = std::uniform_int_distribution<int>(0, popcount(empty) - 1)(rng);
      while (pick-- > 0) empty &= empty - 1;
      p.play(lowestCell(empty));
    }
    if (!p.isGameOver()) out.push_back(p);
  }
  return out;
}

}  // namespace

int benchCore() {
  const std::vector<Position> positions = samplePositions(1024);
  std::printf("== core (median of 7 runs) ==\n");

  long ops = 0;
  for (const Position& p : positions) ops += popcount(p.emptyCells());
  std::vector<Position> work = positions;
  printRow("play+undo", medianNsPerOp(
                            [&] {
                              for (Position& p : work) {
                                Bitboard empty = p.emptyCells();
                                while (empty) {
                                  const int c = popLowest(empty);
                                  p.play(c);
                                  keep(p);
                                  p.undo(c);
                                }
                              }
                            },
                            ops));
  printRow("win check (completesLine)", medianNsPerOp(
                                            [&] {
                                              int wins = 0;
                                              for (const Position& p : positions) {
                                                Bitboard empty = p.emptyCells();
                                                const Side s = p.sideToMove();
                                                while (empty)
                                                  wins += p.completesLine(popLowest(empty), s);
                                              }
                                              keep(wins);
                                            },
                                            ops));
  return 0;
}

}  // namespace qubic::bench
