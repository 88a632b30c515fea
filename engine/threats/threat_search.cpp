#include "threat_search.hpp"

#include <algorithm>
#include <bit>

#include "engine/core/rank_order.hpp"
#include "engine/core/splitmix.hpp"
#include "threats.hpp"

namespace qubic {

namespace {

using LineBits = ThreatSearch::LineBits;

// The lines through each cell as a set: bits 0..63 in `low`, 64..75 in `high`.
constexpr std::array<ThreatSearch::LineBits, kCells> kLinesThrough = [] {
  std::array<ThreatSearch::LineBits, kCells> through{};
  for (int c = 0; c < kCells; ++c)
    for (int k = 0; k < kLineTables.lineCount[c]; ++k) {
      const int l = kLineTables.linesThrough[c][k];
      (l < 64 ? through[c].low : through[c].high) |= std::uint64_t{1} << (l & 63);
    }
  return through;
}();

// Zobrist keys of an attacker's and a defender's stone on each cell: a child's key is its
// parent's and two more.
constexpr std::array<std::array<std::uint64_t, kCells>, 2> kStoneKeys = [] {
  std::array<std::array<std::uint64_t, kCells>, 2> keys{};
  std::uint64_t state = 0x7165626963ULL;
  for (auto& side : keys)
    for (std::uint64_t& k : side) k = splitmix64(state);
  return keys;
}();

// Calls f(line) for every line in the set.
template <class F>
void forEachLine(LineBits set, F&& f) {
  while (set.low) f(popLowest(set.low));
  while (set.high) f(64 + popLowest(set.high));
}

int size(LineBits set) { return popcount(set.low) + popcount(set.high); }

// Empty cells of the lines in the set.
Bitboard emptyCellsOf(LineBits set, Bitboard empty) {
  Bitboard cells = 0;
  forEachLine(set, [&](int l) { cells |= lineMask(l) & empty; });
  return cells;
}

// Cells the proof depends on (see ThreatResult::zone): the sequence, the final gain
// cells and the defender's gain cells at the start. An extra defender stone x elsewhere
// matters only if a later forced reply r turns a line through x into a defender three;
// so for each reply, every attacker-free line through it holding two or more defender
// stones adds its empty cells, unless the attacker's next move is one of them: then the
// three x would make has that move as its gain cell, and the attacker blocks it as planned.
// `defenderGains`: the gain cells of the defender's threes at the start.
Bitboard proofZone(Bitboard attacker, Bitboard defender, Bitboard defenderGains,
                   const ThreatResult& r) {
  Bitboard zone = r.finalThreats | defenderGains;
  for (int i = 0; i < r.length; ++i) {
    const int cell = r.sequence[i];
    zone |= bit(cell);
    if (i % 2 == 0) {
      attacker |= bit(cell);
      continue;
    }
    defender |= bit(cell);
    const Bitboard next = bit(r.sequence[i + 1]);  // a sequence ends with an attacker move
    for (int k = 0; k < kLineTables.lineCount[cell]; ++k) {
      const Bitboard line = lineMask(kLineTables.linesThrough[cell][k]);
      const Bitboard empties = line & ~defender;
      if (!(attacker & line) && popcount(defender & line) >= 2 && !(empties & next))
        zone |= empties;
    }
  }
  return zone;
}

}  // namespace

ThreatSearch::ThreatSearch(std::size_t tableEntries)
    : ownTable_(std::make_unique<LargeArray<Entry>>(
          std::bit_floor(std::max<std::size_t>(tableEntries, 1)))),
      table_(ownTable_->data()),
      tableMask_(ownTable_->size() - 1) {}

ThreatSearch::ThreatSearch(ShareTableOf share)
    : table_(share.owner.table_), tableMask_(share.owner.tableMask_) {}

void ThreatSearch::clearTable() {
  if (ownTable_) ownTable_->clear();
}

void ThreatSearch::LineCounts::add(int cell) {
  // A ripple-carry increment of every counter on the cell's lines at once.
  const LineBits through = kLinesThrough[cell];
  std::uint64_t carryLow = bit0.low & through.low, carryHigh = bit0.high & through.high;
  bit0.low ^= through.low, bit0.high ^= through.high;
  const std::uint64_t carry2Low = bit1.low & carryLow, carry2High = bit1.high & carryHigh;
  bit1.low ^= carryLow, bit1.high ^= carryHigh;
  bit2.low ^= carry2Low, bit2.high ^= carry2High;
}

std::uint64_t ThreatSearch::key(Bitboard attacker, Bitboard defender) {
  std::uint64_t k = 0;
  while (attacker) k ^= kStoneKeys[0][popLowest(attacker)];
  while (defender) k ^= kStoneKeys[1][popLowest(defender)];
  return k;
}

bool ThreatSearch::shouldStop() {
  if (nodes_ >= maxNodes_) stopped_ = true;
  if (stop_ && (nodes_ & 255) == 0 && stop_->load(std::memory_order_relaxed)) stopped_ = true;
  return stopped_;
}

ThreatResult ThreatSearch::forcedWin(const Position& pos, Side attacker,
                                     const ThreatLimits& limits) {
  ThreatResult result;
  if (pos.isGameOver()) return result;

  attacker_ = pos.stones(attacker);
  defender_ = pos.stones(opponent(attacker));
  key_ = key(attacker_, defender_);
  attackerLines_ = {};
  defenderLines_ = {};
  for (Bitboard b = attacker_; b;) attackerLines_.add(popLowest(b));
  for (Bitboard b = defender_; b;) defenderLines_.add(popLowest(b));
  nodes_ = 0;
  maxNodes_ = limits.maxNodes;
  stop_ = limits.stop;
  stopped_ = false;
  pathLength_ = 0;
  finalThreats_ = 0;

  const int maxDepth = std::clamp(limits.maxDepth, 1, kMaxThreatDepth);
  Outcome outcome = Outcome::DepthCut;
  for (int depth = limits.shortest ? 1 : maxDepth;
       depth <= maxDepth && outcome == Outcome::DepthCut; ++depth)
    outcome = attackerToMove(depth, 0);
  result.nodes = nodes_;
  result.hitLimit = outcome == Outcome::Stopped;
  if (outcome != Outcome::Win) return result;
  result.win = true;
  result.sequence = path_;
  result.length = pathLength_;
  result.finalThreats = finalThreats_;
  // The search has taken back every move: the line counts are the root's again.
  const Bitboard defenderGains =
      emptyCellsOf(defenderLines_.exactly(3) & attackerLines_.none(), ~(attacker_ | defender_));
  result.zone = proofZone(attacker_, defender_, defenderGains, result);
  return result;
}

ThreatSearch::Frontier ThreatSearch::frontier(LineBits twos, Bitboard empty) const {
  Frontier f;
  const LineBits defenderFree = attackerLines_.none();
  // A defender three must be blocked; two gain cells cannot both be.
  Bitboard allowed = empty;
  const LineBits defenderThrees = defenderLines_.exactly(3) & defenderFree;
  if (!defenderThrees.empty()) {
    allowed = emptyCellsOf(defenderThrees, empty);
    if (popcount(allowed) > 1) return f;
  }
  // Cells on one two make a three; cells on two twos make a double threat and win.
  Bitboard once = 0, twice = 0;
  forEachLine(twos, [&](int l) {
    const Bitboard cells = lineMask(l) & empty;
    twice |= once & cells;
    once |= cells;
  });
  f.all = once;
  f.once = once & allowed;
  f.twice = twice & allowed;
  return f;
}

Bitboard ThreatSearch::gainsOfDouble(int cell, Bitboard empty, const LineCounts& attacker,
                                     const LineCounts& defender) {
  const LineBits twos = attacker.exactly(2) & defender.none() & kLinesThrough[cell];
  Bitboard gains = 0;
  forEachLine(twos, [&](int l) { gains |= lineMask(l) & empty & ~bit(cell); });
  return gains;
}

// The gain cells of the defender threes `c`'s reply makes (none, one, or more: then the
// child cannot block them all).
Bitboard ThreatSearch::defenderGainsAfter(const Child& c, const NodeLines& node) {
  const LineBits madeThrees = node.defenderTwos & kLinesThrough[c.reply];
  if (madeThrees.empty()) return 0;
  return emptyCellsOf(madeThrees, node.empty & ~bit(c.move) & ~bit(c.reply));
}

// The cell where the attacker makes a double threat right after `c`'s move and reply, or
// -1: two twos cross there, one of them made by the move (two old twos crossing would be
// a double threat now; two lines through the move cross nowhere else, so the other is
// old). An old two through the reply is blocked. A defender three the reply makes must be
// blocked first, so then only its gain cell can be the double threat.
int ThreatSearch::doubleAfter(const Child& c, const NodeLines& node) {
  const Bitboard gains = defenderGainsAfter(c, node);
  if (popcount(gains) > 1) return -1;
  const Bitboard empty = node.empty & ~bit(c.move) & ~bit(c.reply);
  Bitboard oldCells = node.threeCells & empty;
  forEachLine(node.twos & kLinesThrough[c.reply], [&](int l) { oldCells &= ~lineMask(l); });
  Bitboard doubles = 0;
  forEachLine(node.ones & kLinesThrough[c.move], [&](int l) { doubles |= oldCells & lineMask(l); });
  doubles &= gains ? gains : empty;
  return doubles ? lowestCell(doubles) : -1;
}

// True when the child after `c`'s move and reply has no move making a three, so it fails
// at once: no attacker two is left (the move's own two is the three the reply blocked; no
// other two passes through the move, or it would be a double threat), or the reply makes
// defender threes the child cannot block with a three.
bool ThreatSearch::deadAfter(const Child& c, const NodeLines& node) {
  const LineBits newTwos = node.ones & kLinesThrough[c.move];
  const LineBits oldTwos = node.twos & ~kLinesThrough[c.reply];
  const Bitboard gains = defenderGainsAfter(c, node);
  if (!gains) return newTwos.empty() && oldTwos.empty();
  if (popcount(gains) > 1) return true;
  const LineBits block = kLinesThrough[lowestCell(gains)];
  return (newTwos & block).empty() && (oldTwos & block).empty();
}

// A child whose first move is a double threat is taken before any child is searched:
// depth first, a short win behind a later child was found only after the first child's
// whole subtree, and a shorter win has a smaller zone. `related`: the only moves that can
// be followed by a double threat (see attackerToMove). Ends the path when it finds one.
ThreatSearch::Outcome ThreatSearch::takeDoubleThreat(std::span<const Child> children,
                                                     Bitboard related, const NodeLines& node,
                                                     int ply) {
  for (const Child& c : children) {
    if (!(related & bit(c.move))) continue;
    const int cell = doubleAfter(c, node);
    if (cell < 0) continue;
    if (shouldStop()) return Outcome::Stopped;
    ++nodes_;  // the child's node, not entered
    path_[2 * ply] = c.move;
    path_[2 * ply + 1] = c.reply;
    path_[2 * ply + 2] = static_cast<std::uint8_t>(cell);
    pathLength_ = 2 * ply + 3;
    LineCounts attackerLines = attackerLines_, defenderLines = defenderLines_;
    attackerLines.add(c.move);
    defenderLines.add(c.reply);
    finalThreats_ = gainsOfDouble(cell, node.empty & ~bit(c.move) & ~bit(c.reply), attackerLines,
                                  defenderLines);
    return Outcome::Win;
  }
  return Outcome::Fail;
}

// Plays `c`'s move and reply, searches the child and takes them back.
ThreatSearch::Outcome ThreatSearch::searchChild(const Child& c, int depthLeft, int ply) {
  path_[2 * ply] = c.move;
  path_[2 * ply + 1] = c.reply;
  const LineCounts attackerLines = attackerLines_, defenderLines = defenderLines_;
  const std::uint64_t childKey = kStoneKeys[0][c.move] ^ kStoneKeys[1][c.reply];
  key_ ^= childKey;
  attacker_ |= bit(c.move);
  defender_ |= bit(c.reply);
  attackerLines_.add(c.move);
  defenderLines_.add(c.reply);
  const Outcome o = attackerToMove(depthLeft - 1, ply + 1);
  key_ ^= childKey;
  attacker_ &= ~bit(c.move);
  defender_ &= ~bit(c.reply);
  attackerLines_ = attackerLines, defenderLines_ = defenderLines;
  return o;
}

// The children of a node, best first, with `once` the moves making a three (within the
// block of a defender three), and `related` set.
int ThreatSearch::orderedChildren(const NodeLines& node, Bitboard once,
                                  std::array<Child, kCells>& children, Bitboard& related) {
  // Ordering: moves that start new twos, above all twos crossing another two (a related
  // pair: a double threat next move); replies that give the defender a three come last,
  // as they force the attacker's next move. A line holding one attacker stone adds 1 to
  // each candidate on it, 5 when it holds another candidate too; a line holding two
  // defender stones takes 2 from each reply on it. (A line through a move never holds
  // its reply: the two cross only at the move.)
  // `related`: the moves that can be followed by a double threat, those on a line with one
  // attacker stone and another cell making a three (two lines through a move cross
  // nowhere else, so a double threat after it needs such a line).
  // Computed per cell, not per line: a node has few candidates but many lines with one
  // attacker stone. The lines holding two or more candidates (`shared`), or two or more
  // three-making cells (`pairs`), are counted with saturating two-bit counters in one pass
  // over the three-making cells (the candidates are among them).
  LineBits seen, pairs, seenOnce, shared;
  for (Bitboard cells = node.threeCells; cells;) {
    const int cell = popLowest(cells);
    const LineBits through = kLinesThrough[cell] & node.ones;
    pairs = pairs | (seen & through);
    seen = seen | through;
    const std::uint64_t candidate = 0 - ((once >> cell) & 1);
    const LineBits counted{through.low & candidate, through.high & candidate};
    shared = shared | (seenOnce & counted);
    seenOnce = seenOnce | counted;
  }
  related = emptyCellsOf(pairs, node.threeCells);
  const auto score = [&](int move, int reply) {
    return static_cast<std::int8_t>(size(kLinesThrough[move] & node.ones) +
                                    4 * size(kLinesThrough[move] & shared) -
                                    2 * size(kLinesThrough[reply] & node.defenderTwos));
  };

  // Each candidate lies on exactly one two, whose other empty cell is the forced reply.
  // The children are sorted as distinct 32-bit words (score, order found, move, reply):
  // a stable order.
  std::array<std::uint32_t, kCells> words;
  int count = 0;
  forEachLine(node.twos, [&](int l) {
    const Bitboard cells = lineMask(l) & node.empty;
    const int a = lowestCell(cells), b = lowestCell(cells & (cells - 1));
    for (const auto& [move, reply] : {std::pair{a, b}, std::pair{b, a}}) {
      if (!(once & bit(move))) continue;
      words[count] = static_cast<std::uint32_t>(score(move, reply) + 128) << 24 |
                     static_cast<std::uint32_t>(255 - count) << 16 |
                     static_cast<std::uint32_t>(move) << 8 | static_cast<std::uint32_t>(reply);
      ++count;
    }
  });
  placeByRank(words.data(), count, [&](int rank, std::uint32_t w) {
    children[rank] = {static_cast<std::uint8_t>(w >> 8), static_cast<std::uint8_t>(w)};
  });
  return count;
}

ThreatSearch::Outcome ThreatSearch::attackerToMove(int depthLeft, int ply) {
  if (shouldStop()) return Outcome::Stopped;
  ++nodes_;
  const Bitboard empty = ~(attacker_ | defender_);
  const LineBits attackerFree = defenderLines_.none();
  const LineBits attackerThrees = attackerLines_.exactly(3) & attackerFree;
  const LineBits attackerTwos = attackerLines_.exactly(2) & attackerFree;
  const auto finish = [&](int cell, Bitboard threats) {
    path_[2 * ply] = static_cast<std::uint8_t>(cell);
    pathLength_ = 2 * ply + 1;
    finalThreats_ = threats;
    return Outcome::Win;
  };

  // An attacker three wins at once (only possible at the root: replies block the others).
  if (!attackerThrees.empty()) return finish(lowestCell(emptyCellsOf(attackerThrees, empty)), 0);

  const Frontier f = frontier(attackerTwos, empty);
  if (f.twice) {
    const int cell = lowestCell(f.twice);
    return finish(cell, gainsOfDouble(cell, empty, attackerLines_, defenderLines_));
  }
  if (!f.once) return Outcome::Fail;
  if (depthLeft <= 1) return Outcome::DepthCut;

  const std::uint64_t k = key_;
  std::uint64_t& entry = slot(k);
  if (const Entry known = load(entry); known.holds(k) && known.depth() >= depthLeft)
    return known.depth() == kNoCut ? Outcome::Fail : Outcome::DepthCut;

  const NodeLines node{attackerTwos, attackerLines_.exactly(1) & attackerFree,
                       defenderLines_.exactly(2) & attackerLines_.none(), f.all, empty};
  std::array<Child, kCells> children;
  Bitboard related = 0;
  const int count = orderedChildren(node, f.once, children, related);

  // The children's table slots are requested now, while the first child is searched:
  // almost every probe would otherwise wait for memory.
  for (int i = 0; i < count; ++i)
    __builtin_prefetch(
        &slot(k ^ kStoneKeys[0][children[i].move] ^ kStoneKeys[1][children[i].reply]));

  if (const Outcome o =
          takeDoubleThreat({children.data(), static_cast<std::size_t>(count)}, related, node, ply);
      o != Outcome::Fail)
    return o;

  // Children that fail at once, or that the table knows to fail, are not entered.
  bool cut = false;
  for (int i = 0; i < count; ++i) {
    const Child c = children[i];
    const std::uint64_t childKey = k ^ kStoneKeys[0][c.move] ^ kStoneKeys[1][c.reply];
    const bool dead = deadAfter(c, node);
    const Entry known = !dead && depthLeft > 2 ? load(slot(childKey)) : Entry{};
    const bool knownToFail =
        !dead && depthLeft > 2 && known.holds(childKey) && known.depth() >= depthLeft - 1;
    if (dead || knownToFail) {
      if (shouldStop()) return Outcome::Stopped;
      ++nodes_;  // the child's node, not entered
      cut |= knownToFail && known.depth() != kNoCut;
      continue;
    }
    const Outcome o = searchChild(c, depthLeft, ply);
    if (o == Outcome::Win || o == Outcome::Stopped) return o;
    cut |= o == Outcome::DepthCut;
  }
  save(entry, Entry::of(k, cut ? static_cast<std::uint8_t>(depthLeft) : kNoCut));
  return cut ? Outcome::DepthCut : Outcome::Fail;
}

}  // namespace qubic
