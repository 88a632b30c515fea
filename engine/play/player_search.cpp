#include "player_search.hpp"

#include <algorithm>

#include "reasons.hpp"

namespace qubic {

MoveChoice PlayerSearch::searchRest(const Position& pos, Bitboard allowed,
                                    MoveBudget::Clock::time_point began,
                                    MoveBudget::Clock::time_point deadline, std::uint64_t maxNodes,
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
    c.seconds = std::chrono::duration<double>(MoveBudget::Clock::now() - began).count();
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
  const HeuristicResult r = heuristic_.search(pos, h, [&](const HeuristicResult& partial) {
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
