#include "known_ways.hpp"

#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {
constexpr int kNone = -1;
constexpr std::size_t kThreatEntries = std::size_t{1} << 22;
}  // namespace

KnownWays::KnownWays(const std::unordered_map<ClassKey, int, ClassKeyHash>& known,
                     const AnnealOptions& options)
    : known_(known),
      options_(options),
      answers_(1, options.answersKept),
      fresh_(static_cast<std::size_t>(std::max(options.newDepth, 1)) + 1) {}

KnownWays::Asker::Asker(KnownWays& ways)
    : shared_(ways), beaten_(WinsByThrees::ShareAnswersOf{ways.answers_}, kThreatEntries) {}

bool KnownWays::Asker::openReplies(const Position& after, int limit, std::vector<Position>& open) {
  open.clear();
  for (Bitboard replies = nonEquivalentMoves(after); replies;) {
    Position next = after;
    next.play(popLowest(replies));
    if (next.isGameOver()) return false;
    if (beaten_.beaten(next)) continue;
    if (static_cast<int>(open.size()) == limit) return false;
    open.push_back(next);
  }
  return true;
}

// The first move leaving every reply beaten by threes, or kNone. `form` is its class's
// canonical form (as every fresh position is), so the move kept for the class fits it.
int KnownWays::Asker::finishingMove(const Position& form, const ClassKey& key) {
  {
    const std::scoped_lock hold(shared_.lock_);
    if (const auto it = shared_.finishing_.find(key); it != shared_.finishing_.end())
      return it->second;
  }
  int found = kNone;
  std::vector<Position> open;
  for (Bitboard moves = nonEquivalentMoves(form); moves && found == kNone;) {
    const int move = popLowest(moves);
    Position after = form;
    after.play(move);
    if (!after.isGameOver() && openReplies(after, 0, open)) found = move;
  }
  const std::scoped_lock hold(shared_.lock_);
  if (shared_.options_.answersKept && shared_.finishing_.size() >= shared_.options_.answersKept)
    shared_.finishing_.clear();
  shared_.finishing_.emplace(key, found);
  return found;
}

// A fresh position is its class's canonical form, so that its moves, found in that form's
// coordinates, are the same whichever equivalent position asked first.
KnownWays::Ref KnownWays::Asker::ref(const Position& pos, int depth) {
  const CanonicalForm c = canonical(pos);
  const ClassKey key{c.x, c.o};
  if (const auto it = shared_.known_.find(key); it != shared_.known_.end()) return {it->second};
  return {kNone, fresh(Position::fromStones(c.x, c.o), key, depth)};
}

// A fresh position known to win within `depth` strategic moves: one move wins by threes
// (depth 1), or a move leaves at most newOpenReplies replies open, each such a position of
// depth - 1 (up to newCandidates such moves). Null if none.
const KnownWays::Fresh* KnownWays::Asker::fresh(const Position& pos, const ClassKey& key,
                                                int depth) {
  auto& found = shared_.fresh_[static_cast<std::size_t>(depth)];
  {
    const std::scoped_lock hold(shared_.lock_);
    if (const auto it = found.find(key); it != found.end()) return it->second;
  }
  Fresh made{pos, key, {}};
  if (const int move = finishingMove(pos, key); move != kNone) made.ways.push_back({move, {}});
  std::vector<Position> open;
  for (Bitboard moves = depth > 1 && made.ways.empty() ? nonEquivalentMoves(pos) : 0;
       moves && static_cast<int>(made.ways.size()) < shared_.options_.newCandidates;) {
    const int move = popLowest(moves);
    Position after = pos;
    after.play(move);
    if (after.isGameOver() || !openReplies(after, shared_.options_.newOpenReplies, open)) continue;
    Way w{move, {}};
    for (const Position& q : open) {
      const Ref r = ref(q, depth - 1);
      if (!r.leadsOn()) break;
      w.next.push_back(r);
    }
    if (w.next.size() == open.size()) made.ways.push_back(std::move(w));
  }
  const std::scoped_lock hold(shared_.lock_);
  if (const auto it = found.find(key); it != found.end()) return it->second;  // asked twice
  const Fresh* kept = made.ways.empty() ? nullptr : &shared_.store_.emplace_back(std::move(made));
  found.emplace(key, kept);
  return kept;
}

bool KnownWays::Asker::way(const Position& pos, int move, int limit, Way& out) {
  Position after = pos;
  after.play(move);
  std::vector<Position> open;
  if (after.isGameOver() || !openReplies(after, limit, open)) return false;
  out = {move, {}};
  for (const Position& q : open) {
    const Ref r = ref(q, shared_.options_.newDepth);
    if (!r.leadsOn()) return false;
    out.next.push_back(r);
  }
  return true;
}

bool KnownWays::Asker::ways(const Position& pos, int current, std::vector<Way>& out) {
  out.clear();
  Way kept;
  if (!way(pos, current, kCells, kept)) return false;
  const AnnealOptions& o = shared_.options_;
  const int limit =
      pos.moveCount() <= 4
          ? o.openReplies
          : std::min(o.openReplies, static_cast<int>(kept.next.size()) + o.openAboveCurrent);
  out.push_back(std::move(kept));
  for (Bitboard moves = nonEquivalentMoves(pos) & ~bit(current); moves;)
    if (Way w; way(pos, popLowest(moves), limit, w)) out.push_back(std::move(w));
  return true;
}

}  // namespace qubic
