// Section "suite": the proof search on many middle-sized questions rather than one big
// one. The empty board's solve is a single, chaotic run (a small change of settings can
// double or halve it), so a change to the search is judged here first: the positions
// after 1a1, each of O's non-equivalent replies, the shipped book's answer and each of
// O's non-equivalent second replies (X to move, not won at once by a threat sequence),
// each solved from an empty table with a cap on evaluated positions.
#include <cmath>
#include <cstdio>
#include <vector>

#include "bench.hpp"
#include "config/book_file.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic::bench {

namespace {

constexpr std::uint64_t kCap = 1'000'000;  // evaluated positions per question

std::vector<Position> depthFourSuite(const Book& book) {
  ThreatSearch threats(std::size_t{1} << 16);
  std::vector<Position> suite;
  const Position first = playMoves(Position{}, "1a1").value();
  for (Bitboard replies = nonEquivalentMoves(first); replies;) {
    Position second = first;
    second.play(popLowest(replies));
    const std::optional<BookMove> answer = book.find(second);
    if (!answer) continue;
    second.play(answer->move);
    for (Bitboard again = nonEquivalentMoves(second); again;) {
      Position p = second;
      p.play(popLowest(again));
      if (!p.isGameOver() && !threats.forcedWin(p, Side::X).win) suite.push_back(p);
    }
  }
  return suite;
}

void runSuite(const char* name, const std::vector<Position>& suite, const PnsOptions& options) {
  TranspositionTable table(64);
  ThreatSearch threats(std::size_t{1} << 20);
  double seconds = 0, logPositions = 0;
  std::uint64_t nodes = 0, positions = 0;
  int solved = 0;
  SearchLimits limits;
  limits.maxPositions = kCap;
  for (const Position& p : suite) {
    const PnsResult r = proveFromEmptyTables(table, threats, p, options, limits);
    seconds += r.seconds;
    nodes += r.nodes;
    positions += r.positions;
    logPositions += std::log(static_cast<double>(std::max<std::uint64_t>(r.positions, 1)));
    solved += r.answer == Answer::Proven;
  }
  std::printf("%-30s %3d/%zu solved %12llu positions (geometric mean %7.0f) %13llu nodes %8.2f s\n",
              name, solved, suite.size(), static_cast<unsigned long long>(positions),
              std::exp(logPositions / suite.size()), static_cast<unsigned long long>(nodes),
              seconds);
}

}  // namespace

int benchSuite() {
  const Parsed<std::shared_ptr<const Book>> book = loadBookFile("");
  if (!book) {
    std::fprintf(stderr, "qubic-bench suite: %s\n", book.error().c_str());
    return 1;
  }
  const std::vector<Position> suite = depthFourSuite(*book.value());
  std::printf(
      "suite: %zu positions after 1a1, a reply, the book's move and a reply (X to move); at most "
      "%llu "
      "positions each, 64 MB table\n",
      suite.size(), static_cast<unsigned long long>(kCap));
  runSuite("defaults", suite, PnsOptions{});
  PnsOptions noCost;
  noCost.forcedReplyCost = 0;
  runSuite("a single reply costs nothing", suite, noCost);
  return 0;
}

}  // namespace qubic::bench
