// Fixed-size transposition table for proof-number search.
// Memory is allocated once, in the constructor; probing and storing never allocate.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>

#include "engine/core/large_array.hpp"

namespace qubic {

using ProofNumber = std::uint32_t;
constexpr ProofNumber kInfinity =
    0xffffffffu;  // proven (pn = 0) / disproven (dn = 0) partner value
constexpr std::uint8_t kThreatened =
    1;  // the attacker threatens a forced win at this defender node
constexpr std::uint8_t kChildrenSeen = 2;  // the node's children have been evaluated once
// The attacker has no threat-sequence win here, even given a free move at a defender
// node (see ProofSearch::evaluate).
constexpr std::uint8_t kNoThreatWin = 4;
// The attacker's quiet wins have been asked for at this defender node (and the node's
// moves narrowed to their zone if there were any: see ProofSearch::narrowToQuietWin).
constexpr std::uint8_t kQuietAsked = 8;

// What the search reads and writes. The table keeps it packed (see Slot below).
struct TTEntry {
  std::uint64_t key = 0;
  std::uint64_t moves = 0;  // the moves worth searching, found when the node was first expanded
  ProofNumber pn = 1;
  ProofNumber dn = 1;
  std::uint32_t work = 0;  // nodes spent under this entry, saturating: what replacement keeps
  std::uint8_t bestMove = 0xff;
  std::uint8_t distance = 0;  // plies to the end for solved entries (upper bound)
  std::uint8_t flags = 0;     // kThreatened | kChildrenSeen | kNoThreatWin | kQuietAsked

  bool isSolved() const { return pn == 0 || dn == 0; }
};

class TranspositionTable {
 public:
  static constexpr int kBucketSize = 4;

  explicit TranspositionTable(std::size_t megabytes);

  // The entry for `key`, or nothing when it is not stored.
  std::optional<TTEntry> probe(std::uint64_t key) const;

  // Stores or overwrites the entry for entry.key. In a full bucket the least
  // valuable entry goes: the one with least work, a solved entry counting double.
  void store(const TTEntry& entry);

  // Several threads may probe and store at once after this (the parallel solver): stores
  // then take a lock of their bucket's stripe, so two never mix; probes take none (a
  // slot's words are read as atomics and checked against each other, so a slot being
  // written reads as a miss, never as a mixed entry). One thread takes no locks at all.
  void shareBetweenThreads();

  // Starts loading the bucket of `key`, so that a later probe finds it in the cache.
  // A bucket is 96 bytes: it spans two cache lines, both fetched.
  void prefetch(std::uint64_t key) const {
    const char* b = reinterpret_cast<const char*>(bucket(key));
    __builtin_prefetch(b);
    __builtin_prefetch(b + sizeof(Slot) * kBucketSize - 1);
  }

  void clear();
  std::size_t capacity() const { return buckets_ * kBucketSize; }
  std::size_t bytes() const;
  // Share of slots in use, sampled from the first buckets (cheap enough for progress lines).
  double fill() const;

 private:
  // An entry in 24 bytes rather than 32, so that a third more fit: the key's top 48 bits
  // (the bucket is chosen from the whole key) with the best move, 4 flag bits and the
  // work's logarithm below them; a solved entry's distance in the low byte of its infinite
  // number. In the table the tag word is stored XORed with the other two (`check`): a
  // slot read while another thread writes it does not match any key.
  struct Slot {
    std::uint64_t tag = 0;  // 0: empty
    std::uint64_t moves = 0;
    std::uint64_t numbers = 0;  // pn in the low half, dn in the high half
    ProofNumber pn() const { return static_cast<ProofNumber>(numbers); }
    ProofNumber dn() const { return static_cast<ProofNumber>(numbers >> 32); }
  };
  static Slot pack(const TTEntry& e);
  static TTEntry unpack(const Slot& s, std::uint64_t key);
  static bool matches(const Slot& s, std::uint64_t key);
  // A stored slot as written (the tag word XORed with the others), and read back.
  static Slot load(const Slot& stored);
  static void save(Slot& stored, const Slot& s);

  Slot* bucket(std::uint64_t key) const { return slots_.data() + (key % buckets_) * kBucketSize; }
  void storeUnlocked(const TTEntry& entry);
  std::atomic<bool>& lockOf(std::uint64_t key) const {
    return locks_[(key % buckets_) & (kLockStripes - 1)];
  }

  static constexpr std::size_t kLockStripes = std::size_t{1} << 16;
  std::size_t buckets_;
  LargeArray<Slot> slots_;
  std::unique_ptr<std::atomic<bool>[]> locks_;  // null while one thread uses the table
};

}  // namespace qubic
