#include "table_decision.hpp"

#include "engine/core/lines.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

SolverOptions tableSolverOptions(int course) {
  SolverOptions options;
  const int base = course % kBaseCourses;
  options.pns.repliesPerDefence = base == 1 ? 4 : 3;
  if (base == 2) options.pns.epsilon = 0.5;
  // Any odd multiplier spreads the course numbers over the seed's bits.
  if (base >= 3) options.pns.courseSeed = static_cast<std::uint64_t>(base) * 0x9e3779b97f4a7c15ULL;
  if (course >= kBaseCourses) options.pns.defenderThreatNodes = kTableDefenderThreatNodes;
  if (course >= 2 * kBaseCourses) options.pns.quietWinNodes = kTableQuietWinNodes;
  options.pns.quietWinUnchecked = courseClaimsUnchecked(course);
  options.pns.quietWinWork = kTableQuietWinWork;
  return options;
}

SolveLimits tableLimits(std::uint64_t positions, const std::atomic<bool>* stop) {
  SolveLimits limits;
  limits.maxPositions = positions;
  limits.maxNodes = positions * kTableNodesPerPosition;
  limits.stop = stop;
  return limits;
}

TableDecision decideForTable(Solver& solver, const Position& pos, std::uint64_t budget,
                             const std::atomic<bool>* stop, const TableSearches& searches) {
  TableDecision d;
  const Side mover = pos.sideToMove();
  const std::uint64_t otherBudget =
      searches.otherBudget > 0 ? searches.otherBudget : otherSideBudget(budget);
  bool searched = false;
  d.answers = askBothSides<PnsResult>(searches.otherFirst ? opponent(mover) : mover, [&](Side s) {
    if (s == mover ? searches.moverTried : searches.otherTried)
      return PnsResult{};  // unknown, as it was
    const SolveLimits limits = tableLimits(s == mover ? budget : otherBudget, stop);
    if (searched) solver.clear();  // the second search gets the whole table
    searched = true;
    const PnsResult r = solver.prove(pos, s, limits);
    d.positions += r.positions;
    return r;
  });
  return d;
}

namespace {

// What otherSideLikelier compares: the side to move's stones up to the symmetries, and how
// many of the other side's stand on 7-line cells (a symmetry keeps a cell's lines).
std::pair<Bitboard, int> likeness(const Position& pos) {
  const Side mover = pos.sideToMove();
  return {canonical(pos.stones(mover), 0).x,
          popcount(pos.stones(opponent(mover)) & kSevenLineCells)};
}

}  // namespace

bool otherSideLikelier(const OpeningTable& table, const Position& pos) {
  const auto like = likeness(pos);
  int moverWins = 0, otherWins = 0;
  for (const Position& p : canonicalPositions(pos.moveCount())) {
    if (likeness(p) != like) continue;
    const std::optional<TableEntry> e = table.find(p);
    if (!e || e->value == TableValue::Draw) continue;
    const bool xWon = e->value == TableValue::XWins;
    ++((xWon == (p.sideToMove() == Side::X)) ? moverWins : otherWins);
  }
  return otherWins > moverWins;
}

}  // namespace qubic
