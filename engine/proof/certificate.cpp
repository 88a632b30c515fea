#include "certificate.hpp"

#include <algorithm>
#include <array>
#include <unordered_set>
#include <utility>

#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/range_coder.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

using Stones = ClassKey;  // a position's stones, canonical or not
using StoneSet = std::unordered_set<Stones, ClassKeyHash>;

Stones stonesOf(const Position& pos) { return {pos.stones(Side::X), pos.stones(Side::O)}; }

// Cells where `side` makes a three: the empty cells of its open lines holding two of its
// stones, all of them or those on lines through a cell of `through`.
Bitboard threeCells(const Position& pos, Side side, Bitboard through) {
  Bitboard cells = 0;
  const auto consider = [&](int l) {
    if (pos.lineCount(side, l) == 2 && pos.isOpenFor(side, l))
      cells |= lineMask(l) & pos.emptyCells();
  };
  if (through == ~Bitboard{0})
    for (int l = 0; l < kLines; ++l) consider(l);
  else
    for (Bitboard b = through; b;) {
      const int cell = popLowest(b);
      for (int i = 0; i < kLineTables.lineCount[cell]; ++i)
        consider(kLineTables.linesThrough[cell][i]);
    }
  return cells;
}

// The replay's own search for a forcing win (kCertificateThreatDepth's shape). Which
// threes are tried depends only on the position (the sequence's stones are the position's
// less the start's), so a position it failed from fails again and is not searched twice.
class ThreatSequences {
 public:
  ThreatSequences(const Position& start, Side attacker) : start_(start), attacker_(attacker) {}

  // On a win, `line` holds it (attacker move, forced block, ..., the last attacker move).
  bool wins(Position& pos, int depth, int forced, std::vector<std::uint8_t>& line) {
    if (forced < 0 && failed_.contains(stonesOf(pos))) return false;
    const Bitboard mine = pos.stones(attacker_) & ~start_.stones(attacker_);
    const Bitboard moves = forced >= 0 ? threeCells(pos, attacker_, ~Bitboard{0}) & bit(forced)
                                       : threeCells(pos, attacker_, mine ? mine : ~Bitboard{0});
    for (Bitboard rest = moves; rest;) {
      const int move = popLowest(rest);
      pos.play(move);
      const Bitboard gains = pos.completionCells(attacker_);
      bool won = popcount(gains) >= 2;
      if (!won && depth > 1) {
        const int block = lowestCell(gains);
        pos.play(block);
        const Bitboard theirs = pos.completionCells(opponent(attacker_));
        if (popcount(theirs) <= 1)
          won = wins(pos, depth - 1, theirs ? lowestCell(theirs) : -1, line);
        pos.undo(block);
        if (won) line.insert(line.begin(), static_cast<std::uint8_t>(block));
      }
      pos.undo(move);
      if (won) {
        line.insert(line.begin(), static_cast<std::uint8_t>(move));
        return true;
      }
    }
    if (forced < 0) failed_.insert(stonesOf(pos));
    return false;
  }

 private:
  Position start_;
  Side attacker_;
  StoneSet failed_;
};

// The fixed score that orders a certificate's moves: a line open to the mover weighs
// by its stones there, one open to the other side (a block) likewise, a little less.
int cellScore(const Position& pos, int cell) {
  static constexpr int kOwn[4] = {1, 8, 64, 4096}, kBlock[4] = {0, 4, 32, 2048};
  const Side mover = pos.sideToMove(), other = opponent(mover);
  int score = 0;
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i) {
    const int l = kLineTables.linesThrough[cell][i];
    const int own = pos.lineCount(mover, l), theirs = pos.lineCount(other, l);
    if (theirs == 0) score += kOwn[own];
    if (own == 0) score += kBlock[theirs];
  }
  return score;
}

// The empty cells, best score first (the lower cell first among equals).
std::array<std::uint8_t, kCells> rankedCells(const Position& pos, int& count) {
  std::array<std::pair<int, int>, kCells> scored{};
  count = 0;
  for (Bitboard empty = pos.emptyCells(); empty;) {
    const int cell = popLowest(empty);
    scored[count++] = {-cellScore(pos, cell), cell};
  }
  std::sort(scored.begin(), scored.begin() + count);
  std::array<std::uint8_t, kCells> cells{};
  for (int i = 0; i < count; ++i) cells[i] = static_cast<std::uint8_t>(scored[i].second);
  return cells;
}

// A rank (0-63) as six bits, high first, each with a probability of its own for every
// prefix: a binary tree of 63 adaptive probabilities.
struct RankModel {
  std::array<std::uint16_t, kCells> probability;
  RankModel() { probability.fill(RangeEncoder::kHalf); }
};

// The walk both the maker and the checker take: they differ only in where an attacker
// node's move comes from, so a certificate's moves are asked for in the order made.
class Replay {
 public:
  using Source = std::function<int(const Position&)>;  // the next move, -1 at the end
  Replay(Side attacker, Source source, WinFn onWin = {})
      : attacker_(attacker), source_(std::move(source)), onWin_(std::move(onWin)) {}

  bool run(Position root) {
    return root.sideToMove() == attacker_ ? attackerNode(root) : defenderNode(root);
  }
  CertificateResult& result() { return result_; }

 private:
  bool fail(const Position& pos, const std::string& why) {
    result_.error = why + " (position " + positionString(pos) + ")";
    return false;
  }

  bool attackerNode(Position& pos) {
    ++result_.attackerNodes;
    if (pos.isGameOver()) return fail(pos, "the game is over before the attacker's move");
    if (pos.completionCells(attacker_)) return true;  // it completes a line
    const CanonicalForm form = canonical(pos);
    if (proven_.contains({form.x, form.o})) {
      ++result_.transpositions;
      return true;
    }
    const Bitboard threats = pos.completionCells(opponent(attacker_));
    if (popcount(threats) >= 2) return fail(pos, "the defender holds two threats");
    int move = lowestCell(threats);
    if (threats) {
      ++result_.forcedBlocks;
    } else if (const std::vector<std::uint8_t> line = threatSequenceWin(pos, attacker_);
               !line.empty()) {
      ++result_.threatWins;
      proven_.insert({form.x, form.o});
      if (onWin_) onWin_(pos, line.front());
      return true;
    } else {
      move = source_(pos);
      if (move < 0) return fail(pos, "the certificate ends early");
      ++result_.moves;
    }
    if (!pos.isLegal(move)) return fail(pos, "the attacker's move is not legal");
    pos.play(move);
    const bool ok = defenderNode(pos);
    pos.undo(move);
    if (ok) proven_.insert({form.x, form.o});
    if (ok && onWin_) onWin_(pos, move);
    return ok;
  }

  // One reply per class of replies the position's symmetries map onto one another.
  bool defenderNode(Position& pos) {
    if (pos.isGameOver()) return fail(pos, "the game is over and the attacker has not won");
    if (pos.completionCells(opponent(attacker_))) return fail(pos, "the defender completes a line");
    for (Bitboard replies = nonEquivalentMoves(pos); replies;) {
      const int reply = popLowest(replies);
      pos.play(reply);
      const bool ok = attackerNode(pos);
      pos.undo(reply);
      if (!ok) return false;
    }
    return true;
  }

  Side attacker_;
  Source source_;
  WinFn onWin_;
  StoneSet proven_;  // canonical forms of the attacker nodes proven so far
  CertificateResult result_;
};

}  // namespace

std::vector<std::uint8_t> threatSequenceWin(Position pos, Side attacker) {
  std::vector<std::uint8_t> line;
  if (pos.isGameOver() || pos.sideToMove() != attacker || pos.completionCells(attacker) ||
      pos.completionCells(opponent(attacker)))
    return line;
  ThreatSequences(pos, attacker).wins(pos, kCertificateThreatDepth, -1, line);
  return line;
}

CertificateResult makeCertificate(const Position& root, Side attacker, const StrategyFn& strategy,
                                  Certificate& out) {
  RangeEncoder encoder;
  RankModel model;
  out = {};
  Replay replay(attacker, [&](const Position& pos) {
    const int move = strategy(pos);
    if (move < 0 || !pos.isLegal(move)) return -1;
    int count = 0;
    const std::array<std::uint8_t, kCells> cells = rankedCells(pos, count);
    const int rank = static_cast<int>(std::find(cells.begin(), cells.end(), move) - cells.begin());
    for (int node = 1, b = 5; b >= 0; --b) {
      const int bitValue = (rank >> b) & 1;
      encoder.encode(model.probability[node], bitValue);
      node = 2 * node + bitValue;
    }
    ++out.moves;
    return move;
  });
  CertificateResult& r = replay.result();
  r.ok = replay.run(root);
  out.bytes = encoder.finish();
  if (!r.ok && r.error.rfind("the certificate ends early", 0) == 0)
    r.error.replace(0, r.error.find(" ("), "the strategy has no legal move here");
  return r;
}

CertificateResult checkCertificate(const Position& root, Side attacker, const Certificate& c,
                                   const WinFn& onWin) {
  RangeDecoder decoder(c.bytes);
  RankModel model;
  std::uint32_t read = 0;
  Replay replay(
      attacker,
      [&](const Position& pos) {
        if (read == c.moves) return -1;
        ++read;
        int node = 1;
        while (node < kCells) node = 2 * node + decoder.decode(model.probability[node]);
        const int rank = node - kCells;
        int count = 0;
        const std::array<std::uint8_t, kCells> cells = rankedCells(pos, count);
        return rank < count ? static_cast<int>(cells[rank]) : kCells;  // kCells: not legal
      },
      onWin);
  CertificateResult& r = replay.result();
  r.ok = replay.run(root);
  if (r.ok && read != c.moves) {
    r.ok = false;
    r.error = std::to_string(c.moves - read) + " moves left after the win is proven";
  }
  return r;
}

}  // namespace qubic
