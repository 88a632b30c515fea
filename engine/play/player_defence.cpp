#include "player_defence.hpp"

#include "engine/threats/quiet_win.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

// Lost against best play (`longest` is the defence that makes the proven win longest). An
// opponent that is not a proof wins in practice by threes: a forcing sequence it can
// find, or a quiet move and then threes. So of our moves after which the threat search
// finds none, those whose known loss is longest, and of these the ones that allow no quiet
// win when there are any; the heuristic search chooses among them; only when every move
// loses to threes is the longest defence played: each step scored better as O against
// mctstest's alpha-beta player (docs/history/strength-2026-11-27-defence.md). The loss is
// still claimed, within the plies known after the move chosen (book, proof table), else
// the threat search's or the board's bound.
MoveChoice PlayerDefence::practicalDefence(const Position& pos, const MoveChoice& longest,
                                           const Book* book, const MoveBudget& budget,
                                           const MoveLimits& limits, const ProgressFn& progress) {
  const Side them = opponent(pos.sideToMove());
  ThreatLimits t;
  t.maxNodes = PlayerThrees::kDefenceThreatNodes;
  t.stop = limits.stop;
  std::uint64_t nodes = longest.nodes;
  Bitboard quiet = 0;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    if (threatCells(next, them)) continue;  // a three left to complete
    const ThreatResult forced = threes_.search().forcedWin(next, them, t);
    nodes += forced.nodes;
    if (!forced.win && !forced.hitLimit) quiet |= bit(cell);
  }
  if (!quiet) return longest;
  quiet = proofs_.longestKnownLosses(pos, quiet, book);
  const MoveBudget::Clock::time_point now = MoveBudget::Clock::now();
  if (Bitboard safer = withoutQuietWins(pos, quiet, now + (budget.deadline() - now) / 2,
                                        nodes + budget.nodesLeft(nodes) / 2, nodes, limits))
    quiet = safer;
  MoveChoice base;
  base.nodes = nodes;
  MoveChoice c = search_.searchRest(pos, quiet, budget.began(), budget.deadline(),
                                    budget.nodesLeft(nodes), limits, base, progress);
  c.verdict = Verdict::Loss;
  const std::optional<int> known = proofs_.knownLossAfter(pos, c.move, book);
  c.plies = (known ? *known : threes_.opponentWinBound(pos, c.move, limits)) + 1;
  c.score = 0;
  c.fromBook = longest.fromBook;
  c.reason = reasons::practicalDefence(longest.fromBook, c.move);
  return c;
}

// Of `moves`, those after which the opponent has no quiet win (engine/threats/quiet_win), as
// far as settled before `until` or `nodesUntil` (the count in `nodes`): none when every move
// settled allows one.
Bitboard PlayerDefence::withoutQuietWins(const Position& pos, Bitboard moves,
                                         MoveBudget::Clock::time_point until,
                                         std::uint64_t nodesUntil, std::uint64_t& nodes,
                                         const MoveLimits& limits) {
  if (popcount(moves) < 2) return 0;
  ThreatLimits t;
  t.maxNodes = kQuietWinThreatNodes;
  t.stop = limits.stop;
  Bitboard safer = 0;
  for (Bitboard m = moves; m && MoveBudget::Clock::now() < until && nodes < nodesUntil;) {
    const int cell = popLowest(m);
    Position next = pos;
    next.play(cell);
    const QuietWin win = findQuietWin(threes_.search(), next, t);
    nodes += win.nodes;
    if (win.move < 0) safer |= bit(cell);
  }
  return safer;
}

}  // namespace qubic
