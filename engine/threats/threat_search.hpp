// Forced-win (threat-sequence) search: can the attacker win by a sequence in which
// every attacker move makes a three, so every defender reply is forced?
//
// The question is always asked with the attacker to move. When it is really the
// defender's turn the answer means "the attacker would win if the defender passed",
// which tells a solver what the defender has to stop.
//
// Rules of the sequence:
//  - an attacker three already on the board wins at once;
//  - a single three forces the defender onto its gain cell (any other reply loses);
//  - a move making two threes wins: the defender can take only one gain cell;
//  - a defender three must be blocked at once, by a move that itself makes a three;
//    two defender threes with different gain cells end the line (fail).
// The search is depth-first over every three-making move, so within its limits it finds
// a win whenever one of this kind exists. Before any child is searched, each is looked at
// from line sets alone: one whose next move is a double threat wins at once (a short win
// first), one left with no three to make, or held by the table as failing, is not entered.
// The table keeps only failures, so a hash collision can hide a win but never invent one.
#pragma once

#include <array>
#include <atomic>
#include <cstdint>
#include <memory>
#include <span>

#include "engine/core/large_array.hpp"
#include "engine/core/portable.hpp"
#include "engine/core/position.hpp"

namespace qubic {

constexpr int kMaxThreatDepth = 32;  // attacker moves; 32 of them and their replies fill the board

struct ThreatLimits {
  std::uint64_t maxNodes = UINT64_MAX;  // attacker moves tried
  int maxDepth = kMaxThreatDepth;       // attacker moves in a sequence, 1..kMaxThreatDepth
  // Deepen one attacker move at a time, so the sequence found is a shortest one (and its
  // zone small), at the price of re-searching the shallow levels.
  bool shortest = false;
  const std::atomic<bool>* stop = nullptr;  // polled every 256 nodes; may be null
};

struct ThreatResult {
  bool win = false;
  bool hitLimit = false;  // node limit or stop flag ended the search: "no win" is then unproven
  // Attacker moves and forced replies in order: a1 r1 a2 r2 ... ak. The last attacker
  // move either completes a line (finalThreats == 0) or leaves the attacker with two or
  // more threes, whose gain cells are finalThreats.
  std::array<std::uint8_t, kCells> sequence{};
  int length = 0;
  Bitboard finalThreats = 0;
  // Every cell the proof depends on. Claim: a defender move outside the zone that does not
  // itself make a defender three leaves the same attacker sequence winning. It holds the
  // sequence, finalThreats, the defender's gain cells at the start, and the empty cells of
  // lines a reply leaves attacker-free with two defender stones (one more stone there would
  // give the defender an unforeseen three).
  Bitboard zone = 0;
  std::uint64_t nodes = 0;  // positions searched (attacker to move)

  int attackerMoves() const { return (length + 1) / 2; }
  // Plies to the end of the game against any defence: a sequence that ends in two threes
  // lasts two plies more (one is blocked, the other completed).
  int plies() const { return length + (finalThreats ? 2 : 0); }
};

class ThreatSearch {
 public:
  // Allocates the table of positions already shown to have no forced win (rounded
  // down to a power of two, at least 1); entries outlive calls, so asking again is cheap.
  explicit ThreatSearch(std::size_t tableEntries = std::size_t{1} << 16);
  // A search on another thread that shares `owner`'s table (which must outlive it): what
  // either learns, both use. Slots are read and written whole, as relaxed atomics.
  struct ShareTableOf {
    ThreatSearch& owner;
  };
  explicit ThreatSearch(ShareTableOf share);

  ThreatResult forcedWin(const Position& pos, Side attacker, const ThreatLimits& limits = {});
  void clearTable();

  // A set of lines, 0..63 in `low`, 64..75 in `high`.
  struct LineBits {
    std::uint64_t low = 0, high = 0;
    bool empty() const { return (low | high) == 0; }
    LineBits operator&(LineBits o) const { return {low & o.low, high & o.high}; }
    LineBits operator|(LineBits o) const { return {low | o.low, high | o.high}; }
    LineBits operator~() const { return {~low, ~high}; }
  };
  // The memory of its table (0 when the table is another search's).
  std::size_t tableBytes() const { return ownTable_ ? ownTable_->size() * sizeof(Entry) : 0; }

 private:
  enum class Outcome : std::uint8_t { Win, Fail, DepthCut, Stopped };
  static constexpr std::uint8_t kNoCut = 0xff;
  // 8 bytes, so that a table small enough to stay in the cache holds many: the key's top
  // 56 bits above the depth within which the position fails (kNoCut: at any depth).
  struct Entry {
    std::uint64_t word = 0;
    bool holds(std::uint64_t key) const { return ((word ^ key) >> 8) == 0; }
    std::uint8_t depth() const { return static_cast<std::uint8_t>(word); }
    static Entry of(std::uint64_t key, std::uint8_t depth) {
      return {(key & ~std::uint64_t{0xff}) | depth};
    }
  };
  // One side's stones on every line, bit-sliced: the count of line l (0..4) is bit l of
  // bit0 + 2 * bit1 + 4 * bit2. A stone updates its seven or four lines in a few word
  // operations, and the lines holding exactly k stones are a few more.
  struct LineCounts {
    LineBits bit0, bit1, bit2;
    void add(int cell);
    LineBits exactly(int k) const {
      const auto pick = [](std::uint64_t b, bool one) { return one ? b : ~b; };
      return {pick(bit0.low, k & 1) & pick(bit1.low, k & 2) & pick(bit2.low, k & 4),
              pick(bit0.high, k & 1) & pick(bit1.high, k & 2) & pick(bit2.high, k & 4)};
    }
    LineBits none() const { return exactly(0); }
  };

  Outcome attackerToMove(int depthLeft, int ply);
  // The attacker's moves in the current state (`twos`: its twos): those making a three (`once`) and
  // those making two (`twice`, a double threat), both within the block of a defender three when
  // there is one, and empty when there are two; `all`: every cell making a three.
  struct Frontier {
    Bitboard once = 0, twice = 0, all = 0;
  };
  Frontier frontier(LineBits twos, Bitboard empty) const;
  // The gain cells of the threes a double threat at `cell` makes, with these counts.
  static Bitboard gainsOfDouble(int cell, Bitboard empty, const LineCounts& attacker,
                                const LineCounts& defender);
  // A child: an attacker move making a three and the defender's forced reply.
  struct Child {
    std::uint8_t move, reply;
  };
  // What the look at a node's children needs: the attacker's twos and lines with one
  // attacker stone, the defender's twos, the cells of the attacker's twos (`threeCells`,
  // block or not) and the empty cells, all at the node.
  struct NodeLines {
    LineBits twos, ones, defenderTwos;
    Bitboard threeCells, empty;
  };
  static int orderedChildren(const NodeLines& node, Bitboard once,
                             std::array<Child, kCells>& children, Bitboard& related);
  static Bitboard defenderGainsAfter(const Child& c, const NodeLines& node);
  static int doubleAfter(const Child& c, const NodeLines& node);
  static bool deadAfter(const Child& c, const NodeLines& node);
  Outcome takeDoubleThreat(std::span<const Child> children, Bitboard related, const NodeLines& node,
                           int ply);
  Outcome searchChild(const Child& c, int depthLeft, int ply);
  bool shouldStop();
  static std::uint64_t key(Bitboard attacker, Bitboard defender);
  std::uint64_t& slot(std::uint64_t key) {
    return table_[static_cast<std::size_t>((key >> 20) & tableMask_)].word;
  }
  static Entry load(std::uint64_t& word) { return {relaxedLoad(word)}; }
  static void save(std::uint64_t& word, Entry e) { relaxedStore(word, e.word); }

  std::unique_ptr<LargeArray<Entry>> ownTable_;  // null when the table is another's
  Entry* table_;
  std::uint64_t tableMask_ = 0;

  // Search state: the stones and their counts on every line.
  Bitboard attacker_ = 0, defender_ = 0;
  std::uint64_t key_ = 0;  // key(attacker_, defender_)
  LineCounts attackerLines_, defenderLines_;
  std::array<std::uint8_t, kCells> path_{};
  Bitboard finalThreats_ = 0;
  int pathLength_ = 0;
  std::uint64_t nodes_ = 0, maxNodes_ = 0;
  const std::atomic<bool>* stop_ = nullptr;
  bool stopped_ = false;
};

}  // namespace qubic
