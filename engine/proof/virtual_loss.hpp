// Which positions the other threads of a parallel proof search are inside right now.
// A thread marks each node on its path; at a node, a child that others are working on
// looks worse than its numbers say (a "virtual" proof number), so the threads spread
// over the tree instead of all following the same most-proving path: the virtual loss of
// parallel game-tree search, as virtual proof numbers (as in parallel df-pn).
// Counts are kept per hashed key: two positions sharing a counter only blur the hint.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace qubic {

class VirtualLoss {
 public:
  static constexpr std::size_t kCounters = std::size_t{1} << 16;

  VirtualLoss() : counts_(std::make_unique<std::atomic<std::uint16_t>[]>(kCounters)) {}

  void enter(std::uint64_t key) { counter(key).fetch_add(1, std::memory_order_relaxed); }
  void leave(std::uint64_t key) { counter(key).fetch_sub(1, std::memory_order_relaxed); }
  int count(std::uint64_t key) const { return counter(key).load(std::memory_order_relaxed); }

 private:
  std::atomic<std::uint16_t>& counter(std::uint64_t key) const {
    return counts_[(key >> 40) & (kCounters - 1)];
  }
  std::unique_ptr<std::atomic<std::uint16_t>[]> counts_;
};

}  // namespace qubic
