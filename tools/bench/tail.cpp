// The opening table's tail (issue 72): the four-stone positions the table's first pass
// (2 000 000 positions a job) left undecided are the hardest of the opening. A fixed sample
// of them (data/table-tail-sample.txt), each decided as `qubic-solve table job` decides it
// (engine/book/table_decision: the side to move's win within N positions, the other's N/2),
// without writing its proofs: how many the budget decides and at what core time, so that a
// change to the solver is measured in positions decided per core-hour. Not in `all`: it
// takes minutes.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <string>
#include <vector>

#include "bench.hpp"
#include "config/data_dirs.hpp"
#include "config/table_file.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"

namespace qubic::bench {

namespace {

constexpr std::uint64_t kTailPositions = 10'000'000;

int tailCourse = 0;

}  // namespace

void setTailCourse(int course) { tailCourse = course; }

namespace {

Parsed<std::vector<Position>> readSample(const std::string& path) {
  using Result = Parsed<std::vector<Position>>;
  std::ifstream in(path);
  if (path.empty() || !in) return Result::failure("table-tail-sample.txt not found (share/qubic)");
  std::vector<Position> sample;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#') {
      const Parsed<Position> p = parsePosition(line);
      if (!p) return Result::failure(path + ": " + p.error());
      sample.push_back(p.value());
    }
  return Result::success(std::move(sample));
}

struct TailAnswer {
  std::string value;  // "X wins", "O wins", "draw" or "unknown"
  std::uint64_t positions = 0;
  double seconds = 0;
};

// One position decided as a job of the course decides it (`table`: the shipped one, for the
// courses that search the likelier winner's win first; may be null).
TailAnswer decideTail(const Position& pos, const OpeningTable* table) {
  SolverOptions options = tableSolverOptions(tailCourse);
  if (courseBoundsOtherSide(tailCourse)) boundOtherSide(options, pos);
  Solver solver(options);
  TableSearches searches;
  searches.otherFirst = table && otherSideLikelier(*table, pos);
  shapeForCourse(searches, tailCourse, kTailPositions);  // as a job does
  const auto began = std::chrono::steady_clock::now();
  const TableDecision decision = decideForTable(solver, pos, kTailPositions, nullptr, searches);
  const BothSides<PnsResult>& answers = decision.answers;
  return {answers.winner ? sideName(*answers.winner) + " wins"
          : answers.draw ? std::string("draw")
                         : std::string("unknown"),
          decision.positions,
          std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count()};
}

}  // namespace

int benchTail() {
  const Parsed<std::vector<Position>> sample = readSample(findDataFile("table-tail-sample.txt"));
  if (!sample) {
    std::fprintf(stderr, "qubic-bench tail: %s\n", sample.error().c_str());
    return 1;
  }
  // A course that splits or bounds the other side's win searches it first where a job
  // would: where the shipped table's like positions say that side is the likelier winner.
  std::shared_ptr<const OpeningTable> table;
  if (courseSplitsOtherSide(tailCourse) || courseBoundsOtherSide(tailCourse)) {
    const auto loaded = loadTableFile("");
    if (!loaded) {
      std::fprintf(stderr, "qubic-bench tail: course %d: %s\n", tailCourse, loaded.error().c_str());
      return 1;
    }
    table = loaded.value();
  }
  std::printf(
      "table tail: %zu positions the first pass left undecided, %llu positions each "
      "(the other side's win half of it), one thread, course %d:\n",
      sample.value().size(), static_cast<unsigned long long>(kTailPositions), tailCourse);
  int decided = 0;
  double total = 0;
  for (const Position& pos : sample.value()) {
    const TailAnswer answer = decideTail(pos, table.get());
    total += answer.seconds;
    decided += answer.value != "unknown";
    // A win a narrowed search found without its proof is a claim the rules have not checked.
    const char* mark =
        answer.value.ends_with("wins") && courseClaimsUnchecked(tailCourse) ? "*" : "";
    std::printf("  %s  %-8s %11llu positions %8.1f s\n", positionString(pos).c_str(),
                (answer.value + mark).c_str(), static_cast<unsigned long long>(answer.positions),
                answer.seconds);
  }
  if (courseClaimsUnchecked(tailCourse))
    std::printf("  * the search's claim, not checked: qubic-solve table job writes the proof\n");
  std::printf("decided %d of %zu in %.1f s: %.1f positions decided per core-hour\n", decided,
              sample.value().size(), total, total > 0 ? 3600.0 * decided / total : 0.0);
  return 0;
}

}  // namespace qubic::bench
