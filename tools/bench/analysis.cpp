// Section "analysis": what a GUI's analysis pane shows. For each position of
// data/analysis-positions.txt (X to move after 6 or 8 stones of engine games), the top
// level with the engine's defaults (book, 64 MB, one thread) and MultiPV 64 thinks for 1 s;
// the figure is the share of legal moves whose value (win or loss, with its distance) is
// proven, by the number of stones. Values are claimed as the engine claims them (checked
// against the rules in tests/engine/play/test_distance.cpp).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <string>

#include "bench.hpp"
#include "config/book_file.hpp"
#include "config/data_dirs.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/player.hpp"

namespace qubic::bench {

namespace {

constexpr const char* kPositionsFile = "analysis-positions.txt";
constexpr std::chrono::milliseconds kMoveTime{1000};

struct Tally {
  int positions = 0, moves = 0, proven = 0, fewest = 100;
  double seconds = 0;
};

}  // namespace

int benchAnalysis() {
  const std::string path = findDataFile(kPositionsFile);
  std::ifstream in(path);
  if (path.empty() || !in) {
    std::fprintf(stderr, "qubic-bench analysis: %s not found (the build tree's share/qubic)\n",
                 kPositionsFile);
    return 1;
  }
  const Parsed<std::shared_ptr<const Book>> book = loadBookFile("");
  if (!book) {
    std::fprintf(stderr, "qubic-bench analysis: %s\n", book.error().c_str());
    return 1;
  }
  Player player(PlayerOptions{});
  player.setBook(book.value());
  MoveLimits limits;
  limits.moveTime = kMoveTime;
  limits.multiPv = kCells;
  std::map<int, Tally> byStones;
  std::printf("analysis: MultiPV %d, %lld ms a position, top level, 64 MB, one thread\n",
              limits.multiPv, static_cast<long long>(kMoveTime.count()));
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const Parsed<Position> pos = parsePosition(line);
    if (!pos) {
      std::fprintf(stderr, "qubic-bench analysis: %s: %s\n", path.c_str(), pos.error().c_str());
      return 1;
    }
    player.newGame();
    const MoveChoice c = player.choose(pos.value(), limits);
    Tally& t = byStones[kCells - popcount(pos.value().emptyCells())];
    const int legal = popcount(pos.value().emptyCells());
    int proven = 0;
    for (const MoveChoice& m : c.ranked) proven += m.verdict != Verdict::Unknown;
    ++t.positions;
    t.moves += legal;
    t.proven += proven;
    t.fewest = std::min(t.fewest, 100 * proven / legal);
    t.seconds += c.seconds;
  }
  std::printf("%-8s %9s %14s %16s %12s\n", "stones", "positions", "moves proven", "fewest in one",
              "mean time");
  for (const auto& [stones, t] : byStones)
    std::printf("%-8d %9d %8d/%-5d %3.0f %% %12d %% %10.2f s\n", stones, t.positions, t.proven,
                t.moves, 100.0 * t.proven / t.moves, t.fewest, t.seconds / t.positions);
  return 0;
}

}  // namespace qubic::bench
