#include "known_wins.hpp"

#include <algorithm>
#include <string_view>
#include <tuple>

#include "engine/core/checksum.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

constexpr std::string_view kMagic = "qubic-known-wins 1\n";
constexpr std::size_t kEntryBytes = 17;

}  // namespace

void KnownWins::add(const Position& pos, int move) {
  const CanonicalForm form = canonical(pos);
  entries_.push_back({form.x, form.o, static_cast<std::uint8_t>(mapCell(form.symmetry, move))});
}

void KnownWins::merge(const KnownWins& other) {
  entries_.insert(entries_.end(), other.entries_.begin(), other.entries_.end());
}

void KnownWins::seal() {
  const auto order = [](const Entry& a, const Entry& b) {
    return std::tie(a.x, a.o, a.move) < std::tie(b.x, b.o, b.move);
  };
  std::sort(entries_.begin(), entries_.end(), order);
  // One entry per position: any of its winning moves serves.
  entries_.erase(
      std::unique(entries_.begin(), entries_.end(),
                  [](const Entry& a, const Entry& b) { return a.x == b.x && a.o == b.o; }),
      entries_.end());
}

std::optional<int> KnownWins::winningMove(Bitboard canonicalX, Bitboard canonicalO) const {
  const auto it =
      std::lower_bound(entries_.begin(), entries_.end(), std::pair{canonicalX, canonicalO},
                       [](const Entry& e, const std::pair<Bitboard, Bitboard>& k) {
                         return std::pair{e.x, e.o} < k;
                       });
  if (it == entries_.end() || it->x != canonicalX || it->o != canonicalO) return std::nullopt;
  return it->move;
}

std::optional<int> KnownWins::winningMove(const Position& pos) const {
  if (entries_.empty()) return std::nullopt;
  const CanonicalForm form = canonical(pos);
  const std::optional<int> move = winningMove(form.x, form.o);
  if (!move) return std::nullopt;
  return mapCell(inverse(form.symmetry), *move);
}

std::size_t KnownWins::countOf(int stones) const {
  return static_cast<std::size_t>(
      std::count_if(entries_.begin(), entries_.end(),
                    [&](const Entry& e) { return popcount(e.x | e.o) == stones; }));
}

std::vector<std::uint8_t> KnownWins::toBytes() const {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  putLittleEndian(out, entries_.size(), 8);
  for (const Entry& e : entries_) {
    putLittleEndian(out, e.x, 8);
    putLittleEndian(out, e.o, 8);
    out.push_back(e.move);
  }
  putLittleEndian(out, fnv1a64(out), 8);
  return out;
}

std::uint64_t KnownWins::entriesInFile(std::uint64_t bytes) {
  const std::uint64_t frame = kMagic.size() + 8 + 8;  // the count and the checksum
  return bytes > frame ? (bytes - frame) / kEntryBytes : 0;
}

Parsed<KnownWins> KnownWins::fromBytes(std::span<const std::uint8_t> bytes) {
  using Result = Parsed<KnownWins>;
  if (bytes.size() < kMagic.size() + 16 || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return Result::failure("not a known-wins file (expected 'qubic-known-wins 1')");
  const std::uint64_t count = getLittleEndian(bytes.data() + kMagic.size(), 8);
  const std::size_t body = kMagic.size() + 8;
  if (count > (bytes.size() - body - 8) / kEntryBytes ||
      body + count * kEntryBytes + 8 != bytes.size())
    return Result::failure("a known-wins file of the wrong length (cut short or padded)");
  if (trailingChecksum(bytes) != fnv1a64(bytes.first(bytes.size() - 8)))
    return Result::failure("a known-wins file whose checksum does not match (damaged)");
  KnownWins known;
  known.entries_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = bytes.data() + body + i * kEntryBytes;
    const Entry e{getLittleEndian(p, 8), getLittleEndian(p + 8, 8), p[16]};
    // An entry that is not a canonical form is never found; one that breaks the order
    // would hide others from the binary search, so it is refused with the rest.
    const int xs = popcount(e.x), os = popcount(e.o);
    const bool sorted =
        known.entries_.empty() ||
        std::pair{known.entries_.back().x, known.entries_.back().o} < std::pair{e.x, e.o};
    if ((e.x & e.o) || (xs != os && xs != os + 1) || e.move >= kCells ||
        ((e.x | e.o) & bit(e.move)) || !sorted)
      return Result::failure("a known-wins file with a malformed entry (number " +
                             std::to_string(i + 1) + ")");
    known.entries_.push_back(e);
  }
  return Result::success(std::move(known));
}

}  // namespace qubic
