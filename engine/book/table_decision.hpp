// How a job of the opening table decides its position (qubic-solve table job, and
// qubic-bench tail, which measures it): one thread, so the same answer on every machine;
// the side to move's win within the budget, then, unless that is proven, the other
// side's within half of it, on a table cleared between the two searches.
//
// Half, not the tenth the first passes gave: two of the eight positions of the bench's
// tail sample are O wins that need 3.4 and 4.0 million positions, and the tail is where
// the rest of the table's work lies. Cleared, because the side to move's search filled
// the table both share: after it, one of those two O wins was not found in 5 million
// positions (docs/benchmarks.md, docs/table.md).
#pragma once

#include <atomic>
#include <cstdint>
#include <utility>
#include <vector>

#include "engine/core/position.hpp"
#include "engine/proof/position_value.hpp"
#include "engine/proof/solver.hpp"
#include "opening_table.hpp"

namespace qubic {

// The other side's budget: half the side to move's (at least one position).
constexpr std::uint64_t otherSideBudget(std::uint64_t budget) {
  return budget / 2 > 0 ? budget / 2 : 1;
}

// The courses a job's search can take: settings that search the same tree in other
// orders. Where one course leaves a position unknown, another at the same budget decides
// some that the first does not decide at twice the budget: whether a hard position is
// decided depends on the course its search happens to take (docs/table-runs.md, "Courses").
// Courses 0-9 are the base settings; each again with the defender's threat sequences, and
// again with those and the attacker's quiet wins (unchecked zones, then sound ones).
constexpr int kBaseCourses = 10;
constexpr int kTableCourses = 6 * kBaseCourses;

// The defender's threat-sequence budget of courses 10-39 (PnsOptions::defenderThreatNodes).
constexpr std::uint64_t kTableDefenderThreatNodes = 2000;
// The budget of each threat search of the attacker's quiet win in courses 20-39
// (PnsOptions::quietWinNodes), the budget of the player's quiet-win defence.
constexpr std::uint64_t kTableQuietWinNodes = 2000;
// A job's budget counts positions, but the quiet wins' threat searches (courses 20-39) cost
// nodes without new positions, so a job could run for hours within its budget: once the
// search has spent this many nodes a position of its budget, it ends unknown
// (docs/history/proving-2026-12-06.md).
constexpr std::uint64_t kTableNodesPerPosition = 200;
// The positions searched under a defender node before courses 30-39 ask for its quiet wins
// (PnsOptions::quietWinWork).
constexpr std::uint32_t kTableQuietWinWork = 16384;

// A job's solver. Course 0: the defaults, but a defender node's first proof number is its
// replies divided by 3, not 5 (PnsOptions::repliesPerDefence, tuned on the empty board):
// on the bench's tail sample it decides more (docs/benchmarks.md). Course
// 1: divided by 4. Course 2: by 3, with the 1+epsilon trick's epsilon 0.5, not 0.25.
// Courses 3-9: course 0 seeded (PnsOptions::courseSeed), each node's divisor 2, 3 or 4.
// Courses 10-19: course 0-9 with the defender's own threat sequences searched at its nodes:
// at the same budget they decide more of the tail, at about the same positions decided per
// core-hour (docs/history/proving-2026-12-05.md).
// Courses 20-29: courses 10-19 with a defender node that no threat sequence narrows
// narrowed to the zones of the attacker's quiet wins: they decide positions courses 10-19
// leave unknown, at the same cost a position; their wins hold only once their proofs are
// checked by the rules (docs/history/proving-2026-12-06.md).
// Courses 30-39: courses 10-19 with the quiet wins' sound zones, asked at a defender node
// once its subtree has grown large: every win they claim holds by the rules.
// Courses 40-49: courses 20-29, and where the side not to move is the likelier winner its
// win is searched reply by reply (TableSearches::splitOther).
// Courses 50-59: courses 20-29 with the win of the side not to move bounded in depth
// (boundOtherSide): most of the table's O wins end well within the bound and are found in
// a fraction of the positions; an unbounded search of them dives into lines that end
// far deeper (docs/history/proving-2026-12-07.md).
SolverOptions tableSolverOptions(int course = 0);
inline bool courseSplitsOtherSide(int course) {
  return course >= 4 * kBaseCourses && course < 5 * kBaseCourses;
}
inline bool courseBoundsOtherSide(int course) { return course >= 5 * kBaseCourses; }
// The course whose solver settings a course takes.
inline int courseSettings(int course) {
  return courseBoundsOtherSide(course)   ? course - 3 * kBaseCourses
         : courseSplitsOtherSide(course) ? course - 2 * kBaseCourses
                                         : course;
}

// The plies below a job's position within which courses 50-59 look for the win of the side
// not to move.
constexpr int kTableOtherWinPlies = 28;
// Bounds the win of the side not to move in `pos` to kTableOtherWinPlies
// (PnsOptions::stoneCap): a win found is a win; none found within the bound claims nothing.
void boundOtherSide(SolverOptions& options, const Position& pos);
// Whether a course's search may claim a win its proof does not bear out (courses 20-29,
// and 40-49 on their settings).
inline bool courseClaimsUnchecked(int course) {
  const int settings = courseSettings(course);
  return settings >= 2 * kBaseCourses && settings < 3 * kBaseCourses;
}

// A reply of the mover's whose child a split search proved, and the budget that proved it:
// a search of that budget on a cleared table proves it again, the same way.
struct ReplyBudget {
  int move = -1;
  std::uint64_t positions = 0;
};

struct TableDecision {
  BothSides<PnsResult> answers;
  std::uint64_t positions = 0;  // evaluated by both searches
  // Where the other side's win was proven reply by reply: each class of the mover's
  // replies with the budget that proved it (empty otherwise).
  std::vector<ReplyBudget> splitReplies;
};

// Which of a job's two searches are made, in which order, and the other side's budget.
struct TableSearches {
  // The side to move's win is not searched: an earlier job's result shows it not found
  // within the budget, or the shipped table proves the other side's win.
  bool moverTried = false;
  // The other side's win is not searched: the shipped table proves the side to move's.
  bool otherTried = false;
  // The other side's win first: the value is the same (each search has its own budget on a
  // cleared table, and both cannot win), only the cost differs.
  bool otherFirst = false;
  std::uint64_t otherBudget = 0;  // 0: otherSideBudget(budget)
  // The other side's win searched reply by reply (splitOtherSide), not from the position.
  bool splitOther = false;
};

// What `course` makes of a job's searches once `searches.otherFirst` is set: courses 40-49
// split the likelier other side's win by the mover's replies; courses 50-59 give its bounded
// search the whole budget, as it ends early where no win lies within the bound.
void shapeForCourse(TableSearches& searches, int course, std::uint64_t budget);

// The win of `attacker`, the side not to move, searched reply by reply: each class of the
// mover's replies a search of its own on a cleared table, in passes of growing budgets
// (budget/40, /10, ×2/5, ×8/5) over the replies still open. One search over all the
// replies spreads its budget and its table over every reply, where an O win's difficulty
// lies in one to three of them; here the easy ones are done once, cheaply, and the hard
// ones get budgets of their own. A reply whose child is disproven ends it (disproven). It
// gives up once more than half the replies resist the first pass (not the shape it is
// for), or more than three are open before the pass above `budget`.
PnsResult splitOtherSide(Solver& solver, const Position& pos, Side attacker, std::uint64_t budget,
                         const std::atomic<bool>* stop, TableDecision& d);

// A job's limits for a search of `positions` positions: those, and kTableNodesPerPosition
// nodes each. Its proofs are written within them too (each node the proof search no longer
// holds asked again within them), so that a job ends even where its course claimed a win
// that is not one.
SolveLimits tableLimits(std::uint64_t positions, const std::atomic<bool>* stop);

// Decides `pos` with `solver` (one thread) within `budget` positions for the side to move;
// `stop` ends it early (then the answers mean nothing). The solver's table holds the proven
// side's search afterwards, for its proofs to be written.
TableDecision decideForTable(Solver& solver, const Position& pos, std::uint64_t budget,
                             const std::atomic<bool>* stop = nullptr,
                             const TableSearches& searches = {});

// Whether the side not to move has won more of `table`'s positions like `pos` than the side
// to move: those with the same stones of the side to move up to the symmetries and as many
// of the other side's stones on 7-line cells. Then a job searches the other side's win
// first: the O wins come in few shapes of X's stones, and where the like positions were
// mostly O's, an O win is found in a fraction of what X's search spends first in vain
// (the figures: docs/history/table-2026-11-29.md, "Which side first").
bool otherSideLikelier(const OpeningTable& table, const Position& pos);
// What otherSideLikelier compares: the side to move's stones up to the symmetries, and how
// many of the other side's stand on 7-line cells (a symmetry keeps a cell's lines).
std::pair<Bitboard, int> likeness(const Position& pos);

}  // namespace qubic
