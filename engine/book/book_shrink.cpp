#include "book_shrink.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <map>
#include <memory>
#include <mutex>
#include <sstream>
#include <unordered_map>
#include <utility>

#include "book_walk.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/core/thread_start.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/tt.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "wins_by_threes.hpp"

namespace qubic {

namespace {

using Key = ClassKey;
using KeyHash = ClassKeyHash;

Key keyOf(const Position& pos) { return classKeyOf(pos); }

constexpr int kEscapes = -1;  // an O reply ends the game

// Top-down, in a fixed order: fewer stones first, then by canonical form.
bool shallowerFirst(const std::pair<int, Key>& a, const std::pair<int, Key>& b) { return a < b; }

// One thread's tables for proving a move afresh.
struct Prover {
  static constexpr std::size_t kTableMb = 64;
  TranspositionTable table{kTableMb};
  ThreatSearch threats{std::size_t{1} << 18};
};

// X's strategy, shrunk, of a fresh proof that `move` wins at `pos` (X to move) found within
// `positions` evaluated positions and accepted by the rules-only verifier; or nothing.
std::optional<Book> provedAfresh(Prover& prover, const Position& pos, int move,
                                 std::uint64_t positions, const std::atomic<bool>* stop) {
  prover.table.clear();
  ProofSearch search(prover.table, prover.threats);
  SearchLimits limits;
  limits.maxPositions = positions;
  limits.stop = stop;
  limits.excludedRootMoves = pos.emptyCells() & ~bit(move);
  if (search.prove(pos, Side::X, limits).answer != Answer::Proven) return std::nullopt;
  limits.excludedRootMoves = 0;
  std::stringstream proof;
  if (!writeProof(proof, pos, Side::X, search, prover.threats, limits).complete)
    return std::nullopt;
  Book book;
  const VerifyResult v = verifyProof(proof, [&](const Position& p, int m, int plies) {
    if (p.sideToMove() == Side::X) book.add(p, m, plies);
  });
  if (!v.verified) return std::nullopt;
  book.finish();
  Position after = pos;
  after.play(move);
  ShrunkBook shrunk = shrinkBook(book, after);
  if (!shrunk.fault.empty()) return std::nullopt;
  return std::move(shrunk.book);
}

bool stopped(const ShrinkOptions& options) {
  return options.stop && options.stop->load(std::memory_order_relaxed);
}

class Shrinker {
 public:
  explicit Shrinker(const Position& start) : start_(start) {}

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
  std::size_t pass(const ShrinkOptions& options) {
    std::size_t changed = dropWinsByThrees();
    const Dominators d = dominators();
    for (const Key& key : d.topDown(2)) {
      if (stopped(options)) break;
      changed += replaceMove(entries_.at(key), d.size.at(key) - 1);
    }
    return changed;
  }

  // One pass of re-proving (see ShrinkOptions): the strategy followed from the start,
  // depth first; at each position whose subtree holds at least reproveFrom positions,
  // other moves are proved afresh and the smallest strategy found replaces the subtree's.
  std::size_t reprovePass(const ShrinkOptions& options) {
    dropWinsByThrees();
    current_ = book();
    total_ = walkBook(*current_, start_).reached.size();
    progress_ = {};
    std::map<Key, bool> visited;
    std::size_t replaced = 0;
    if (start_.sideToMove() == Side::X)
      replaced += reproveBelow(start_, options, visited);
    else
      for (const Position& next : strategicReplies(start_))
        replaced += reproveBelow(next, options, visited);
    return replaced;
  }

 private:
  struct Entry {
    Position pos;
    int move;
  };

  // X to move: beaten without a new strategic position (as engine/book/book_walk follows it).
  bool covered(const Position& pos) {
    return entries_.count(keyOf(pos)) || winsByThrees_.beaten(pos);
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
      if (winsByThrees_(it->second.pos)) {
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

  // The other moves of `e` worth proving: those leaving fewer than `saving` O replies
  // uncovered, fewest first, at most `count`.
  std::vector<int> movesToProve(const Entry& e, int saving, int count) {
    std::vector<std::pair<int, int>> ranked;  // uncovered replies, move
    for (Bitboard moves = nonEquivalentMoves(e.pos); moves;) {
      const int move = popLowest(moves);
      Position after = e.pos;
      after.play(move);
      if (move == e.move || after.isGameOver()) continue;
      const int n = uncovered(after, nullptr, saving - 1);
      if (n != kEscapes && n < saving) ranked.push_back({n, move});
    }
    std::sort(ranked.begin(), ranked.end());
    std::vector<int> moves;
    for (std::size_t i = 0; i < ranked.size() && static_cast<int>(i) < count; ++i)
      moves.push_back(ranked[i].second);
    return moves;
  }

  // X to move at `pos`, an entry: re-proves it if its subtree is large, then goes on
  // below its move. Returns the moves replaced.
  std::size_t reproveBelow(const Position& pos, const ShrinkOptions& options,
                           std::map<Key, bool>& visited) {
    const Key key = keyOf(pos);
    if (stopped(options) || !visited.try_emplace(key, true).second || !entries_.count(key))
      return 0;
    std::size_t replaced = 0;
    if (!current_) current_ = book();
    const std::size_t size = walkBook(*current_, pos).reached.size();
    // A position tried before with a subtree of the same size would find the same again.
    const bool triedAlike = tried_.count(key) && tried_.at(key) == size;
    if (size >= std::max<std::size_t>(options.reproveFrom, 2) && !triedAlike) {
      tried_[key] = size;
      replaced += reprove(key, size, options);
      ++progress_.reproved;
      progress_.replaced += replaced;
      if (options.onReprove) options.onReprove(progress_.reproved, progress_.replaced, total_);
    }
    Position after = entries_.at(key).pos;
    after.play(entries_.at(key).move);
    for (const Position& next : strategicReplies(after))
      replaced += reproveBelow(next, options, visited);
    return replaced;
  }

  // O's replies after X's move (one per class) that lead to an entry.
  std::vector<Position> strategicReplies(const Position& after) const {
    std::vector<Position> out;
    if (after.isGameOver()) return out;
    for (Bitboard replies = nonEquivalentMoves(after); replies;) {
      Position next = after;
      next.play(popLowest(replies));
      if (!threatCells(next, Side::X) && entries_.count(keyOf(next))) out.push_back(next);
    }
    return out;
  }

  // Proves other moves of the entry afresh; the smallest shrunk strategy replaces the
  // entry's subtree (`size` positions, the entry included) when it is smaller. Returns 1
  // when it did.
  std::size_t reprove(const Key& key, std::size_t size, const ShrinkOptions& options) {
    const Entry e = entries_.at(key);
    // A large subtree gets a larger budget: a proof as large takes more positions to find.
    const std::uint64_t budget = options.reprovePositions * std::max<std::uint64_t>(1, size / 100);
    const std::vector<int> moves =
        movesToProve(e, static_cast<int>(size) - 1, options.reproveMoves);
    std::vector<std::optional<Book>> found(moves.size());
    forEachShared(moves.size(), options.threads, [&](Prover& prover, std::size_t i) {
      found[i] = provedAfresh(prover, e.pos, moves[i], budget, options.stop);
    });
    Book best;
    int bestMove = -1;
    for (std::size_t i = 0; i < moves.size(); ++i) {  // in order: the same choice every run
      if (!found[i] || found[i]->size() + 1 >= size) continue;
      if (bestMove < 0 || found[i]->size() < best.size()) best = *found[i], bestMove = moves[i];
    }
    if (bestMove < 0) return 0;
    // The new strategy takes over every position it uses, also where other parts of the
    // strategy meet it; the whole is walked, and the change kept only if it needs fewer.
    const std::map<Key, Entry> before = entries_;
    entries_.at(key).move = bestMove;
    best.forEachEntry([&](const Position& p, int m, int) { entries_[keyOf(p)] = {p, m}; });
    BookWalk whole = walkBook(book(), start_);
    if (!whole.fault.empty() || whole.reached.size() >= total_) {
      entries_ = before;
      return 0;
    }
    total_ = whole.reached.size();
    load(whole.reached);
    current_ = std::move(whole.reached);
    return 1;
  }

  // Calls f(prover, i) for i in [0, count), on up to `threads` threads, each with its own
  // prover; which thread takes which i does not matter to the results.
  template <class F>
  void forEachShared(std::size_t count, int threads, F&& f) {
    if (count == 0) return;
    const std::size_t workers =
        std::clamp<std::size_t>(static_cast<std::size_t>(threads), 1, count);
    while (provers_.size() < workers) provers_.push_back(std::make_unique<Prover>());
    std::atomic<std::size_t> next{0};
    auto work = [&](Prover& prover) {
      for (std::size_t i; (i = next.fetch_add(1)) < count;) f(prover, i);
    };
    workOnThreads(static_cast<int>(workers),
                  [&](int w) { work(*provers_[static_cast<std::size_t>(w)]); });
  }

  // The entries reached after X's move: O's replies (one per class) that the book answers.
  std::vector<Key> entriesAfter(const Position& after) const {
    std::vector<Key> keys;
    for (const Position& next : strategicReplies(after)) keys.push_back(keyOf(next));
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

  // The dominator tree of the entries the strategy reaches: an entry dominates the ones
  // every path to which passes through it, which a new move there frees.
  struct Dominators {
    std::unordered_map<Key, int, KeyHash> size;  // entries dominated, itself included
    std::unordered_map<Key, Key, KeyHash> idom;  // the nearest dominator (kRoot at the top)
    // Entries dominating at least `least`, fewer stones first, then by canonical form.
    std::vector<Key> topDown(std::size_t least) const {
      std::vector<std::pair<int, Key>> order;
      for (const auto& [key, n] : size)
        if (static_cast<std::size_t>(n) >= least)
          order.push_back({popcount(key.first | key.second), key});
      std::sort(order.begin(), order.end(), shallowerFirst);
      std::vector<Key> keys;
      for (const auto& [stones, key] : order) keys.push_back(key);
      return keys;
    }
  };
  Dominators dominators() const;

  static constexpr Key kRoot{~Bitboard{0}, ~Bitboard{0}};
  Position start_;
  WinsByThrees winsByThrees_;
  std::vector<std::unique_ptr<Prover>> provers_;  // for re-proving, one per thread
  std::optional<Book> current_;                   // the entries as a book, while re-proving
  std::size_t total_ = 0;                         // the strategic positions they make up
  struct {
    std::size_t reproved = 0, replaced = 0;
  } progress_;  // of the pass, for ShrinkOptions::onReprove
  std::unordered_map<Key, std::size_t, KeyHash> tried_;  // re-proved, with its subtree's size
  std::map<Key, Entry> entries_;  // ordered, so that every pass runs the same way
};

// The dominator tree of the strategy's graph (edges increase the stones, so sorting by
// stones is a topological order), by the intersect walk of Cooper, Harvey and Kennedy.
Shrinker::Dominators Shrinker::dominators() const {
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
  return {std::move(size), std::move(idom)};
}

// The parts of the strategy `partsDepth` X moves below the start (one per class, in the
// order the strategy reaches them) and X's moves above them.
struct Parts {
  std::vector<Position> starts;
  Book above;
};

void collectParts(const Book& book, const Position& pos, int level, int depth, Parts& parts,
                  std::map<Key, bool>& seen) {
  if (!seen.try_emplace(keyOf(pos), true).second) return;
  const std::optional<BookMove> entry = book.find(pos);
  if (!entry) return;  // a forcing win by threes: nothing to shrink
  if (level == depth) {
    parts.starts.push_back(pos);
    return;
  }
  parts.above.add(pos, entry->move, 1);
  Position after = pos;
  after.play(entry->move);
  for (Bitboard replies = after.isGameOver() ? 0 : nonEquivalentMoves(after); replies;) {
    Position next = after;
    next.play(popLowest(replies));
    if (!next.isGameOver() && !threatCells(next, Side::X))
      collectParts(book, next, level + 1, depth, parts, seen);
  }
}

// Each part shrunk alone (on up to options.threads threads, one part each), joined under
// the moves above them; entries are taken in that order, so a class two parts reach keeps
// the first one's move (either wins: the walk of the whole checks it).
Book shrinkParts(const Book& book, const Position& start, const ShrinkOptions& options,
                 std::size_t& count) {
  Parts parts;
  std::map<Key, bool> seen;
  if (start.sideToMove() == Side::X) {
    collectParts(book, start, 0, options.partsDepth, parts, seen);
  } else {
    for (Bitboard replies = nonEquivalentMoves(start); replies;) {
      Position next = start;
      next.play(popLowest(replies));
      if (!next.isGameOver() && !threatCells(next, Side::X))
        collectParts(book, next, 1, options.partsDepth, parts, seen);
    }
  }
  ShrinkOptions alone = options;
  alone.partsDepth = 0;
  alone.shrinkWhole = true;
  alone.threads = 1;
  alone.anneal.iterations = 0;
  alone.onReprove = nullptr;
  alone.onPart = nullptr;
  std::vector<ShrunkBook> shrunk(parts.starts.size());
  std::atomic<std::size_t> next{0};
  std::mutex reporting;
  std::size_t done = 0;
  auto work = [&] {
    for (std::size_t i; (i = next.fetch_add(1)) < shrunk.size();) {
      shrunk[i] = shrinkBook(book, parts.starts[i], alone);
      const std::lock_guard<std::mutex> lock(reporting);
      ++done;
      if (options.onPart)
        options.onPart(done, shrunk.size(), shrunk[i].before, shrunk[i].book.size());
    }
  };
  workOnThreads(std::min<int>(options.threads, static_cast<int>(shrunk.size())),
                [&](int) { work(); });
  Book joined = std::move(parts.above);
  for (const ShrunkBook& part : shrunk)
    part.book.forEachEntry([&](const Position& p, int m, int) { joined.add(p, m, 1); });
  joined.finish();
  count = shrunk.size();
  return joined;
}

double secondsSince(std::chrono::steady_clock::time_point began) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

// One shrink of a strategy, stage by stage: the best strategy so far and the passes kept.
// Each choice was checked one move deep (or by its own proof); the walk checks the whole
// strategy, and a pass that does not hold or saves nothing is not kept.
class ShrinkRun {
 public:
  ShrinkRun(Book reached, const Position& start, const ShrinkOptions& options,
            std::chrono::steady_clock::time_point began)
      : began_(began),
        start_(start),
        options_(options),
        best_(std::move(reached)),
        shrinker_(start) {
    shrinker_.load(best_);
  }

  // Keeps the shrinker's strategy if it holds and is smaller; the shrinker then starts
  // again from the best.
  bool kept(ShrinkStep step, std::size_t replaced) {
    BookWalk next = walkBook(shrinker_.book(), start_);
    const bool smaller = next.fault.empty() && next.reached.size() < best_.size();
    if (smaller) {
      best_ = std::move(next.reached);
      passes_.push_back({step, replaced, best_.size(), secondsSince(began_)});
    }
    shrinker_.load(best_);
    return smaller;
  }

  void rechoose() {
    for (int p = 0; p < options_.maxPasses && !stopped(options_) &&
                    kept(ShrinkStep::Rechoice, shrinker_.pass(options_));
         ++p) {
    }
  }

  void anneal() {
    AnnealOptions annealing = options_.anneal;
    annealing.stop = options_.stop;
    annealing.threads = options_.threads;
    for (int round = 0;
         annealing.iterations > 0 && round < options_.maxRounds && !stopped(options_); ++round) {
      AnnealedStrategy annealed = annealStrategy(best_, start_, annealing);
      shrinker_.load(annealed.book);
      if (!kept(ShrinkStep::Anneal, annealed.changed)) break;
      rechoose();
    }
  }

  void reprove() {
    for (int round = 0; options_.reproveFrom > 0 && round < options_.maxRounds; ++round) {
      if (!kept(ShrinkStep::Reprove, shrinker_.reprovePass(options_))) break;
      rechoose();
    }
  }

  // The parts after the whole: a part then starts from a strategy re-proved already. The
  // parts joined often share less than they could until X's moves are re-chosen, so the
  // join is re-chosen before it is compared with the strategy it would replace.
  void shrinkInParts() {
    for (int round = 0; options_.partsDepth > 0 && round < options_.maxRounds && !stopped(options_);
         ++round) {
      std::size_t count = 0;
      BookWalk joined = walkBook(shrinkParts(best_, start_, options_, count), start_);
      if (!joined.fault.empty()) break;
      shrinker_.load(rechosenWhole(std::move(joined.reached)));
      if (!kept(ShrinkStep::Parts, count)) break;
    }
  }

  std::vector<ShrinkPass> takePasses() { return std::move(passes_); }
  Book finalBook() const { return walkBook(best_, start_, true).reached; }

 private:
  // Re-chosen even when stopped (it takes seconds): a stopped round keeps its parts.
  Book rechosenWhole(Book candidate) {
    ShrinkOptions rechoice = options_;
    rechoice.stop = nullptr;
    for (int p = 0; p < options_.maxPasses; ++p) {
      shrinker_.load(candidate);
      shrinker_.pass(rechoice);
      BookWalk next = walkBook(shrinker_.book(), start_);
      if (!next.fault.empty() || next.reached.size() >= candidate.size()) break;
      candidate = std::move(next.reached);
    }
    return candidate;
  }

  const std::chrono::steady_clock::time_point began_;
  const Position& start_;
  const ShrinkOptions& options_;
  Book best_;
  Shrinker shrinker_;
  std::vector<ShrinkPass> passes_;
};

}  // namespace

ShrunkBook shrinkBook(const Book& book, const Position& start, const ShrinkOptions& options) {
  const auto began = std::chrono::steady_clock::now();
  ShrunkBook out;
  BookWalk walk = walkBook(book, start);
  if (!walk.fault.empty()) {
    out.fault = walk.fault;
    return out;
  }
  out.before = walk.reached.size();
  ShrinkRun run(std::move(walk.reached), start, options, began);
  if (options.shrinkWhole) {
    run.rechoose();
    run.anneal();
    run.reprove();
  }
  run.shrinkInParts();
  out.stopped = stopped(options);
  out.passes = run.takePasses();
  out.book = run.finalBook();
  return out;
}

}  // namespace qubic
