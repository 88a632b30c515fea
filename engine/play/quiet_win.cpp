#include "quiet_win.hpp"

#include "engine/threats/threats.hpp"

namespace qubic {

namespace {

// After the attacker's quiet move (the defender to move in `pos`): every defender reply
// leaves a forcing sequence of threes.
bool everyReplyLoses(ThreatSearch& threats, const Position& pos, Side attacker,
                     const ThreatLimits& limits, std::uint64_t& nodes) {
  // Were the defender to pass: without a sequence then, there is none after a reply.
  const ThreatResult passed = threats.forcedWin(pos, attacker, limits);
  nodes += passed.nodes;
  if (!passed.win) return false;
  const Side defender = opponent(attacker);
  const Bitboard replies = pos.emptyCells() & (passed.zone | threeMakingCells(pos, defender));
  for (Bitboard r = replies; r;) {
    Position next = pos;
    next.play(popLowest(r));
    if (threatCells(next, defender)) return false;  // the attacker must answer a three
    const ThreatResult after = threats.forcedWin(next, attacker, limits);
    nodes += after.nodes;
    if (!after.win) return false;
  }
  return true;
}

}  // namespace

bool quietWinInTwo(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits,
                   std::uint64_t& nodes) {
  const Side attacker = pos.sideToMove(), defender = opponent(attacker);
  // A three of either side decides the next moves: not a quiet position.
  if (threatCells(pos, attacker) || threatCells(pos, defender)) return false;
  for (Bitboard m = pos.emptyCells(); m;) {
    Position next = pos;
    next.play(popLowest(m));
    if (next.isGameOver()) continue;
    if (everyReplyLoses(threats, next, attacker, limits, nodes)) return true;
  }
  return false;
}

}  // namespace qubic
