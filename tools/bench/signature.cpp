// Section "signature": one number that changes when the search's behaviour changes, as
// engines of the field print with `bench`: the nodes of proof searches from empty tables
// and of the top level's move choice, over fixed positions, with budgets in positions and
// nodes only (one thread, no clock), so every build on every machine prints the same. A
// test pins it; a commit that changes it says the new number in its message.
#include <chrono>
#include <cstdio>

#include "bench.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/player.hpp"

namespace qubic::bench {

namespace {

// Openings of 3 to 9 stones: won, lost and open positions for either side to move.
constexpr const char* kPositions[] = {
    "1a1 1b2 2b2",
    "1a1 4d4 1d1 1b2",
    "1b1 2b2 3c3 1d4",
    "1a1 2a1 1b1 2b1 3c3",
    "1a1 4d4 1d1 3b3 2c2 1a4",
    "2b2 3c3 1a4 4a4 1d1 4d1 2c3",
    "1a1 1d4 4a1 4d4 2b2",
    "1b1 1c1 2b2 3c3 4d4 1a1 2a1 3a1 4a1",
};
constexpr std::uint64_t kProofPositions = 100'000;  // evaluated, per proof search
constexpr std::uint64_t kMoveNodes = 200'000;       // per move choice

}  // namespace

int benchSignature() {
  const auto began = std::chrono::steady_clock::now();
  TranspositionTable table(16);
  ThreatSearch threats(std::size_t{1} << 18);
  PlayerOptions options;
  options.hashMb = 16;
  Player player(options);
  std::uint64_t nodes = 0;
  for (const char* moves : kPositions) {
    const Position p = playMoves(Position{}, moves).value();
    SearchLimits limits;
    limits.maxPositions = kProofPositions;
    nodes += proveFromEmptyTables(table, threats, p, PnsOptions{}, limits).nodes;
    player.newGame();
    MoveLimits m;
    m.moveTime = std::chrono::hours(1);
    m.maxNodes = kMoveNodes;
    nodes += player.choose(p, m).nodes;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("signature: %llu nodes over %zu positions (%.1f s)\n",
              static_cast<unsigned long long>(nodes), std::size(kPositions), seconds);
  return 0;
}

}  // namespace qubic::bench
