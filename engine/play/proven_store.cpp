#include "proven_store.hpp"

#include <bit>

#include "engine/core/symmetry.hpp"

namespace qubic {

ProvenStore::ProvenStore(std::size_t entries)
    : slots_(std::bit_floor(std::max<std::size_t>(entries, 2))) {}

std::optional<StoredValue> ProvenStore::find(const Position& pos) const {
  const CanonicalForm c = canonical(pos);
  const std::size_t bucket = (canonicalKey(c) & (slots_.size() / 2 - 1)) * 2;
  for (std::size_t i = bucket; i < bucket + 2; ++i)
    if (slots_[i].used && slots_[i].x == c.x && slots_[i].o == c.o)
      return StoredValue{static_cast<Side>(slots_[i].winner), slots_[i].plies};
  return std::nullopt;
}

void ProvenStore::add(const Position& pos, const StoredValue& value) {
  const CanonicalForm c = canonical(pos);
  const std::size_t bucket = (canonicalKey(c) & (slots_.size() / 2 - 1)) * 2;
  Slot* target = nullptr;
  for (std::size_t i = bucket; i < bucket + 2; ++i)
    if (slots_[i].used && slots_[i].x == c.x && slots_[i].o == c.o) {
      if (slots_[i].plies <= value.plies) return;  // the shorter proven win stays
      target = &slots_[i];
    }
  if (!target) {
    Slot& a = slots_[bucket];
    Slot& b = slots_[bucket + 1];
    // An empty slot, else the one written longer ago (ages count modulo 256).
    target =
        !a.used   ? &a
        : !b.used ? &b
        : static_cast<std::uint8_t>(clock_ - a.age) >= static_cast<std::uint8_t>(clock_ - b.age)
            ? &a
            : &b;
  }
  *target = Slot{c.x,
                 c.o,
                 1,
                 static_cast<std::uint8_t>(value.winner),
                 static_cast<std::uint8_t>(value.plies),
                 clock_++};
}

}  // namespace qubic
