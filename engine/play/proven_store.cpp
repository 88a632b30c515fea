#include "proven_store.hpp"

#include <algorithm>
#include <bit>
#include <string>

#include "engine/core/checksum.hpp"
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

namespace {

constexpr char kMagic[8] = {'Q', 'U', 'B', 'P', 'R', 'O', 'V', '2'};
constexpr std::size_t kFileEntryBytes = 18;  // X stones, O stones (8 bytes each), winner, plies

void put(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
  putLittleEndian(out, v, bytes);
}
std::uint64_t get(const std::uint8_t* p, int bytes) { return getLittleEndian(p, bytes); }

// A value as a file may hold it: a canonical position a game reaches, not over, and a win
// within the cells left.
bool possible(Bitboard x, Bitboard o, int winner, int plies) {
  if ((x & o) || popcount(x) - popcount(o) < 0 || popcount(x) - popcount(o) > 1) return false;
  const CanonicalForm c = canonical(x, o);
  if (c.x != x || c.o != o || winner > 1) return false;
  const Position p = Position::fromStones(x, o);
  return !p.isGameOver() && plies >= 1 && plies <= popcount(p.emptyCells());
}

}  // namespace

void ProvenStore::merge(const ProvenStore& other) {
  for (const Slot& s : other.slots_)
    if (s.used) add(Position::fromStones(s.x, s.o), {static_cast<Side>(s.winner), s.plies});
}

std::size_t ProvenStore::size() const {
  std::size_t n = 0;
  for (const Slot& s : slots_) n += s.used;
  return n;
}

std::vector<std::uint8_t> ProvenStore::serialize(std::string_view version,
                                                 const SipKey& key) const {
  std::vector<std::uint8_t> out(kMagic, kMagic + 8);
  out.push_back(static_cast<std::uint8_t>(std::min<std::size_t>(version.size(), 255)));
  out.insert(out.end(), version.begin(), version.begin() + out.back());
  put(out, size(), 4);
  for (const Slot& s : slots_)
    if (s.used) {
      put(out, s.x, 8);
      put(out, s.o, 8);
      out.push_back(s.winner);
      out.push_back(s.plies);
    }
  put(out, siphash24(key, out), 8);
  return out;
}

std::string ProvenStore::addFrom(std::span<const std::uint8_t> bytes, std::string_view version,
                                 const SipKey& key) {
  if (bytes.size() < 8 + 1 + 4 + 8 || !std::equal(kMagic, kMagic + 7, bytes.begin()))
    return "not a file of proven values";
  if (bytes[7] != kMagic[7]) return "an older format of the file (without its key)";
  if (siphash24(key, bytes.first(bytes.size() - 8)) != trailingChecksum(bytes))
    return "its MAC does not match this installation's key: damaged, or not written here";
  const std::size_t versionBytes = bytes[8];
  if (bytes.size() < 9 + versionBytes + 4 + 8 ||
      std::string_view(reinterpret_cast<const char*>(&bytes[9]), versionBytes) != version)
    return "written by another version of the engine";
  const std::size_t at = 9 + versionBytes, count = get(&bytes[at], 4);
  if (bytes.size() != at + 4 + count * kFileEntryBytes + 8) return "its size is not its count's";
  std::vector<std::pair<Position, StoredValue>> values;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* e = &bytes[at + 4 + i * kFileEntryBytes];
    const Bitboard x = get(e, 8), o = get(e + 8, 8);
    if (!possible(x, o, e[16], e[17])) return "entry " + std::to_string(i + 1) + " is not a value";
    values.push_back({Position::fromStones(x, o), {static_cast<Side>(e[16]), e[17]}});
  }
  for (const auto& [pos, value] : values) add(pos, value);
  return {};
}

}  // namespace qubic
