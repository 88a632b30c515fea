// The solve: proves who wins a position with the proof-number search, on one thread or
// several. qubic-solve, qubic-bench, `make book` and the game's analysis all solve
// through it.
//
// A long solve runs in slices of a fixed number of evaluated positions, each a fresh
// `prove` from the root, the table keeping everything between slices: slices give progress
// lines, and slicing by positions (not time or threat-search nodes) keeps a one-thread
// search, and so its proof and book, the same on every run. Several threads either share
// out one search's evaluations (Parallelism::Evaluation: nearly the course of one thread) or
// each run their own slices over the shared table (SharedTable: which thread proves what
// depends on timing, so the proof found may differ from run to run; it is still verified).
//
// Most positions worth asking about are proved in milliseconds, so a solve first runs a
// few thousand positions on one thread with small tables; only when that does not settle
// it does the full table come into play. A small question then costs a small process.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <vector>

#include "engine/threats/threat_search.hpp"
#include "parallel_eval.hpp"
#include "pns.hpp"
#include "tt.hpp"
#include "virtual_loss.hpp"

namespace qubic {

constexpr std::uint64_t kSlicePositions = 300'000;  // a fraction of a second each
// The proof table's default size, as the engine's Hash: the empty board's solve takes about
// as many positions at 64 MB as at three times that (at other sizes the count moves by up
// to a quarter either way) in a little more time, and the process needs less than half the
// memory (docs/history/solver-2026-11-26.md). Memory is taken only as the search fills it.
constexpr std::size_t kDefaultSolveTableMb = 64;
constexpr int kMaxSolveThreads = 256;
// The quick first try: its table, threat table and budget of evaluated positions.
constexpr std::size_t kQuickTableMb = 2;
constexpr std::size_t kQuickThreatEntries = std::size_t{1} << 15;
constexpr std::uint64_t kQuickPositions = 10'000;

struct SolveLimits {
  double seconds = 0;              // 0: no time limit
  std::uint64_t maxNodes = 0;      // 0: no node limit (with threads, checked between slices)
  std::uint64_t maxPositions = 0;  // 0: no limit; a budget one thread keeps the same on every run
  const std::atomic<bool>* stop = nullptr;  // set by another thread to end the solve early
  Bitboard excludedRootMoves = 0;           // see SearchLimits
};

// How several threads share a solve (docs/history/experiments-2026-11.md compares them).
enum class Parallelism : std::uint8_t {
  // One search; the threat searches of each batch of new children are shared out among
  // the threads (engine/proof/parallel_eval). The search takes the course it takes on one thread,
  // but for a threat search cut short by its node limit (what the shared table holds).
  Evaluation,
  // A search per thread over one table, steered apart by busy marks and virtual numbers;
  // the course, and the time, vary from run to run.
  SharedTable,
};

struct SolverOptions {
  int threads = 1;  // 1..kMaxSolveThreads
  std::size_t tableMb = kDefaultSolveTableMb;
  std::size_t threatEntries = std::size_t{1} << 21;  // per thread (16 MB)
  bool quickFirst = true;  // try kQuickPositions on small tables first (see above)
  Parallelism parallelism = Parallelism::Evaluation;
  // Also a search per thread that proves a position of its own over the full table (what
  // MultiPV's passes use to prove several moves at once); table mode's searches are such.
  bool searchesApart = false;
  PnsOptions pns{};
};

class Solver {
 public:
  using Progress = std::function<void(const PnsResult& soFar)>;

  // Reserves the tables (throws std::bad_alloc when the system refuses them); memory is
  // taken as the search uses it.
  explicit Solver(const SolverOptions& options);
  ~Solver();
  Solver(const Solver&) = delete;
  Solver& operator=(const Solver&) = delete;

  // Does `attacker` win from `start`? The answer with the totals of the whole run (nodes,
  // positions, seconds). `onProgress` is called from the calling thread after every slice
  // (one thread) or every 100 ms (several). The table keeps what was learned.
  PnsResult prove(const Position& start, Side attacker, const SolveLimits& limits,
                  const Progress& onProgress = {});
  // Forgets everything learned (the tables stay reserved); the full table is cleared only
  // when a solve has used it since, so clearing after a quick answer costs little.
  void clear();

  // The search and threat search (the first thread's) that settled the last solve, for
  // writing its proof.
  ProofSearch& search() { return *active_->searches.front(); }
  const ProofSearch& search() const { return *active_->searches.front(); }
  ThreatSearch& threats() { return *active_->threats.front(); }
  // The searches over the full table that may run at once, each on a position of its own
  // (one per thread; the first search alone on one thread or without searchesApart).
  const std::vector<ProofSearch*>& searchesApart() const { return full_.apart; }
  const TranspositionTable& table() const { return active_->table; }
  // The threads it solves on: fewer than asked when the system would not start more
  // helpers (table mode starts its threads per solve, and falls back to one alone).
  int threads() const { return full_.helpers ? 1 + full_.helpers->helpers() : threads_; }
  int threadsAsked() const { return threads_; }
  // The memory of every table it holds (proof tables and threat tables).
  std::size_t bytes() const;

 private:
  // A table with the searches that share it, one per thread.
  struct Workspace {
    Workspace(std::size_t tableMb, std::size_t threatEntries, int threads, const PnsOptions& pns,
              Parallelism parallelism = Parallelism::SharedTable, bool searchesApart = false);
    TranspositionTable table;
    VirtualLoss marks;
    // Before the helpers, so that they go first: a helper may still be reading the shared
    // threat table (a dropped item) when the last batch has closed.
    std::vector<std::unique_ptr<ThreatSearch>> threats;
    std::unique_ptr<ParallelEvaluation> helpers;
    std::vector<std::unique_ptr<ProofSearch>> searches;
    // Evaluation mode's searches apart, each with a threat search over the shared failures.
    std::vector<std::unique_ptr<ThreatSearch>> apartThreats;
    std::vector<std::unique_ptr<ProofSearch>> apartSearches;
    std::vector<ProofSearch*> apart;  // the searches that may run at once
  };

  PnsResult proveOnOneThread(Workspace& w, const Position& start, Side attacker,
                             const SolveLimits& limits, std::uint64_t maxPositions,
                             const Progress& onProgress);
  PnsResult proveOnThreads(Workspace& w, const Position& start, Side attacker,
                           const SolveLimits& limits, const Progress& onProgress);

  bool quickFirst_;
  int threads_;
  std::unique_ptr<Workspace> quick_;  // null without the quick try
  Workspace full_;
  Workspace* active_ = &full_;
  bool fullUsed_ = true;  // the full table may hold something (clear() resets it)
};

}  // namespace qubic
