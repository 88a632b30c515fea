// Parallel child evaluation: helper threads for one proof search. When a node's children are first
// evaluated (a threat search each, most of a solve's time), the ones the table does not hold form a
// batch that the search's thread and the helpers work through together, each taking the
// next child nobody has taken; the search then uses the answers in its own order, as if
// it had evaluated them itself, and drops those it turns out not to need. All threat
// searches share the search's table of failures, so none repeats another's work.
//
// The search's thread never waits long for a helper: a batch closes without waiting for
// the helpers to leave it (batches alternate between two buffers, and a buffer a helper is
// still in is not reused: that node's children are evaluated by the search alone), and a
// child a helper has taken but not finished after a while is evaluated by the search
// itself (a helper the system has paused would otherwise stall the search).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "engine/threats/threat_search.hpp"
#include "node_evaluation.hpp"

namespace qubic {

class ParallelEvaluation {
 public:
  // `threads` helper threads (at least 1), their threat searches sharing `searchThreats`'s table.
  ParallelEvaluation(int threads, const PnsOptions& options, ThreatSearch& searchThreats);
  ~ParallelEvaluation();
  ParallelEvaluation(const ParallelEvaluation&) = delete;
  ParallelEvaluation& operator=(const ParallelEvaluation&) = delete;

  // The helper threads running: fewer than asked when the system would not start more.
  int helpers() const { return static_cast<int>(threads_.size()); }

  // Opens a batch of the children of `parent` after each of `moves`, for the question
  // "does `attacker` win?" (no batch may be open). False, and no batch, when the buffer
  // it needs still has a helper in it: the caller then evaluates alone.
  bool startBatch(const Position& parent, const std::uint8_t* moves, int count, Side attacker,
                  bool parentNoThreatWin);
  // The evaluation of item k of the open batch; the caller evaluates the items nobody has
  // taken yet meanwhile, with its own threat search.
  const NodeEvaluation& result(int k, ThreatSearch& callerThreats);
  // Closes the batch: no item is started any more, and the items helpers are still on are
  // dropped. Returns the threat-search nodes of the items whose answers were given.
  std::uint64_t endBatch();
  // Returns once no helper is in a batch any more (one may still be finishing a dropped
  // item after endBatch): before the shared threat table is cleared.
  void waitForHelpers() const;

 private:
  enum ItemState : std::uint8_t { kFree, kTaken, kReady };
  struct Batch {
    Position parent;
    std::array<std::uint8_t, kCells> moves{};
    int count = 0;
    Side attacker = Side::X;
    bool parentNoThreatWin = false;
    std::array<NodeEvaluation, kCells> results;
    std::array<std::uint64_t, kCells> nodes{};
    std::array<std::atomic<std::uint8_t>, kCells> state{};
    std::atomic<int> next{0};          // the next item nobody has taken
    std::atomic<bool> closing{false};  // closed: an item still being evaluated is dropped
    std::atomic<int> inside{0};        // helpers working in this buffer
  };

  void run(ThreatSearch& threats);
  // Item k's child evaluated, its threat nodes added to `nodes`.
  NodeEvaluation evaluateChild(const Batch& batch, int k, ThreatSearch& threats,
                               std::uint64_t& nodes, const std::atomic<bool>* stop) const;
  // Item k evaluated into the batch, marked taken and then ready.
  void evaluateItem(Batch& batch, int k, ThreatSearch& threats, const std::atomic<bool>* stop);
  Batch& current() { return batches_[(batch_.load(std::memory_order_relaxed) >> 1) & 1]; }

  PnsOptions options_;
  std::array<Batch, 2> batches_;
  std::atomic<std::uint64_t> batch_{0};  // odd: batch number batch_ / 2 is open
  std::atomic<bool> quit_{false};
  NodeEvaluation own_;          // an item the caller took over from a helper
  std::uint64_t ownNodes_ = 0;  // the threat-search nodes of such items
  std::vector<std::unique_ptr<ThreatSearch>> threats_;
  std::vector<std::thread> threads_;
};

}  // namespace qubic
