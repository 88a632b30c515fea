#include "search.hpp"

#include <algorithm>
#include <optional>

#include "engine/threats/move_value.hpp"

namespace qubic {

// What the rules and the evaluation need from the lines, in one pass over them.
struct LineScan {
  std::array<Bitboard, 2> threes{};          // gain cells of each side's threes
  std::array<Bitboard, 2> twoCells{};        // cells on at least one of the side's twos
  std::array<Bitboard, 2> doubleCells{};     // cells on two or more: double threats
  std::array<std::array<int, 4>, 2> open{};  // open lines by the stones on them (1..3)
};

namespace {

constexpr int kInfinity = kWinScore + 1;

// Evaluation weights, hundredths of a stone. Measured by playing matches
// (docs/history/experiments-2026-11.md, "Heuristic search").
constexpr int kOpenOne = 10;        // an open line with one stone
constexpr int kOwnTwo = 45;         // an open line with two stones, side to move
constexpr int kTheirTwo = 35;       // the same for the opponent, who moves second
constexpr int kTheirDouble = 200;   // the opponent's first double-threat cell: it must be answered
constexpr int kTheirDoubles = 600;  // each further one: more than one move can answer

// Below the nominal depth the side to move may still play this many threes in a row
// (each forces the block), which finds the three-then-double-threat wins at the leaves.
constexpr int kQuiescenceThrees = 1;
// Moves after this many at a node, with at least kReduceFromDepth plies left, are first
// searched one ply shallower (late move reduction), and again at full depth if they beat alpha.
constexpr int kReduceAfterMoves = 4;
constexpr int kReduceFromDepth = 3;
// Each node of the main search (not of the quiescence step) asks the threat search whether
// the side to move wins by a sequence of threes, within this many nodes.
constexpr std::uint64_t kThreatNodes = 100;
// Nodes between looks at the clock and the stop flag (well under a millisecond).
constexpr std::uint64_t kCheckEvery = 1024;

// Move ordering: the lines' value (move_value.hpp), then these bonuses.
constexpr int kOrderDoubleBlock = 400;  // an opponent double-threat cell
constexpr int kOrderKiller = 100000, kOrderTable = 1000000;

enum Bound : std::uint8_t { kExact, kLower, kUpper };

LineScan scanLines(const Position& pos) {
  LineScan scan;
  const Bitboard empty = pos.emptyCells();
  for (int l = 0; l < kLines; ++l) {
    const int x = pos.lineCount(Side::X, l), o = pos.lineCount(Side::O, l);
    if ((x != 0) == (o != 0)) continue;  // empty, or blocked for both
    const int side = x ? 0 : 1, n = x + o;
    if (n > 3) continue;  // a completed line: the search never scans such a position
    ++scan.open[side][n];
    const Bitboard cells = lineMask(l) & empty;
    if (n == 3) {
      scan.threes[side] |= cells;
    } else if (n == 2) {
      scan.doubleCells[side] |= scan.twoCells[side] & cells;
      scan.twoCells[side] |= cells;
    }
  }
  return scan;
}

// The evaluation of a quiet position for side `me`, from its scan.
int evaluateScan(const LineScan& scan, int me) {
  const int them = 1 - me;
  int score = kOpenOne * (scan.open[me][1] - scan.open[them][1]) + kOwnTwo * scan.open[me][2] -
              kTheirTwo * scan.open[them][2];
  if (const int doubles = popcount(scan.doubleCells[them]))
    score -= kTheirDouble + kTheirDoubles * (doubles - 1);
  return score;
}

// Scores in the table are stored relative to the node, so a proof found at one ply reads
// correctly at another.
int toTable(int score, int ply) {
  return score > kProvenScore ? score + ply : score < -kProvenScore ? score - ply : score;
}
int fromTable(int score, int ply) {
  return score > kProvenScore ? score - ply : score < -kProvenScore ? score + ply : score;
}

}  // namespace

int evaluate(const Position& pos) { return evaluateScan(scanLines(pos), index(pos.sideToMove())); }

struct HeuristicSearch::MoveList {
  std::array<std::uint8_t, kCells> moves{};
  std::array<int, kCells> scores{};
  int size = 0;

  // Moves the best remaining move to position i and returns it (selection, since most
  // nodes cut off after a move or two).
  int pick(int i) {
    int best = i;
    for (int j = i + 1; j < size; ++j)
      if (scores[j] > scores[best]) best = j;
    std::swap(moves[i], moves[best]);
    std::swap(scores[i], scores[best]);
    return moves[i];
  }
};

namespace {

// The largest power of two of entries that fits in `tableMb` (1024 at least).
template <class Entry>
std::size_t entriesFor(std::size_t tableMb) {
  std::size_t entries = 1024;
  while (entries * 2 * sizeof(Entry) <= tableMb * (std::size_t{1} << 20)) entries *= 2;
  return entries;
}

}  // namespace

// Entries start as zero bytes; one is read only when its key matches, so an empty slot's
// fields are never used.
HeuristicSearch::HeuristicSearch(std::size_t tableMb, std::size_t threatEntries)
    : table_(entriesFor<Entry>(tableMb)), tableMask_(table_.size() - 1), threats_(threatEntries) {}

void HeuristicSearch::clear() {
  table_.clear();
  threats_.clearTable();
  for (auto& side : history_) side.fill(0);
}

bool HeuristicSearch::outOfLimits() {
  nextCheck_ = nodes_ + kCheckEvery;
  if (limits_.stop && limits_.stop->load(std::memory_order_relaxed)) return true;
  return std::chrono::steady_clock::now() >= limits_.deadline;
}

void HeuristicSearch::updatePv(int ply, int move) {
  pv_[ply][ply] = static_cast<std::uint8_t>(move);
  for (int i = ply + 1; i < pvLength_[ply + 1]; ++i) pv_[ply][i] = pv_[ply + 1][i];
  pvLength_[ply] = std::max(pvLength_[ply + 1], ply + 1);
}

void HeuristicSearch::orderMoves(MoveList& list, int ply, int ttMove, Bitboard theirDoubles) const {
  const Side us = pos_.sideToMove();
  for (int i = 0; i < list.size; ++i) {
    const int cell = list.moves[i];
    int value = static_cast<int>(std::min<std::uint32_t>(history_[index(us)][cell], 50000)) +
                moveValue(pos_, cell);
    if (theirDoubles & bit(cell)) value += kOrderDoubleBlock;
    if (cell == killers_[ply][0]) value += kOrderKiller;
    if (cell == killers_[ply][1]) value += kOrderKiller / 2;
    if (cell == ttMove) value += kOrderTable;
    list.scores[i] = value;
  }
}

// A forced win by threes for the side to move, from a small threat search (a proof): its
// score, with the sequence (threes, forced blocks, the winning move) as the line.
std::optional<int> HeuristicSearch::threatWin(int ply) {
  ThreatLimits threatLimits;
  threatLimits.maxNodes = std::min(kThreatNodes, limits_.maxNodes - nodes_);  // nodes_ <= maxNodes
  const ThreatResult threat = threats_.forcedWin(pos_, pos_.sideToMove(), threatLimits);
  nodes_ += threat.nodes;
  if (!threat.win) return std::nullopt;
  const int length = std::min(threat.length, kMaxSearchPly - ply);
  std::copy(threat.sequence.begin(), threat.sequence.begin() + length, pv_[ply].begin() + ply);
  pvLength_[ply] = ply + length;
  return kWinScore - (ply + threat.plies());
}

// Quiescence: the side to move may still start a threat sequence by one of `threeMakers`
// (each three forces the block), or stand on the evaluation `standPat`.
int HeuristicSearch::quiescence(int standPat, Bitboard threeMakers, int depth, int ply, int alpha,
                                int beta) {
  int best = standPat;
  if (best >= beta || depth <= -kQuiescenceThrees) return best;
  alpha = std::max(alpha, best);
  while (threeMakers) {
    const int move = popLowest(threeMakers);
    pos_.play(move);
    const int score = -negamax(depth - 1, ply + 1, -beta, -alpha);
    pos_.undo(move);
    if (aborted_) return 0;
    if (score <= best) continue;
    best = score;
    if (score <= alpha) continue;
    alpha = score;
    updatePv(ply, move);
    if (alpha >= beta) break;
  }
  return best;
}

int HeuristicSearch::negamax(int depth, int ply, int alpha, int beta) {
  pvLength_[ply] = ply;
  if (aborted_) return 0;
  if (nodes_ >= limits_.maxNodes || (nodes_ >= nextCheck_ && outOfLimits())) {
    aborted_ = true;
    return 0;
  }
  ++nodes_;
  if (pos_.moveCount() == kCells) return 0;  // full board, no line: a draw

  const int me = index(pos_.sideToMove()), them = 1 - me;
  const LineScan scan = scanLines(pos_);
  if (const std::optional<int> decided = decidedByThrees(scan, depth, ply, alpha, beta))
    return *decided;
  if (depth >= 0)
    if (const std::optional<int> win = threatWin(ply)) return *win;
  if (depth <= 0)
    return quiescence(evaluateScan(scan, me), scan.twoCells[me], depth, ply, alpha, beta);

  // No win comes sooner than in three plies from here, no loss sooner than in two.
  alpha = std::max(alpha, -(kWinScore - (ply + 2)));
  beta = std::min(beta, kWinScore - (ply + 3));
  if (alpha >= beta) return alpha;

  const std::uint64_t key = pos_.key();
  Entry& entry = table_[key & tableMask_];
  int ttMove = -1;
  if (const std::optional<int> stored = probe(entry, key, depth, ply, alpha, beta, ttMove))
    return *stored;

  MoveList moves;
  for (Bitboard empty = pos_.emptyCells(); empty;)
    moves.moves[moves.size++] = static_cast<std::uint8_t>(popLowest(empty));
  orderMoves(moves, ply, ttMove, scan.doubleCells[them]);

  const int alphaIn = alpha;
  int best = -kInfinity, bestMove = moves.moves[0];
  for (int i = 0; i < moves.size; ++i) {
    const int move = moves.pick(i);
    pos_.play(move);
    const int score = searchMove(i, depth, ply, alpha, beta);
    pos_.undo(move);
    if (aborted_) return 0;
    if (score <= best) continue;
    best = score;
    bestMove = move;
    if (score <= alpha) continue;
    alpha = score;
    updatePv(ply, move);
    if (alpha >= beta) {
      noteCutoff(me, move, depth, ply);
      break;
    }
  }
  entry.key = key;
  entry.score = static_cast<std::int16_t>(toTable(best, ply));
  entry.depth = static_cast<std::uint8_t>(std::min(depth, 255));
  entry.bound = best >= beta ? kLower : best > alphaIn ? kExact : kUpper;
  entry.move = static_cast<std::uint8_t>(bestMove);
  return best;
}

// The rules that decide at once (see the header). No node is ever a finished game: a
// side with a three is scored as winning instead of being played on, and a lone three of
// the opponent's is blocked at once, the block searched at the same depth.
std::optional<int> HeuristicSearch::decidedByThrees(const LineScan& scan, int depth, int ply,
                                                    int alpha, int beta) {
  const int me = index(pos_.sideToMove()), them = 1 - me;
  if (scan.threes[me]) return kWinScore - (ply + 1);
  if (popcount(scan.threes[them]) >= 2) return -(kWinScore - (ply + 2));
  if (scan.threes[them]) {
    const int block = lowestCell(scan.threes[them]);
    pos_.play(block);
    const int score = -negamax(depth, ply + 1, -beta, -alpha);
    pos_.undo(block);
    if (!aborted_) updatePv(ply, block);
    return score;
  }
  if (scan.doubleCells[me]) return kWinScore - (ply + 3);
  return std::nullopt;
}

// The table's score when its entry settles the node within the window; its move
// (`ttMove`) is tried first otherwise.
std::optional<int> HeuristicSearch::probe(const Entry& entry, std::uint64_t key, int depth, int ply,
                                          int alpha, int beta, int& ttMove) const {
  if (entry.key != key) return std::nullopt;
  ttMove = entry.move;
  const int stored = fromTable(entry.score, ply);
  if (entry.depth >= depth && (entry.bound == kExact || (entry.bound == kLower && stored >= beta) ||
                               (entry.bound == kUpper && stored <= alpha)))
    return stored;
  return std::nullopt;
}

// The score of the `i`-th move, just played: the first with the full window, the others
// with a null window first (principal variation search), late ones a ply shallower
// (late move reduction) and searched again in full when they beat alpha.
int HeuristicSearch::searchMove(int i, int depth, int ply, int alpha, int beta) {
  if (i == 0) return -negamax(depth - 1, ply + 1, -beta, -alpha);
  const int reduction = i >= kReduceAfterMoves && depth >= kReduceFromDepth ? 1 : 0;
  int score = -negamax(depth - 1 - reduction, ply + 1, -alpha - 1, -alpha);
  if (reduction && score > alpha) score = -negamax(depth - 1, ply + 1, -alpha - 1, -alpha);
  if (score > alpha && score < beta) score = -negamax(depth - 1, ply + 1, -beta, -alpha);
  return score;
}

// A move that cut the search off is tried early elsewhere: first among the killers of its
// ply, and higher in the side's history the deeper the cut.
void HeuristicSearch::noteCutoff(int me, int move, int depth, int ply) {
  if (killers_[ply][0] != move)
    killers_[ply][1] = killers_[ply][0], killers_[ply][0] = static_cast<std::uint8_t>(move);
  history_[me][move] += static_cast<std::uint32_t>(depth * depth);
}

int HeuristicSearch::rootSearch(int depth, int alpha, int beta) {
  pvLength_[0] = 0;
  rootAnyDone_ = false;
  int best = -kInfinity;
  for (int i = 0; i < rootCount_; ++i) {
    const int move = rootMoves_[i];
    const bool wins =
        pos_.completesLine(move, pos_.sideToMove());  // the only finished game searched
    pos_.play(move);
    int score;
    if (wins) {
      score = kWinScore - 1;
      pvLength_[1] = 1;
    } else if (i == 0) {
      score = -negamax(depth - 1, 1, -beta, -alpha);
    } else {
      score = -negamax(depth - 1, 1, -alpha - 1, -alpha);
      if (score > alpha && score < beta) score = -negamax(depth - 1, 1, -beta, -alpha);
    }
    pos_.undo(move);
    if (aborted_) break;
    rootAnyDone_ = true;
    if (score <= best) continue;
    best = score;
    if (score <= alpha && i > 0) continue;
    alpha = std::max(alpha, score);
    updatePv(0, move);
    rootBest_ = move;
    rootBestScore_ = score;
    // Best first for the next iteration; the others keep their order.
    std::rotate(rootMoves_.begin(), rootMoves_.begin() + i, rootMoves_.begin() + i + 1);
  }
  return best;
}

HeuristicResult HeuristicSearch::search(const Position& pos, const HeuristicLimits& limits,
                                        const Progress& progress) {
  HeuristicResult result;
  pos_ = pos;
  limits_ = limits;
  nodes_ = 0;
  nextCheck_ = kCheckEvery;
  aborted_ = false;
  for (auto& k : killers_) k.fill(0xff);
  for (auto& side : history_) side.fill(0);
  if (pos.isGameOver()) return result;

  // Root moves in the order of the interior nodes.
  MoveList moves;
  for (Bitboard allowed = pos.emptyCells() & limits.rootMoves; allowed;)
    moves.moves[moves.size++] = static_cast<std::uint8_t>(popLowest(allowed));
  if (moves.size == 0) return result;
  const LineScan scan = scanLines(pos_);
  orderMoves(moves, 0, -1, scan.doubleCells[1 - index(pos.sideToMove())]);
  rootCount_ = moves.size;
  for (int i = 0; i < moves.size; ++i) rootMoves_[i] = static_cast<std::uint8_t>(moves.pick(i));
  result.move = rootMoves_[0];

  const int empties = popcount(pos.emptyCells());
  const int maxDepth = std::clamp(limits.maxDepth, 1, kMaxSearchPly);
  // A new iteration takes several times the previous one, so none starts after half the time.
  const auto began = std::chrono::steady_clock::now();
  const auto lastStart = limits.deadline == std::chrono::steady_clock::time_point::max()
                             ? limits.deadline
                             : began + (limits.deadline - began) / 2;
  for (int depth = 1; depth <= maxDepth; ++depth) {
    rootBest_ = -1;
    const int score = rootSearch(depth, -kInfinity, kInfinity);
    // A partial iteration still counts when its first move (the previous best) was
    // searched: any move that beat it is better at the greater depth.
    if (aborted_ && !(rootAnyDone_ && rootBest_ >= 0)) break;
    result.move = rootBest_;
    result.score = aborted_ ? rootBestScore_ : score;
    result.pvLength = pvLength_[0];
    std::copy(pv_[0].begin(), pv_[0].begin() + pvLength_[0], result.pv.begin());
    if (aborted_) break;
    result.depth = depth;
    result.nodes = nodes_;
    if (progress) progress(result);
    if (isProvenScore(score) || depth >= empties) break;  // nothing more to learn
    if (std::chrono::steady_clock::now() >= lastStart) break;
  }
  result.nodes = nodes_;
  return result;
}

}  // namespace qubic
