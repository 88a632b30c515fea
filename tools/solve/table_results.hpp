// The opening table's job results (docs/table-runs.md): a job's name, its result file (written
// beside and renamed, read back refusing what is not one), and the proof files of a win.
// Shared by table job, which writes them, and table join and status, which read them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <utility>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/proof/known_wins.hpp"

namespace qubic {

// A result file's fields ("key: value" lines after the signature line).
struct JobResult {
  std::string name, position, value, checked;
  int plies = 0;
  std::uint64_t budget = 0, positions = 0;
  // The other side's budget; a result written before it was a field (2026-11-29) gave
  // that side a tenth of `budget`.
  std::uint64_t otherBudget = 0;
  // The entries of the known-wins file its search had: 0 without one (and on a result
  // written before the field, 2026-11-29, with one or not).
  std::uint64_t knownWins = 0;
  // The course its search took (tableSolverOptions): 0 on a result written before the
  // field (2026-12-02).
  int course = 0;
  // The megabytes of its proof table (table job --hash): the default's on a result
  // written before the field (2026-12-06).
  std::size_t tableMb = 0;
  double seconds = 0;
};

// A job's name: its stones and its table key, e.g. "4s-0a1b2c".
std::string jobName(const Position& canonicalPos);
// A result file read, or why it is not one (a FIFO, a directory, garbage: not a hang).
Parsed<JobResult> readResult(const std::filesystem::path& path);
inline bool decided(const JobResult& r) { return r.value != "unknown"; }
// The results in `dir`, by name; each file of a result's name that is not one is named on
// standard error and counted in `damaged`.
std::vector<JobResult> resultsIn(const std::filesystem::path& dir, std::size_t& damaged);
// A job's result, written beside and renamed: a job killed midway leaves none.
void writeResult(const std::filesystem::path& path, const JobResult& r);
// The proof files of a result: one, NAME.qpf, when the winner is to move; else one per
// class of the mover's replies, NAME-<reply>.qpf. Each proves `winner` wins the position
// it starts from.
std::vector<std::pair<std::filesystem::path, Position>> proofFiles(const std::filesystem::path& dir,
                                                                   const std::string& name,
                                                                   const Position& pos,
                                                                   Side winner);

// A known-wins file (table known; engine/proof/known_wins) read, or why it is not one.
constexpr std::size_t kMaxKnownWinsBytes = std::size_t{1} << 30;  // some 60 M positions
Parsed<KnownWins> readKnownWins(const std::string& path);

}  // namespace qubic
