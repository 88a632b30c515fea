// Fixed-size transposition table for proof-number search.
// Memory is allocated once, in the constructor; probing and storing never allocate.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace qubic {

using ProofNumber = std::uint32_t;
constexpr ProofNumber kInfinity = 0xffffffffu;  // proven (pn = 0) / disproven (dn = 0) partner value
constexpr std::uint8_t kThreatened = 1;    // the attacker threatens a forced win at this defender node
constexpr std::uint8_t kChildrenSeen = 2;  // the node's children have been evaluated once

struct TTEntry {
  std::uint64_t key = 0;  // 0 marks an empty slot; keys are mixed hashes, never 0 in practice
  std::uint64_t moves = 0;  // the moves worth searching, found when the node was first expanded
  ProofNumber pn = 1;
  ProofNumber dn = 1;
  std::uint32_t work = 0;  // nodes spent under this entry, saturating: what replacement keeps
  std::uint8_t bestMove = 0xff;
  std::uint8_t distance = 0;  // plies to the end for solved entries (upper bound)
  std::uint8_t flags = 0;     // kThreatened | kChildrenSeen

  bool isSolved() const { return pn == 0 || dn == 0; }
};

class TranspositionTable {
 public:
  static constexpr int kBucketSize = 4;

  explicit TranspositionTable(std::size_t megabytes);

  // The entry for `key`, or nullptr when it is not stored.
  const TTEntry* probe(std::uint64_t key) const;

  // Stores or overwrites the entry for entry.key. In a full bucket the least
  // valuable entry goes: unsolved before solved, then the one with least work.
  void store(const TTEntry& entry);

  void clear();
  std::size_t capacity() const { return buckets_ * kBucketSize; }
  std::size_t bytes() const { return capacity() * sizeof(TTEntry); }
  // Share of slots in use, sampled from the first buckets (cheap enough for progress lines).
  double fill() const;

 private:
  TTEntry* bucket(std::uint64_t key) const { return &slots_[(key % buckets_) * kBucketSize]; }

  std::size_t buckets_;
  std::unique_ptr<TTEntry[]> slots_;
};

}  // namespace qubic
