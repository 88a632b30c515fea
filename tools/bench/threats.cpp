// Section "threats": forced-win searches on a fixed suite of random-game positions.
#include <algorithm>
#include <chrono>
#include <random>
#include <vector>

#include "bench.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"

namespace qubic::bench {

namespace {

// Positions from seeded random games cut at plies 8..30, game not over. In "sensible"
// games each side takes a win when it has one and otherwise blocks a gain cell.
std::vector<Position> threatSuite(int count, bool sensible) {
  std::mt19937_64 rng(sensible ? 4243 : 4242);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p;
    const int plies = std::uniform_int_distribution<int>(8, 30)(rng);
    for (int i = 0; i < plies && !p.isGameOver(); ++i) {
      Bitboard choices = p.emptyCells();
      if (sensible) {
        const Bitboard wins = threatCells(p, p.sideToMove()),
                       blocks = threatCells(p, opponent(p.sideToMove()));
        choices = wins ? wins : blocks ? blocks : choices;
      }
      int pick = std::uniform_int_distribution<int>(0, popcount(choices) - 1)(rng);
      while (pick-- > 0) choices &= choices - 1;
      p.play(lowestCell(choices));
    }
    if (!p.isGameOver()) out.push_back(p);
  }
  return out;
}

struct Method {
  const char* name;
  std::size_t tableEntries;
  ThreatLimits limits;
};

struct Tally {
  double seconds = 0;
  std::uint64_t nodes = 0;
  int searches = 0, wins = 0, limitHits = 0;
  long attackerMoves = 0, zoneCells = 0;
};

// Passes over the suite, both attackers, each pass from an empty table. Several passes
// per sample, so a sample outlasts the scheduler's noise on a shared machine.
Tally runSuite(const std::vector<Position>& suite, const Method& m, int passes) {
  ThreatSearch search(m.tableEntries);
  Tally t;
  for (int pass = 0; pass < passes; ++pass) {
    search.clearTable();  // not timed: a solver clears once per solve, not per search
    const auto start = std::chrono::steady_clock::now();
    for (const Position& p : suite)
      for (Side attacker : {Side::X, Side::O}) {
        const ThreatResult r = search.forcedWin(p, attacker, m.limits);
        ++t.searches;
        t.nodes += r.nodes;
        t.limitHits += r.hitLimit;
        if (r.win) {
          ++t.wins;
          t.attackerMoves += r.attackerMoves();
          t.zoneCells += popcount(r.zone);
        }
      }
    t.seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  }
  return t;
}

}  // namespace

int benchThreats() {
  constexpr int kRuns = 7, kPasses = 3;
  ThreatLimits unlimited;
  ThreatLimits depth4;
  depth4.maxDepth = 4;
  ThreatLimits shortest;
  shortest.shortest = true;
  ThreatLimits nodes1k;
  nodes1k.maxNodes = 1000;
  const Method methods[] = {
      {"dfs, table 2^16", std::size_t{1} << 16, unlimited},
      {"dfs, table 2^20", std::size_t{1} << 20, unlimited},
      {"dfs, table 1 entry", 1, unlimited},
      {"dfs, table 2^16, depth <= 4", std::size_t{1} << 16, depth4},
      {"iterative deepening, table 2^16", std::size_t{1} << 16, shortest},
      {"dfs, table 2^16, nodes <= 1000", std::size_t{1} << 16, nodes1k},
  };
  for (bool sensible : {false, true}) {
    const std::vector<Position> suite = threatSuite(5000, sensible);
    std::printf(
        "== threats: %zu %s positions (plies 8..30) x 2 attackers, median of %d runs of %d passes "
        "==\n",
        suite.size(), sensible ? "win-or-block game" : "random game", kRuns, kPasses);
    std::printf("%-32s %11s %11s %7s %6s %9s %6s\n", "method", "searches/s", "nodes/s", "wins",
                "limit", "avg moves", "zone");
    for (const Method& m : methods) {
      std::vector<Tally> runs;
      for (int i = 0; i < kRuns; ++i) runs.push_back(runSuite(suite, m, kPasses));
      std::sort(runs.begin(), runs.end(),
                [](const Tally& a, const Tally& b) { return a.seconds < b.seconds; });
      const Tally& t = runs[kRuns / 2];
      std::printf("%-32s %11.0f %11.0f %6.1f%% %6d %9.2f %6.1f\n", m.name, t.searches / t.seconds,
                  static_cast<double>(t.nodes) / t.seconds, 100.0 * t.wins / t.searches,
                  t.limitHits / kPasses,
                  t.wins ? static_cast<double>(t.attackerMoves) / t.wins : 0.0,
                  t.wins ? static_cast<double>(t.zoneCells) / t.wins : 0.0);
    }
  }
  return 0;
}

}  // namespace qubic::bench
