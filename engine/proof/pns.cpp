#include "pns.hpp"

#include <algorithm>
#include <array>

#include "engine/core/splitmix.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/threats/move_value.hpp"
#include "engine/threats/quiet_win.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "known_wins.hpp"
#include "parallel_eval.hpp"
#include "virtual_loss.hpp"

namespace qubic {

namespace {

// Sums of an unsolved node's numbers stop here, far below the thresholds of the root's
// search (kInfinity - 1). Were they allowed up to the threshold, a node whose sum reached
// it would return at once, unsolved, and so would every node above it: the search would
// loop without evaluating anything (seen with two threads on the empty board, whose
// disproof number grows past 2^31). With the cap, the numbers a child is given always
// exceed its own.
constexpr ProofNumber kProofCap = ProofNumber{1} << 30;

// At a lazy attacker node (PnsOptions::restrictingChildren) the helpers are given this
// many children more than the search is sure to need.
constexpr int kLazyBatchExtra = 2;

ProofNumber saturatingAdd(ProofNumber a, ProofNumber b) {
  const std::uint64_t sum = std::uint64_t{a} + b;
  return sum >= kProofCap ? kProofCap : static_cast<ProofNumber>(sum);
}

std::uint8_t clampDistance(int plies) {
  return static_cast<std::uint8_t>(std::clamp(plies, 0, 255));
}

// One cell of `cells` per class of cells that the position's symmetries map onto each other.
// (Not nonEquivalentMoves(pos) & cells: a class's least cell may lie outside `cells`.)
Bitboard nonEquivalentAmong(const Position& pos, Bitboard cells) {
  const SymmetryList symmetries = stabilizer(pos);
  if (symmetries.size <= 1) return cells;
  Bitboard kept = 0;
  while (cells) {
    const int cell = popLowest(cells);
    kept |= bit(cell);
    for (const int sym : symmetries) cells &= ~bit(mapCell(sym, cell));
  }
  return kept;
}

// Threat sequences that settled children of a node (each child's side to move wins by
// its own), held for the node's later children: such a sequence wins after any other move
// of the node's side to move outside its zone that makes no three for that side.
// ThreatResult::zone claims as much for that move added to the first child, and taking
// the first child's own move away again only opens lines to the sequence's owner. So a
// later child there takes the sequence without a search of its own: a defender reply that
// loses to the attacker's sequence, or an attacker move that the defender's own sequence
// refutes. (Where the first move blocked a three of the owner's, the later child is won at
// once: the evaluation settles it before any search.) The last few sequences are held,
// since each answers for the moves outside its own zone.
class SiblingWin {
 public:
  // The sequence that answers for the child after `move`, or null.
  const KnownSequence* answerFor(int move) const {
    for (int k = 0; k < held_; ++k)
      if (!(barred_[k] & bit(move))) return &sequences_[k];
    return nullptr;
  }
  // Where the child's own search writes its result.
  ThreatResult* searchResult() {
    found_.win = false;
    return &found_;
  }
  // After the child `pos` was evaluated: a sequence its own search found is held, in place
  // of the oldest when all places are taken.
  void keep(const Position& pos) {
    if (!found_.win) return;
    const int k = held_ < kPlaces ? held_++ : oldest_++ % kPlaces;
    sequences_[k] = {found_.sequence[0], found_.plies()};
    barred_[k] = found_.zone | threeMakingCells(pos, opponent(pos.sideToMove()));
  }

 private:
  static constexpr int kPlaces = 8;
  ThreatResult found_;
  std::array<KnownSequence, kPlaces> sequences_;
  std::array<Bitboard, kPlaces> barred_{};
  int held_ = 0, oldest_ = 0;
};

}  // namespace

struct ProofSearch::Frame {
  int count = 0;
  std::uint8_t move[kCells];
  std::uint64_t key[kCells];
  std::uint8_t toImage[kCells];  // maps the child onto the position its key stands for
  // The children's numbers as last read from the table. Between passes only the child
  // just searched changes (a transposition may change another; the next visit of this
  // node sees it), so each child is read once per visit, not once per pass.
  ProofNumber pn[kCells];
  ProofNumber dn[kCells];

  void read(const TranspositionTable& table, int i) {
    const std::optional<TTEntry> child = table.probe(key[i]);
    pn[i] = child ? child->pn : 1;
    dn[i] = child ? child->dn : 1;
  }
  // As read, but a child the table does not hold keeps the numbers it has here (a child
  // waiting unevaluated keeps its quiet-move numbers).
  void refresh(const TranspositionTable& table, int i) {
    if (const std::optional<TTEntry> child = table.probe(key[i]))
      pn[i] = child->pn, dn[i] = child->dn;
  }
};

// The children's numbers gathered into the node's, and the child to search next.
struct ProofSearch::Choice {
  ProofNumber best = kInfinity;    // the node's number on the min side (OR: pn, AND: dn)
  ProofNumber summed = 0;          // the node's number on the summed side
  int index = 0;                   // the child to search next
  ProofNumber second = kInfinity;  // the runner-up's number on the min side
  ProofNumber other = 1;           // the chosen child's number on the summed side
};

ProofSearch::ProofSearch(TranspositionTable& table, ThreatSearch& threats, PnsOptions options,
                         VirtualLoss* marks, ParallelEvaluation* helpers)
    : table_(table), threats_(threats), options_(options), marks_(marks), helper_(helpers) {}

ProofSearch::Keyed ProofSearch::keyed(Bitboard x, Bitboard o, Side attacker) const {
  // Near the root, equivalent positions share one entry: the canonical form's. The
  // attacker is part of the question, so it is part of the key. Restricted searches
  // answer a different question, so they get keys of their own.
  const std::uint64_t question =
      (attacker == Side::X ? 0 : 0x5bd1e9955bd1e995ULL) ^
      (options_.threatMovesOnly ? 0x2545f4914f6cdd1dULL : 0) ^
      static_cast<std::uint64_t>(stoneCap(attacker)) * 0x9e3779b97f4a7c15ULL;
  if (popcount(x | o) > options_.symmetryDepth)
    return {Position::keyOf(x, o) ^ question, kIdentity};
  const CanonicalForm form = canonical(x, o);
  return {canonicalKey(form) ^ question, form.symmetry};
}

std::uint64_t ProofSearch::keyOf(const Position& pos, Side attacker) const {
  return keyed(pos.stones(Side::X), pos.stones(Side::O), attacker).key;
}

bool ProofSearch::limitReached() {
  if (aborted_) return true;
  // Called once per node and per child evaluation; reading the clock every 32nd call
  // still notices the deadline well within a millisecond.
  aborted_ = nodes_ >= limits_.maxNodes || positions_ >= limits_.maxPositions ||
             (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) ||
             ((++limitChecks_ & 31) == 0 && std::chrono::steady_clock::now() >= deadline_);
  return aborted_;
}

// `parentNoThreatWin`: the node's parent in the search has kNoThreatWin. Two cases let the
// child inherit it without a threat search of its own, because a win here would be a
// win there:
//  - an attacker node under a defender node: the parent's search gave the attacker the
//    move without the defender's reply, and an extra defender stone only takes lines
//    away and adds threes to block;
//  - a forced block under an attacker node: the parent's move made the three and this
//    reply is forced, so any sequence from the child is the parent's sequence minus
//    its first move and reply.
// Over two thirds of the threat searches of a solve were such repeats of a failure.
NodeEvaluation ProofSearch::evaluate(const Position& pos, bool parentNoThreatWin,
                                     const KnownSequence* known, ThreatResult* found) {
  return evaluateNode(pos, attacker_, options_, threats_, parentNoThreatWin, nodes_, nullptr, known,
                      found);
}

// Near the root the node's image is a canonical form, which the known wins are keyed by;
// deeper, a lookup costs a canonical form per node, and to ten stones it decided fewer
// positions (docs/history/table-tail-2026-11-29.md). The distance is the most the board
// allows: the proof written through the node gives the real one. A known win of the
// defender's disproves its node, steering the search away: a disproof claims nothing in a
// table job (which decides a draw found with known wins again without them).
std::optional<NodeEvaluation> ProofSearch::knownWin(const Position& pos, int toImage) const {
  const KnownWins* known = options_.knownWins;
  if (!known || pos.moveCount() > options_.symmetryDepth || options_.threatMovesOnly)
    return std::nullopt;
  const bool attackerMoves = pos.sideToMove() == attacker_;
  if (!attackerMoves && !options_.knownDefenderWins) return std::nullopt;
  const std::optional<int> move = known->winningMove(transform(toImage, pos.stones(Side::X)),
                                                     transform(toImage, pos.stones(Side::O)));
  if (!move) return std::nullopt;
  const int cell = mapCell(inverse(toImage), *move);
  // The root's excluded moves are not the search's to play, known or not.
  if (attackerMoves && pos.moveCount() == rootStones_ && (limits_.excludedRootMoves & bit(cell)))
    return std::nullopt;
  NodeEvaluation e;
  e.answer = attackerMoves ? Answer::Proven : Answer::Disproven;
  e.distance = popcount(pos.emptyCells());
  e.bestMove = attackerMoves ? cell : -1;
  return e;
}

// The root is looked up whatever its depth (one canonical form per call): the proof
// writer asks about every attacker node of a known win's subtree in turn.
void ProofSearch::takeKnownRoot(const Position& pos, std::uint64_t key, int toImage) {
  if (!options_.knownWins || pos.sideToMove() != attacker_ || options_.threatMovesOnly) return;
  if (const std::optional<TTEntry> held = table_.probe(key); held && held->isSolved()) return;
  const std::optional<int> move = options_.knownWins->winningMove(pos);
  if (!move || (limits_.excludedRootMoves & bit(*move))) return;
  NodeEvaluation e;
  e.answer = Answer::Proven;
  e.distance = popcount(pos.emptyCells());
  e.bestMove = *move;
  table_.store(entryOf(e, pos, key, toImage));
}

ProofNumber ProofSearch::baseDivisor() const {
  return std::max<ProofNumber>(options_.repliesPerDefence, 1);
}

ProofNumber ProofSearch::replyDivisor(std::uint64_t key) const {
  const ProofNumber divisor = baseDivisor();
  if (options_.courseSeed == 0) return divisor;
  std::uint64_t state = key ^ options_.courseSeed;
  return std::max<ProofNumber>(divisor + static_cast<ProofNumber>(splitmix64(state) % 3) - 1, 1);
}

ProofNumber ProofSearch::defencePn(int choices, ProofNumber divisor) const {
  if (choices == 1) return std::max<ProofNumber>(options_.forcedBlockPn, 1);
  return std::max<ProofNumber>((static_cast<ProofNumber>(choices) + divisor - 1) / divisor, 1);
}

std::optional<TTEntry> ProofSearch::lookup(const Position& pos, Side attacker) const {
  return table_.probe(keyOf(pos, attacker));
}

TTEntry ProofSearch::expand(const Position& pos, std::uint64_t key, int toImage,
                            bool parentNoThreatWin, const KnownSequence* known,
                            ThreatResult* found) {
  ++positions_;
  const TTEntry entry =
      entryOf(knownWin(pos, toImage).value_or(evaluate(pos, parentNoThreatWin, known, found)), pos,
              key, toImage);
  table_.store(entry);
  return entry;
}

TTEntry ProofSearch::entryOf(const NodeEvaluation& eval, const Position& pos, std::uint64_t key,
                             int toImage) const {
  TTEntry entry;
  entry.key = key;
  entry.work = 1;
  if (eval.answer == Answer::Unknown && stoneCap(attacker_) > 0 &&
      pos.moveCount() >= stoneCap(attacker_)) {
    // Past the bound and not settled: lost, for this search (PnsOptions::stoneCap).
    entry.pn = kInfinity;
    entry.dn = 0;
    entry.bestMove = 0xff;
    entry.moves = ~Bitboard{0};
  } else if (eval.answer != Answer::Unknown) {
    entry.pn = eval.answer == Answer::Proven ? 0 : kInfinity;
    entry.dn = eval.answer == Answer::Proven ? kInfinity : 0;
    entry.distance = clampDistance(eval.distance);
    entry.bestMove =
        eval.bestMove < 0 ? 0xff : static_cast<std::uint8_t>(mapCell(toImage, eval.bestMove));
    entry.moves = ~Bitboard{0};  // any non-zero value marks the entry as evaluated
  } else {
    entry.moves = transform(toImage, eval.moves);
    entry.flags = (eval.threatened ? kThreatened : 0) | (eval.noThreatWin ? kNoThreatWin : 0);
    if (options_.heuristicInit) {
      // The more moves the side to move has, the harder it is to beat. At a defender node
      // most candidate replies lose at once to the attacker's threats, so only a share of
      // them is counted; a lone forced block counts extra, because the attacker's three
      // that forced it did not win by itself (see PnsOptions).
      const int choices = popcount(eval.moves);
      const bool attackerMoves = pos.sideToMove() == attacker_;
      entry.pn = attackerMoves ? 1 : defencePn(choices, replyDivisor(key));
      entry.dn = attackerMoves ? static_cast<ProofNumber>(choices) : 1;
    }
  }
  return entry;
}

// A defender node no threat sequence narrows: the attacker's quiet wins, were the defender
// to pass, are what its replies must stop. Asked once the node has cost quietWinWork
// positions, or (unchecked zones) when the search first enters it, never when it is first
// evaluated: most evaluated defender nodes are never entered (PnsOptions::quietWinNodes).
QuietWin ProofSearch::quietWins(const Position& pos) {
  ThreatLimits limits;
  limits.maxNodes = options_.quietWinNodes;
  const QuietWin quiet =
      everyQuietWin(threats_, pos, attacker_, limits,
                    options_.quietWinUnchecked ? QuietZone::Unchecked : QuietZone::Sound);
  nodes_ += quiet.nodes;
  return quiet;
}

void ProofSearch::narrowToQuietWin(const Position& pos, TTEntry& node, int toImage) {
  const bool due = options_.quietWinUnchecked ? !(node.flags & kChildrenSeen)
                                              : node.work >= options_.quietWinWork;
  if (options_.quietWinNodes == 0 || !due || (node.flags & kQuietAsked)) return;
  node.flags |= kQuietAsked;
  if (const QuietWin quiet = quietWins(pos); quiet.move >= 0) {
    const Bitboard zone = quiet.zone;
    node.moves &= transform(toImage, zone);
  }
  table_.store(node);
}

void ProofSearch::keepThreateningMoves(Frame& f, TTEntry& node, int toImage) {
  int kept = 0;
  for (int i = 0; i < f.count; ++i) {
    const std::optional<TTEntry> child = table_.probe(f.key[i]);
    if (child && (child->pn == 0 || (child->flags & kThreatened))) {
      f.move[kept] = f.move[i];
      f.key[kept] = f.key[i];
      f.toImage[kept] = f.toImage[i];
      f.pn[kept] = f.pn[i];
      f.dn[kept] = f.dn[i];
      ++kept;
    }
  }
  if (kept == 0) return;  // no threatening move: every move stays
  f.count = kept;
  Bitboard moves = 0;
  for (int i = 0; i < kept; ++i) moves |= bit(f.move[i]);
  node.moves = transform(toImage, moves);
}

// Plies to the end of a solved node, an upper bound against any defence (docs/notation.md).
// The winner's quickest child sets it; when the loser is to move, its longest resistance.
// A child no longer in the table counts the most the board allows, and a threatened
// defender node also counts the replies its zone pruned, which the threat sequence beats.
// Returns the winner's child when the winner is to move (-1 otherwise).
int ProofSearch::solvedDistance(Position& pos, const Frame& f, TTEntry& node, bool orNode,
                                int toImage) {
  const bool attackerWon = node.pn == 0;
  const int boardLeft = popcount(pos.emptyCells()) - 1;  // after any child's move
  auto childDistance = [&](int i) {
    const std::optional<TTEntry> child = table_.probe(f.key[i]);
    return child && child->isSolved() ? int{child->distance} : boardLeft;
  };
  int distance = -1, winner = -1;
  if (attackerWon == orNode) {
    for (int i = 0; i < f.count; ++i) {
      const bool won = orNode ? f.pn[i] == 0 : f.dn[i] == 0;
      if (won && (winner < 0 || childDistance(i) < distance))
        winner = i, distance = childDistance(i);
    }
  } else {
    for (int i = 0; i < f.count; ++i) distance = std::max(distance, childDistance(i));
    if (attackerWon && (node.flags & kThreatened) && !threatCells(pos, attacker_)) {
      ThreatLimits limits;
      limits.maxNodes = options_.threatNodes;
      const ThreatResult threat = threats_.forcedWin(pos, attacker_, limits);
      nodes_ += threat.nodes;
      distance = std::max(distance, threat.win ? threat.plies() : boardLeft);
    }
    const Bitboard dropped = pos.emptyCells() & ~transform(inverse(toImage), node.moves);
    if (attackerWon && (node.flags & kQuietAsked) && dropped) {
      // The replies a quiet win's zone dropped lose within its plies. Asked again, its threat
      // searches may end otherwise (their table of lost positions has changed), so the bound
      // holds only if every dropped reply lies outside the zone found now.
      const QuietWin quiet = quietWins(pos);
      const bool covered = quiet.move >= 0 && !(dropped & quiet.zone);
      distance = std::max(distance, covered ? quiet.plies : boardLeft);
    }
  }
  node.distance = clampDistance(std::max(distance, 0) + 1);
  return winner;
}

PnsResult ProofSearch::prove(const Position& start, Side attacker, const SearchLimits& limits) {
  const auto began = std::chrono::steady_clock::now();
  attacker_ = attacker;
  limits_ = limits;
  deadline_ = limits.maxTime == std::chrono::milliseconds::max()
                  ? std::chrono::steady_clock::time_point::max()
                  : began + limits.maxTime;
  nodes_ = 0;
  positions_ = 0;
  aborted_ = false;

  Position pos = start;
  rootStones_ = pos.moveCount();
  const auto [rootKey, rootImage] = keyed(pos.stones(Side::X), pos.stones(Side::O), attacker_);
  takeKnownRoot(pos, rootKey, rootImage);
  while (!aborted_) {
    const std::optional<TTEntry> root = table_.probe(rootKey);
    if (root && root->isSolved()) break;
    mid(pos, rootKey, rootImage, kInfinity - 1, kInfinity - 1);
  }

  PnsResult result;
  result.nodes = nodes_;
  result.positions = positions_;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (const std::optional<TTEntry> root = table_.probe(rootKey)) {
    result.rootPn = root->pn;
    result.rootDn = root->dn;
    result.bestMove = root->bestMove == 0xff ? -1 : root->bestMove;
    result.distance = root->distance;
    if (root->pn == 0) result.answer = Answer::Proven;
    if (root->dn == 0 && !options_.threatMovesOnly && stoneCap(attacker_) == 0)
      result.answer = Answer::Disproven;
  }
  // Near the root the table holds canonical images, whose best move belongs to the image.
  if (result.bestMove >= 0) result.bestMove = mapCell(inverse(rootImage), result.bestMove);
  return result;
}

// The moves to try, in order, with their table keys; the table slots are requested
// before any is read, so the memory accesses overlap instead of waiting one after another.
// A child's key comes from its stones: playing it would update its lines for nothing.
void ProofSearch::gatherChildren(Position& pos, const TTEntry& node, int toImage, Frame& f) {
  Bitboard moves = transform(inverse(toImage), node.moves);
  if (pos.moveCount() == rootStones_) moves &= ~limits_.excludedRootMoves;
  // Moves that the position's own symmetries make equivalent are tried once.
  if (pos.moveCount() <= options_.symmetryDepth) moves = nonEquivalentAmong(pos, moves);
  const bool orNode = pos.sideToMove() == attacker_;
  f.count = orderByMoveValue(pos, moves, f.move, options_.orderMoves && orNode);
  const Bitboard x = pos.stones(Side::X), o = pos.stones(Side::O);
  const bool xMoves = pos.sideToMove() == Side::X;
  for (int i = 0; i < f.count; ++i) {
    const Bitboard cx = xMoves ? x | bit(f.move[i]) : x, co = xMoves ? o : o | bit(f.move[i]);
    const Keyed child = keyed(cx, co, attacker_);
    f.key[i] = child.key;
    f.toImage[i] = static_cast<std::uint8_t>(child.toImage);
    table_.prefetch(f.key[i]);
  }
}

// Children are evaluated as soon as their parent is expanded: immediate wins and
// threat-sequence wins are seen at once, and the initial numbers rank the moves. At an
// attacker node that already has enough restricting children, the others wait with the
// numbers a quiet move would get (see PnsOptions::restrictingChildren).
bool ProofSearch::numberChildren(Position& pos, const TTEntry& node, Frame& f) {
  const bool orNode = pos.sideToMove() == attacker_;
  const ProofNumber quietPn =  // every empty cell is a reply
      defencePn(popcount(pos.emptyCells()) - 1, baseDivisor());
  const bool lazy = orNode && options_.heuristicInit && options_.restrictingChildren > 0 &&
                    !options_.threatMovesOnly;
  const bool parentNoThreatWin = (node.flags & kNoThreatWin) != 0;
  // With a helper, the children the table does not hold are evaluated by both threads.
  int item[kCells];
  int batchSize = 0;
  if (helper_ && options_.heuristicInit) {
    std::uint8_t moves[kCells];
    // At a lazy attacker node most children are never evaluated: the batch holds only as
    // many as the search is likely to need.
    const int cap = lazy ? options_.restrictingChildren + kLazyBatchExtra : kCells;
    for (int i = 0; i < f.count; ++i) {
      item[i] = batchSize < cap && !table_.probe(f.key[i]) ? batchSize : -1;
      if (item[i] >= 0) moves[batchSize++] = f.move[i];
    }
    if (batchSize < 2 || !helper_->startBatch(pos, moves, batchSize, attacker_, parentNoThreatWin))
      batchSize = 0;
  }
  auto endBatch = [&] {
    if (batchSize > 0) nodes_ += helper_->endBatch();
  };
  int restricting = 0;
  SiblingWin sibling;
  for (int i = 0; i < f.count; ++i) {
    std::optional<TTEntry> child = table_.probe(f.key[i]);
    if (!child && lazy && restricting >= options_.restrictingChildren) {
      f.pn[i] = quietPn;
      f.dn[i] = 1;
      continue;
    }
    if (!child && options_.heuristicInit) {
      pos.play(f.move[i]);
      const int toImage = f.toImage[i];
      if (batchSize > 0 && item[i] >= 0) {
        ++positions_;
        const NodeEvaluation helped = helper_->result(item[i], threats_);
        child = entryOf(knownWin(pos, toImage).value_or(helped), pos, f.key[i], toImage);
        table_.store(*child);
      } else if (options_.siblingWins) {
        const KnownSequence* known = sibling.answerFor(f.move[i]);
        child = expand(pos, f.key[i], toImage, parentNoThreatWin, known,
                       known ? nullptr : sibling.searchResult());
        if (!known) sibling.keep(pos);
      } else {
        child = expand(pos, f.key[i], toImage, parentNoThreatWin);
      }
      pos.undo(f.move[i]);
      if (limitReached()) {
        endBatch();
        return false;
      }
    }
    f.pn[i] = child ? child->pn : 1;
    f.dn[i] = child ? child->dn : 1;
    restricting += f.pn[i] < quietPn;
  }
  endBatch();
  return true;
}

// Thresholds for the chosen child; the 1+epsilon trick lets it run past the second best
// a little, which saves many re-expansions of its parent. The extra is rounded to an
// integer before it is added, so no compiler can fuse the two steps into one differently
// rounded instruction: the path must not depend on flags.
std::pair<ProofNumber, ProofNumber> ProofSearch::childThresholds(const Choice& c, bool orNode,
                                                                 ProofNumber thPn,
                                                                 ProofNumber thDn) const {
  const std::uint64_t extra =
      static_cast<std::uint64_t>(static_cast<double>(c.second) * options_.epsilon);
  const ProofNumber widened = c.second >= kInfinity - 1
                                  ? kInfinity - 1
                                  : std::max(saturatingAdd(c.second, 1),
                                             static_cast<ProofNumber>(std::min<std::uint64_t>(
                                                 std::uint64_t{c.second} + extra, kInfinity - 2)));
  const ProofNumber othersSum = c.summed - std::min(c.other, c.summed);
  if (orNode)
    return {std::min(thPn, widened), thDn >= kInfinity - 1 ? kInfinity - 1 : thDn - othersSum};
  return {thPn >= kInfinity - 1 ? kInfinity - 1 : thPn - othersSum, std::min(thDn, widened)};
}

void ProofSearch::mid(Position& pos, std::uint64_t key, int toImage, ProofNumber thPn,
                      ProofNumber thDn) {
  ++nodes_;
  if (limitReached()) return;
  struct Mark {  // this thread is in the node until mid returns
    VirtualLoss* marks;
    std::uint64_t key;
    Mark(VirtualLoss* m, std::uint64_t k) : marks(m), key(k) {
      if (marks) marks->enter(key);
    }
    ~Mark() {
      if (marks) marks->leave(key);
    }
  } const mark(marks_, key);

  TTEntry node;
  if (const std::optional<TTEntry> stored = table_.probe(key); stored && stored->moves) {
    node = *stored;
  } else {
    node = expand(pos, key, toImage);
  }
  if (node.isSolved()) return;
  const bool orNode = pos.sideToMove() == attacker_;
  if (!orNode && !(node.flags & kThreatened) && (node.flags & kNoThreatWin))
    narrowToQuietWin(pos, node, toImage);
  Frame f;
  gatherChildren(pos, node, toImage, f);
  if (!numberChildren(pos, node, f)) return;
  if (!(node.flags & kChildrenSeen)) {
    node.flags |= kChildrenSeen;
    if (orNode && options_.threatMovesOnly) keepThreateningMoves(f, node, toImage);
  }

  const std::uint64_t nodesBefore = nodes_;
  for (;;) {
    if (marks_) {
      // Other threads write to the table too: a node they solved needs no more work here,
      // and any unsolved child may have changed since it was read (a solved one stays).
      if (const std::optional<TTEntry> self = table_.probe(key); self && self->isSolved()) return;
      for (int i = 0; i < f.count; ++i)
        if (f.pn[i] != 0 && f.dn[i] != 0) f.refresh(table_, i);
    }
    Choice c = choose(f, orNode, nullptr);
    node.pn = orNode ? c.best : c.summed;
    node.dn = orNode ? c.summed : c.best;
    node.bestMove = f.count ? static_cast<std::uint8_t>(mapCell(toImage, f.move[c.index])) : 0xff;
    if (node.pn == 0 || node.dn == 0) {
      const int winner = solvedDistance(pos, f, node, orNode, toImage);
      if (winner >= 0) node.bestMove = static_cast<std::uint8_t>(mapCell(toImage, f.move[winner]));
      break;
    }
    if (node.pn >= thPn || node.dn >= thDn || aborted_) break;
    if (marks_) {
      // Steer away from children other threads are in, unless the one chosen instead
      // could not be searched within this node's threshold.
      const Choice spread = choose(f, orNode, marks_);
      const ProofNumber spreadMin = orNode ? f.pn[spread.index] : f.dn[spread.index];
      if (spreadMin < (orNode ? thPn : thDn)) c = spread;
    }
    const auto [childPn, childDn] = childThresholds(c, orNode, thPn, thDn);
    const int cell = f.move[c.index];
    pos.play(cell);
    mid(pos, f.key[c.index], f.toImage[c.index], childPn, childDn);
    pos.undo(cell);
    f.read(table_, c.index);
  }
  node.work = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(node.work + (nodes_ - nodesBefore), 0xffffffffu));
  table_.store(node);
}

}  // namespace qubic

namespace qubic {

// OR node: min pn / sum dn; AND node the mirror. With `marks`, the child is chosen by
// virtual numbers: at a defender node a child k other threads are in counts (k + 1) times
// its own; at an attacker node (1 + k / 4) times. So at an attacker node the threads take
// different moves only while their numbers are close, and race: once one move's number
// leads by a quarter, all go there. Without that race two threads often commit together to
// a move whose proof is several times larger than the one a single thread happens to take,
// and solves ran long far more often (docs/history/experiments-2026-11.md).
ProofSearch::Choice ProofSearch::choose(const Frame& f, bool orNode,
                                        const VirtualLoss* marks) const {
  Choice c;
  ProofNumber sum = 0, maxOther = 0, chosen = kInfinity;
  ProofNumber open = 0;  // children not yet solved on the summed side
  for (int i = 0; i < f.count; ++i) {
    const ProofNumber minSide = orNode ? f.pn[i] : f.dn[i];
    const ProofNumber sumSide = orNode ? f.dn[i] : f.pn[i];
    ProofNumber seen = minSide;
    if (marks && minSide != 0 && minSide < kInfinity - 1)
      if (const int busy = marks->count(f.key[i])) {
        const std::uint64_t virtualMin = orNode ? minSide + std::uint64_t{minSide} * busy / 4
                                                : std::uint64_t{minSide} * (busy + 1);
        seen = static_cast<ProofNumber>(std::min<std::uint64_t>(virtualMin, kInfinity - 2));
      }
    c.best = std::min(c.best, minSide);
    if (seen < chosen) {
      c.second = chosen;
      chosen = seen;
      c.index = i;
      c.other = sumSide;
    } else if (seen < c.second) {
      c.second = seen;
    }
    sum = sumSide == kInfinity ? kInfinity : (sum == kInfinity ? sum : saturatingAdd(sum, sumSide));
    maxOther = std::max(maxOther, sumSide);
    open += sumSide != 0;
  }
  // Weak sums count a defender node's open children as max + (the others): shared
  // subtrees in the DAG would otherwise be counted once per path.
  c.summed = sum;
  if (options_.weakSums && !orNode && sum != kInfinity && open > 0)
    c.summed = saturatingAdd(maxOther, open - 1);
  // A defender node with one reply costs more than its child (see PnsOptions); the child's
  // threshold, thPn minus the others' share, takes the cost off again.
  if (!orNode && f.count == 1 && c.summed != 0 && c.summed != kInfinity)
    c.summed = saturatingAdd(c.summed, options_.forcedReplyCost);
  return c;
}

}  // namespace qubic
