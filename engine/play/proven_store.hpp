// The values the engine proved, kept by canonical position for the rest of the run, so that
// a second look at a position never shows less than the first (issue 57): MultiPV writes
// every line it proves and reads them back before it searches. Fixed size, allocated once:
// buckets of two entries by the canonical key, each entry holding the canonical form
// itself, so that a value is found only for its very position; when a bucket is full the
// older entry goes. The proof table behind the searches, by contrast, is cleared for every
// game and overwritten within one.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.hpp"
#include "engine/core/siphash.hpp"

namespace qubic {

struct StoredValue {
  Side winner = Side::X;
  int plies = 0;  // to the win along a proof, against any defence, from the stored position
};

class ProvenStore {
 public:
  // Room for `entries` values, rounded down to a power of two (at least 2).
  explicit ProvenStore(std::size_t entries = std::size_t{1} << 16);
  static constexpr std::size_t kEntryBytes = 24;
  std::optional<StoredValue> find(const Position& pos) const;
  // Keeps `value` for `pos`'s class; a value already kept is replaced only by a shorter win.
  void add(const Position& pos, const StoredValue& value);
  // Adds every value `other` keeps (as add does, one by one).
  void merge(const ProvenStore& other);
  std::size_t bytes() const { return slots_.size() * sizeof(Slot); }
  std::size_t size() const;  // values kept

  // The values as bytes for a cache file (docs/protocol.md, "Proven values across runs"):
  // "QUBPROV2", the writer's version text, the values, and a MAC of all that under `key`
  // (SipHash-2-4): without the key nobody can write values this reader accepts. `version`
  // names the engine that proved them; a reader of another version ignores the file.
  std::vector<std::uint8_t> serialize(std::string_view version, const SipKey& key) const;
  // Adds the values of such bytes. Nothing is added from a file that is not one (its MAC
  // under `key`, another version, an entry that is not a reachable position with a possible
  // distance): the reason is returned, "" when the values were added.
  std::string addFrom(std::span<const std::uint8_t> bytes, std::string_view version,
                      const SipKey& key);

 private:
  struct Slot {
    Bitboard x = 0, o = 0;
    std::uint8_t used = 0, winner = 0, plies = 0, age = 0;
  };
  static_assert(sizeof(Slot) == kEntryBytes);
  std::vector<Slot> slots_;  // buckets of two
  std::uint8_t clock_ = 0;
};

}  // namespace qubic
