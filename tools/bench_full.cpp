// The second part of section "solve": the solve of the empty board as qubic-solve runs it
// (one thread, slices of evaluated positions), with the default table and then with
// smaller ones. Minutes.
#include <sys/resource.h>

#include <cstdio>

#include "bench.hpp"
#include "engine/pns.hpp"
#include "engine/threat_search.hpp"
#include "sliced_proof.hpp"

namespace qubic::bench {

namespace {

constexpr double kCapSeconds = 300;  // per table size: small tables may take far longer

PnsResult solveEmptyBoard(std::size_t tableMb) {
  TranspositionTable table(tableMb);
  ThreatSearch threats(std::size_t{1} << 21);  // as qubic-solve
  ProofSearch search(table, threats);
  tools::SliceLimits limits;
  limits.seconds = kCapSeconds;
  return tools::proveInSlices(search, Position{}, Side::X, limits, [](const PnsResult&) {});
}

void printSolve(std::size_t tableMb, const PnsResult& r) {
  const char* value = r.answer == Answer::Proven ? "X wins" : r.answer == Answer::Disproven ? "X does not win" : "unknown";
  std::printf("table %4zu MB   %-14s %8.1f s %13llu nodes %6.2f M nodes/s\n", tableMb, value, r.seconds,
              static_cast<unsigned long long>(r.nodes), r.nodes / r.seconds / 1e6);
}

long peakRssMb() {
  rusage usage{};
  getrusage(RUSAGE_SELF, &usage);
  return usage.ru_maxrss / 1024;  // Linux reports kilobytes
}

}  // namespace

int benchFull() {
  std::printf("full: the empty board, X to move, as qubic-solve solves it (%.0f s limit each)\n", kCapSeconds);
  const std::size_t defaultMb = tools::kDefaultTableMb;
  printSolve(defaultMb, solveEmptyBoard(defaultMb));
  std::printf("peak RSS after the default table: %ld MB\n", peakRssMb());
  for (const std::size_t mb : {384, 320, 256, 192}) printSolve(mb, solveEmptyBoard(mb));
  return 0;
}

}  // namespace qubic::bench
