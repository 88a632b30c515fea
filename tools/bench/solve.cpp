// Section "solve": the proof-number solver on a fixed suite, with each enhancement
// switched off in turn and with tables of several sizes; then the full solve of the
// empty board with a table sweep (full.cpp).
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic::bench {

namespace {

constexpr auto kPerPosition = std::chrono::milliseconds(10'000);

// The positions after 1a1 4d4 1d1 and each of O's non-equivalent replies, X to move:
// X wins all of them.
std::vector<Position> solveSuite() {
  Position root = playMoves(Position{}, "1a1 4d4 1d1").value();
  std::vector<Position> suite;
  for (Bitboard replies = nonEquivalentMoves(root); replies;) {
    Position p = root;
    p.play(popLowest(replies));
    suite.push_back(p);
  }
  return suite;
}

struct Totals {
  double seconds = 0;
  std::uint64_t nodes = 0;
  int solved = 0;
};

// Each position from an empty table, so positions do not help one another.
Totals run(const std::vector<Position>& suite, const PnsOptions& options, std::size_t hashMb) {
  TranspositionTable table(hashMb);
  ThreatSearch threats(std::size_t{1} << 21);  // as qubic-solve
  Totals t;
  SearchLimits limits;
  limits.maxTime = kPerPosition;
  for (const Position& p : suite) {
    const PnsResult r = proveFromEmptyTables(table, threats, p, options, limits);
    t.seconds += r.seconds;
    t.nodes += r.nodes;
    t.solved += r.answer == Answer::Proven;
  }
  return t;
}

void printTotals(const char* name, const Totals& t, std::size_t positions, const Totals* base) {
  std::printf("%-34s %3d/%zu solved %8.2f s %12llu nodes %6.2f M nodes/s", name, t.solved,
              positions, t.seconds, static_cast<unsigned long long>(t.nodes),
              t.nodes / t.seconds / 1e6);
  if (base) std::printf("  time x%.2f", t.seconds / base->seconds);
  std::printf("\n");
}

}  // namespace

PnsResult proveFromEmptyTables(TranspositionTable& table, ThreatSearch& threats, const Position& p,
                               const PnsOptions& options, const SearchLimits& limits) {
  table.clear();
  threats.clearTable();
  ProofSearch search(table, threats, options);
  return search.prove(p, Side::X, limits);
}

int benchSolve() {
  const std::vector<Position> suite = solveSuite();
  std::printf("solve: %zu positions after 1a1 4d4 1d1 (X to move), %lld s limit each\n",
              suite.size(), static_cast<long long>(kPerPosition.count() / 1000));
  const PnsOptions defaults;
  const Totals base = run(suite, defaults, 256);
  printTotals("all enhancements, 256 MB", base, suite.size(), nullptr);

  struct Variant {
    const char* name;
    void (*change)(PnsOptions&);
  };
  const Variant variants[] = {
      {"no symmetry keys", [](PnsOptions& o) { o.symmetryDepth = -1; }},
      {"plain sums (no weak sums)", [](PnsOptions& o) { o.weakSums = false; }},
      {"no 1+epsilon (epsilon 0)", [](PnsOptions& o) { o.epsilon = 0; }},
      {"every reply counted (divisor 1)", [](PnsOptions& o) { o.repliesPerDefence = 1; }},
      {"forced block counts 1", [](PnsOptions& o) { o.forcedBlockPn = 1; }},
      {"a single reply costs nothing", [](PnsOptions& o) { o.forcedReplyCost = 0; }},
      {"initial numbers 1/1", [](PnsOptions& o) { o.heuristicInit = false; }},
      {"attacker moves in cell order", [](PnsOptions& o) { o.orderMoves = false; }},
      {"every child evaluated at once", [](PnsOptions& o) { o.restrictingChildren = 0; }},
      {"no threat search or zones", [](PnsOptions& o) { o.threatSearch = false; }},
      {"defender threat sequences (courses 10-29)",
       [](PnsOptions& o) { o.defenderThreatNodes = kTableDefenderThreatNodes; }},
  };
  for (const Variant& v : variants) {
    PnsOptions options = defaults;
    v.change(options);
    printTotals(v.name, run(suite, options, 256), suite.size(), &base);
  }
  for (const std::size_t mb : {4, 16, 64}) {
    char name[40];
    std::snprintf(name, sizeof name, "table %zu MB", mb);
    printTotals(name, run(suite, defaults, mb), suite.size(), &base);
  }
  return benchFull();
}

}  // namespace qubic::bench
