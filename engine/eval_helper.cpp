#include "eval_helper.hpp"

namespace qubic {

namespace {

// An item takes microseconds, so the threads spin for each other; a helper without a
// batch for this many checks sleeps until the next one instead.
constexpr int kSpinsBeforeSleep = 1 << 14;
constexpr int kClosed = 1 << 20;  // next_ past every item: nothing more is started

inline void pause() { __builtin_ia32_pause(); }

}  // namespace

EvaluationHelpers::EvaluationHelpers(int threads, const PnsOptions& options,
                                     ThreatSearch& searchThreats)
    : options_(options) {
  for (int i = 0; i < std::max(threads, 1); ++i)
    threats_.push_back(std::make_unique<ThreatSearch>(ThreatSearch::ShareTableOf{searchThreats}));
  for (const auto& t : threats_) threads_.emplace_back([this, &t] { run(*t); });
}

EvaluationHelpers::~EvaluationHelpers() {
  quit_.store(true, std::memory_order_release);
  batch_.fetch_add(2, std::memory_order_release);  // wakes the sleepers without opening a batch
  batch_.notify_all();
  for (std::thread& t : threads_) t.join();
}

void EvaluationHelpers::startBatch(const Position& parent, const std::uint8_t* moves, int count,
                                   Side attacker, bool parentNoThreatWin) {
  parent_ = parent;
  for (int i = 0; i < count; ++i) {
    const auto k = static_cast<std::size_t>(i);
    moves_[k] = moves[i];
    ready_[k].store(false, std::memory_order_relaxed);
    nodes_[k] = 0;
  }
  count_ = count;
  attacker_ = attacker;
  parentNoThreatWin_ = parentNoThreatWin;
  next_.store(0, std::memory_order_relaxed);
  left_.store(0, std::memory_order_relaxed);
  closing_.store(false, std::memory_order_relaxed);
  batch_.fetch_add(1, std::memory_order_release);  // odd: open
  batch_.notify_all();
}

void EvaluationHelpers::evaluateItem(int k, ThreatSearch& threats, const std::atomic<bool>* stop) {
  const auto i = static_cast<std::size_t>(k);
  Position child = parent_;
  child.play(moves_[i]);
  results_[i] =
      evaluateNode(child, attacker_, options_, threats, parentNoThreatWin_, nodes_[i], stop);
  ready_[i].store(true, std::memory_order_release);
}

const NodeEvaluation& EvaluationHelpers::result(int k, ThreatSearch& callerThreats) {
  const auto i = static_cast<std::size_t>(k);
  while (!ready_[i].load(std::memory_order_acquire)) {
    const int m = next_.fetch_add(1, std::memory_order_relaxed);
    if (m < count_) {
      evaluateItem(m, callerThreats, nullptr);
    } else {
      pause();
    }
  }
  return results_[i];
}

std::uint64_t EvaluationHelpers::endBatch() {
  next_.store(kClosed, std::memory_order_relaxed);
  closing_.store(true, std::memory_order_relaxed);  // an item a helper is still on is not wanted
  while (left_.load(std::memory_order_acquire) < static_cast<int>(threads_.size())) pause();
  batch_.fetch_add(1, std::memory_order_relaxed);  // even: closed
  std::uint64_t nodes = 0;
  for (int i = 0; i < count_; ++i) {
    const auto k = static_cast<std::size_t>(i);
    if (ready_[k].load(std::memory_order_relaxed)) nodes += nodes_[k];
  }
  return nodes;
}

void EvaluationHelpers::run(ThreatSearch& threats) {
  std::uint64_t seen = 0;  // the last batch this thread took part in
  for (;;) {
    std::uint64_t b;
    int spins = 0;
    while ((b = batch_.load(std::memory_order_acquire)) == seen || (b & 1) == 0) {
      if (quit_.load(std::memory_order_acquire)) return;
      if (++spins < kSpinsBeforeSleep) {
        pause();
      } else {
        batch_.wait(b, std::memory_order_acquire);
        spins = 0;
      }
    }
    seen = b;
    for (int k; (k = next_.fetch_add(1, std::memory_order_relaxed)) < count_;)
      evaluateItem(k, threats, &closing_);
    left_.fetch_add(1, std::memory_order_release);
  }
}

}  // namespace qubic
