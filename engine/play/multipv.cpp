#include "multipv.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <climits>
#include <mutex>
#include <optional>
#include <thread>

#include "engine/core/thread_start.hpp"
#include "engine/threats/move_value.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// MultiPV: what judging each further root move may cost.
constexpr std::uint64_t kRankProofNodes = 5000;
constexpr std::uint64_t kRankProofNodesMax = std::uint64_t{1} << 40;  // later passes' cap
constexpr std::uint64_t kRankSearchNodes = 20000;
constexpr int kRankMaxDepth = 4;
// MultiPV: the part of a move's proof budget left to the side its score does not favour.
constexpr std::uint64_t kUnlikelySideShare = 16;
// A kept value this short is proven again before it is shown (the cheapest forgery of a
// store re-signed by someone who can write as the user is a short false win); its proof
// costs little within this budget, and one that does not come drops the value.
constexpr int kRecheckedPlies = 15;
constexpr std::uint64_t kRecheckNodes = 20000;

}  // namespace

// The opening table's value of the move c.move, when it holds the position after it: sets
// c's verdict and plies (one more than the table's, which count from after the move).
bool valueFromTable(const OpeningTable* table, const Position& pos, MoveChoice& c) {
  if (!table) return false;
  Position next = pos;
  next.play(c.move);
  const std::optional<TableEntry> e = table->find(next);
  if (!e || e->value == TableValue::Draw) return false;
  const Side winner = e->value == TableValue::XWins ? Side::X : Side::O;
  c.verdict = winner == pos.sideToMove() ? Verdict::Win : Verdict::Loss;
  c.plies = 1 + e->plies;
  c.fromTable = true;
  return true;
}

std::optional<MoveChoice> winFromTable(const OpeningTable* table, const Position& pos) {
  if (!table) return std::nullopt;
  const std::optional<TableEntry> e = table->find(pos);
  const TableValue moverWins = pos.sideToMove() == Side::X ? TableValue::XWins : TableValue::OWins;
  if (!e || e->value != moverWins || !e->certified || e->move < 0) return std::nullopt;
  MoveChoice c;
  c.move = e->move;
  c.verdict = Verdict::Win;
  c.plies = e->plies;
  c.fromTable = true;
  c.reason = reasons::tableWin();
  return c;
}

// The value of one root move for MultiPV: proven when a table, the book or a threat
// search knows it (distances as in docs/notation.md), else a small search of it alone.
MoveChoice MultiPv::judgeMove(const Position& pos, int move, int depth, const MoveLimits& limits,
                              const Book* book) {
  const Side us = pos.sideToMove(), them = opponent(us);
  MoveChoice c;
  c.move = move;
  auto proven = [&](Verdict v, int plies) {
    c.verdict = v;
    c.plies = plies;
    return c;
  };
  if (pos.completesLine(move, us)) return proven(Verdict::Win, 1);
  Position next = pos;
  next.play(move);
  if (next.isGameOver()) return c;  // a full board: a draw, score 0
  if (threatCells(next, them)) return proven(Verdict::Loss, 2);
  if (book && them == Side::X)
    if (const std::optional<BookMove> win = book->find(next))
      return proven(Verdict::Loss, 1 + win->pliesToWin);
  if (valueFromTable(table_, pos, c)) return c;
  // Small proof searches for either side (what the table already holds answers at once).
  SearchLimits small;
  small.maxNodes = kRankProofNodes;
  small.stop = limits.stop;
  if (proveMoveValue(solver_.search(), pos, c, small) == Answer::Proven) return c;
  HeuristicLimits h;
  h.rootMoves = bit(move);
  h.maxDepth = depth;
  h.maxNodes = kRankSearchNodes;
  h.stop = limits.stop;
  const HeuristicResult r = heuristic_.search(pos, h, {});
  c.nodes += r.nodes;
  c.depth = r.depth;
  c.pvLength = r.pvLength;
  std::copy(r.pv.begin(), r.pv.begin() + r.pvLength, c.pv.begin());
  if (isProvenScore(r.score))
    return proven(r.score > 0 ? Verdict::Win : Verdict::Loss, pliesToEnd(r.score));
  c.score = r.score;
  return c;
}

// Proof searches for either side after the move c.move, within `limits` each (what the
// table already holds answers at once): sets c's verdict and plies when one is proven, and
// adds the nodes spent. Proven: a win is proven; Disproven: neither side can win (a draw,
// nothing more to prove); Unknown otherwise.
Answer MultiPv::proveMoveValue(ProofSearch& search, const Position& pos, MoveChoice& c,
                               const SearchLimits& limits) {
  const Side us = pos.sideToMove();
  Position next = pos;
  next.play(c.move);
  int disproven = 0;
  // Once a heuristic score leans one way (c.score: ours, 0 until the move was searched),
  // that side's win is searched first and the other's gets a share of the budget: a
  // search for the wrong side's win mostly spends its budget failing to disprove it.
  const bool leaning = c.score != 0;
  const Side first = favouredSide(pos, c);
  const std::array<Side, 2> sides{first, opponent(first)};
  for (const Side attacker : sides) {
    SearchLimits share = limits;
    if (leaning && attacker == sides[1])
      share.maxNodes = std::max<std::uint64_t>(limits.maxNodes / kUnlikelySideShare, 1);
    const PnsResult r = search.prove(next, attacker, share);
    c.nodes += r.nodes;
    if (r.answer == Answer::Proven && r.distance > 0) {
      c.verdict = attacker == us ? Verdict::Win : Verdict::Loss;
      c.plies = 1 + r.distance;
      return Answer::Proven;
    }
    disproven += r.answer == Answer::Disproven;
  }
  return disproven == 2 ? Answer::Disproven : Answer::Unknown;
}

// The side whose win after c.move is sought first: ours when c's score is positive, else
// the opponent's (the first to be asked before any score).
Side MultiPv::favouredSide(const Position& pos, const MoveChoice& c) {
  return c.score > 0 ? pos.sideToMove() : opponent(pos.sideToMove());
}

// The root proof number the table holds for the favoured side after c.move (the largest
// when it holds none): how far that side's proof looks.
ProofNumber MultiPv::nearestProof(const Position& pos, const MoveChoice& c) {
  Position next = pos;
  next.play(c.move);
  const std::optional<TTEntry> e = solver_.search().lookup(next, favouredSide(pos, c));
  return e ? e->pn : kInfinity;
}

// Once every move is judged, the time left goes to proving the values still unknown: pass
// after pass over them, each with four times the proof budget of the one before (the table
// keeps what each pass learned), until the deadline, the nodes or the stop flag. Each of
// the solver's searches apart (one per thread) takes the next move to prove: the open move
// of the lowest pass, nearest its proof first (the favoured side's root proof number in the
// table), so no thread waits for a pass to end. The last pass, cut by the deadline, holds
// most of the time, so this order decides what is proven. On one thread the course is the
// same on every run.
void MultiPv::proveUnknownLines(const Position& pos, std::vector<MoveChoice>& lines,
                                const MoveLimits& limits, Clock::time_point deadline,
                                std::uint64_t& nodes) {
  std::atomic<std::uint64_t> spent{nodes};
  const auto outOfTime = [&] {
    return Clock::now() >= deadline || spent.load() >= limits.maxNodes ||
           (limits.stop && limits.stop->load());
  };
  // Per line: its next pass (kClosed once proven, shown drawn or out of progress); a line
  // being searched is busy.
  constexpr int kClosed = INT_MAX;
  std::vector<int> pass(lines.size(), 0);
  std::vector<std::uint8_t> busy(lines.size(), 0);
  for (std::size_t i = 0; i < lines.size(); ++i)
    if (lines[i].verdict != Verdict::Unknown) pass[i] = kClosed;
  std::mutex queue;  // guards pass and busy
  const auto nextLine = [&]() -> std::optional<std::size_t> {
    const std::lock_guard<std::mutex> lock(queue);
    std::optional<std::size_t> best;
    std::pair<int, ProofNumber> bestKey{kClosed, 0};
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (busy[i] || pass[i] == kClosed || pass[i] > bestKey.first) continue;
      const std::pair<int, ProofNumber> key{pass[i], nearestProof(pos, lines[i])};
      if (!best || key < bestKey) best = i, bestKey = key;
    }
    if (best) busy[*best] = 1;
    return best;
  };
  const auto work = [&](ProofSearch& search) {
    while (!outOfTime()) {
      const std::optional<std::size_t> i = nextLine();
      if (!i) return;
      MoveChoice& line = lines[*i];  // this thread's alone while busy
      SearchLimits more;
      more.maxNodes = std::max<std::uint64_t>(
          std::min(passBudget(pass[*i]), limits.maxNodes - std::min(limits.maxNodes, spent.load())),
          1);
      more.maxTime = std::max(std::chrono::duration_cast<milliseconds>(deadline - Clock::now()),
                              milliseconds(1));
      more.stop = limits.stop;
      const std::uint64_t before = line.nodes;
      const Answer a = proveMoveValue(search, pos, line, more);
      if (a == Answer::Proven) line.pvLength = 1;  // the small search's line goes
      spent += line.nodes - before;
      const std::lock_guard<std::mutex> lock(queue);
      busy[*i] = 0;
      pass[*i] = a != Answer::Unknown || line.nodes == before ? kClosed : pass[*i] + 1;
    }
  };
  onEverySearch(work);
  nodes = spent.load();
}

// The proof budget of pass k: four times the small proofs', four times more each pass.
std::uint64_t MultiPv::passBudget(int k) {
  std::uint64_t budget = 4 * kRankProofNodes;
  for (int i = 0; i < k && budget < kRankProofNodesMax; ++i) budget *= 4;
  return std::min(budget, kRankProofNodesMax);
}

// Runs `work` with each of the solver's searches apart, one thread each (the first on the
// calling thread; those the system will not start are done without).
void MultiPv::onEverySearch(const std::function<void(ProofSearch&)>& work) {
  const std::vector<ProofSearch*>& searches = solver_.searchesApart();
  std::vector<std::thread> helpers;
  startThreads(helpers, static_cast<int>(searches.size()) - 1,
               [&](int i) { work(*searches[static_cast<std::size_t>(i) + 1]); });
  work(*searches.front());
  for (std::thread& t : helpers) t.join();
}

// The chosen move first, then the others best first: proven wins (quickest first),
// unproven moves by score, proven losses (longest first); `limits.multiPv` of them.
// Moves are judged best-looking first while time and nodes last (the move's limits);
// those left unjudged are not ranked. Adds the nodes spent to `nodes`.
// The value kept for the position after c.move, when a look before proved it; a short
// one only once the engine's own proof search proves it again, with that proof's distance.
bool MultiPv::valueFromStore(const Position& pos, MoveChoice& c) {
  Position next = pos;
  next.play(c.move);
  const std::optional<StoredValue> v = store_.find(next);
  if (!v) return false;
  int plies = 1 + v->plies;
  if (plies <= kRecheckedPlies) {
    SearchLimits recheck;
    recheck.maxNodes = kRecheckNodes;
    const PnsResult r = solver_.search().prove(next, v->winner, recheck);
    c.nodes += r.nodes;
    if (r.answer != Answer::Proven || r.distance <= 0) return false;
    plies = 1 + r.distance;
  }
  c.verdict = v->winner == pos.sideToMove() ? Verdict::Win : Verdict::Loss;
  c.plies = plies;
  c.fromStore = true;
  return true;
}

// Keeps every value proven among `lines` (after the move, for the store's next reader).
void MultiPv::remember(const Position& pos, const std::vector<MoveChoice>& lines) {
  const Side us = pos.sideToMove();
  for (const MoveChoice& c : lines) {
    if (c.verdict == Verdict::Unknown || c.plies <= 1 || c.move < 0) continue;
    Position next = pos;
    next.play(c.move);
    store_.add(next, {c.verdict == Verdict::Win ? us : opponent(us), c.plies - 1});
  }
}

std::vector<MoveChoice> MultiPv::rank(const Position& pos, const MoveChoice& best,
                                      const MoveLimits& limits, Clock::time_point deadline,
                                      const Book* book, std::uint64_t& nodes) {
  std::vector<MoveChoice> lines{best};
  // The chosen move's line: its own verdict, or what the table or a look before proved,
  // the shorter bound when both are known.
  if (lines[0].verdict == Verdict::Unknown) valueFromTable(table_, pos, lines[0]);
  if (MoveChoice kept = lines[0];
      valueFromStore(pos, kept) &&
      (lines[0].verdict == Verdict::Unknown ||
       (kept.verdict == lines[0].verdict && kept.plies < lines[0].plies)))
    lines[0].verdict = kept.verdict, lines[0].plies = kept.plies;
  const int depth = kRankMaxDepth;
  std::uint8_t order[kCells];
  const int count = orderByMoveValue(pos, pos.emptyCells() & ~bit(best.move), order, true);
  // What is known already (the opening table, values proven before) is shown at once,
  // whatever the time: a second look never shows less than the first.
  std::vector<int> toJudge;
  for (int i = 0; i < count; ++i) {
    MoveChoice c;
    c.move = order[i];
    c.pv[0] = order[i];
    c.pvLength = 1;
    if (valueFromTable(table_, pos, c) || valueFromStore(pos, c))
      lines.push_back(c);
    else
      toJudge.push_back(order[i]);
  }
  for (const int move : toJudge) {
    if (Clock::now() >= deadline || nodes >= limits.maxNodes ||
        (limits.stop && limits.stop->load()))
      break;
    MoveChoice c = judgeMove(pos, move, depth, limits, book);
    nodes += c.nodes;
    if (c.pvLength == 0 || c.pv[0] != move)
      c.pv[0] = static_cast<std::uint8_t>(move), c.pvLength = 1;
    lines.push_back(c);
  }
  // (A depth limit asks for a fixed amount of work, and may come with no other limit.)
  if (lines.size() == static_cast<std::size_t>(count) + 1 && limits.maxDepth == 0)
    proveUnknownLines(pos, lines, limits, deadline, nodes);
  remember(pos, lines);
  auto key = [](const MoveChoice& c) {
    if (c.verdict == Verdict::Win) return std::pair<int, int>{0, c.plies};
    if (c.verdict == Verdict::Loss) return std::pair<int, int>{2, -c.plies};
    return std::pair<int, int>{1, -c.score};
  };
  std::stable_sort(lines.begin() + 1, lines.end(),
                   [&](const MoveChoice& a, const MoveChoice& b) { return key(a) < key(b); });
  lines.resize(std::min<std::size_t>(lines.size(), static_cast<std::size_t>(limits.multiPv)));
  lines.front().ranked.clear();
  return lines;
}

}  // namespace qubic
