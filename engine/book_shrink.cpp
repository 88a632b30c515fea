#include "book_shrink.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <unordered_map>
#include <utility>

#include "book_walk.hpp"
#include "symmetry.hpp"
#include "threat_search.hpp"
#include "threats.hpp"
#include "verify.hpp"

namespace qubic {

namespace {

using Key = std::pair<Bitboard, Bitboard>;  // a canonical form: one per class of positions

struct KeyHash {
  std::size_t operator()(const Key& k) const noexcept {
    return static_cast<std::size_t>((k.first * 0x9E3779B97F4A7C15ULL) ^ (k.second >> 1));
  }
};

Key keyOf(const Position& pos) {
  const CanonicalForm c = canonical(pos);
  return {c.x, c.o};
}

constexpr int kEscapes = -1;  // an O reply ends the game

// Top-down, in a fixed order: fewer stones first, then by canonical form.
bool shallowerFirst(const std::pair<int, Key>& a, const std::pair<int, Key>& b) { return a < b; }

class Shrinker {
 public:
  explicit Shrinker(const Position& start) : start_(start), threats_(std::size_t{1} << 20) {}

  void load(const Book& strategy) {
    entries_.clear();
    strategy.forEachEntry([&](const Position& pos, int move, int) {
      entries_[keyOf(pos)] = {pos, move};
    });
  }

  Book book() const {
    Book b;
    for (const auto& [key, e] : entries_) b.add(e.pos, e.move, 1);  // distances: walked later
    b.finish();
    return b;
  }

  // One pass: entries where threes win anyway go; then, top-down, a move is replaced where
  // another needs fewer new positions (each beaten by one more move) than the positions
  // only the old move's subtree needs. Returns the moves changed or dropped.
  std::size_t pass() {
    std::size_t changed = dropWinsByThrees();
    const std::unordered_map<Key, int, KeyHash> dominated = dominatedSizes();
    std::vector<std::pair<int, Key>> order;
    for (const auto& [key, size] : dominated)
      if (size >= 2) order.push_back({popcount(key.first | key.second), key});
    std::sort(order.begin(), order.end(), shallowerFirst);
    for (const auto& [stones, key] : order)
      changed += replaceMove(entries_.at(key), dominated.at(key) - 1);
    return changed;
  }

 private:
  struct Entry {
    Position pos;
    int move;
  };

  // X to move: does X win by threes, a sequence the rules-only checker accepts?
  bool winsByThrees(const Position& pos) {
    const Key key = keyOf(pos);
    if (const auto known = byThrees_.find(key); known != byThrees_.end()) return known->second;
    const ThreatResult forced = threats_.forcedWin(pos, Side::X, {});
    const std::span<const std::uint8_t> line(forced.sequence.data(),
                                             static_cast<std::size_t>(forced.length));
    const bool wins = forced.win && checkForcingWin(pos, Side::X, line).empty();
    byThrees_.emplace(key, wins);
    return wins;
  }

  // X to move: beaten without a new strategic position (as engine/book_walk follows it).
  bool covered(const Position& pos) {
    return threatCells(pos, Side::X) || entries_.count(keyOf(pos)) || winsByThrees(pos);
  }

  // After X's move: how many classes of O replies are not covered (kEscapes when one ends
  // the game), counting no further than limit + 1; the positions go into `open`.
  int uncovered(const Position& after, std::vector<Position>* open, int limit) {
    int count = 0;
    for (Bitboard replies = nonEquivalentMoves(after); replies;) {
      Position next = after;
      next.play(popLowest(replies));
      if (next.isGameOver()) return kEscapes;
      if (covered(next)) continue;
      if (++count > limit) return count;
      if (open) open->push_back(next);
    }
    return count;
  }

  // A move after which every O reply is covered, or -1.
  int finishingMove(const Position& pos) {
    for (Bitboard moves = nonEquivalentMoves(pos); moves;) {
      const int move = popLowest(moves);
      Position after = pos;
      after.play(move);
      if (!after.isGameOver() && uncovered(after, nullptr, 0) == 0) return move;
    }
    return -1;
  }

  std::size_t dropWinsByThrees() {
    std::size_t dropped = 0;
    for (auto it = entries_.begin(); it != entries_.end();) {
      if (winsByThrees(it->second.pos)) {
        it = entries_.erase(it);
        ++dropped;
      } else {
        ++it;
      }
    }
    return dropped;
  }

  // The cheapest other move of `e` whose uncovered replies each have a finishing move, if
  // it needs fewer than `saving` new positions. Returns 1 when the move was replaced.
  std::size_t replaceMove(Entry& e, int saving) {
    int best = saving, bestMove = -1;
    std::vector<Position> fix, open;
    for (Bitboard moves = nonEquivalentMoves(e.pos); moves;) {
      const int move = popLowest(moves);
      if (move == e.move) continue;
      Position after = e.pos;
      after.play(move);
      if (after.isGameOver()) continue;
      open.clear();
      const int n = uncovered(after, &open, best - 1);
      if (n == kEscapes || n >= best) continue;
      const bool finished = std::all_of(open.begin(), open.end(),
                                        [&](const Position& q) { return finishingMove(q) >= 0; });
      if (finished) best = n, bestMove = move, fix = open;
    }
    if (bestMove < 0) return 0;
    e.move = bestMove;
    for (const Position& q : fix) entries_[keyOf(q)] = {q, finishingMove(q)};
    return 1;
  }

  // The entries reached after X's move: O's replies (one per class) that the book answers.
  std::vector<Key> entriesAfter(const Position& after) const {
    std::vector<Key> keys;
    if (after.isGameOver()) return keys;
    for (Bitboard replies = nonEquivalentMoves(after); replies;) {
      Position next = after;
      next.play(popLowest(replies));
      if (threatCells(next, Side::X)) continue;
      if (const Key k = keyOf(next); entries_.count(k)) keys.push_back(k);
    }
    return keys;
  }

  std::vector<Key> children(const Key& key) const {
    if (key == kRoot) {
      if (start_.sideToMove() == Side::O) return entriesAfter(start_);
      if (entries_.count(keyOf(start_))) return {keyOf(start_)};
      return {};
    }
    const Entry& e = entries_.at(key);
    Position after = e.pos;
    after.play(e.move);
    return entriesAfter(after);
  }

  // For each entry the strategy reaches, how many entries it dominates (itself included):
  // the positions every path to them passes through it, which a new move there frees.
  std::unordered_map<Key, int, KeyHash> dominatedSizes() const;

  static constexpr Key kRoot{~Bitboard{0}, ~Bitboard{0}};
  Position start_;
  ThreatSearch threats_;
  std::map<Key, Entry> entries_;  // ordered, so that every pass runs the same way
  std::unordered_map<Key, bool, KeyHash> byThrees_;
};

// The dominator tree of the strategy's graph (edges increase the stones, so sorting by
// stones is a topological order), by the intersect walk of Cooper, Harvey and Kennedy.
std::unordered_map<Key, int, KeyHash> Shrinker::dominatedSizes() const {
  std::unordered_map<Key, std::vector<Key>, KeyHash> parents;
  std::vector<std::pair<int, Key>> order{{-1, kRoot}};
  for (std::size_t i = 0; i < order.size(); ++i)
    for (const Key& child : children(order[i].second)) {
      auto [it, fresh] = parents.try_emplace(child);
      if (fresh) order.push_back({popcount(child.first | child.second), child});
      it->second.push_back(order[i].second);
    }
  std::sort(order.begin(), order.end(), shallowerFirst);
  std::unordered_map<Key, Key, KeyHash> idom;
  std::unordered_map<Key, int, KeyHash> depth{{kRoot, 0}};
  for (const auto& [stones, v] : order) {
    if (v == kRoot) continue;
    Key d = parents.at(v).front();
    for (const Key& p : parents.at(v)) {
      Key a = d, b = p;
      while (a != b) {
        if (depth.at(a) < depth.at(b)) std::swap(a, b);
        a = idom.at(a);
      }
      d = a;
    }
    idom[v] = d;
    depth[v] = depth.at(d) + 1;
  }
  std::unordered_map<Key, int, KeyHash> size;
  for (auto it = order.rbegin(); it != order.rend(); ++it) {
    if (it->second == kRoot) continue;
    const int own = size[it->second] += 1;
    if (const Key& up = idom.at(it->second); up != kRoot) size[up] += own;
  }
  return size;
}

double secondsSince(std::chrono::steady_clock::time_point began) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

}  // namespace

ShrunkBook shrinkBook(const Book& book, const Position& start, int maxPasses) {
  const auto began = std::chrono::steady_clock::now();
  ShrunkBook out;
  BookWalk walk = walkBook(book, start);
  if (!walk.fault.empty()) {
    out.fault = walk.fault;
    return out;
  }
  out.before = walk.reached.size();
  Book best = std::move(walk.reached);
  Shrinker shrinker(start);
  shrinker.load(best);
  for (int p = 0; p < maxPasses; ++p) {
    const std::size_t replaced = shrinker.pass();
    BookWalk next = walkBook(shrinker.book(), start);
    // Each choice was checked one move deep; the walk checks the whole strategy, and a
    // pass that does not hold or saves nothing is not kept.
    if (!next.fault.empty() || next.reached.size() >= best.size()) break;
    best = std::move(next.reached);
    shrinker.load(best);
    out.passes.push_back({replaced, best.size(), secondsSince(began)});
  }
  out.book = walkBook(best, start, true).reached;
  return out;
}

}  // namespace qubic
