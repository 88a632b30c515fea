#include "known_wins.hpp"

#include <algorithm>
#include <span>
#include <string_view>
#include <tuple>

#include "engine/core/checksum.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

constexpr std::string_view kMagic = "qubic-known-wins 1\n";
constexpr std::size_t kHeaderBytes = kMagic.size() + 8;  // the magic and the entry count
constexpr std::size_t kEntryBytes = 17;

}  // namespace

template <class A, class B>
void KnownWins::encodeUnion(std::size_t countA, const A& a, std::size_t countB, const B& b) {
  std::vector<std::uint8_t> file(kMagic.begin(), kMagic.end());
  file.reserve(kHeaderBytes + (countA + countB) * kEntryBytes + 8);
  putLittleEndian(file, 0, 8);  // the count, set below
  std::size_t i = 0, j = 0, count = 0;
  Entry ea, eb, last;
  if (countA > 0) ea = a(0);
  if (countB > 0) eb = b(0);
  while (i < countA || j < countB) {
    const bool fromA = j == countB || (i < countA && std::tie(ea.x, ea.o, ea.move) <=
                                                         std::tie(eb.x, eb.o, eb.move));
    const Entry e = fromA ? ea : eb;
    if (fromA && ++i < countA) ea = a(i);
    if (!fromA && ++j < countB) eb = b(j);
    // One entry per position: the smallest of its winning moves, as a sort would keep.
    if (count > 0 && e.x == last.x && e.o == last.o) continue;
    putLittleEndian(file, e.x, 8);
    putLittleEndian(file, e.o, 8);
    file.push_back(e.move);
    last = e;
    ++count;
  }
  for (int k = 0; k < 8; ++k)
    file[kMagic.size() + static_cast<std::size_t>(k)] = static_cast<std::uint8_t>(count >> (8 * k));
  putLittleEndian(file, fnv1a64(file), 8);
  file_ = std::move(file);
  count_ = count;
}

// Added wins are sealed once this many wait: sealed only at the end, a large gather's
// unsealed wins took several times the memory of the file they make (docs/table-runs.md).
constexpr std::size_t kSealEvery = std::size_t{1} << 22;

KnownWins::KnownWins() {
  const auto none = [](std::size_t) { return Entry{}; };
  encodeUnion(0, none, 0, none);
}

KnownWins::Entry KnownWins::entry(std::size_t i) const {
  const std::uint8_t* p = file_.data() + kHeaderBytes + i * kEntryBytes;
  return {getLittleEndian(p, 8), getLittleEndian(p + 8, 8), p[16]};
}

void KnownWins::add(const Position& pos, int move) {
  const CanonicalForm form = canonical(pos);
  added_.push_back({form.x, form.o, static_cast<std::uint8_t>(mapCell(form.symmetry, move))});
}

void KnownWins::merge(const KnownWins& other) {
  added_.insert(added_.end(), other.added_.begin(), other.added_.end());
  for (std::size_t i = 0; i < other.count_; ++i) added_.push_back(other.entry(i));
  if (added_.size() >= kSealEvery) seal();
}

void KnownWins::merge(KnownWins&& other) {
  seal();
  other.seal();
  const KnownWins& self = *this;
  encodeUnion(
      count_, [&](std::size_t i) { return self.entry(i); }, other.count_,
      [&](std::size_t i) { return other.entry(i); });
  other = KnownWins();
}

void KnownWins::seal() {
  if (added_.empty()) return;
  std::vector<Entry> fresh = std::move(added_);
  added_ = {};
  std::sort(fresh.begin(), fresh.end(), [](const Entry& a, const Entry& b) {
    return std::tie(a.x, a.o, a.move) < std::tie(b.x, b.o, b.move);
  });
  // A linear merge with the entries sealed before: they are not sorted again, so sealing
  // now and then as entries are added keeps the memory small (table known: gathering every
  // certificate's wins).
  const KnownWins& self = *this;
  encodeUnion(
      count_, [&](std::size_t i) { return self.entry(i); }, fresh.size(),
      [&](std::size_t i) { return fresh[i]; });
}

std::optional<int> KnownWins::winningMove(Bitboard canonicalX, Bitboard canonicalO) const {
  // A binary search over the entries in the file's bytes (sorted by X's stones, then O's).
  const std::pair key{canonicalX, canonicalO};
  std::size_t low = 0, high = count_;
  while (low < high) {
    const std::size_t mid = low + (high - low) / 2;
    const Entry e = entry(mid);
    if (std::pair{e.x, e.o} < key)
      low = mid + 1;
    else
      high = mid;
  }
  if (low == count_) return std::nullopt;
  const Entry e = entry(low);
  if (e.x != canonicalX || e.o != canonicalO) return std::nullopt;
  return e.move;
}

std::optional<int> KnownWins::winningMove(const Position& pos) const {
  if (count_ == 0) return std::nullopt;
  const CanonicalForm form = canonical(pos);
  const std::optional<int> move = winningMove(form.x, form.o);
  if (!move) return std::nullopt;
  return mapCell(inverse(form.symmetry), *move);
}

std::size_t KnownWins::countOf(int stones) const {
  std::size_t n = 0;
  for (std::size_t i = 0; i < count_; ++i) {
    const Entry e = entry(i);
    n += popcount(e.x | e.o) == stones;
  }
  return n;
}

std::uint64_t KnownWins::entriesInFile(std::uint64_t bytes) {
  const std::uint64_t frame = kHeaderBytes + 8;  // and the checksum
  return bytes > frame ? (bytes - frame) / kEntryBytes : 0;
}

Parsed<KnownWins> KnownWins::fromBytes(std::vector<std::uint8_t> bytes) {
  using Result = Parsed<KnownWins>;
  if (bytes.size() < kHeaderBytes + 8 || !std::equal(kMagic.begin(), kMagic.end(), bytes.begin()))
    return Result::failure("not a known-wins file (expected 'qubic-known-wins 1')");
  const std::uint64_t count = getLittleEndian(bytes.data() + kMagic.size(), 8);
  if (count > (bytes.size() - kHeaderBytes - 8) / kEntryBytes ||
      kHeaderBytes + count * kEntryBytes + 8 != bytes.size())
    return Result::failure("a known-wins file of the wrong length (cut short or padded)");
  const std::span<const std::uint8_t> all(bytes);
  if (trailingChecksum(all) != fnv1a64(all.first(all.size() - 8)))
    return Result::failure("a known-wins file whose checksum does not match (damaged)");
  KnownWins known;
  known.file_ = std::move(bytes);
  known.count_ = count;
  Entry before;
  for (std::size_t i = 0; i < count; ++i) {
    const Entry e = known.entry(i);
    // An entry that is not a canonical form is never found; one that breaks the order
    // would hide others from the binary search, so it is refused with the rest.
    const int xs = popcount(e.x), os = popcount(e.o);
    const bool sorted = i == 0 || std::pair{before.x, before.o} < std::pair{e.x, e.o};
    if ((e.x & e.o) || (xs != os && xs != os + 1) || e.move >= kCells ||
        ((e.x | e.o) & bit(e.move)) || !sorted)
      return Result::failure("a known-wins file with a malformed entry (number " +
                             std::to_string(i + 1) + ")");
    before = e;
  }
  return Result::success(std::move(known));
}

}  // namespace qubic
