#include "player_proofs.hpp"

#include "engine/proof/pns.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

std::optional<MoveChoice> PlayerProofs::forcedWinOrBlock(const Position& pos,
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
    t.maxNodes = PlayerThrees::kDefenceThreatNodes;
    const ThreatResult theirs = threes_.search().forcedWin(next, opponent(pos.sideToMove()), t);
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

// The quickest forced win by threes, or the proof table's win when that is shorter: the
// distance claimed is then never longer than the one claimed on the previous move of the
// same line (docs/notation.md). Adds the nodes spent.
std::optional<MoveChoice> PlayerProofs::quickestKnownWin(const Position& pos,
                                                         const ThreatLimits& limits,
                                                         std::uint64_t& nodes) {
  const Side us = pos.sideToMove();
  const ThreatResult forced = threes_.quickestForcedWin(pos, limits, nodes);
  MoveChoice best;
  if (forced.win) best.move = forced.sequence[0], best.plies = forced.plies();
  if (const std::optional<TTEntry> e = proofs().lookup(pos, us);
      e && e->pn == 0 && e->bestMove != 0xff) {
    const PnsResult known =
        proofs().prove(pos, us, SearchLimits{});  // solved: answers from the table
    if (known.bestMove >= 0 && (!forced.win || known.distance < best.plies))
      best.move = known.bestMove, best.plies = known.distance;
  }
  if (best.move < 0) return std::nullopt;
  return best;
}

PnsResult PlayerProofs::prove(const Position& pos, Side attacker, const SearchLimits& l) {
  SolveLimits limits;
  limits.seconds = l.maxTime == std::chrono::milliseconds::max()  // no time limit
                       ? 0
                       : std::chrono::duration<double>(l.maxTime).count();
  limits.maxNodes = l.maxNodes;
  limits.stop = l.stop;
  return solver_.prove(pos, attacker, limits);
}

// Proof-number search within its share: first for our win, then against the opponent's.
PlayerProofs::Verdicts PlayerProofs::proveBothSides(const Position& pos, const MoveBudget& budget,
                                                    const MoveLimits& limits,
                                                    const ProgressFn& progress,
                                                    std::uint64_t& nodes) {
  const Side us = pos.sideToMove(), them = opponent(us);
  Verdicts v;
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
    guess.seconds =
        std::chrono::duration<double>(MoveBudget::Clock::now() - budget.began()).count();
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
    if (longest == 0) longest = threes_.opponentWinBound(pos, choice.move, limits);
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

std::optional<int> PlayerProofs::knownLossAfter(const Position& pos, int move,
                                                const Book* book) const {
  Position next = pos;
  next.play(move);
  if (const std::optional<BookMove> win = book ? book->find(next) : std::nullopt)
    return win->pliesToWin;
  if (const std::optional<TTEntry> e = proofs().lookup(next, opponent(pos.sideToMove()));
      e && e->pn == 0)
    return e->distance;
  return std::nullopt;
}

// A move whose loss nothing has shown counts as longest of all.
Bitboard PlayerProofs::longestKnownLosses(const Position& pos, Bitboard moves,
                                          const Book* book) const {
  constexpr int kNotShown = kCells + 1;
  int best = -1;
  Bitboard longest = 0;
  for (Bitboard m = moves; m;) {
    const int cell = popLowest(m);
    const int plies = knownLossAfter(pos, cell, book).value_or(kNotShown);
    if (plies > best) best = plies, longest = 0;
    if (plies == best) longest |= bit(cell);
  }
  return longest;
}

}  // namespace qubic
