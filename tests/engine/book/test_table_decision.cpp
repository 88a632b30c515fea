// How a job of the opening table decides (engine/book/table_decision): the other side's
// win searched first gives the same value at another cost, the table's like positions say
// when to search it first, and a job's proofs are written within its limits.
#include <catch2/catch.hpp>

#include <sstream>
#include <tuple>
#include <vector>

#include "engine/book/opening_table.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"

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

TEST_CASE("a job's proof is written within the job's limits, or not at all") {
  // A course whose zone missed a refutation claims a win that is not one; the proof writer
  // asks each node the proof search no longer holds again, and without a limit searched
  // such a node for hours. Here the table is cleared after a true win, so that every node
  // is asked again: within too small a budget the writer gives up, within the job's own
  // budget it writes a proof the rules accept.
  const Position xWins = playMoves({}, "1a1 1b2 2b2 1c1").value();
  Solver solver(tableSolverOptions());
  REQUIRE(decideForTable(solver, xWins, 300'000).answers.winner == Side::X);

  const auto write = [&](std::uint64_t positions) {
    solver.clear();
    const SolveLimits job = tableLimits(positions, nullptr);
    CHECK(job.maxNodes == positions * kTableNodesPerPosition);
    SearchLimits perNode;
    perNode.maxPositions = job.maxPositions;
    perNode.maxNodes = job.maxNodes;
    std::ostringstream proof;
    const ProofWriteResult w =
        writeProof(proof, xWins, Side::X, solver.search(), solver.threats(), perNode);
    // The nodes of the writer's last search: the one that gave up, when it gave up.
    return std::tuple{w, proof.str(), solver.search().nodes()};
  };
  const auto [cut, cutText, lastNodes] = write(100);
  CHECK_FALSE(cut.complete);
  CHECK_THAT(cut.error, Catch::Contains("within the limits"));
  CHECK(lastNodes <= 2 * 100 * kTableNodesPerPosition);

  const auto [whole, text, nodes] = write(300'000);
  REQUIRE(whole.complete);
  std::istringstream in(text);
  CHECK(verifyProof(in).verified);
}

TEST_CASE("the other side's win split reply by reply: each reply proven again the same way") {
  const Position oWins =
      parsed("oxx.........o.../................/................/................ x");
  Solver solver(tableSolverOptions());
  const TableDecision d =
      decideForTable(solver, oWins, 500'000, nullptr, {.otherFirst = true, .splitOther = true});
  REQUIRE(d.answers.winner == Side::O);
  // One entry per class of X's replies, each proven by a pass of the ladder.
  Bitboard replies = 0;
  for (const ReplyBudget& r : d.splitReplies) {
    CHECK((bit(r.move) & replies) == 0);
    replies |= bit(r.move);
    CHECK((r.positions == 500'000 / 40 || r.positions == 500'000 / 10 ||
           r.positions == 500'000 * 2 / 5 || r.positions == 500'000 * 8 / 5));
  }
  CHECK(replies == nonEquivalentMoves(oWins));
  // On a cleared table, each reply's search within its budget proves it again, and its
  // proof is accepted by the rules: O wins after every reply of X's, up to the symmetries.
  for (const ReplyBudget& r : d.splitReplies) {
    Position child = oWins;
    child.play(r.move);
    solver.clear();
    REQUIRE(solver.prove(child, Side::O, tableLimits(r.positions, nullptr)).answer ==
            Answer::Proven);
    std::ostringstream proof;
    REQUIRE(writeProof(proof, child, Side::O, solver.search(), solver.threats(), {}).complete);
    std::istringstream in(proof.str());
    CHECK(verifyProof(in).verified);
  }

  // An X win: O's split proves nothing (a reply refutes it, or it gives up), then X's
  // search proves X's win, and no reply is recorded.
  const Position xWins = playMoves({}, "1a1 1b2 2b2 1c1").value();
  solver.clear();
  const TableDecision x =
      decideForTable(solver, xWins, 300'000, nullptr, {.otherFirst = true, .splitOther = true});
  CHECK(x.answers.winner == Side::X);
  CHECK(x.splitReplies.empty());
}

TEST_CASE("the other side's win bounded in depth: a win found holds by the rules") {
  const Position oWins =
      parsed("oxx.........o.../................/................/................ x");
  SolverOptions options = tableSolverOptions(50);
  boundOtherSide(options, oWins);
  CHECK(options.pns.stoneCap[static_cast<int>(Side::X)] == 0);
  CHECK(options.pns.stoneCap[static_cast<int>(Side::O)] == 4 + kTableOtherWinPlies);
  Solver solver(options);
  // As a job of these courses gives it: the whole budget to the likelier winner's search.
  TableSearches searches{.otherFirst = true};
  shapeForCourse(searches, 50, 500'000);
  const TableDecision d = decideForTable(solver, oWins, 500'000, nullptr, searches);
  REQUIRE(d.answers.winner == Side::O);
  // Proven on the table the search left, and written from it: the rules accept the proof.
  for (Bitboard m = nonEquivalentMoves(oWins); m; m &= m - 1) {
    Position child = oWins;
    child.play(lowestCell(m));
    REQUIRE(solver.prove(child, Side::O, tableLimits(500'000, nullptr)).answer == Answer::Proven);
    std::ostringstream proof;
    REQUIRE(writeProof(proof, child, Side::O, solver.search(), solver.threats(), {}).complete);
    std::istringstream in(proof.str());
    CHECK(verifyProof(in).verified);
  }

  // An X win: O's bounded search claims nothing (no draw, no X win of its own making), and
  // X's search, unbounded, proves X's win.
  const Position xWins = playMoves({}, "1a1 1b2 2b2 1c1").value();
  SolverOptions forX = tableSolverOptions(50);
  boundOtherSide(forX, xWins);
  Solver second(forX);
  const TableDecision x =
      decideForTable(second, xWins, 300'000, nullptr, {.otherFirst = true, .otherBudget = 300'000});
  CHECK(x.answers.winner == Side::X);
  CHECK(!x.answers.draw);
}

TEST_CASE("what a course makes of a job's searches") {
  for (const bool otherFirst : {false, true})
    for (const int course : {0, 25, 45, 55}) {
      TableSearches searches{.otherFirst = otherFirst};
      shapeForCourse(searches, course, 1'000'000);
      INFO("course " << course << (otherFirst ? ", other side first" : ""));
      // Only where the other side is the likelier winner: split in 40-49, whole in 50-59.
      CHECK(searches.splitOther == (otherFirst && course == 45));
      CHECK(searches.otherBudget == (otherFirst && course == 55 ? 1'000'000u : 0u));
      CHECK(searches.otherFirst == otherFirst);
    }
}
