#include "table_results.hpp"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <sstream>

#include "cli.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/solver.hpp"

namespace qubic {

namespace fs = std::filesystem;

std::string jobName(const Position& canonicalPos) {
  char name[32];
  std::snprintf(name, sizeof name, "%ds-%06x", canonicalPos.moveCount(),
                tableKey(canonical(canonicalPos)));
  return name;
}

Parsed<JobResult> readResult(const fs::path& path) {
  const Parsed<std::string> text = readRegularFile(path.string(), 1 << 16);
  if (!text) return Parsed<JobResult>::failure(text.error());
  if (text.value().rfind(kTableResult.signature, 0) != 0)
    return Parsed<JobResult>::failure("not a job's result");
  JobResult r;
  r.name = path.stem().string();
  std::istringstream in(text.value());
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "position") r.position = value;
    if (key == "value") r.value = value;
    if (key == "checked") r.checked = value;
    if (key == "plies") r.plies = std::atoi(value.c_str());
    if (key == "budget") r.budget = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "other-budget") r.otherBudget = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "known-wins") r.knownWins = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "course") r.course = std::atoi(value.c_str());
    if (key == "hash") r.tableMb = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "positions") r.positions = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "seconds") r.seconds = std::atof(value.c_str());
  }
  if (r.otherBudget == 0) r.otherBudget = r.budget / 10;
  if (r.tableMb == 0) r.tableMb = kDefaultSolveTableMb;
  if (r.course < 0 || r.course >= kTableCourses)
    return Parsed<JobResult>::failure("course " + std::to_string(r.course) + " is not one of 0-" +
                                      std::to_string(kTableCourses - 1));
  return Parsed<JobResult>::success(r);
}

void writeResult(const fs::path& path, const JobResult& r) {
  std::ostringstream out;
  out << kTableResult.signature << "1\nposition: " << r.position << "\nvalue: " << r.value
      << "\nplies: " << r.plies << "\nchecked: " << r.checked << "\nbudget: " << r.budget
      << "\nother-budget: " << r.otherBudget << "\nknown-wins: " << r.knownWins
      << "\ncourse: " << r.course << "\nhash: " << r.tableMb << "\npositions: " << r.positions
      << "\nseconds: " << r.seconds << "\n";
  if (const std::string e = writeOutputFile(path.string(), out.str(), kTableResult); !e.empty())
    failWith(e);
}

std::vector<std::pair<fs::path, Position>> proofFiles(const fs::path& dir, const std::string& name,
                                                      const Position& pos, Side winner) {
  if (winner == pos.sideToMove()) return {{dir / (name + ".qpf"), pos}};
  std::vector<std::pair<fs::path, Position>> files;
  for (Bitboard m = nonEquivalentMoves(pos); m; m &= m - 1) {
    Position child = pos;
    child.play(lowestCell(m));
    files.push_back({dir / (name + "-" + moveToken(lowestCell(m)) + ".qpf"), child});
  }
  return files;
}

std::vector<JobResult> resultsIn(const fs::path& dir, std::size_t& damaged) {
  std::vector<JobResult> results;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".result") continue;
    if (const auto r = readResult(e.path())) {
      results.push_back(r.value());
    } else {
      std::fprintf(stderr, "qubic-solve: %s: refused: %s\n", e.path().c_str(), r.error().c_str());
      ++damaged;
    }
  }
  if (ec) failWith("cannot read " + dir.string() + ": " + ec.message());
  std::sort(results.begin(), results.end(),
            [](const JobResult& a, const JobResult& b) { return a.name < b.name; });
  return results;
}

}  // namespace qubic
