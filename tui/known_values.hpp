// The values proven in this run, shared by the review and the overlay, so that a value
// one of them found is known to the other. A value from the review rests on a proof the
// rules-only checker accepted ("checked"); one from the overlay on the engine's verdict,
// which the review takes only as a hint of which side to ask first. Thread-safe: the
// review and the overlay each write from their own thread.
#pragma once

#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "engine/play/proven_store.hpp"
#include "engine/study/review.hpp"

namespace qubic::tui {

class KnownValues {
 public:
  // The opening table's values come first (engine/study/review's tableValue: certified
  // wins and losses, as checked as the review's own).
  // `cache`: the values kept across runs (config/proven_cache, engine.proven_cache), or none;
  // its values help the overlay and hint the review's side to ask first, but a review's
  // verdict rests only on its own checked proofs. Every value found here goes into it.
  explicit KnownValues(std::shared_ptr<const OpeningTable> table = {},
                       std::shared_ptr<ProvenStore> cache = {})
      : table_(std::move(table)), cache_(std::move(cache)) {}
  // The values to keep for the next run (none without a cache); call when no thread adds.
  const ProvenStore* cache() const { return cache_.get(); }

  // `value` is for the side to move in `pos`; a checked value is never replaced by an
  // unchecked one.
  void add(const Position& pos, const ProvenValue& value, bool checked);
  // The value known for `pos`; with `checkedOnly`, only one that rests on a checked proof.
  std::optional<ProvenValue> find(const Position& pos, bool checkedOnly) const;
  // The review's hooks into the store (ReviewOptions::known, learned, winnerHint).
  void connect(ReviewOptions& options);

 private:
  struct Entry {
    ProvenValue value;
    bool checked = false;
  };
  std::shared_ptr<const OpeningTable> table_;
  std::shared_ptr<ProvenStore> cache_;  // guarded by mutex_
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> values_;  // by position string
};

}  // namespace qubic::tui
