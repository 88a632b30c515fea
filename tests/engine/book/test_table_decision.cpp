// How a job of the opening table decides (engine/book/table_decision): the other side's
// win searched first gives the same value at another cost, and the table's like positions
// say when to search it first.
#include <catch2/catch.hpp>

#include <vector>

#include "engine/book/opening_table.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"

using namespace qubic;

namespace {

Position parsed(const char* text) { return parsePosition(text).value(); }

struct Decided {
  std::optional<Side> winner;
  std::uint64_t positions = 0;
};

Decided decide(const Position& pos, std::uint64_t budget, bool otherFirst) {
  Solver solver(tableSolverOptions());
  const TableDecision d = decideForTable(solver, pos, budget, nullptr, {.otherFirst = otherFirst});
  return {d.answers.winner, d.positions};
}

}  // namespace

TEST_CASE("the other side's win searched first: the same value, at its own cost") {
  // X to move, O wins: O's search needs about 226 000 positions, X's cannot succeed.
  const Position oWins =
      parsed("oxx.........o.../................/................/................ x");
  const Decided moverFirst = decide(oWins, 500'000, false);
  const Decided otherFirst = decide(oWins, 500'000, true);
  REQUIRE(moverFirst.winner == Side::O);
  CHECK(otherFirst.winner == Side::O);
  CHECK(moverFirst.positions >= 500'000);  // X's whole budget, then O's search
  CHECK(otherFirst.positions < 250'000);   // O's search alone

  // X wins: searched first, O's search fails within its half, then X's proves it.
  const Position xWins = playMoves({}, "1a1 1b2 2b2 1c1").value();
  const Decided xFirst = decide(xWins, 300'000, false);
  const Decided oFirst = decide(xWins, 300'000, true);
  REQUIRE(xFirst.winner == Side::X);
  CHECK(oFirst.winner == Side::X);
  CHECK(oFirst.positions > xFirst.positions);
}

TEST_CASE("the other side first where it won more of the table's like positions") {
  // Like positions: X's two stones the same up to the symmetries, as many O stones on
  // 7-line cells. X on the inner pair of an edge line (1b1 1c1), O on two corners.
  const Position target =
      parsed("oxx.........o.../................/................/................ x");
  std::vector<Position> like, unlike;
  for (const Position& p : canonicalPositions(4)) {
    if (canonical(p) == canonical(target)) continue;
    const bool sameShape = canonical(p.stones(Side::X), 0) == canonical(target.stones(Side::X), 0);
    const int oOnSevens = popcount(p.stones(Side::O) & kSevenLineCells);
    if (sameShape && oOnSevens == 2) like.push_back(p);
    if (sameShape && oOnSevens == 1) unlike.push_back(p);
  }
  REQUIRE(like.size() >= 3);
  REQUIRE(!unlike.empty());
  auto tableOf = [](const std::vector<std::pair<Position, TableValue>>& entries) {
    OpeningTable t;
    for (const auto& [p, v] : entries) t.add(p, {v, 40, false, true});
    t.finish();
    return t;
  };
  const auto x = TableValue::XWins, o = TableValue::OWins, draw = TableValue::Draw;
  CHECK_FALSE(otherSideLikelier(tableOf({}), target));
  CHECK(otherSideLikelier(tableOf({{like[0], o}, {like[1], o}, {like[2], x}}), target));
  CHECK_FALSE(otherSideLikelier(tableOf({{like[0], o}, {like[1], x}}), target));  // a tie
  CHECK_FALSE(otherSideLikelier(tableOf({{like[0], x}, {like[1], x}, {like[2], o}}), target));
  CHECK_FALSE(otherSideLikelier(tableOf({{like[0], draw}, {like[1], draw}}), target));
  // O wins elsewhere do not count: another number of O stones on 7-line cells.
  CHECK_FALSE(otherSideLikelier(tableOf({{unlike[0], o}}), target));
  CHECK(otherSideLikelier(tableOf({{unlike[0], x}, {like[0], o}}), target));
}
