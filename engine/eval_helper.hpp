// Helper threads for one proof search. When a node's children are first evaluated (a
// threat search each, most of a solve's time), the ones the table does not hold form a
// batch that the search's thread and the helpers work through together, each taking the
// next child nobody has taken; the search then uses the answers in its own order, as if
// it had evaluated them itself, and drops those it turns out not to need. All threat
// searches share the search's table of failures, so none repeats another's work.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <thread>
#include <vector>

#include "pns.hpp"
#include "threat_search.hpp"

namespace qubic {

class EvaluationHelpers {
 public:
  // `threads` helper threads (at least 1), their threat searches sharing `searchThreats`'s table.
  EvaluationHelpers(int threads, const PnsOptions& options, ThreatSearch& searchThreats);
  ~EvaluationHelpers();
  EvaluationHelpers(const EvaluationHelpers&) = delete;
  EvaluationHelpers& operator=(const EvaluationHelpers&) = delete;

  // The children of `parent` after each of `moves`, for the question "does `attacker`
  // win?" (no batch may be open).
  void startBatch(const Position& parent, const std::uint8_t* moves, int count, Side attacker,
                  bool parentNoThreatWin);
  // The evaluation of item k of the open batch; while a helper is still on it, the caller
  // evaluates items nobody has taken yet, with its own threat search.
  const NodeEvaluation& result(int k, ThreatSearch& callerThreats);
  // Closes the batch: no item is started any more; waits until every helper has left it.
  // Returns the threat-search nodes the batch cost.
  std::uint64_t endBatch();

 private:
  void run(ThreatSearch& threats);
  void evaluateItem(int k, ThreatSearch& threats, const std::atomic<bool>* stop);

  PnsOptions options_;
  // The open batch, written by the search's thread before batch_ is raised (release).
  Position parent_;
  std::array<std::uint8_t, kCells> moves_{};
  int count_ = 0;
  Side attacker_ = Side::X;
  bool parentNoThreatWin_ = false;
  std::array<NodeEvaluation, kCells> results_;
  std::array<std::uint64_t, kCells> nodes_{};
  std::array<std::atomic<bool>, kCells> ready_{};
  std::atomic<int> next_{0};             // the next item nobody has taken
  std::atomic<std::uint64_t> batch_{0};  // odd: a batch is open
  std::atomic<int> left_{0};             // helpers that have left the open batch
  std::atomic<bool> closing_{false};     // the batch is closing: a helper's item is dropped
  std::atomic<bool> quit_{false};
  std::vector<std::unique_ptr<ThreatSearch>> threats_;
  std::vector<std::thread> threads_;
};

}  // namespace qubic
