#include "opening_table.hpp"

#include <algorithm>
#include <string>

#include "engine/core/checksum.hpp"

namespace qubic {

namespace {

constexpr char kMagic[8] = {'Q', 'U', 'B', 'T', 'A', 'B', '0', '3'};
constexpr char kPreviousVersion = '2';     // QUBTAB02: no moves, still read
constexpr std::size_t kHeaderBytes = 32;   // magic, five section sizes, four zero bytes
constexpr std::size_t kEntryBytes = 6;     // key (3 bytes), flags, plies, move
constexpr std::size_t kChecksumBytes = 8;  // FNV-1a of all before it
constexpr std::uint8_t kValueMask = 3, kExactBit = 4, kCertifiedBit = 8;
constexpr std::uint8_t kNoMove = 0xff;

int xStonesOf(int stones) { return (stones + 1) / 2; }

std::uint32_t readU32(const std::uint8_t* p) {
  return static_cast<std::uint32_t>(getLittleEndian(p, 4));
}
void writeU32(std::vector<std::uint8_t>& out, std::uint32_t v) { putLittleEndian(out, v, 4); }

// The position a key of a section stands for, if the key is a canonical form of
// `stones` stones written as tableKey writes it.
std::optional<Position> positionOfKey(std::uint32_t key, int stones) {
  if (key >> (6 * stones) != 0) return std::nullopt;
  Bitboard x = 0, o = 0;
  int previous = -1;
  for (int i = 0; i < stones; ++i) {
    const int cell = static_cast<int>((key >> (6 * (stones - 1 - i))) & 63);
    const bool xStone = i < xStonesOf(stones);
    if (i == xStonesOf(stones)) previous = -1;
    if (cell <= previous || ((x | o) & bit(cell))) return std::nullopt;
    previous = cell;
    (xStone ? x : o) |= bit(cell);
  }
  const CanonicalForm c = canonical(x, o);
  if (c.x != x || c.o != o) return std::nullopt;
  return Position::fromStones(x, o);
}

// An entry as stored: its move a cell of the canonical form.
TableEntry entryOf(std::uint8_t flags, std::uint8_t plies, std::uint8_t move) {
  return {static_cast<TableValue>(flags & kValueMask), plies, (flags & kExactBit) != 0,
          (flags & kCertifiedBit) != 0, move == kNoMove ? -1 : move};
}

// An entry's move carried by a symmetry (from a position's cells to its image's).
TableEntry movedBy(int symmetry, TableEntry e) {
  if (e.move >= 0) e.move = mapCell(symmetry, e.move);
  return e;
}

TableValue winFor(Side s) { return s == Side::X ? TableValue::XWins : TableValue::OWins; }

}  // namespace

std::uint32_t tableKey(const CanonicalForm& c) {
  std::uint32_t key = 0;
  for (const Bitboard stones : {c.x, c.o})
    for (Bitboard b = stones; b; b &= b - 1)
      key = key << 6 | static_cast<std::uint32_t>(lowestCell(b));
  return key;
}

std::vector<Position> canonicalPositions(int stones) {
  std::vector<Position> level{Position{}};
  for (int s = 0; s < stones; ++s) {
    std::vector<std::uint32_t> keys;
    for (const Position& p : level)
      for (Bitboard m = p.emptyCells(); m; m &= m - 1) {
        Position child = p;
        child.play(lowestCell(m));
        keys.push_back(tableKey(canonical(child)));
      }
    std::sort(keys.begin(), keys.end());
    keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
    level.clear();
    for (const std::uint32_t k : keys) level.push_back(*positionOfKey(k, s + 1));
  }
  return level;
}

Parsed<OpeningTable> OpeningTable::fromBytes(std::span<const std::uint8_t> bytes) {
  using Result = Parsed<OpeningTable>;
  if (bytes.size() < kHeaderBytes || !std::equal(kMagic, kMagic + 7, bytes.begin()))
    return Result::failure("not an opening table (it does not start with QUBTAB)");
  if (bytes[7] != kMagic[7] && bytes[7] != kPreviousVersion)
    return Result::failure("another version of the format (QUBTAB0" + std::string(1, bytes[7]) +
                           ", this program reads QUBTAB02 and QUBTAB03)");
  const std::size_t entryBytes = bytes[7] == kMagic[7] ? kEntryBytes : kEntryBytes - 1;
  OpeningTable t;
  std::size_t at = kHeaderBytes, expected = kHeaderBytes + kChecksumBytes;
  for (int s = 0; s <= kTableMaxStones; ++s)
    expected += entryBytes * std::size_t{readU32(&bytes[8 + 4 * s])};
  if (expected != bytes.size())
    return Result::failure("its size (" + std::to_string(bytes.size()) +
                           " bytes) is not what its header says (" + std::to_string(expected) +
                           ")");
  if (fnv1a64(bytes.first(bytes.size() - kChecksumBytes)) != trailingChecksum(bytes))
    return Result::failure("its checksum does not match its content: the file is damaged");
  for (int s = 0; s <= kTableMaxStones; ++s) {
    const std::uint32_t count = readU32(&bytes[8 + 4 * s]);
    for (std::uint32_t i = 0; i < count; ++i, at += entryBytes) {
      const std::uint32_t key = std::uint32_t{bytes[at]} << 16 | bytes[at + 1] << 8 | bytes[at + 2];
      const std::uint8_t flags = bytes[at + 3], plies = bytes[at + 4];
      const std::uint8_t move = entryBytes == kEntryBytes ? bytes[at + 5] : kNoMove;
      const std::string where =
          "entry " + std::to_string(i + 1) + " of " + std::to_string(s) + " stones";
      const std::optional<Position> pos = positionOfKey(key, s);
      if (!pos) return Result::failure(where + ": not a canonical position");
      if (!t.sections_[s].empty() && key <= t.sections_[s].back().key)
        return Result::failure(where + ": out of order");
      if ((flags & kValueMask) == 0 || (flags & ~(kValueMask | kExactBit | kCertifiedBit)) ||
          plies > kCells)
        return Result::failure(where + ": not a value");
      if (move != kNoMove && (move >= kCells || !pos->isLegal(move)))
        return Result::failure(where + ": its move is not a legal move of its position");
      t.sections_[s].push_back({key, entryOf(flags, plies, move)});
    }
  }
  return Result::success(std::move(t));
}

std::vector<std::uint8_t> OpeningTable::serialize() const {
  std::vector<std::uint8_t> out(kMagic, kMagic + 8);
  for (const auto& section : sections_) writeU32(out, static_cast<std::uint32_t>(section.size()));
  writeU32(out, 0);
  for (const auto& section : sections_)
    for (const Record& r : section) {
      for (const int shift : {16, 8, 0}) out.push_back(static_cast<std::uint8_t>(r.key >> shift));
      out.push_back(static_cast<std::uint8_t>(static_cast<int>(r.entry.value) |
                                              (r.entry.exact ? kExactBit : 0) |
                                              (r.entry.certified ? kCertifiedBit : 0)));
      out.push_back(static_cast<std::uint8_t>(r.entry.plies));
      out.push_back(r.entry.move >= 0 ? static_cast<std::uint8_t>(r.entry.move) : kNoMove);
    }
  putLittleEndian(out, fnv1a64(out), kChecksumBytes);
  return out;
}

void OpeningTable::add(const Position& pos, const TableEntry& entry) {
  const CanonicalForm c = canonical(pos);
  sections_[pos.moveCount()].push_back({tableKey(c), movedBy(c.symmetry, entry)});
}

void OpeningTable::finish() {
  for (auto& section : sections_) {
    // The last entry added for a key wins: a stable sort keeps them in the order added.
    std::stable_sort(section.begin(), section.end(),
                     [](const Record& a, const Record& b) { return a.key < b.key; });
    auto last = std::unique(section.rbegin(), section.rend(),
                            [](const Record& a, const Record& b) { return a.key == b.key; });
    section.erase(section.begin(), last.base());
  }
}

std::optional<TableEntry> OpeningTable::find(const Position& pos) const {
  const int stones = pos.moveCount();
  if (stones > kTableMaxStones) return std::nullopt;
  const auto& section = sections_[stones];
  const CanonicalForm c = canonical(pos);
  const std::uint32_t key = tableKey(c);
  const auto it = std::lower_bound(section.begin(), section.end(), key,
                                   [](const Record& r, std::uint32_t k) { return r.key < k; });
  if (it == section.end() || it->key != key) return std::nullopt;
  return movedBy(inverse(c.symmetry), it->entry);
}

std::size_t OpeningTable::size() const {
  std::size_t n = 0;
  for (const auto& section : sections_) n += section.size();
  return n;
}

namespace {

// The value of `p` from its replies' entries, when the rules settle it (see the header).
std::optional<TableEntry> valueFromReplies(const OpeningTable& t, const Position& p) {
  const Side mover = p.sideToMove();
  std::optional<TableEntry> bestWin;
  bool allKnown = true, allLost = true, certified = true, exact = true;
  int longestLoss = -1, winMove = -1, lossMove = -1, drawMove = -1;
  for (Bitboard m = p.emptyCells(); m; m &= m - 1) {
    const int move = lowestCell(m);
    Position child = p;
    child.play(move);
    const std::optional<TableEntry> e = t.find(child);
    if (!e) {
      allKnown = false;
      continue;
    }
    const bool won = e->value == winFor(mover);
    // A certified win is preferred to a shorter one the checker has not seen.
    if (won && (!bestWin || std::pair(!e->certified, e->plies) <
                                std::pair(!bestWin->certified, bestWin->plies)))
      bestWin = e, winMove = move;
    allLost = allLost && !won && e->value != TableValue::Draw;
    if (e->value == TableValue::Draw && drawMove < 0) drawMove = move;
    if (e->plies > longestLoss) longestLoss = e->plies, lossMove = move;
    certified = certified && e->certified;
    exact = exact && e->exact;
  }
  if (bestWin)
    return TableEntry{winFor(mover), bestWin->plies + 1, false, bestWin->certified, winMove};
  if (!allKnown) return std::nullopt;
  if (allLost)
    return TableEntry{winFor(opponent(mover)), longestLoss + 1, exact, certified, lossMove};
  return TableEntry{TableValue::Draw, 0, false, false, drawMove};
}

}  // namespace

std::size_t OpeningTable::deriveFewerStones() {
  std::size_t added = 0;
  for (int s = kTableMaxStones - 1; s >= 0; --s) {
    std::vector<std::pair<Position, TableEntry>> found;
    for (const Position& p : canonicalPositions(s))
      if (!find(p))
        if (const std::optional<TableEntry> e = valueFromReplies(*this, p))
          found.push_back({p, *e});
    for (const auto& [p, e] : found) add(p, e);
    added += found.size();
    finish();
  }
  return added;
}

namespace {

// Calls f(other, entry, stone) for every win of kTableMaxStones stones in `t` with its move
// and every other position of as many stones that reaches the position that move reaches:
// another of the mover's stones taken back, `stone`, and played last. `entry` is the win's
// value and plies, moved to `other` (its move `stone`, its plies a bound).
template <class F>
void forEachTransposition(const OpeningTable& t, F f) {
  for (const Position& p : canonicalPositions(kTableMaxStones)) {
    const std::optional<TableEntry> e = t.find(p);
    const Side mover = p.sideToMove();
    if (!e || e->value != winFor(mover) || e->move < 0) continue;
    const Bitboard reached = p.stones(mover) | bit(e->move), theirs = p.stones(opponent(mover));
    for (Bitboard m = p.stones(mover); m; m &= m - 1) {
      const int stone = lowestCell(m);
      const Bitboard mine = reached & ~bit(stone);
      f(mover == Side::X ? Position::fromStones(mine, theirs) : Position::fromStones(theirs, mine),
        TableEntry{e->value, e->plies, false, e->certified, stone}, p);
    }
  }
}

}  // namespace

std::size_t OpeningTable::deriveByTransposition() {
  const std::size_t before = size();
  std::vector<std::pair<Position, TableEntry>> found;
  forEachTransposition(*this, [&](const Position& other, const TableEntry& e, const Position&) {
    if (!find(other)) found.push_back({other, e});
  });
  // Two wins can reach one class: the first found stays (add keeps the last one added).
  for (auto it = found.rbegin(); it != found.rend(); ++it) add(it->first, it->second);
  finish();
  return size() - before;
}

std::vector<std::pair<Position, Position>> transpositionConflicts(const OpeningTable& t) {
  std::vector<std::pair<Position, Position>> conflicts;
  forEachTransposition(t, [&](const Position& other, const TableEntry& e, const Position& win) {
    if (const std::optional<TableEntry> held = t.find(other); held && held->value != e.value)
      conflicts.push_back({other, win});
  });
  return conflicts;
}

std::vector<Position> lastMissingReplies(const OpeningTable& t, int stones) {
  if (stones < 1 || stones > kTableMaxStones) return {};
  std::vector<std::uint32_t> keys;
  for (const Position& p : canonicalPositions(stones - 1)) {
    if (t.find(p)) continue;
    // Two move classes of `p` can lead to one class of positions: the missing ones are
    // counted by their canonical forms.
    std::optional<std::uint32_t> missing;
    bool settled = false, several = false;
    for (Bitboard m = nonEquivalentMoves(p); m && !settled && !several; m &= m - 1) {
      Position child = p;
      child.play(lowestCell(m));
      if (const std::optional<TableEntry> e = t.find(child)) {
        settled = e->value == winFor(p.sideToMove());
        continue;
      }
      const std::uint32_t key = tableKey(canonical(child));
      several = missing && *missing != key;
      missing = key;
    }
    if (missing && !settled && !several) keys.push_back(*missing);
  }
  std::sort(keys.begin(), keys.end());
  keys.erase(std::unique(keys.begin(), keys.end()), keys.end());
  std::vector<Position> found;
  for (const std::uint32_t k : keys) found.push_back(*positionOfKey(k, stones));
  return found;
}

}  // namespace qubic
