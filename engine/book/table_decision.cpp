#include "table_decision.hpp"

#include <algorithm>

#include "engine/core/lines.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

SolverOptions tableSolverOptions(int course) {
  SolverOptions options;
  course = courseSettings(course);
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

void boundOtherSide(SolverOptions& options, const Position& pos) {
  options.pns.stoneCap[static_cast<int>(opponent(pos.sideToMove()))] =
      pos.moveCount() + kTableOtherWinPlies;
}

void shapeForCourse(TableSearches& searches, int course, std::uint64_t budget) {
  searches.splitOther = searches.otherFirst && courseSplitsOtherSide(course);
  if (searches.otherFirst && courseBoundsOtherSide(course)) searches.otherBudget = budget;
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
    if (s != mover && searches.splitOther) return splitOtherSide(solver, pos, s, budget, stop, d);
    const PnsResult r = solver.prove(pos, s, limits);
    d.positions += r.positions;
    return r;
  });
  return d;
}

PnsResult splitOtherSide(Solver& solver, const Position& pos, Side attacker, std::uint64_t budget,
                         const std::atomic<bool>* stop, TableDecision& d) {
  std::vector<int> open;
  for (Bitboard m = nonEquivalentMoves(pos); m; m &= m - 1) open.push_back(lowestCell(m));
  const std::size_t replies = open.size();
  PnsResult result;
  int longest = 0;
  for (const std::uint64_t pass : {budget / 40, budget / 10, budget * 2 / 5, budget * 8 / 5}) {
    if (open.size() < replies && open.size() * 2 > replies) break;
    if (pass > budget && open.size() > 3) break;
    std::vector<int> still;
    for (const int move : open) {
      Position child = pos;
      child.play(move);
      solver.clear();
      const PnsResult r =
          solver.prove(child, attacker, tableLimits(std::max<std::uint64_t>(pass, 1), stop));
      d.positions += r.positions;
      result.positions += r.positions;
      result.nodes += r.nodes;
      if (stop && stop->load()) return {};
      if (r.answer == Answer::Disproven) {
        result.answer = Answer::Disproven;
        d.splitReplies.clear();
        return result;
      }
      if (r.answer != Answer::Proven) {
        still.push_back(move);
        continue;
      }
      d.splitReplies.push_back({move, std::max<std::uint64_t>(pass, 1)});
      longest = std::max(longest, r.distance + 1);
    }
    open = std::move(still);
    if (open.empty()) {
      result.answer = Answer::Proven;
      result.distance = longest;
      return result;
    }
  }
  d.splitReplies.clear();
  return result;
}

std::pair<Bitboard, int> likeness(const Position& pos) {
  const Side mover = pos.sideToMove();
  return {canonical(pos.stones(mover), 0).x,
          popcount(pos.stones(opponent(mover)) & kSevenLineCells)};
}

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
