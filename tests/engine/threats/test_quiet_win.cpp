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

// After the side to move plays `move`, does every reply lose to a forcing sequence? Each
// reply asked of the threat search without limits, and each sequence it gives replayed by
// the rules-only checker (engine/proof/verify).
bool everyReplyLoses(ThreatSearch& threats, const Position& pos, int move) {
  const Side attacker = pos.sideToMove();
  Position a = pos;
  a.play(move);
  for (Bitboard r = a.emptyCells(); r;) {
    Position b = a;
    b.play(popLowest(r));
    const ThreatResult forced = threats.forcedWin(b, attacker);
    if (!forced.win) return false;
    const std::span<const std::uint8_t> line(forced.sequence.data(), forced.length);
    if (!checkForcingWin(b, attacker, line).empty()) return false;
  }
  return true;
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
