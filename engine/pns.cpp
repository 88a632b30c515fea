#include "pns.hpp"

#include <algorithm>

namespace qubic {

namespace {

constexpr int kMaxPly = kCells + 1;

ProofNumber saturatingAdd(ProofNumber a, ProofNumber b) {
  const std::uint64_t sum = std::uint64_t{a} + b;
  return sum >= kInfinity ? kInfinity - 1 : static_cast<ProofNumber>(sum);
}

// Empty cells that complete a line of `side`.
Bitboard winningCells(const Position& pos, Side side) {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (pos.lineCount(side, l) == 3 && pos.isOpenFor(side, l)) cells |= lineMask(l) & pos.emptyCells();
  return cells;
}

bool hasOpenLine(const Position& pos, Side side) {
  for (int l = 0; l < kLines; ++l)
    if (pos.isOpenFor(side, l)) return true;
  return false;
}

}  // namespace

// What a node is before any child is searched: solved outright, or the moves worth trying.
struct NodeEvaluation {
  Answer answer = Answer::Unknown;
  int distance = 0;   // plies to the end when solved
  int bestMove = -1;  // the winning cell when the side to move wins at once
  Bitboard moves = 0;
};

struct ProofSearch::Frame {
  int count = 0;
  std::uint8_t move[kCells];
  std::uint64_t key[kCells];
};

ProofSearch::ProofSearch(TranspositionTable& table, PnsOptions options) : table_(table), options_(options) {}

std::uint64_t ProofSearch::keyOf(const Position& pos) const {
  // The attacker is part of the question, so it is part of the key.
  return pos.key() ^ (attacker_ == Side::X ? 0 : 0x5bd1e9955bd1e995ULL);
}

bool ProofSearch::limitReached() {
  if (aborted_) return true;
  if (nodes_ >= limits_.maxNodes || (limits_.stop && limits_.stop->load(std::memory_order_relaxed))) {
    aborted_ = true;
  } else if ((nodes_ & 1023) == 0 && std::chrono::steady_clock::now() >= deadline_) {
    aborted_ = true;
  }
  return aborted_;
}

namespace {

NodeEvaluation evaluate(const Position& pos, Side attacker) {
  NodeEvaluation e;
  const Side mover = pos.sideToMove();
  const Side other = opponent(mover);
  const bool attackerMoves = mover == attacker;
  auto solved = [&](bool attackerWins, int distance, int bestMove = -1) {
    e.answer = attackerWins ? Answer::Proven : Answer::Disproven;
    e.distance = distance;
    e.bestMove = bestMove;
    return e;
  };
  if (pos.isGameOver()) return solved(pos.status() == (attacker == Side::X ? Status::XWins : Status::OWins), 0);

  const Bitboard moverWins = winningCells(pos, mover);
  if (moverWins) return solved(attackerMoves, 1, lowestCell(moverWins));
  const Bitboard otherWins = winningCells(pos, other);
  if (popcount(otherWins) >= 2) return solved(!attackerMoves, 2);
  if (!hasOpenLine(pos, attacker)) return solved(false, 0);

  e.moves = otherWins ? otherWins : pos.emptyCells();
  return e;
}

}  // namespace

PnsResult ProofSearch::prove(const Position& start, Side attacker, const SearchLimits& limits) {
  const auto began = std::chrono::steady_clock::now();
  attacker_ = attacker;
  limits_ = limits;
  deadline_ = limits.maxTime == std::chrono::milliseconds::max() ? std::chrono::steady_clock::time_point::max()
                                                                 : began + limits.maxTime;
  nodes_ = 0;
  aborted_ = false;

  Position pos = start;
  const std::uint64_t rootKey = keyOf(pos);
  while (!aborted_) {
    const TTEntry* root = table_.probe(rootKey);
    if (root && root->isSolved()) break;
    mid(pos, rootKey, kInfinity - 1, kInfinity - 1, 0);
  }

  PnsResult result;
  result.nodes = nodes_;
  result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (const TTEntry* root = table_.probe(rootKey)) {
    result.rootPn = root->pn;
    result.rootDn = root->dn;
    result.bestMove = root->bestMove == 0xff ? -1 : root->bestMove;
    result.distance = root->distance;
    if (root->pn == 0) result.answer = Answer::Proven;
    if (root->dn == 0) result.answer = Answer::Disproven;
  }
  return result;
}

void ProofSearch::mid(Position& pos, std::uint64_t key, ProofNumber thPn, ProofNumber thDn, int ply) {
  ++nodes_;
  if (limitReached()) return;

  TTEntry node;
  node.key = key;
  const NodeEvaluation eval = evaluate(pos, attacker_);
  if (eval.answer != Answer::Unknown) {
    node.pn = eval.answer == Answer::Proven ? 0 : kInfinity;
    node.dn = eval.answer == Answer::Proven ? kInfinity : 0;
    node.distance = static_cast<std::uint8_t>(eval.distance);
    node.bestMove = eval.bestMove < 0 ? 0xff : static_cast<std::uint8_t>(eval.bestMove);
    node.work = 1;
    table_.store(node);
    return;
  }

  const bool orNode = pos.sideToMove() == attacker_;
  Frame f;
  for (Bitboard m = eval.moves; m;) {
    const int cell = popLowest(m);
    pos.play(cell);
    f.move[f.count] = static_cast<std::uint8_t>(cell);
    f.key[f.count] = keyOf(pos);
    ++f.count;
    pos.undo(cell);
  }

  const std::uint64_t nodesBefore = nodes_;
  if (const TTEntry* stored = table_.probe(key)) node.work = stored->work;

  for (;;) {
    // Gather the children's numbers: OR node = min pn / sum dn; AND node the mirror.
    ProofNumber best = kInfinity, second = kInfinity, sum = 0, maxOther = 0;
    int bestIndex = 0;
    ProofNumber bestOther = 1;  // the chosen child's number on the summed side
    for (int i = 0; i < f.count; ++i) {
      const TTEntry* child = table_.probe(f.key[i]);
      const ProofNumber cpn = child ? child->pn : 1;
      const ProofNumber cdn = child ? child->dn : 1;
      const ProofNumber minSide = orNode ? cpn : cdn;
      const ProofNumber sumSide = orNode ? cdn : cpn;
      if (minSide < best) {
        second = best;
        best = minSide;
        bestIndex = i;
        bestOther = sumSide;
      } else if (minSide < second) {
        second = minSide;
      }
      sum = saturatingAdd(sum, sumSide);
      maxOther = std::max(maxOther, sumSide);
      if (sumSide == kInfinity) sum = kInfinity;
    }
    // Weak sums count a defender node's children as max + (others): shared subtrees
    // in the DAG would otherwise be counted once per path.
    ProofNumber summed = sum;
    if (options_.weakSums && !orNode && sum != kInfinity)
      summed = saturatingAdd(maxOther, static_cast<ProofNumber>(f.count - 1));
    node.pn = orNode ? best : summed;
    node.dn = orNode ? summed : best;
    node.bestMove = f.move[bestIndex];
    if (node.pn == 0 || node.dn == 0) {
      // Solved: the distance follows the winner's choice.
      const TTEntry* child = table_.probe(f.key[bestIndex]);
      int distance = child ? child->distance : 0;
      const bool attackerWon = node.pn == 0;
      if (attackerWon != orNode) {
        // The loser moved here: the game lasts as long as its longest resistance.
        for (int i = 0; i < f.count; ++i)
          if (const TTEntry* c = table_.probe(f.key[i])) distance = std::max<int>(distance, c->distance);
      }
      node.distance = static_cast<std::uint8_t>(std::min(distance + 1, 255));
      break;
    }
    if (node.pn >= thPn || node.dn >= thDn || aborted_) break;

    // Thresholds for the chosen child (1+epsilon trick: let it run past the second best a little).
    const ProofNumber widened = second == kInfinity
                                    ? kInfinity - 1
                                    : std::max<ProofNumber>(saturatingAdd(second, 1),
                                                            static_cast<ProofNumber>(std::min<double>(
                                                                second * (1.0 + options_.epsilon), kInfinity - 2)));
    ProofNumber childPn, childDn;
    const ProofNumber othersSum = (orNode ? node.dn : node.pn) - bestOther;
    if (orNode) {
      childPn = std::min(thPn, widened);
      childDn = thDn >= kInfinity - 1 ? kInfinity - 1 : thDn - othersSum;
    } else {
      childDn = std::min(thDn, widened);
      childPn = thPn >= kInfinity - 1 ? kInfinity - 1 : thPn - othersSum;
    }
    const int cell = f.move[bestIndex];
    pos.play(cell);
    mid(pos, f.key[bestIndex], childPn, childDn, ply + 1);
    pos.undo(cell);
  }
  node.work = static_cast<std::uint32_t>(std::min<std::uint64_t>(node.work + (nodes_ - nodesBefore), 0xffffffffu));
  table_.store(node);
}

}  // namespace qubic
