#include "tt.hpp"

#include <algorithm>
#include <bit>
#include <thread>

#include "engine/core/portable.hpp"

namespace qubic {

namespace {

constexpr std::uint64_t kKeyBits = ~std::uint64_t{0xffff};       // the key's top 48 bits
constexpr int kBestShift = 0, kFlagsShift = 7, kWorkShift = 11;  // 7 + 4 + 5 bits
constexpr std::uint64_t kNoBest = 0x7f;
constexpr ProofNumber kDistanceSide =
    0xffffff00u;  // a solved entry's infinite number, distance in the low byte

int log2Floor(std::uint32_t x) { return 31 - std::countl_zero(x | 1); }

}  // namespace

TranspositionTable::TranspositionTable(std::size_t megabytes)
    : buckets_(std::max<std::size_t>(1, (megabytes << 20) / (sizeof(Slot) * kBucketSize))),
      slots_(buckets_ * kBucketSize) {}

bool TranspositionTable::matches(const Slot& s, std::uint64_t key) {
  return s.tag != 0 && ((s.tag ^ key) & kKeyBits) == 0;
}

TranspositionTable::Slot TranspositionTable::pack(const TTEntry& e) {
  Slot s;
  const std::uint64_t best = e.bestMove < 64 ? e.bestMove : kNoBest;
  s.tag = (e.key & kKeyBits) | best << kBestShift | std::uint64_t{e.flags & 15u} << kFlagsShift |
          std::uint64_t(log2Floor(e.work)) << kWorkShift;
  if (s.tag == 0) s.tag = kNoBest;  // a key whose top bits are all 0 still marks the slot used
  s.moves = e.moves;
  ProofNumber pn = e.pn, dn = e.dn;
  if (e.pn == 0) dn = kDistanceSide | e.distance;
  if (e.dn == 0) pn = kDistanceSide | e.distance;
  s.numbers = std::uint64_t{pn} | std::uint64_t{dn} << 32;
  return s;
}

TTEntry TranspositionTable::unpack(const Slot& s, std::uint64_t key) {
  TTEntry e;
  e.key = key;
  e.moves = s.moves;
  e.pn = s.pn();
  e.dn = s.dn();
  if (s.pn() == 0) e.dn = kInfinity, e.distance = static_cast<std::uint8_t>(s.dn());
  if (s.dn() == 0) e.pn = kInfinity, e.distance = static_cast<std::uint8_t>(s.pn());
  const std::uint64_t best = s.tag >> kBestShift & 0x7f;
  e.bestMove = best == kNoBest ? 0xff : static_cast<std::uint8_t>(best);
  e.flags = static_cast<std::uint8_t>(s.tag >> kFlagsShift & 15);
  e.work = std::uint32_t{1} << (s.tag >> kWorkShift & 31);
  return e;
}

namespace {

// A spin lock: the critical sections are a few dozen instructions, and with as many
// stripes as there are, two threads seldom meet on one. A holder the system has paused
// (more threads than cores) would leave the others spinning, so they yield after a while.
class StripeLock {
 public:
  explicit StripeLock(std::atomic<bool>& flag) : flag_(flag) {
    for (int spins = 0; flag_.exchange(true, std::memory_order_acquire);)
      while (flag_.load(std::memory_order_relaxed))
        if (++spins % 64 == 0) std::this_thread::yield();
  }
  ~StripeLock() { flag_.store(false, std::memory_order_release); }
  StripeLock(const StripeLock&) = delete;
  StripeLock& operator=(const StripeLock&) = delete;

 private:
  std::atomic<bool>& flag_;
};

}  // namespace

void TranspositionTable::shareBetweenThreads() {
  if (!locks_) locks_ = std::make_unique<std::atomic<bool>[]>(kLockStripes);
}

namespace {

// Mixes a slot's other two words into its tag word. A change in either word, even in one
// low bit, spreads through the multiplications into the key bits, so a slot read half
// before and half after a write (even a write for the same key that changed a single
// number) yields a tag that matches no key, but for a chance of about 2^-48.
std::uint64_t checkOf(std::uint64_t moves, std::uint64_t numbers) {
  std::uint64_t h = (moves ^ (numbers * 0x9e3779b97f4a7c15ULL)) * 0xd6e8feb86659fd93ULL;
  return h ^ (h >> 32);
}

}  // namespace

// Relaxed atomic accesses: plain moves on the machines we build for, yet another thread
// may write the slot meanwhile without undefined behaviour; the check catches a mix.
TranspositionTable::Slot TranspositionTable::load(const Slot& stored) {
  auto word = [](const std::uint64_t& w) { return relaxedLoad(w); };
  Slot s;
  s.moves = word(stored.moves);
  s.numbers = word(stored.numbers);
  s.tag = word(stored.tag);
  if (s.tag != 0) s.tag ^= checkOf(s.moves, s.numbers);  // an empty slot stays 0
  return s;
}

void TranspositionTable::save(Slot& stored, const Slot& s) {
  auto word = [](std::uint64_t& w, std::uint64_t value) { relaxedStore(w, value); };
  word(stored.moves, s.moves);
  word(stored.numbers, s.numbers);
  word(stored.tag, s.tag ^ checkOf(s.moves, s.numbers));
}

void TranspositionTable::store(const TTEntry& entry) {
  if (!locks_) return storeUnlocked(entry);
  const StripeLock lock(lockOf(entry.key));
  storeUnlocked(entry);
}

std::optional<TTEntry> TranspositionTable::probe(std::uint64_t key) const {
  const Slot* b = bucket(key);
  for (int i = 0; i < kBucketSize; ++i)
    if (const Slot s = load(b[i]); matches(s, key)) return unpack(s, key);
  return std::nullopt;
}

void TranspositionTable::storeUnlocked(const TTEntry& entry) {
  Slot* b = bucket(entry.key);
  int victim = 0;
  Slot seen[kBucketSize];
  auto value = [](const Slot& s) {
    // What it would cost to find again: a solved entry saves its whole subtree, so it
    // counts double; leaves solved by their evaluation alone are cheap to redo.
    return (s.tag >> kWorkShift & 31) + (s.pn() == 0 || s.dn() == 0 ? 1 : 0);
  };
  for (int i = 0; i < kBucketSize; ++i) {
    seen[i] = load(b[i]);
    if (matches(seen[i], entry.key)) {
      // A solved entry is never replaced by an unsolved one for the same position: with
      // several threads, one may write back numbers it read before another solved it.
      if ((seen[i].pn() == 0 || seen[i].dn() == 0) && !entry.isSolved()) return;
      victim = i;
      break;
    }
    if (seen[i].tag == 0) {
      victim = i;
      break;
    }
    if (value(seen[i]) < value(seen[victim])) victim = i;
  }
  save(b[victim], pack(entry));
}

std::size_t TranspositionTable::bytes() const { return capacity() * sizeof(Slot); }

void TranspositionTable::clear() { slots_.clear(); }

double TranspositionTable::fill() const {
  const std::size_t sample = std::min<std::size_t>(capacity(), 4096);
  std::size_t used = 0;
  for (std::size_t i = 0; i < sample; ++i) used += load(slots_[i]).tag != 0;
  return static_cast<double>(used) / static_cast<double>(sample);
}

}  // namespace qubic
