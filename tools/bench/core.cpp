// Section "core": play+undo, win check.
#include <random>
#include <vector>

#include "bench.hpp"
#include "engine/core/position.hpp"
#include "engine/core/random_game.hpp"

namespace qubic::bench {

namespace {

// Positions from seeded random games with 8..40 stones.
std::vector<Position> samplePositions(int count) {
  std::mt19937_64 rng(2026);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) out.push_back(randomPosition(rng, 8, 40));
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
