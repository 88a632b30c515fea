// The opening table: the proven value of every position of the first plies that has been
// decided, one entry per class of equivalent positions, sorted by a compact key of the
// canonical form (docs/table-format.md). Built from bytes and written to bytes; reading
// files is the caller's job. find() neither allocates nor searches: a canonical form and
// a binary search.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <span>
#include <utility>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

// The table holds positions of at most this many stones (a key packs 6 bits a stone).
constexpr int kTableMaxStones = 4;

enum class TableValue : std::uint8_t { XWins = 1, OWins = 2, Draw = 3 };

struct TableEntry {
  TableValue value = TableValue::XWins;
  int plies = 0;           // to the win along the proven line, against any defence; 0 for a draw
  bool exact = false;      // plies is the exact distance, not an upper bound
  bool certified = false;  // the rules-only checker accepted its proof (a draw: never)
  // The side to move's move along the proven line, as a cell of the position asked about:
  // a win's winning move, a loss's longest defence, a draw's drawing move; -1 when the
  // table has none for it (its proof was not at hand when the table was joined).
  int move = -1;
  friend bool operator==(const TableEntry&, const TableEntry&) = default;
};

// The canonical forms of all positions with `stones` stones (0..kTableMaxStones) that a
// game can reach, in the table's order (by tableKey).
std::vector<Position> canonicalPositions(int stones);

// The key of a canonical form of at most kTableMaxStones stones: its X cells in increasing
// order, then its O cells, 6 bits each, the first cell highest.
std::uint32_t tableKey(const CanonicalForm& c);

class OpeningTable {
 public:
  OpeningTable() = default;  // empty: every position "not in the table"

  // Checks the header, the section sizes, every key (a canonical form of its section's
  // stones) and the order; the message says what is wrong.
  static Parsed<OpeningTable> fromBytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> serialize() const;

  // Adds or replaces the entry of `pos`'s class (its move a cell of `pos`); call finish()
  // before find or serialize.
  void add(const Position& pos, const TableEntry& entry);
  void finish();

  // The entry of `pos`'s class (its move a cell of `pos`), or nothing when it is not in the
  // table.
  std::optional<TableEntry> find(const Position& pos) const;

  std::size_t size(int stones) const { return sections_[stones].size(); }
  std::size_t size() const;

  // Adds the values that follow by the rules for positions of fewer stones, from
  // kTableMaxStones - 1 down to the empty board: a position is won by the side to move
  // when a reply in the table wins for it; otherwise its value is known when all of its
  // replies are in the table (lost when all lose, else a draw). The move is the shortest
  // win's (a certified one first), the longest loss's, or a draw's. Returns how many it added.
  std::size_t deriveFewerStones();

  // Adds the wins that follow by transposition among positions of kTableMaxStones stones:
  // where a win's move reaches a position that removing another of the mover's stones
  // leaves (the mover's move there being that stone), the position so left reaches it too
  // and wins the same way, within the same plies (a bound). Call it before
  // deriveFewerStones. Returns how many it added.
  std::size_t deriveByTransposition();

 private:
  struct Record {
    std::uint32_t key;
    TableEntry entry;
  };
  std::array<std::vector<Record>, kTableMaxStones + 1> sections_;
};

// The positions of `stones` stones (canonical forms) that alone keep a position of one stone
// fewer from being settled by the rules: no reply of it in `t` wins for its side to move, and
// every other reply is in `t`. Deciding one settles that position too (deriveFewerStones), so
// a run takes them first. In the table's order, each once.
std::vector<Position> lastMissingReplies(const OpeningTable& t, int stones);

// The positions of kTableMaxStones stones whose value in `t` a transposition contradicts
// (OpeningTable::deriveByTransposition), each with the win whose move reaches where it
// does: none in a table that is true.
std::vector<std::pair<Position, Position>> transpositionConflicts(const OpeningTable& t);

}  // namespace qubic
