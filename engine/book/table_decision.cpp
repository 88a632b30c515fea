#include "table_decision.hpp"

namespace qubic {

SolverOptions tableSolverOptions() {
  SolverOptions options;
  options.pns.repliesPerDefence = 3;
  return options;
}

TableDecision decideForTable(Solver& solver, const Position& pos, std::uint64_t budget,
                             const std::atomic<bool>* stop, bool moverTried) {
  TableDecision d;
  const Side mover = pos.sideToMove();
  d.answers = askBothSides<PnsResult>(mover, [&](Side s) {
    if (s == mover && moverTried) return PnsResult{};  // unknown, as it was
    SolveLimits limits;
    limits.maxPositions = s == mover ? budget : otherSideBudget(budget);
    limits.stop = stop;
    if (s != mover) solver.clear();  // the other side's search gets the whole table
    const PnsResult r = solver.prove(pos, s, limits);
    d.positions += r.positions;
    return r;
  });
  return d;
}

}  // namespace qubic
