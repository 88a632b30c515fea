#include "node_evaluation.hpp"

#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

namespace {

bool hasOpenLine(const Position& pos, Side side) {
  for (int l = 0; l < kLines; ++l)
    if (pos.isOpenFor(side, l)) return true;
  return false;
}

}  // namespace

NodeEvaluation evaluateNode(const Position& pos, Side attacker, const PnsOptions& options,
                            ThreatSearch& threats, bool parentNoThreatWin,
                            std::uint64_t& threatNodes, const std::atomic<bool>* stop,
                            const KnownSequence* known, ThreatResult* found) {
  NodeEvaluation e;
  const Side mover = pos.sideToMove();
  const Side defender = opponent(attacker);
  const bool attackerMoves = mover == attacker;
  auto solved = [&](bool attackerWins, int distance, int bestMove = -1) {
    e.answer = attackerWins ? Answer::Proven : Answer::Disproven;
    e.distance = distance;
    e.bestMove = bestMove;
    return e;
  };
  if (pos.isGameOver())
    return solved(pos.status() == (attacker == Side::X ? Status::XWins : Status::OWins), 0);

  const Bitboard moverWins = threatCells(pos, mover);
  if (moverWins) return solved(attackerMoves, 1, lowestCell(moverWins));
  const Bitboard otherWins = threatCells(pos, opponent(mover));
  if (popcount(otherWins) >= 2) return solved(!attackerMoves, 2);
  if (!hasOpenLine(pos, attacker)) return solved(false, 0);
  if (otherWins) {
    e.moves = otherWins;  // the block is the only move that does not lose at once
    e.threatened = !attackerMoves;
    e.noThreatWin = !attackerMoves && parentNoThreatWin;
    if (!attackerMoves) return e;
  } else {
    e.moves = pos.emptyCells();
  }
  if (!options.threatSearch) return e;
  if (attackerMoves && parentNoThreatWin) {
    e.noThreatWin = true;
    return e;
  }

  ThreatLimits limits;
  limits.stop = stop;  // set when the answer is no longer wanted (a helper's dropped child)
  const auto search = [&](Side side) {
    const ThreatResult r = threats.forcedWin(pos, side, limits);
    threatNodes += r.nodes;
    return r;
  };
  // The defender's own forced win refutes a defender node outright: it moves first, and
  // each of its threes forces the attacker's hand (see PnsOptions::defenderThreatNodes).
  if (!attackerMoves && options.defenderThreatNodes > 0) {
    if (known) return solved(false, known->plies);
    limits.maxNodes = options.defenderThreatNodes;
    const ThreatResult theirs = search(defender);
    if (found) *found = theirs;
    if (theirs.win) return solved(false, theirs.plies());
  }

  // The attacker's forced win proves an attacker node outright; at a defender node it
  // is what the defender must stop, so only moves in its zone, or moves that make a
  // defender three (and so force the attacker's hand), can refute it.
  if (attackerMoves && known) return solved(true, known->plies, known->firstMove);
  limits.maxNodes = options.threatNodes;
  const ThreatResult threat = search(attacker);
  if (attackerMoves && found) *found = threat;
  if (!threat.win) {
    e.noThreatWin = !threat.hitLimit;
    return e;
  }
  if (attackerMoves) return solved(true, threat.plies(), threat.sequence[0]);
  e.moves &= threat.zone | threeMakingCells(pos, defender);
  e.threatened = true;
  return e;
}

}  // namespace qubic
