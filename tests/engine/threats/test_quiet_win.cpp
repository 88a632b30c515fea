#include <catch2/catch.hpp>

#include <cstdio>
#include <random>
#include <vector>

#include "engine/core/random_game.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/quiet_win.hpp"
#include "engine/threats/threats.hpp"

using namespace qubic;

namespace {

// Positions of seeded random games in which both sides take a win and block a three when
// they can, cut at 10..22 stones; kept when nothing is forced yet: no three on the board
// and no forcing sequence for the side to move.
std::vector<Position> quietPositions(int count, std::uint64_t seed, ThreatSearch& threats) {
  std::mt19937_64 rng(seed);
  const auto sensible = [](const Position& p) {
    const Side s = p.sideToMove();
    const Bitboard wins = threatCells(p, s), blocks = threatCells(p, opponent(s));
    return wins ? wins : blocks ? blocks : p.emptyCells();
  };
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    const Position p = randomPosition(rng, 10, 22, sensible);
    if (threatCells(p, Side::X) || threatCells(p, Side::O)) continue;
    if (threats.forcedWin(p, p.sideToMove()).win) continue;
    out.push_back(p);
  }
  return out;
}

// `attacker` may be the side not to move: its move then stands for a pass of the other's.
Position withStone(const Position& p, Side s, int cell) {
  Bitboard x = p.stones(Side::X), o = p.stones(Side::O);
  (s == Side::X ? x : o) |= bit(cell);
  return Position::fromStones(x, o);
}

// The rules' check of a forcing sequence (engine/proof/verify's checkForcingWin), replayed
// here with the sides named, for an attacker whom the stones' count does not put to move:
// each attacker move wins, or makes threes with the defender left none to complete; each
// reply is the block of the only one; the last makes two.
bool forcingByRules(Position pos, Side attacker, std::span<const std::uint8_t> moves) {
  const Side defender = opponent(attacker);
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    if (!pos.isEmpty(moves[i])) return false;
    if (pos.completesLine(moves[i], attacker)) return i + 1 == moves.size();
    pos = withStone(pos, attacker, moves[i]);
    const Bitboard gains = pos.completionCells(attacker);
    if (pos.completionCells(defender) || !gains) return false;
    if (popcount(gains) >= 2) return i + 1 == moves.size();
    if (i + 1 == moves.size() || gains != bit(moves[i + 1])) return false;
    pos = withStone(pos, defender, moves[i + 1]);
  }
  return false;
}

// After `attacker` plays `move` (for a side not to move: in place of the other's pass),
// does every reply lose to a forcing sequence? Each reply asked of the threat search
// without limits, and each sequence it gives replayed by the rules.
bool everyReplyLoses(ThreatSearch& threats, const Position& pos, Side attacker, int move) {
  const Position a = withStone(pos, attacker, move);
  for (Bitboard r = a.emptyCells(); r;) {
    const Position b = withStone(a, opponent(attacker), popLowest(r));
    const ThreatResult forced = threats.forcedWin(b, attacker);
    if (!forced.win) return false;
    const std::span<const std::uint8_t> line(forced.sequence.data(), forced.length);
    if (!forcingByRules(b, attacker, line)) return false;
    if (attacker == b.sideToMove() && !checkForcingWin(b, attacker, line).empty()) return false;
  }
  return true;
}

bool everyReplyLoses(ThreatSearch& threats, const Position& pos, int move) {
  return everyReplyLoses(threats, pos, pos.sideToMove(), move);
}

}  // namespace

TEST_CASE("a quiet win found is quiet and every reply to it loses by the rules") {
  ThreatSearch threats(1 << 16), check(1 << 16);
  ThreatLimits limits;
  limits.maxNodes = 2000;
  int found = 0;
  const std::vector<Position> positions = quietPositions(300, 58, threats);
  for (const Position& pos : positions) {
    const QuietWin win = findQuietWin(threats, pos, limits);
    if (win.move < 0) continue;
    ++found;
    Position a = pos;
    a.play(win.move);
    CHECK(threatCells(a, pos.sideToMove()) == 0);  // it makes no three
    CHECK(everyReplyLoses(check, pos, win.move));
  }
  std::printf("quiet wins: %d found in %zu positions without a forcing sequence\n", found,
              positions.size());
  CHECK(found >= 20);
}

TEST_CASE("no quiet win is missed that every reply, tried one by one, confirms") {
  // Only the replies in the zone or making a three are tried; a quiet win that a reply
  // elsewhere would refute would be a false find, and one those replies miss a missed one.
  ThreatSearch threats(1 << 16), check(1 << 16);
  int withWin = 0;
  const std::vector<Position> positions = quietPositions(120, 59, threats);
  for (const Position& pos : positions) {
    bool exists = false;
    for (Bitboard q = pos.emptyCells(); q && !exists;) {
      const int move = popLowest(q);
      Position a = pos;
      a.play(move);
      if (threatCells(a, pos.sideToMove()) || threatCells(a, opponent(pos.sideToMove()))) continue;
      exists = everyReplyLoses(check, pos, move);
    }
    const QuietWin win = findQuietWin(threats, pos, ThreatLimits{});
    CHECK((win.move >= 0) == exists);
    withWin += exists;
  }
  std::printf("quiet wins by every reply: %d of %zu positions\n", withWin, positions.size());
  CHECK(withWin >= 6);
  CHECK(withWin < static_cast<int>(positions.size()));
}

TEST_CASE("the side not to move's quiet win, were the other to pass, holds by the rules") {
  // What a proof search's defender must stop (PnsOptions::quietWinNodes): found for the
  // side not to move, the move is quiet, every reply after it loses by the rules, and the
  // zone holds the move and every cell where the side to move now makes a three.
  ThreatSearch threats(1 << 16), check(1 << 16);
  ThreatLimits limits;
  limits.maxNodes = 2000;
  int found = 0;
  const std::vector<Position> positions = quietPositions(300, 60, threats);
  for (const Position& pos : positions) {
    const Side attacker = opponent(pos.sideToMove());
    if (threats.forcedWin(pos, attacker).win) continue;  // a sequence of threes says more
    const QuietWin win = findQuietWin(threats, pos, attacker, limits);
    if (win.move < 0) continue;
    ++found;
    CHECK(threatCells(withStone(pos, attacker, win.move), attacker) == 0);  // it makes no three
    CHECK(everyReplyLoses(check, pos, attacker, win.move));
    CHECK((win.zone & bit(win.move)) != 0);
    CHECK((threeMakingCells(pos, pos.sideToMove()) & ~win.zone) == 0);
  }
  std::printf("quiet wins of the side not to move: %d found in %zu positions\n", found,
              positions.size());
  CHECK(found >= 10);
}

TEST_CASE("every quiet win's zone is within the first's, and each of them holds") {
  // The must-play region: the cells common to all the quiet wins' zones. Asked with every
  // win, the first move is findQuietWin's, and the region lies within its zone.
  ThreatSearch threats(1 << 16), check(1 << 16);
  ThreatLimits limits;
  limits.maxNodes = 2000;
  int several = 0;
  for (const Position& pos : quietPositions(300, 60, threats)) {
    const Side attacker = opponent(pos.sideToMove());
    if (threats.forcedWin(pos, attacker).win) continue;
    const QuietWin first = findQuietWin(threats, pos, attacker, limits);
    const QuietWin every = everyQuietWin(threats, pos, attacker, limits);
    CHECK(every.move == first.move);
    if (first.move < 0) continue;
    CHECK(first.wins == 1);
    CHECK((every.zone & ~first.zone) == 0);
    CHECK((threeMakingCells(pos, pos.sideToMove()) & ~every.zone) == 0);
    several += every.wins > 1;
  }
  CHECK(several >= 3);
}

TEST_CASE("every defender move outside a sound zone loses to a quiet win by the rules") {
  // QuietZone::Sound: a search narrowed to it needs no check, so each move outside it is
  // answered here by a quiet move after which every reply, asked of a threat search without
  // limits, loses to a sequence the rules replay.
  ThreatSearch threats(1 << 16), check(1 << 16);
  ThreatLimits limits;
  limits.maxNodes = 2000;
  int positionsChecked = 0, outside = 0, unchecked = 0;
  for (const Position& pos : quietPositions(300, 61, threats)) {
    if (positionsChecked == 6) break;
    const Side attacker = opponent(pos.sideToMove());
    if (threats.forcedWin(pos, attacker).win) continue;
    const QuietWin sound = everyQuietWin(threats, pos, attacker, limits, QuietZone::Sound);
    if (sound.move < 0) continue;
    ++positionsChecked;
    CHECK((everyQuietWin(threats, pos, attacker, limits).zone & ~sound.zone) == 0);
    for (Bitboard d = pos.emptyCells() & ~sound.zone; d;) {
      Position afterD = pos;
      afterD.play(popLowest(d));
      ++outside;
      bool answered = everyReplyLoses(check, afterD, sound.move);
      for (Bitboard q = afterD.emptyCells(); q && !answered;) {
        const int move = popLowest(q);
        Position a = afterD;
        a.play(move);
        if (threatCells(a, attacker) || threatCells(a, pos.sideToMove())) continue;
        answered = everyReplyLoses(check, afterD, move);
      }
      unchecked += !answered;
    }
  }
  std::printf("sound quiet-win zones: %d defender moves outside them in %d positions\n", outside,
              positionsChecked);
  CHECK(positionsChecked == 6);
  CHECK(outside >= 20);
  CHECK(unchecked == 0);
}
