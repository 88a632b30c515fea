#include "bench_signature.hpp"

#include <chrono>
#include <iterator>

#include "engine/core/notation.hpp"
#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"
#include "player.hpp"

namespace qubic {

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

std::uint64_t benchSignature(const std::function<void(int, int, std::uint64_t)>& each) {
  TranspositionTable table(16);
  ThreatSearch threats(std::size_t{1} << 18);
  PlayerOptions options;
  options.hashMb = 16;
  Player player(options);
  std::uint64_t nodes = 0;
  const int count = static_cast<int>(std::size(kPositions));
  for (int i = 0; i < count; ++i) {
    const Position p = playMoves(Position{}, kPositions[i]).value();
    SearchLimits limits;
    limits.maxPositions = kProofPositions;
    // "Does X win?", asked of both tables cleared first.
    table.clear();
    threats.clearTable();
    ProofSearch search(table, threats, PnsOptions{});
    std::uint64_t here = search.prove(p, Side::X, limits).nodes;
    player.newGame();
    MoveLimits m;
    m.moveTime = std::chrono::hours(1);
    m.maxNodes = kMoveNodes;
    here += player.choose(p, m).nodes;
    nodes += here;
    if (each) each(i, count, here);
  }
  return nodes;
}

}  // namespace qubic
