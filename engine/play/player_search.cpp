// The player's move cascade (think) and its last stage, the heuristic search in the time
// left.
#include "player_impl.hpp"

#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

MoveChoice Player::Impl::think(const Position& pos, const Book* book, MoveBudget& budget,
                               const MoveLimits& limits, const ProgressFn& progress) {
  if (std::optional<MoveChoice> decided = decidedAtOnce(pos)) return *decided;
  if (book)
    if (std::optional<MoveChoice> known = fromBook(pos, *book, limits)) {
      if (known->verdict != Verdict::Loss) return *known;
      budget.startSearching(Clock::now());
      return practicalDefence(pos, *known, book, budget, limits, progress);
    }
  budget.startSearching(Clock::now());
  std::uint64_t nodes = 0;
  if (std::optional<MoveChoice> forced = forcedWinOrBlock(pos, budget, nodes)) return *forced;
  ProofVerdicts proofs = proveBothSides(pos, budget, limits, progress, nodes);
  if (proofs.decided && proofs.decided->verdict == Verdict::Loss)
    return practicalDefence(pos, *proofs.decided, nullptr, budget, limits, progress);
  if (proofs.decided) return *proofs.decided;
  // Nothing proven: the heuristic search in the time left, over the moves not proven
  // losing, and only over proven-safe moves when there are any (they keep the draw).
  const Bitboard notLosing = pos.emptyCells() & ~proofs.losing;
  const Bitboard allowed = proofs.safe ? proofs.safe : notLosing ? notLosing : pos.emptyCells();
  MoveChoice choice;
  choice.nodes = nodes;
  return searchRest(pos, allowed, budget.deadline(), budget.nodesLeft(nodes), limits, choice,
                    progress);
}

MoveChoice Player::Impl::searchRest(const Position& pos, Bitboard allowed,
                                    Clock::time_point deadline, std::uint64_t maxNodes,
                                    const MoveLimits& limits, MoveChoice choice,
                                    const ProgressFn& progress) {
  HeuristicLimits h;
  h.deadline = deadline;
  h.maxNodes = std::max<std::uint64_t>(maxNodes, 1);
  h.stop = limits.stop;
  h.rootMoves = allowed;
  h.maxDepth = kMaxSearchPly;
  if (limits.maxDepth > 0) h.maxDepth = std::min(h.maxDepth, limits.maxDepth);
  const std::uint64_t before = choice.nodes;
  auto toChoice = [&](const HeuristicResult& r) {
    MoveChoice c = choice;
    c.move = r.move;
    c.depth = r.depth;
    c.nodes = before + r.nodes;
    c.seconds = std::chrono::duration<double>(Clock::now() - started).count();
    c.pvLength = r.pvLength;
    std::copy(r.pv.begin(), r.pv.begin() + r.pvLength, c.pv.begin());
    if (isProvenScore(r.score)) {
      c.verdict = r.score > 0 ? Verdict::Win : Verdict::Loss;
      c.plies = pliesToEnd(r.score);
    } else {
      c.score = r.score;
    }
    return c;
  };
  const HeuristicResult r = heuristic.search(pos, h, [&](const HeuristicResult& partial) {
    if (progress) progress(toChoice(partial));
  });
  MoveChoice result = toChoice(r);
  if (result.verdict == Verdict::Win)
    result.reason = reasons::searchWin(result.plies, result.move);
  else if (result.verdict == Verdict::Loss)
    result.reason = reasons::everyMoveLoses();
  else
    result.reason = reasons::ratedBest(pos, result.move, std::max(r.depth, 1));
  return result;
}

}  // namespace qubic
