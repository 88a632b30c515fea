#include "strategy.hpp"

#include <utility>

#include "engine/core/notation.hpp"
#include "engine/core/splitmix.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

namespace {

// A plane holds 16 cells and every attacker move but the last forces a reply, so no plane
// sequence is longer than this many attacker moves.
constexpr int kMaxPlaneMoves = 10;
// Budgets that keep a move quick even in crowded positions; real sequences need far fewer.
constexpr std::uint64_t kPlaneSearchNodes = 20'000;    // per plane
constexpr std::uint64_t kThreatSearchNodes = 200'000;  // per whole-cube search

// Gain cells of the threes of `own` (lines with three own stones and no `other` stone).
// The plane search works on bare stone sets because it asks about either side as the
// one to move, which a Position (whose turn follows from the stone count) cannot express.
Bitboard gainCells(Bitboard own, Bitboard other) {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l) {
    const Bitboard line = lineMask(l);
    if (!(other & line) && popcount(own & line) == 3) cells |= line & ~own;
  }
  return cells;
}

// Gain cells of the threes `own` makes by playing the empty `cell`.
Bitboard gainsOfMove(Bitboard own, Bitboard other, int cell) {
  Bitboard cells = 0;
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i) {
    const Bitboard line = lineMask(kLineTables.linesThrough[cell][i]);
    if (!(other & line) && popcount(own & line) == 2) cells |= line & ~own & ~bit(cell);
  }
  return cells;
}

// Depth-limited forcing search with attacker moves confined to `moveCells` (one plane).
struct PlaneSearch {
  Bitboard moveCells;
  std::uint64_t nodesLeft;

  // Attacker to move. Returns the attacker's moves up to a completed line (at most
  // movesLeft) and sets firstMove, or 0 when no such sequence was found.
  int win(Bitboard attacker, Bitboard defender, int movesLeft, int& firstMove) {
    if (nodesLeft == 0) return 0;
    --nodesLeft;
    if (const Bitboard own = gainCells(attacker, defender)) {
      firstMove = lowestCell(own);
      return 1;
    }
    if (movesLeft < 2) return 0;
    Bitboard allowed = ~(attacker | defender) & moveCells;
    // A defender three must be blocked now; two of them cannot both be.
    if (const Bitboard threats = gainCells(defender, attacker)) {
      if (popcount(threats) > 1) return 0;
      allowed &= threats;
    }
    Bitboard singles = 0;
    for (Bitboard cells = allowed; cells;) {
      const int cell = popLowest(cells);
      const int gains = popcount(gainsOfMove(attacker, defender, cell));
      if (gains >= 2) {
        firstMove = cell;
        return 2;  // the double threat, then the line the defender could not block
      }
      if (gains == 1) singles |= bit(cell);
    }
    if (movesLeft < 3) return 0;
    while (singles) {
      const int cell = popLowest(singles);
      const int reply = lowestCell(gainsOfMove(attacker, defender, cell));
      int unused = -1;
      if (const int n = win(attacker | bit(cell), defender | bit(reply), movesLeft - 1, unused)) {
        firstMove = cell;
        return n + 1;
      }
    }
    return 0;
  }
};

// The position after `cell` and, when the move makes a single three, the opponent's
// forced block. Checking a defence there means the opponent cannot escape our check by
// answering the three, so the check errs on the safe side.
Position afterMoveAndForcedReply(const Position& pos, int cell) {
  const Side mover = pos.sideToMove();
  Position next = pos;
  next.play(cell);
  if (next.isGameOver()) return next;
  const Bitboard gains = threatCells(next, mover);
  if (popcount(gains) == 1) next.play(lowestCell(gains));
  return next;
}

// Moves of a sequence counted up to the completed line.
int movesToWin(const ThreatResult& r) { return r.attackerMoves() + (r.finalThreats ? 1 : 0); }

bool isCorner(int cell) {
  const auto outer = [](int v) { return v == 0 || v == kSize - 1; };
  return outer(fileOf(cell)) && outer(rankOf(cell)) && outer(levelOf(cell));
}

}  // namespace

std::string planeName(int plane) {
  constexpr int kAxisPlanes = 12;
  if (plane < kAxisPlanes) {
    const int axis = plane / kSize, value = plane % kSize;
    if (axis == 0) return std::string("file ") + static_cast<char>('a' + value);
    if (axis == 1) return "rank " + std::to_string(value + 1);
    return "level " + std::to_string(value + 1);
  }
  std::string name = "diagonal plane";
  char separator = ' ';
  for (int c = 0; c < kCells; ++c)
    if (isCorner(c) && (kLineTables.planeMask[plane] & bit(c))) {
      name += separator + moveToken(c);
      separator = '-';
    }
  return name;
}

std::uint32_t forcingPlanes(const Position& pos, Side s) {
  std::uint32_t planes = excessPlanes(pos, s, 3);
  Bitboard excessTwo = excessPlanes(pos, s, 2) & ~planes;
  if (excessTwo) {
    const LineList twos = twoLines(pos, s);
    while (excessTwo) {
      const int p = popLowest(excessTwo);
      const Bitboard plane = kLineTables.planeMask[p];
      for (const int l : twos) {
        const Bitboard line = lineMask(l);
        const bool outside = (line & plane) != line;
        if (outside && (line & plane & pos.emptyCells())) {
          planes |= std::uint32_t{1} << p;
          break;
        }
      }
    }
  }
  return planes;
}

PlaneWin planeForcedWin(const Position& pos, Side attacker) {
  PlaneWin best;
  if (pos.isGameOver()) return best;
  const Bitboard own = pos.stones(attacker), other = pos.stones(opponent(attacker));
  Bitboard planes = forcingPlanes(pos, attacker);
  while (planes) {
    const int p = popLowest(planes);
    PlaneSearch search{kLineTables.planeMask[p], kPlaneSearchNodes};
    // Deepening finds the plane's shortest sequence; a plane must beat the best so far.
    const int deepest = best.plane < 0 ? kMaxPlaneMoves : best.moves - 1;
    for (int depth = 1; depth <= deepest && search.nodesLeft > 0; ++depth) {
      int first = -1;
      if (const int n = search.win(own, other, depth, first)) {
        best = {p, first, n};
        break;
      }
    }
  }
  return best;
}

std::size_t Strategy::bytes() const { return search_ ? search_->tableBytes() : 0; }

Strategy::Strategy(Tier tier, std::uint64_t seed, std::size_t threatEntries) : tier_(tier) {
  reseed(seed);
  if (tier_ == Tier::Forcing) search_ = std::make_unique<ThreatSearch>(threatEntries);
}

void Strategy::reseed(std::uint64_t seed) {
  std::uint64_t state = seed;
  int n = 0;
  for (const bool sevenLine : {true, false}) {
    const int start = n;
    for (int c = 0; c < kCells; ++c)
      if (((kSevenLineCells & bit(c)) != 0) == sevenLine)
        presetOrder_[n++] = static_cast<std::uint8_t>(c);
    for (int i = n - 1; i > start; --i) {  // Fisher-Yates within the group
      const int j =
          start + static_cast<int>(splitmix64(state) % static_cast<std::uint64_t>(i - start + 1));
      std::swap(presetOrder_[i], presetOrder_[j]);
    }
  }
}

StrategyMove Strategy::choose(const Position& pos) {
  if (pos.isGameOver()) return {-1, "the game is over"};
  switch (tier_) {
    case Tier::Elementary:
      return chooseElementary(pos);
    case Tier::Planar:
      return choosePlanar(pos);
    case Tier::Forcing:
      return chooseForcing(pos);
  }
  return presetMove(pos);
}

int Strategy::firstInOrder(Bitboard cells) const {
  for (const int c : presetOrder_)
    if (cells & bit(c)) return c;
  return -1;
}

bool Strategy::winOrBlock(const Position& pos, StrategyMove& out) const {
  const Side us = pos.sideToMove(), them = opponent(us);
  if (const Bitboard own = threatCells(pos, us)) {
    const int cell = firstInOrder(own);
    out = {cell, "completes a line at " + moveToken(cell)};
    return true;
  }
  if (const Bitboard theirs = threatCells(pos, them)) {
    const int cell = firstInOrder(theirs);
    out = {cell, popcount(theirs) > 1
                     ? "blocks a three at " + moveToken(cell) + ", but the opponent has another"
                     : "blocks a three at " + moveToken(cell)};
    return true;
  }
  return false;
}

StrategyMove Strategy::presetMove(const Position& pos) const {
  const int cell = firstInOrder(pos.emptyCells());
  const std::string token = moveToken(cell);
  if (!(kSevenLineCells & bit(cell)))
    return {cell, "takes " + token + ", the next cell of the preset order"};
  return {cell, "takes " + token + (isCorner(cell) ? ", a corner" : ", a centre cell") +
                    " on seven lines"};
}

int Strategy::bestCrossingBlock(const Position& pos, Bitboard crossings) const {
  // The crossing on most opponent twos spoils most of the opponent's pairs at once.
  const Side them = opponent(pos.sideToMove());
  int best = -1, bestTwos = -1;
  for (const int c : presetOrder_) {
    if (!(crossings & bit(c))) continue;
    int twos = 0;
    for (int i = 0; i < kLineTables.lineCount[c]; ++i) {
      const int l = kLineTables.linesThrough[c][i];
      twos += pos.lineCount(them, l) == 2 && pos.isOpenFor(them, l);
    }
    if (twos > bestTwos) best = c, bestTwos = twos;
  }
  return best;
}

StrategyMove Strategy::chooseElementary(const Position& pos) const {
  StrategyMove out;
  if (winOrBlock(pos, out)) return out;
  const Side us = pos.sideToMove(), them = opponent(us);
  if (const Bitboard doubles = doubleThreatCells(pos, us)) {
    const int cell = firstInOrder(doubles);
    return {cell, "makes a double threat (related pair at " + moveToken(cell) + ")"};
  }
  if (const Bitboard crossings = doubleThreatCells(pos, them)) {
    const int cell = bestCrossingBlock(pos, crossings);
    return {cell, "blocks the opponent's related pair at " + moveToken(cell)};
  }
  return presetMove(pos);
}

StrategyMove Strategy::choosePlanar(const Position& pos) const {
  StrategyMove out;
  if (winOrBlock(pos, out)) return out;
  const Side us = pos.sideToMove();
  if (const Bitboard doubles = doubleThreatCells(pos, us)) {
    const int cell = firstInOrder(doubles);
    return {cell, "makes a double threat (related pair at " + moveToken(cell) + ")"};
  }
  if (const PlaneWin own = planeForcedWin(pos, us); own.plane >= 0)
    return {own.firstMove, "starts a forced win in " + std::to_string(own.moves) +
                               " moves inside " + planeName(own.plane)};
  if (planarDefence(pos, out)) return out;
  if (buildingMove(pos, out)) return out;
  return presetMove(pos);
}

bool Strategy::planarDefence(const Position& pos, StrategyMove& out) const {
  const Side them = opponent(pos.sideToMove());
  const Bitboard crossings = doubleThreatCells(pos, them);
  const PlaneWin threat = planeForcedWin(pos, them);
  if (!crossings && threat.plane < 0) return false;

  // Candidates in order of promise; the first after which the opponent has neither a
  // related pair nor a plane sequence is played.
  std::array<int, kCells> candidates{};
  int count = 0;
  Bitboard listed = 0;
  const auto add = [&](int cell) {
    if (cell < 0 || (listed & bit(cell))) return;
    listed |= bit(cell);
    candidates[count++] = cell;
  };
  if (crossings) add(bestCrossingBlock(pos, crossings));
  for (const int c : presetOrder_)
    if (crossings & bit(c)) add(c);
  if (threat.plane >= 0) {
    add(threat.firstMove);
    for (const int c : presetOrder_)
      if (kLineTables.planeMask[threat.plane] & pos.emptyCells() & bit(c)) add(c);
  }

  const auto reasonFor = [&](int cell) {
    if (crossings & bit(cell)) return "blocks the opponent's related pair at " + moveToken(cell);
    return "breaks the opponent's forcing sequence in " + planeName(threat.plane) + " at " +
           moveToken(cell);
  };
  for (int i = 0; i < count; ++i) {
    const Position next = afterMoveAndForcedReply(pos, candidates[i]);
    if (next.isGameOver() ||
        (!doubleThreatCells(next, them) && planeForcedWin(next, them).plane < 0)) {
      out = {candidates[i], reasonFor(candidates[i])};
      return true;
    }
  }
  out = {candidates[0], reasonFor(candidates[0])};  // nothing stops it all: spoil the first threat
  return true;
}

bool Strategy::buildingMove(const Position& pos, StrategyMove& out) const {
  const Side us = pos.sideToMove();
  const std::uint32_t excessTwo = excessPlanes(pos, us, 2) & ~excessPlanes(pos, us, 3);
  if (!excessTwo) return false;
  int best = -1, bestPlanes = 0, bestPlane = -1;
  for (const int c : presetOrder_) {
    if (!pos.isEmpty(c)) continue;
    int planes = 0, lastPlane = -1;
    for (int p = 0; p < kPlanes; ++p)
      if ((excessTwo >> p & 1) && (kLineTables.planeMask[p] & bit(c))) ++planes, lastPlane = p;
    if (planes > bestPlanes) best = c, bestPlanes = planes, bestPlane = lastPlane;
  }
  if (best < 0) return false;
  const std::string where =
      bestPlanes == 1 ? planeName(bestPlane) : std::to_string(bestPlanes) + " planes";
  out = {best,
         "builds at " + moveToken(best) + ": three more stones than the opponent in " + where};
  return true;
}

StrategyMove Strategy::chooseForcing(const Position& pos) {
  const Side us = pos.sideToMove();
  if (const Bitboard own = threatCells(pos, us)) {
    const int cell = firstInOrder(own);
    return {cell, "completes a line at " + moveToken(cell)};
  }
  ThreatLimits limits;
  limits.maxNodes = kThreatSearchNodes;
  if (const ThreatResult win = search_->forcedWin(pos, us, limits); win.win) {
    const int cell = win.sequence[0];
    const std::string token = moveToken(cell);
    const bool blocks = threatCells(pos, opponent(us)) & bit(cell);
    const std::string moves = std::to_string(movesToWin(win)) + " moves";
    if (win.length == 1)
      return {cell, blocks ? "blocks a three at " + token + " and makes a double threat"
                           : "makes a double threat (related pair at " + token + ")"};
    return {cell, blocks ? "blocks a three at " + token + ", starting a forced win in " + moves
                         : "starts a forced win in " + moves + " at " + token};
  }
  StrategyMove out;
  if (winOrBlock(pos, out)) return out;
  if (forcingDefence(pos, out)) return out;
  return choosePlanar(pos);
}

bool Strategy::forcingDefence(const Position& pos, StrategyMove& out) {
  const Side us = pos.sideToMove(), them = opponent(us);
  ThreatLimits limits;
  limits.maxNodes = kThreatSearchNodes;
  const ThreatResult threat = search_->forcedWin(pos, them, limits);
  if (!threat.win) return false;

  const std::string what = threat.length == 1 ? "the opponent's related pair"
                                              : "the opponent's forced win in " +
                                                    std::to_string(movesToWin(threat)) + " moves";
  // The sequence's own cells first (taking the opponent's next cell usually spoils it),
  // then the final threats and the rest of the zone, then moves that make our own three.
  Bitboard tried = 0;
  const auto breaks = [&](int cell) {
    if (tried & bit(cell)) return false;
    tried |= bit(cell);
    const Position next = afterMoveAndForcedReply(pos, cell);
    return next.isGameOver() || !search_->forcedWin(next, them, limits).win;
  };
  const auto found = [&](int cell) {
    out = {cell, (threat.length == 1 ? "blocks " : "breaks ") + what + " at " + moveToken(cell)};
    return true;
  };
  for (int i = 0; i < threat.length; ++i)
    if (breaks(threat.sequence[i])) return found(threat.sequence[i]);
  const Bitboard zone = (threat.finalThreats | threat.zone) & pos.emptyCells();
  for (const int c : presetOrder_)
    if ((zone & bit(c)) && breaks(c)) return found(c);
  const Bitboard forcing = threeMakingCells(pos, us);
  for (const int c : presetOrder_)
    if ((forcing & bit(c)) && breaks(c)) return found(c);

  const int cell = threat.sequence[0];
  out = {cell, "cannot stop " + what + "; takes its first cell " + moveToken(cell)};
  return true;
}

}  // namespace qubic
