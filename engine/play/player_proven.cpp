// The player's moves from what it proves: a forced win by threes or the one block, then
// proof-number searches for both sides within their share of the move.
#include "player_impl.hpp"

#include <optional>

#include "engine/proof/pns.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

// A forced win by threes alone is the fastest kind of proof; without one, a single three
// of the opponent's leaves one move that does not lose at once (searching it is pointless).
std::optional<MoveChoice> Player::Impl::forcedWinOrBlock(const Position& pos,
                                                         const MoveBudget& budget,
                                                         std::uint64_t& nodes) {
  const Bitboard blocks = threatCells(pos, opponent(pos.sideToMove()));
  MoveChoice choice;
  if (const std::optional<MoveChoice> win = quickestKnownWin(pos, budget.rootThreats(), nodes)) {
    choice.move = win->move;
    choice.verdict = Verdict::Win;
    choice.plies = win->plies;
    choice.reason = reasons::forcedWin(blocks != 0, choice.plies, choice.move);
  } else if (blocks) {
    choice.move = lowestCell(blocks);
    choice.reason = reasons::blocksThree(choice.move);
    // A block that only delays a forced win is still a loss, and said so (score mate -N),
    // not left at an even score: the opponent's forcing line after it is a proof.
    Position next = pos;
    next.play(choice.move);
    ThreatLimits t;
    t.maxNodes = kDefenceThreatNodes;
    const ThreatResult theirs = threats.forcedWin(next, opponent(pos.sideToMove()), t);
    nodes += theirs.nodes;
    if (theirs.win) {
      choice.verdict = Verdict::Loss;
      choice.plies = 1 + theirs.plies();
    }
  } else {
    return std::nullopt;
  }
  choice.nodes = nodes;
  return choice;
}

// Proof-number search within its share: first for our win, then against the opponent's.
Player::Impl::ProofVerdicts Player::Impl::proveBothSides(const Position& pos,
                                                         const MoveBudget& budget,
                                                         const MoveLimits& limits,
                                                         const ProgressFn& progress,
                                                         std::uint64_t& nodes) {
  const Side us = pos.sideToMove(), them = opponent(us);
  ProofVerdicts v;
  MoveChoice choice;
  const SearchLimits attack = budget.ourProof(nodes);
  const PnsResult ours = prove(pos, us, attack);
  nodes += ours.nodes;
  choice.nodes = nodes;
  if (ours.answer == Answer::Proven && ours.bestMove >= 0) {
    choice.move = ours.bestMove;
    choice.verdict = Verdict::Win;
    choice.plies = ours.distance;
    choice.reason = reasons::provenWin(ours.distance, choice.move);
    v.decided = choice;
    return v;
  }
  if (progress && ours.bestMove >= 0) {
    MoveChoice guess = choice;
    guess.move = ours.bestMove;
    guess.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    progress(guess);
  }
  const PnsResult theirs = prove(pos, them, budget.theirProof(nodes, attack));
  nodes += theirs.nodes;
  choice.nodes = nodes;
  if (theirs.answer == Answer::Proven) {
    // Lost against best play: make the opponent's win as long as the proofs allow.
    // Replies the search never looked at were pruned as quick losses, so they count 0.
    int longest = -1;
    for (Bitboard m = pos.emptyCells(); m;) {
      const int cell = popLowest(m);
      const int length = knownLossAfter(pos, cell, nullptr).value_or(0);
      if (length > longest || choice.move < 0) longest = length, choice.move = cell;
    }
    if (longest == 0) longest = opponentWinBound(pos, choice.move, limits);
    choice.verdict = Verdict::Loss;
    choice.plies = longest + 1;
    choice.reason = reasons::longestDefence();
    v.decided = choice;
    return v;
  }
  // What the proofs say about our moves: which lose (the opponent's win is proven after
  // them) and which are safe (it is disproven).
  for (Bitboard m = pos.emptyCells(); m;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    if (const std::optional<TTEntry> e = proofs().lookup(next, them)) {
      if (e->pn == 0) v.losing |= bit(cell);
      if (e->dn == 0) v.safe |= bit(cell);
    }
  }
  if (theirs.answer == Answer::Disproven && theirs.bestMove >= 0) v.safe |= bit(theirs.bestMove);
  return v;
}

}  // namespace qubic
