#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <random>
#include <vector>

#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "random_positions.hpp"

using namespace qubic;

namespace {

// ---- Rules-only reference, built from lineMask alone (no threat code) ----------------

// The lines through each cell, found by testing every line mask.
const std::array<std::vector<Bitboard>, kCells>& linesThroughCell() {
  static const auto table = [] {
    std::array<std::vector<Bitboard>, kCells> t;
    for (int l = 0; l < kLines; ++l)
      for (int c = 0; c < kCells; ++c)
        if (lineMask(l) & bit(c)) t[c].push_back(lineMask(l));
    return t;
  }();
  return table;
}

// Empty cells where `own` would complete a line.
Bitboard completingCells(Bitboard own, Bitboard other) {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (!(other & lineMask(l)) && popcount(own & lineMask(l)) == 3) cells |= lineMask(l) & ~own;
  return cells;
}

// Empty cells where `own` playing would complete a line, restricted to lines through `cell`.
Bitboard completingCellsThrough(int cell, Bitboard own, Bitboard other) {
  Bitboard cells = 0;
  for (Bitboard line : linesThroughCell()[cell])
    if (!(other & line) && popcount(own & line) == 3) cells |= line & ~own;
  return cells;
}

bool hasFour(Bitboard stones) {
  for (int l = 0; l < kLines; ++l)
    if ((stones & lineMask(l)) == lineMask(l)) return true;
  return false;
}

// Game-theoretic check: attacker to move wins within `moves` attacker moves (counting the
// move that completes the line) against ANY defence. Shortcuts used are rules facts: a
// defender that does not take the attacker's only open gain cell loses at once, and two
// open gain cells cannot both be taken.
bool winsWithin(Bitboard a, Bitboard d, int moves) {
  if (completingCells(a, d)) return true;
  if (moves <= 1) return false;
  const Bitboard defenderGains = completingCells(d, a);
  Bitboard empty = ~(a | d);
  while (empty) {
    const int m = popLowest(empty);
    if (defenderGains & ~bit(m)) continue;  // the defender completes a line
    const Bitboard a2 = a | bit(m);
    const Bitboard gains = completingCellsThrough(m, a2, d);
    if (popcount(gains) >= 2) return true;
    if (gains) {
      if (winsWithin(a2, d | gains, moves - 1)) return true;
      continue;
    }
    if (moves - 1 <= 1) continue;  // no gain cell now: no win on the very next move
    Bitboard replies = ~(a2 | d);
    bool all = replies != 0;
    while (all && replies) {
      const int y = popLowest(replies);
      all = winsWithin(a2, d | bit(y), moves - 1);
    }
    if (all) return true;
  }
  return false;
}

// Exhaustive forcing search: every attacker move must make a three, replies are forced,
// within `moves` attacker moves (not counting the completing move after a double threat).
bool forcingWinWithin(Bitboard a, Bitboard d, int moves) {
  if (completingCells(a, d)) return true;
  const Bitboard defenderGains = completingCells(d, a);
  if (popcount(defenderGains) >= 2) return false;
  Bitboard empty = ~(a | d);
  while (empty) {
    const int m = popLowest(empty);
    if (defenderGains & ~bit(m)) continue;
    const Bitboard gains = completingCellsThrough(m, a | bit(m), d);
    if (popcount(gains) >= 2) return true;
    if (gains && moves > 1 && forcingWinWithin(a | bit(m), d | gains, moves - 1)) return true;
  }
  return false;
}

// Replays a claimed sequence against EVERY defender move at every step: a defender move
// other than the expected reply must leave the attacker an open gain cell, and no
// defender move may complete a line.
bool sequenceWins(Bitboard a, Bitboard d, const ThreatResult& r) {
  if (r.length <= 0 || r.length % 2 == 0) return false;
  for (int i = 0; i < r.length; i += 2) {
    const int m = r.sequence[i];
    if ((a | d) & bit(m)) return false;
    a |= bit(m);
    if (hasFour(a)) return i == r.length - 1;
    if (completingCells(d, a)) return false;
    const Bitboard gains = completingCells(a, d);
    if (i == r.length - 1) return popcount(gains) >= 2;
    const int reply = r.sequence[i + 1];
    if (!(gains & bit(reply))) return false;
    d |= bit(reply);
  }
  return false;
}

// Does the defender stone at x make a new defender three (or complete a line)?
bool makesDefenderThree(Bitboard a, Bitboard d, int x) {
  for (Bitboard line : linesThroughCell()[x])
    if (!(a & line) && popcount(d & line) >= 2) return true;
  return false;
}

Position fromSides(Side attacker, Bitboard a, Bitboard d) {
  return attacker == Side::X ? Position::fromStones(a, d) : Position::fromStones(d, a);
}

Bitboard cellsOf(std::initializer_list<int> cells) {
  Bitboard b = 0;
  for (int c : cells) b |= bit(c);
  return b;
}

// Positions of seeded random games cut at plies 8..30, game not over. In "sensible" games
// each side takes a win when it has one and otherwise blocks an opponent's gain cell, so
// the positions are not all trivially won.
std::vector<Position> randomPositions(int count, std::uint64_t seed, bool sensible = false) {
  std::mt19937_64 rng(seed);
  const auto choices = [sensible](const Position& p) {
    const Side s = p.sideToMove();
    const Bitboard wins = completingCells(p.stones(s), p.stones(opponent(s)));
    const Bitboard blocks = completingCells(p.stones(opponent(s)), p.stones(s));
    return !sensible ? p.emptyCells() : wins ? wins : blocks ? blocks : p.emptyCells();
  };
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) out.push_back(randomPosition(rng, 8, 30, choices));
  return out;
}

// Level-0 cells by rank and file, for hand-made positions drawn on one plane.
constexpr int sq(int rank, int file) { return cellAt(file, rank, 0); }

}  // namespace

// ---- Line-state queries ---------------------------------------------------------------

TEST_CASE("line queries agree with a count taken from the stones") {
  for (const Position& p : randomPositions(300, 11)) {
    for (Side s : {Side::X, Side::O}) {
      const Bitboard own = p.stones(s), other = p.stones(opponent(s));
      CHECK(threatCells(p, s) == completingCells(own, other));
      int threes = 0, twos = 0;
      Bitboard makers = 0, once = 0, twice = 0;
      for (int l = 0; l < kLines; ++l) {
        if (other & lineMask(l)) continue;
        const int n = popcount(own & lineMask(l));
        threes += n == 3;
        if (n == 2) {
          ++twos;
          const Bitboard cells = lineMask(l) & ~own;
          makers |= cells;
          twice |= once & cells;
          once |= cells;
        }
      }
      CHECK(threeCount(p, s) == threes);
      const LineList lines = twoLines(p, s);
      CHECK(lines.size == twos);
      for (int l : lines) CHECK(popcount(own & lineMask(l)) == 2);
      CHECK(threeMakingCells(p, s) == makers);
      CHECK(doubleThreatCells(p, s) == twice);
      // Playing a double-threat cell leaves two or more gain cells.
      Bitboard doubles = twice;
      while (doubles) {
        const int c = popLowest(doubles);
        CHECK(popcount(completingCellsThrough(c, own | bit(c), other)) >= 2);
      }
      // Related pairs are exactly the pairs of twos meeting at an empty cell.
      int expectedPairs = 0;
      for (int i = 0; i < lines.size; ++i)
        for (int j = i + 1; j < lines.size; ++j)
          expectedPairs += (lineMask(lines[i]) & lineMask(lines[j]) & p.emptyCells()) != 0;
      const RelatedPairList pairs = relatedPairs(p, s);
      CHECK(pairs.size == expectedPairs);
      for (const RelatedPair& rp : pairs) {
        CHECK(rp.firstLine < rp.secondLine);
        CHECK((lineMask(rp.firstLine) & lineMask(rp.secondLine)) == bit(rp.cell));
        CHECK(p.isEmpty(rp.cell));
      }
    }
  }
}

TEST_CASE("excess planes count stone differences per plane") {
  const Position p = Position::fromStones(cellsOf({sq(0, 0), sq(1, 1), cellAt(0, 0, 1)}),
                                          cellsOf({cellAt(3, 3, 3)}));
  // Level 0 (plane 8: axis 2, value 0) has two X stones and no O stone.
  const std::uint32_t two = excessPlanes(p, Side::X, 2);
  CHECK((two >> 8 & 1u) == 1u);
  for (int plane = 0; plane < kPlanes; ++plane) {
    const Bitboard m = kLineTables.planeMask[plane];
    const int diff = popcount(p.stones(Side::X) & m) - popcount(p.stones(Side::O) & m);
    CHECK(((two >> plane) & 1u) == (diff >= 2 ? 1u : 0u));
    CHECK(((excessPlanes(p, Side::O, 1) >> plane) & 1u) == (-diff >= 1 ? 1u : 0u));
  }
  CHECK(excessPlanes(Position{}, Side::X, 0) == (1u << kPlanes) - 1);
  CHECK(excessPlanes(Position{}, Side::X, 1) == 0u);
}

// ---- Forced-win search: hand-made positions ------------------------------------------

TEST_CASE("a related pair is a one-move double threat") {
  // X twos on rank 0 (files 1,2) and file 0 (ranks 1,2) cross at a1 = sq(0,0).
  const Position p = Position::fromStones(cellsOf({sq(0, 1), sq(0, 2), sq(1, 0), sq(2, 0)}),
                                          cellsOf({sq(1, 2), sq(2, 3), sq(3, 1), sq(3, 2)}));
  REQUIRE(threatCells(p, Side::O) == 0);
  CHECK(doubleThreatCells(p, Side::X) == bit(sq(0, 0)));
  ThreatSearch search(1 << 10);
  const ThreatResult r = search.forcedWin(p, Side::X);
  REQUIRE(r.win);
  CHECK(r.length == 1);
  CHECK(r.sequence[0] == sq(0, 0));
  CHECK(r.finalThreats == cellsOf({sq(0, 3), sq(3, 0)}));
  CHECK(r.zone == cellsOf({sq(0, 0), sq(0, 3), sq(3, 0)}));
  const RelatedPairList pairs = relatedPairs(p, Side::X);
  REQUIRE(pairs.size == 1);
  CHECK(pairs[0].cell == sq(0, 0));
  CHECK(sequenceWins(p.stones(Side::X), p.stones(Side::O), r));
  CHECK_FALSE(search.forcedWin(p, Side::O).win);
}

TEST_CASE("an existing three wins at once, even against a defender three") {
  const Position p = Position::fromStones(cellsOf({sq(0, 0), sq(0, 1), sq(0, 2), sq(2, 2)}),
                                          cellsOf({sq(3, 0), sq(3, 1), sq(3, 2), sq(1, 1)}));
  ThreatSearch search(1 << 10);
  const ThreatResult r = search.forcedWin(p, Side::X);
  REQUIRE(r.win);
  CHECK(r.length == 1);
  CHECK(r.sequence[0] == sq(0, 3));
  // The defender's own gain cell is in the zone: if it were the defender's turn it would win there.
  CHECK((r.zone & bit(sq(3, 3))) != 0);
}

TEST_CASE("a two-move forcing sequence is found, and not within one move") {
  const Position p = Position::fromStones(cellsOf({3, 9, 14, 26, 35, 40, 49}),
                                          cellsOf({15, 23, 28, 41, 42, 54, 59}));
  REQUIRE(threatCells(p, Side::X) == 0);
  REQUIRE(threatCells(p, Side::O) == 0);
  REQUIRE(doubleThreatCells(p, Side::X) == 0);
  ThreatSearch search(1 << 10);
  ThreatLimits limits;
  limits.maxDepth = 1;
  const ThreatResult none = search.forcedWin(p, Side::X, limits);
  CHECK_FALSE(none.win);
  CHECK_FALSE(none.hitLimit);
  limits.maxDepth = 2;
  const ThreatResult r = search.forcedWin(p, Side::X, limits);
  REQUIRE(r.win);
  CHECK(r.length == 3);
  CHECK(popcount(r.finalThreats) >= 2);
  CHECK(sequenceWins(p.stones(Side::X), p.stones(Side::O), r));
  CHECK(winsWithin(p.stones(Side::X), p.stones(Side::O), 3));
  CHECK_FALSE(winsWithin(p.stones(Side::X), p.stones(Side::O), 2));
}

TEST_CASE("a forced reply that makes a defender three breaks the sequence") {
  // X 42 forces O 34, which gives O a three (gain 0); X would have a double threat
  // next, but must block at 0, which makes no X three. No other line works either.
  const Position p =
      Position::fromStones(cellsOf({16, 31, 38, 46, 58, 61}), cellsOf({17, 20, 23, 41, 51, 63}));
  const Bitboard x = p.stones(Side::X), o = p.stones(Side::O);
  REQUIRE(threatCells(p, Side::O) == 0);
  const Position after = Position::fromStones(x | bit(42), o | bit(34));
  REQUIRE(threatCells(after, Side::X) == 0);
  REQUIRE(threatCells(after, Side::O) == bit(0));
  REQUIRE((doubleThreatCells(after, Side::X) & ~bit(0)) != 0);
  REQUIRE((threeMakingCells(after, Side::X) & bit(0)) == 0);
  ThreatSearch search(1 << 10);
  const ThreatResult r = search.forcedWin(p, Side::X);
  CHECK_FALSE(r.win);
  CHECK_FALSE(r.hitLimit);
  CHECK_FALSE(forcingWinWithin(x, o, 8));
}

TEST_CASE("a defender three must be blocked, by a move that makes a three") {
  // O threatens 0; X blocks there with a three of its own and goes on to win.
  const Position p = Position::fromStones(cellsOf({25, 32, 39, 45, 48, 57, 60}),
                                          cellsOf({3, 4, 8, 11, 12, 21, 62}));
  REQUIRE(threatCells(p, Side::O) == bit(0));
  ThreatSearch search(1 << 10);
  const ThreatResult r = search.forcedWin(p, Side::X);
  REQUIRE(r.win);
  CHECK(r.sequence[0] == 0);
  CHECK(r.length >= 3);
  CHECK(sequenceWins(p.stones(Side::X), p.stones(Side::O), r));

  // With a second O three elsewhere X cannot block both, even holding a double threat.
  const Position twoThrees = Position::fromStones(
      cellsOf({sq(0, 1), sq(0, 2), sq(1, 0), sq(2, 0), 47, 43}), cellsOf({16, 17, 18, 32, 33, 34}));
  REQUIRE(popcount(threatCells(twoThrees, Side::O)) == 2);
  REQUIRE(doubleThreatCells(twoThrees, Side::X) != 0);
  CHECK_FALSE(search.forcedWin(twoThrees, Side::X).win);
}

// ---- Forced-win search: soundness on random positions --------------------------------

namespace {

// Attacker moves needed to complete a line along the claimed sequence.
int movesToFour(const ThreatResult& r) { return r.attackerMoves() + (r.finalThreats ? 1 : 0); }

}  // namespace

TEST_CASE("every claimed win survives every defence, and no forcing win is missed") {
  std::vector<Position> positions = randomPositions(3000, 2024);
  for (const Position& p : randomPositions(6000, 2025, true)) positions.push_back(p);
  // The methods qubic-bench compares, each with its own table. Every claim of every method
  // is replayed; for each, the true wins it misses are counted against two rules-only
  // references: the brute-force game search (3 attacker moves, any attacker move) and the
  // exhaustive forcing search (4 attacker moves, every one making a three).
  struct Method {
    const char* name;
    ThreatLimits limits;
    ThreatSearch search{1 << 16};
    int claims = 0, missedTrueWins = 0, missedForcingWins4 = 0;
  };
  constexpr std::size_t kMethods = 4;
  std::array<Method, kMethods> methods{{{"dfs, nodes <= 2M", {}},
                                        {"dfs, depth <= 4", {}},
                                        {"iterative deepening", {}},
                                        {"dfs, nodes <= 1000", {}}}};
  Method &dfs = methods[0], &depth4 = methods[1];
  dfs.limits.maxNodes = 2'000'000;
  depth4.limits.maxDepth = 4;
  methods[2].limits.shortest = true;
  methods[3].limits.maxNodes = 1000;
  int confirmedByBruteForce = 0, bruteForceWins = 0, limitHits = 0;
  int forcingWins4 = 0, missedForcingWins4 = 0, attackerNotToMove = 0, longClaims = 0, longest = 0;
  for (const Position& pos : positions) {
    for (Side attacker : {Side::X, Side::O}) {
      const Bitboard a = pos.stones(attacker), d = pos.stones(opponent(attacker));
      const bool brute = winsWithin(a, d, 3);
      const bool forcing = forcingWinWithin(a, d, 4);
      bruteForceWins += brute;
      forcingWins4 += forcing;
      std::array<ThreatResult, kMethods> results;
      for (std::size_t i = 0; i < kMethods; ++i) {
        Method& m = methods[i];
        const ThreatResult& r = results[i] = m.search.forcedWin(pos, attacker, m.limits);
        if (r.win) {
          ++m.claims;
          CHECK(sequenceWins(a, d, r));
        }
        m.missedTrueWins += brute && !r.win;
        m.missedForcingWins4 += forcing && !r.win;
      }
      // Same depth, same answer as the plain exhaustive forcing search.
      CHECK(results[1].win == forcing);
      const ThreatResult& r = results[0];
      limitHits += r.hitLimit;
      missedForcingWins4 += forcing && !r.win && !r.hitLimit;
      if (r.win) {
        attackerNotToMove += attacker != pos.sideToMove();
        longClaims += r.attackerMoves() >= 3;
        longest = std::max(longest, r.attackerMoves());
        if (movesToFour(r) <= 3) {
          CHECK(winsWithin(a, d, movesToFour(r)));
          ++confirmedByBruteForce;
        }
      }
    }
  }
  std::printf(
      "threat search (%s): %d claims (%d with the attacker not to move, %d of 3+ attacker moves, "
      "longest %d), "
      "%d confirmed by brute force, %d limit hits\n",
      dfs.name, dfs.claims, attackerNotToMove, longClaims, longest, confirmedByBruteForce,
      limitHits);
  std::printf(
      "  rules-only references over %d searches: %d brute-force wins (3 moves), %d exhaustive "
      "forcing wins "
      "(4 moves); true wins each method misses:\n",
      2 * static_cast<int>(positions.size()), bruteForceWins, forcingWins4);
  for (const Method& m : methods)
    std::printf("    %-22s %5d claims  %5d brute-force wins missed  %5d forcing wins missed\n",
                m.name, m.claims, m.missedTrueWins, m.missedForcingWins4);
  CHECK(missedForcingWins4 == 0);
  CHECK(depth4.missedForcingWins4 == 0);
  CHECK(dfs.claims > 100);
  CHECK(attackerNotToMove > 20);
}

TEST_CASE("a defender move outside the zone that makes no three does not refute the win") {
  std::vector<Position> positions = randomPositions(1000, 77);
  for (const Position& p : randomPositions(4000, 78, true)) positions.push_back(p);
  ThreatSearch search(1 << 16), recheck(1 << 16);
  int wins = 0, tried = 0, bruteChecked = 0, breakersOutsideBareZone = 0, attackerNotToMove = 0;
  long zoneCells = 0;
  for (const Position& pos : positions) {
    for (Side attacker : {Side::X, Side::O}) {
      const ThreatResult r = search.forcedWin(pos, attacker);
      if (!r.win) continue;
      ++wins;
      attackerNotToMove += attacker != pos.sideToMove();
      zoneCells += popcount(r.zone);
      const Bitboard a = pos.stones(attacker), d = pos.stones(opponent(attacker));
      // The zone without the lines a reply leaves with two defender stones.
      Bitboard bareZone = r.finalThreats | completingCells(d, a);
      for (int i = 0; i < r.length; ++i) bareZone |= bit(r.sequence[i]);
      CHECK((bareZone & ~r.zone) == 0);
      Bitboard candidates = pos.emptyCells();
      while (candidates) {
        const int x = popLowest(candidates);
        if (makesDefenderThree(a, d, x)) continue;
        const bool stillWins = sequenceWins(a, d | bit(x), r);
        if (!stillWins) {
          CHECK((r.zone & bit(x)) != 0);  // every refutation lies in the zone
          breakersOutsideBareZone += (bareZone & bit(x)) == 0;
        }
        if (r.zone & bit(x)) continue;
        ++tried;
        CHECK(stillWins);
        CHECK(recheck.forcedWin(fromSides(attacker, a, d | bit(x)), attacker).win);
        if (movesToFour(r) <= 2 || (movesToFour(r) == 3 && tried % 8 == 0)) {
          ++bruteChecked;
          CHECK(winsWithin(a, d | bit(x), movesToFour(r)));
        }
      }
    }
  }
  std::printf(
      "zones: %d wins (%d with the attacker not to move), average zone %.1f cells; %d defender "
      "moves "
      "outside zones replayed, %d also by brute force; %d refutations lay outside the bare "
      "sequence\n",
      wins, attackerNotToMove, wins ? static_cast<double>(zoneCells) / wins : 0.0, tried,
      bruteChecked, breakersOutsideBareZone);
  CHECK(wins > 200);
  CHECK(attackerNotToMove > 50);
}

// The proof search skips threat searches on these two facts (ProofSearch::evaluate).
TEST_CASE("no forcing win: a defender stone more or a three and its block do not create one") {
  std::vector<Position> positions = randomPositions(1500, 91);
  for (const Position& p : randomPositions(3000, 92, true)) positions.push_back(p);
  ThreatSearch search(1 << 16);
  int failures = 0, extraStones = 0, blocks = 0;
  for (const Position& pos : positions) {
    for (Side attacker : {Side::X, Side::O}) {
      const ThreatResult r = search.forcedWin(pos, attacker);
      if (r.win || r.hitLimit) continue;
      ++failures;
      const Bitboard a = pos.stones(attacker), d = pos.stones(opponent(attacker));
      for (Bitboard cells = pos.emptyCells(); cells;) {
        const int x = popLowest(cells);
        ++extraStones;
        CHECK_FALSE(search.forcedWin(fromSides(attacker, a, d | bit(x)), attacker).win);
        // x makes exactly one attacker three, and the defender blocks it.
        const Bitboard gains = completingCells(a | bit(x), d) & ~completingCells(a, d);
        if (popcount(gains) != 1 || completingCells(d, a)) continue;
        ++blocks;
        CHECK_FALSE(search.forcedWin(fromSides(attacker, a | bit(x), d | gains), attacker).win);
      }
    }
  }
  std::printf(
      "no forcing win: %d positions, %d with a defender stone more, %d after a three and its "
      "block\n",
      failures, extraStones, blocks);
  CHECK(failures > 1000);
  CHECK(blocks > 1000);
}

TEST_CASE("with `shortest` the sequence found is a shortest one") {
  ThreatSearch search(1 << 16);
  ThreatLimits shortest;
  shortest.shortest = true;
  int wins = 0, shorter = 0;
  for (const Position& pos : randomPositions(1500, 31, true)) {
    for (Side attacker : {Side::X, Side::O}) {
      const ThreatResult plain = search.forcedWin(pos, attacker);
      const ThreatResult r = search.forcedWin(pos, attacker, shortest);
      REQUIRE(r.win == plain.win);
      if (!r.win) continue;
      ++wins;
      shorter += r.attackerMoves() < plain.attackerMoves();
      CHECK(r.attackerMoves() <= plain.attackerMoves());
      const Bitboard a = pos.stones(attacker), d = pos.stones(opponent(attacker));
      CHECK(sequenceWins(a, d, r));
      if (r.attackerMoves() > 1 && r.attackerMoves() <= 4)
        CHECK_FALSE(forcingWinWithin(a, d, r.attackerMoves() - 1));
    }
  }
  std::printf("shortest: %d wins, %d shorter than the plain search's\n", wins, shorter);
  CHECK(shorter > 0);
}

TEST_CASE("node limit and stop flag are respected") {
  // The position needing the most nodes among a few random ones.
  Position hardest;
  std::uint64_t most = 0;
  for (const Position& p : randomPositions(200, 5, true)) {
    ThreatSearch fresh(1 << 12);
    const ThreatResult r = fresh.forcedWin(p, p.sideToMove());
    if (r.nodes > most) most = r.nodes, hardest = p;
  }
  REQUIRE(most > 50);
  for (std::uint64_t limit : {std::uint64_t{0}, std::uint64_t{1}, most / 2, most - 1}) {
    ThreatSearch fresh(1 << 12);
    ThreatLimits limits;
    limits.maxNodes = limit;
    const ThreatResult r = fresh.forcedWin(hardest, hardest.sideToMove(), limits);
    CHECK(r.nodes <= limit);
    CHECK(r.hitLimit);
  }
  const std::atomic<bool> stop{true};
  ThreatSearch fresh(1 << 12);
  ThreatLimits limits;
  limits.stop = &stop;
  const ThreatResult stopped = fresh.forcedWin(hardest, hardest.sideToMove(), limits);
  CHECK(stopped.hitLimit);
  CHECK_FALSE(stopped.win);
  CHECK(stopped.nodes <= 256);
}
