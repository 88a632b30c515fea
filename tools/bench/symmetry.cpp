// Section "symmetry": transforms, canonical form, non-equivalent moves.
#include <random>
#include <vector>

#include "bench.hpp"
#include "engine/core/position.hpp"
#include "engine/core/random_game.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic::bench {

namespace {

// Positions from seeded random games with minStones..maxStones stones.
std::vector<Position> randomPositions(int count, int minStones, int maxStones) {
  std::mt19937_64 rng(2027);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count)
    out.push_back(randomPosition(rng, minStones, maxStones));
  return out;
}

double canonicalNs(const std::vector<Position>& positions) {
  return medianNsPerOp(
      [&] {
        for (const Position& p : positions) keep(canonical(p));
      },
      static_cast<long>(positions.size()));
}

double nonEquivalentMovesNs(const std::vector<Position>& positions) {
  return medianNsPerOp(
      [&] {
        Bitboard acc = 0;
        for (const Position& p : positions) acc ^= nonEquivalentMoves(p);
        keep(acc);
      },
      static_cast<long>(positions.size()));
}

}  // namespace

int benchSymmetry() {
  // Middle game (what a search sees most) and openings, where positions often have
  // symmetries of their own and the O board has to break ties.
  const std::vector<Position> positions = randomPositions(1024, 8, 40);
  const std::vector<Position> openings = randomPositions(1024, 0, 4);
  std::vector<int> syms(positions.size());
  std::mt19937 rng(7);
  for (int& s : syms) s = std::uniform_int_distribution<int>(0, kSymmetries - 1)(rng);
  const long n = static_cast<long>(positions.size());
  std::printf(
      "== symmetry (median of 7 runs; 1024 positions of random games, plies 8-40 unless noted) "
      "==\n");

  printRow("transform (one map, one bitboard)", medianNsPerOp(
                                                    [&] {
                                                      Bitboard acc = 0;
                                                      for (long i = 0; i < n; ++i)
                                                        acc ^= transform(
                                                            syms[i], positions[i].stones(Side::X));
                                                      keep(acc);
                                                    },
                                                    n));
  printRow("transform, portable delta swaps", medianNsPerOp(
                                                  [&] {
                                                    Bitboard acc = 0;
                                                    for (long i = 0; i < n; ++i)
                                                      acc ^= detail::transformBySwaps(
                                                          syms[i], positions[i].stones(Side::X));
                                                    keep(acc);
                                                  },
                                                  n));
  printRow("transform (Position)", medianNsPerOp(
                                       [&] {
                                         for (long i = 0; i < n; ++i)
                                           keep(transform(syms[i], positions[i]));
                                       },
                                       n));
  printRow("canonical form", canonicalNs(positions));
  printRow("canonical form, plies 0-4", canonicalNs(openings));
  printRow("canonical form, portable delta swaps",
           medianNsPerOp(
               [&] {
                 for (const Position& p : positions)
                   keep(detail::canonicalBySwaps(p.stones(Side::X), p.stones(Side::O)));
               },
               n));
  printRow("canonicalKey", medianNsPerOp(
                               [&] {
                                 std::uint64_t acc = 0;
                                 for (const Position& p : positions) acc ^= canonicalKey(p);
                                 keep(acc);
                               },
                               n));
  printRow("nonEquivalentMoves", nonEquivalentMovesNs(positions));
  printRow("nonEquivalentMoves, plies 0-4", nonEquivalentMovesNs(openings));
  return 0;
}

}  // namespace qubic::bench
