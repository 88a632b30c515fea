#include "parallel_eval.hpp"

#include "engine/core/portable.hpp"
#include "engine/core/thread_start.hpp"

namespace qubic {

namespace {

// An item takes microseconds, so the threads spin for each other; a helper without a
// batch for this many checks sleeps until the next one instead.
constexpr int kSpinsBeforeSleep = 1 << 14;
// The search waits this many checks (some tens of microseconds, many items' worth) for
// an item a helper has taken before it evaluates the item itself.
constexpr int kSpinsBeforeTakeOver = 1 << 10;
constexpr int kClosed = 1 << 20;  // next past every item: nothing more is started

inline void pause() { spinPause(); }

}  // namespace

ParallelEvaluation::ParallelEvaluation(int threads, const PnsOptions& options,
                                       ThreatSearch& searchThreats)
    : options_(options) {
  for (int i = 0; i < std::max(threads, 1); ++i)
    threats_.push_back(std::make_unique<ThreatSearch>(ThreatSearch::ShareTableOf{searchThreats}));
  // Fewer helpers than asked when the system refuses more: the search evaluates what no
  // helper takes, so any number works (helpers() says how many there are).
  startThreads(threads_, static_cast<int>(threats_.size()), [this](int i) { run(*threats_[i]); });
}

ParallelEvaluation::~ParallelEvaluation() {
  quit_.store(true);
  batch_.fetch_add(2);  // wakes the sleepers without opening a batch
  batch_.notify_all();
  for (std::thread& t : threads_) t.join();
}

bool ParallelEvaluation::startBatch(const Position& parent, const std::uint8_t* moves, int count,
                                    Side attacker, bool parentNoThreatWin) {
  // The buffer of the next batch: the one before last, which a helper may still be in.
  Batch& b = batches_[((batch_.load() + 1) >> 1) & 1];
  if (b.inside.load() != 0) return false;
  b.parent = parent;
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    b.moves[k] = moves[i];
    b.state[k].store(kFree, std::memory_order_relaxed);
    b.nodes[k] = 0;
  }
  b.count = count;
  b.attacker = attacker;
  b.parentNoThreatWin = parentNoThreatWin;
  b.next.store(0, std::memory_order_relaxed);
  b.closing.store(false, std::memory_order_relaxed);
  ownNodes_ = 0;
  batch_.fetch_add(1);  // odd: open (and publishes the buffer)
  batch_.notify_all();
  return true;
}

NodeEvaluation ParallelEvaluation::evaluateChild(const Batch& b, int k, ThreatSearch& threats,
                                                 std::uint64_t& nodes,
                                                 const std::atomic<bool>* stop) const {
  Position child = b.parent;
  child.play(b.moves[static_cast<std::size_t>(k)]);
  return evaluateNode(child, b.attacker, options_, threats, b.parentNoThreatWin, nodes, stop);
}

void ParallelEvaluation::evaluateItem(Batch& b, int k, ThreatSearch& threats,
                                      const std::atomic<bool>* stop) {
  const auto i = static_cast<std::size_t>(k);
  b.state[i].store(kTaken, std::memory_order_relaxed);
  b.results[i] = evaluateChild(b, k, threats, b.nodes[i], stop);
  b.state[i].store(kReady, std::memory_order_release);
}

const NodeEvaluation& ParallelEvaluation::result(int k, ThreatSearch& callerThreats) {
  Batch& b = current();
  const auto i = static_cast<std::size_t>(k);
  for (int spins = 0; b.state[i].load(std::memory_order_acquire) != kReady;) {
    if (const int m = b.next.fetch_add(1, std::memory_order_relaxed); m < b.count) {
      evaluateItem(b, m, callerThreats, nullptr);
    } else if (++spins < kSpinsBeforeTakeOver) {
      pause();
    } else {
      // The helper is slow on it (or paused by the system): the answer is the same
      // whoever computes it, so the search does not wait any longer.
      own_ = evaluateChild(b, k, callerThreats, ownNodes_, nullptr);
      return own_;
    }
  }
  return b.results[i];
}

std::uint64_t ParallelEvaluation::endBatch() {
  Batch& b = current();
  b.next.store(kClosed, std::memory_order_relaxed);
  b.closing.store(true, std::memory_order_relaxed);  // an item a helper is still on is not wanted
  std::uint64_t nodes = ownNodes_;
  for (int i = 0; i < b.count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (b.state[k].load(std::memory_order_acquire) == kReady) nodes += b.nodes[k];
  }
  batch_.fetch_add(1);  // even: closed
  return nodes;
}

void ParallelEvaluation::waitForHelpers() const {
  while (batches_[0].inside.load() != 0 || batches_[1].inside.load() != 0)
    std::this_thread::yield();
}

void ParallelEvaluation::run(ThreatSearch& threats) {
  std::uint64_t seen = 0;  // the last batch this thread took part in
  for (;;) {
    std::uint64_t n;
    int spins = 0;
    while ((n = batch_.load(std::memory_order_acquire)) == seen || (n & 1) == 0) {
      if (quit_.load(std::memory_order_acquire)) return;
      if (++spins < kSpinsBeforeSleep) {
        pause();
      } else {
        batch_.wait(n, std::memory_order_acquire);
        spins = 0;
      }
    }
    seen = n;
    Batch& b = batches_[(n >> 1) & 1];
    b.inside.fetch_add(1);
    // The batch may have closed and its buffer been reopened before this thread got in:
    // it works only in the batch it saw open (startBatch does not reuse a buffer with a
    // helper inside).
    if (batch_.load() == n)
      for (int k; (k = b.next.fetch_add(1, std::memory_order_relaxed)) < b.count;)
        evaluateItem(b, k, threats, &b.closing);
    b.inside.fetch_sub(1);
  }
}

}  // namespace qubic
