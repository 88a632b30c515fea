#include "book.hpp"

#include <algorithm>
#include <array>
#include <cstring>

#include "engine/core/checksum.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

constexpr std::array<char, 8> kMagic = {'Q', 'U', 'B', 'O', 'O', 'K', '0', '1'};
constexpr std::size_t kHeaderBytes = kMagic.size() + 4;  // magic, entry count
constexpr std::size_t kEntryBytes = 8 + 8 + 1 + 1;
constexpr std::size_t kChecksumBytes = 8;

void putWord(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
  putLittleEndian(out, v, bytes);
}
std::uint64_t getWord(const std::uint8_t* p, int bytes) { return getLittleEndian(p, bytes); }
std::uint64_t checksum(std::span<const std::uint8_t> bytes) { return fnv1a64(bytes); }

bool before(Bitboard ax, Bitboard ao, Bitboard bx, Bitboard bo) {
  return ax != bx ? ax < bx : ao < bo;
}

}  // namespace

void Book::add(const Position& pos, int move, int pliesToWin) {
  const CanonicalForm c = canonical(pos);
  entries_.push_back({c.x, c.o, static_cast<std::uint8_t>(mapCell(c.symmetry, move)),
                      static_cast<std::uint8_t>(std::clamp(pliesToWin, 0, 255))});
}

void Book::finish() {
  std::stable_sort(entries_.begin(), entries_.end(),
                   [](const Entry& a, const Entry& b) { return before(a.x, a.o, b.x, b.o); });
  entries_.erase(
      std::unique(entries_.begin(), entries_.end(),
                  [](const Entry& a, const Entry& b) { return a.x == b.x && a.o == b.o; }),
      entries_.end());
}

std::optional<BookMove> Book::find(const Position& pos) const {
  const CanonicalForm c = canonical(pos);
  const auto it = std::lower_bound(
      entries_.begin(), entries_.end(), c,
      [](const Entry& e, const CanonicalForm& f) { return before(e.x, e.o, f.x, f.o); });
  if (it == entries_.end() || it->x != c.x || it->o != c.o) return std::nullopt;
  const int move = mapCell(inverse(c.symmetry), it->move);
  if (!pos.isLegal(move)) return std::nullopt;
  return BookMove{move, it->pliesToWin};
}

std::optional<BookMove> Book::hardestReply(const Position& pos) const {
  std::optional<BookMove> hardest;
  Position next = pos;
  for (Bitboard moves = pos.isGameOver() ? 0 : pos.emptyCells(); moves;) {
    const int reply = popLowest(moves);
    next.play(reply);
    if (const auto win = find(next); win && (!hardest || win->pliesToWin + 1 > hardest->pliesToWin))
      hardest = BookMove{reply, win->pliesToWin + 1};
    next.undo(reply);
  }
  return hardest;
}

std::vector<std::uint8_t> Book::serialize() const {
  std::vector<std::uint8_t> out(kMagic.begin(), kMagic.end());
  putWord(out, entries_.size(), 4);
  for (const Entry& e : entries_) {
    putWord(out, e.x, 8);
    putWord(out, e.o, 8);
    out.push_back(e.move);
    out.push_back(e.pliesToWin);
  }
  putWord(out, checksum(out), kChecksumBytes);
  return out;
}

Parsed<Book> Book::parse(std::span<const std::uint8_t> bytes) {
  if (bytes.size() < kHeaderBytes + kChecksumBytes ||
      std::memcmp(bytes.data(), kMagic.data(), kMagic.size()) != 0)
    return Parsed<Book>::failure(
        "not a Qubic book of version 1 (the file must start with QUBOOK01)");
  const std::uint64_t count = getWord(bytes.data() + kMagic.size(), 4);
  if (bytes.size() != kHeaderBytes + count * kEntryBytes + kChecksumBytes)
    return Parsed<Book>::failure(
        "book size does not match its entry count (truncated or padded file)");
  const std::size_t body = bytes.size() - kChecksumBytes;
  if (checksum(bytes.first(body)) != getWord(bytes.data() + body, kChecksumBytes))
    return Parsed<Book>::failure("book checksum mismatch (the file is corrupt)");
  Book book;
  book.entries_.reserve(count);
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint8_t* p = bytes.data() + kHeaderBytes + i * kEntryBytes;
    const Entry e{getWord(p, 8), getWord(p + 8, 8), p[16], p[17]};
    if ((e.x & e.o) || e.move >= kCells || ((e.x | e.o) & bit(e.move)))
      return Parsed<Book>::failure("book entry " + std::to_string(i) +
                                   " is not a position with a legal move");
    if (!book.entries_.empty() && !before(book.entries_.back().x, book.entries_.back().o, e.x, e.o))
      return Parsed<Book>::failure("book entries are not in order");
    book.entries_.push_back(e);
  }
  return Parsed<Book>::success(std::move(book));
}

}  // namespace qubic
