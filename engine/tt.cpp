#include "tt.hpp"

#include <algorithm>

namespace qubic {

TranspositionTable::TranspositionTable(std::size_t megabytes)
    : buckets_(std::max<std::size_t>(1, (megabytes << 20) / (sizeof(TTEntry) * kBucketSize))),
      slots_(new TTEntry[buckets_ * kBucketSize]) {}

const TTEntry* TranspositionTable::probe(std::uint64_t key) const {
  const TTEntry* b = bucket(key);
  for (int i = 0; i < kBucketSize; ++i)
    if (b[i].key == key) return &b[i];
  return nullptr;
}

void TranspositionTable::store(const TTEntry& entry) {
  TTEntry* b = bucket(entry.key);
  TTEntry* victim = &b[0];
  auto value = [](const TTEntry& e) {
    // What it would cost to find again: a solved entry saves its whole subtree, so it
    // counts double; leaves solved by their evaluation alone are cheap to redo.
    return std::uint64_t{e.work} << (e.isSolved() ? 1 : 0);
  };
  for (int i = 0; i < kBucketSize; ++i) {
    if (b[i].key == entry.key || b[i].key == 0) {
      victim = &b[i];
      break;
    }
    if (value(b[i]) < value(*victim)) victim = &b[i];
  }
  *victim = entry;
}

void TranspositionTable::clear() { std::fill(slots_.get(), slots_.get() + capacity(), TTEntry{}); }

double TranspositionTable::fill() const {
  const std::size_t sample = std::min<std::size_t>(capacity(), 4096);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample; ++i) used += slots_[i].key != 0;
  return static_cast<double>(used) / static_cast<double>(sample);
}

}  // namespace qubic
