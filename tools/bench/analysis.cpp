// Section "analysis": what a GUI's analysis pane shows. For each position of
// data/analysis-positions.txt and data/analysis-positions-6-12.txt (X to move after 6 or
// 8 stones of engine games: levels 8 and 12, levels 6 and 12), the top
// level with the engine's defaults (book, 64 MB) and MultiPV 64 thinks for 1 s; the figure
// is the share of legal moves whose value (win or loss, with its distance) is proven, by the
// number of stones: with one thread, with the same player over the same positions again
// (what it proved kept), and with two threads. Values are claimed as the engine claims them
// (checked against the rules in tests/engine/play/test_distance.cpp).
#include <chrono>
#include <cstdio>
#include <fstream>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "bench.hpp"
#include "config/book_file.hpp"
#include "config/data_dirs.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/player.hpp"

namespace qubic::bench {

namespace {

constexpr const char* kPositionFiles[] = {"analysis-positions.txt", "analysis-positions-6-12.txt"};
constexpr std::chrono::milliseconds kMoveTime{1000};

struct Tally {
  int positions = 0, moves = 0, proven = 0, fewest = 100;
  double seconds = 0;
};

// Each position looked at once, MultiPV 64 for kMoveTime: the proven share by stones.
std::map<int, Tally> look(Player& player, const std::vector<Position>& positions) {
  MoveLimits limits;
  limits.moveTime = kMoveTime;
  limits.multiPv = kCells;
  std::map<int, Tally> byStones;
  for (const Position& pos : positions) {
    player.newGame();
    const MoveChoice c = player.choose(pos, limits);
    Tally& t = byStones[kCells - popcount(pos.emptyCells())];
    const int legal = popcount(pos.emptyCells());
    int proven = 0;
    for (const MoveChoice& m : c.ranked) proven += m.verdict != Verdict::Unknown;
    ++t.positions;
    t.moves += legal;
    t.proven += proven;
    t.fewest = std::min(t.fewest, 100 * proven / legal);
    t.seconds += c.seconds;
  }
  return byStones;
}

void printTallies(const char* title, const std::map<int, Tally>& byStones) {
  std::printf("%s:\n%-8s %9s %14s %16s %12s\n", title, "stones", "positions", "moves proven",
              "fewest in one", "mean time");
  for (const auto& [stones, t] : byStones)
    std::printf("%-8d %9d %8d/%-5d %3.0f %% %12d %% %10.2f s\n", stones, t.positions, t.proven,
                t.moves, 100.0 * t.proven / t.moves, t.fewest, t.seconds / t.positions);
}

// The positions of one of kPositionFiles, or an error on stderr and nothing.
std::optional<std::vector<Position>> readPositions(const char* file) {
  const std::string path = findDataFile(file);
  std::ifstream in(path);
  if (path.empty() || !in) {
    std::fprintf(stderr, "qubic-bench analysis: %s not found (the build tree's share/qubic)\n",
                 file);
    return std::nullopt;
  }
  std::vector<Position> positions;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    const Parsed<Position> pos = parsePosition(line);
    if (!pos) {
      std::fprintf(stderr, "qubic-bench analysis: %s: %s\n", path.c_str(), pos.error().c_str());
      return std::nullopt;
    }
    positions.push_back(pos.value());
  }
  return positions;
}

}  // namespace

int benchAnalysis() {
  const Parsed<std::shared_ptr<const Book>> book = loadBookFile("");
  if (!book) {
    std::fprintf(stderr, "qubic-bench analysis: %s\n", book.error().c_str());
    return 1;
  }
  for (const char* file : kPositionFiles) {
    const std::optional<std::vector<Position>> positions = readPositions(file);
    if (!positions) return 1;
    std::printf("analysis of %s: MultiPV %d, %lld ms a position, top level, 64 MB\n", file, kCells,
                static_cast<long long>(kMoveTime.count()));
    // One thread, then the same player again over the same positions (what it proved is
    // kept: engine/play/proven_store), then two threads from nothing.
    Player one(PlayerOptions{});
    one.setBook(book.value());
    printTallies("one thread", look(one, *positions));
    printTallies("one thread, the same positions again", look(one, *positions));
    PlayerOptions two;
    two.threads = 2;
    Player pair(two);
    pair.setBook(book.value());
    printTallies("two threads", look(pair, *positions));
  }
  return 0;
}

}  // namespace qubic::bench
