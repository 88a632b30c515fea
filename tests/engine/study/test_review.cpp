// Proven game review (engine/study/review): every value it states holds by the rules, and the
// verdicts follow from the values.
#include <catch2/catch.hpp>

#include <random>

#include "brute_force.hpp"
#include "engine/core/notation.hpp"
#include "engine/study/review.hpp"
#include "played_moves.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::completions;
using qubic::testing::fromMoves;
using qubic::testing::winsWithin;

namespace {

SolverOptions smallSolver() {
  SolverOptions options;
  options.tableMb = 16;
  options.threatEntries = std::size_t{1} << 16;
  return options;
}

// A budget in positions, so a loaded machine proves exactly as much as an idle one.
ReviewOptions positionBudget(std::uint64_t positions) {
  ReviewOptions o;
  o.perPosition.maxPositions = positions;
  o.perAlternative.maxPositions = positions / 10;
  return o;
}

}  // namespace

TEST_CASE("review: each short win or loss it states holds against every defence") {
  Solver solver(smallSolver());
  std::mt19937_64 rng(20261123);
  int wins = 0, losses = 0;
  for (int trial = 0; trial < 400 && wins + losses < 60; ++trial) {
    Position p = qubic::testing::randomPosition(rng, 14 + static_cast<int>(trial % 16));
    if (p.isGameOver()) continue;
    solver.clear();
    const ProvenValue v = provenValue(solver, p, positionBudget(20'000).perPosition);
    INFO(positionString(p) << " plies " << v.plies);
    if (v.kind == ValueKind::Win && v.plies <= 7) {
      CHECK(winsWithin(p, v.plies));
      CHECK(p.isLegal(v.bestMove));
      ++wins;
    } else if (v.kind == ValueKind::Loss && v.plies <= 6) {
      // Every move of the side to move leaves the opponent a win within the rest.
      for (Bitboard m = p.emptyCells(); m;) {
        const int move = popLowest(m);
        p.play(move);
        CHECK((!p.isGameOver() && winsWithin(p, v.plies - 1)));
        p.undo(move);
      }
      ++losses;
    }
  }
  CHECK(wins >= 20);
  CHECK(losses >= 5);
}

TEST_CASE("review: a missed win by a three is named, and the winning move is judged a win") {
  // X has 1a1 1b1 1c1 (1d1 wins), O has 2a1 2b1 2c1 (2d1 wins); X to move.
  const Position start = fromMoves("1a1 2a1 1b1 2b1 1c1 2c1");
  Solver solver(smallSolver());
  const std::vector<int> missed = {parseMove("3d4").value(), parseMove("2d1").value()};
  const std::vector<ReviewedMove> r = reviewGame(solver, start, missed, positionBudget(10'000));
  REQUIRE(r.size() == 2);
  CHECK(r[0].mover == Side::X);
  CHECK(r[0].before.kind == ValueKind::Win);
  CHECK(r[0].before.plies == 1);
  CHECK(r[0].after.kind == ValueKind::Loss);
  CHECK(r[0].after.plies == 1);
  CHECK(r[0].verdict == MoveVerdict::MissedForcedWin);
  CHECK(r[0].better == parseMove("1d1").value());
  CHECK(r[1].verdict == MoveVerdict::Won);
  CHECK(r[1].after.kind == ValueKind::Win);

  const std::vector<int> won = {parseMove("1d1").value()};
  const std::vector<ReviewedMove> w = reviewGame(solver, start, won, positionBudget(10'000));
  REQUIRE(w.size() == 1);
  CHECK(w[0].verdict == MoveVerdict::Won);
}

TEST_CASE("review: the only block that keeps the win is called the only move") {
  // O threatens 2d1 (2a1 2b1 2c1); X has no three. Every X move but 2d1 loses at once, so
  // if X wins at all, 2d1 is the only winning move.
  const Position start = fromMoves("1a1 2a1 1b1 2b1 4d4 2c1");
  Solver solver(smallSolver());
  const std::vector<int> moves = {parseMove("2d1").value()};
  const std::vector<ReviewedMove> r = reviewGame(solver, start, moves, positionBudget(200'000));
  REQUIRE(r.size() == 1);
  CHECK(r[0].mover == Side::X);
  INFO(verdictName(r[0].verdict));
  if (r[0].verdict == MoveVerdict::KeptWin) CHECK(r[0].onlyMove);
  // The other moves lose: the review says so when asked about one.
  const std::vector<int> other = {parseMove("3c3").value(), parseMove("2d1").value()};
  const std::vector<ReviewedMove> bad = reviewGame(solver, start, other, positionBudget(200'000));
  CHECK(bad[0].after.kind == ValueKind::Loss);
  CHECK(bad[0].after.plies == 1);
  CHECK(bad[1].verdict == MoveVerdict::Won);
}

TEST_CASE("review: a shorter defence names a move that the review shows lasts longer") {
  // A game in which O is lost early and defends at random but blocks every three; X plays
  // the proofs' moves.
  std::mt19937_64 rng(7);
  Solver solver(smallSolver());
  Position p = fromMoves("1a1 2b2 1d1 3c3");  // X wins (31 plies in the proof found)
  std::vector<int> moves;
  const Position start = p;
  while (!p.isGameOver() && moves.size() < 14) {
    int move = -1;
    if (p.sideToMove() == Side::X) {
      move = provenValue(solver, p, positionBudget(1'000'000).perPosition).bestMove;
    } else if (completions(p, Side::X)) {
      move = lowestCell(completions(p, Side::X));  // the block (else the game ends at once)
    } else {
      Bitboard empty = p.emptyCells();
      for (int skip = static_cast<int>(rng() % popcount(empty)); skip > 0; --skip) popLowest(empty);
      move = lowestCell(empty);
    }
    REQUIRE(p.isLegal(move));
    p.play(move);
    moves.push_back(move);
  }
  solver.clear();
  const std::vector<ReviewedMove> r = reviewGame(solver, start, moves, positionBudget(1'000'000));
  int defences = 0, best = 0, shorter = 0;
  Position at = start;
  for (const ReviewedMove& m : r) {
    INFO("ply " << m.ply << " " << moveToken(m.move) << " " << verdictName(m.verdict));
    // The verdict agrees with the values on either side of the move.
    if (m.verdict == MoveVerdict::KeptWin)
      CHECK((m.before.kind == ValueKind::Win && m.after.kind == ValueKind::Win));
    if (m.verdict == MoveVerdict::BestDefence || m.verdict == MoveVerdict::ShorterDefence ||
        m.verdict == MoveVerdict::LostEitherWay) {
      CHECK(m.before.kind == ValueKind::Loss);
      CHECK(m.after.kind == ValueKind::Loss);
      ++defences;
    }
    if (m.verdict == MoveVerdict::BestDefence && m.after.plies <= 7) {
      // Every other move loses no later: within the played move's bound, full width.
      for (Bitboard others = at.emptyCells() & ~bit(m.move); others;) {
        Position other = at;
        other.play(popLowest(others));
        CHECK((!other.isGameOver() && winsWithin(other, m.after.plies)));
      }
      ++best;
    }
    if (m.verdict == MoveVerdict::ShorterDefence) {
      ++shorter;
      Position longer = at;
      longer.play(m.better);
      const ProvenValue v = provenValue(solver, longer, positionBudget(300'000).perPosition);
      CHECK(v.kind == ValueKind::Win);  // for the opponent, now to move
      CHECK(v.plies + 1 >= m.betterPlies);
      CHECK(m.betterPlies > m.after.plies);
    }
    at.play(m.move);
  }
  CHECK(defences >= 3);
  CHECK(best >= 2);
  CHECK(shorter >= 1);
}

TEST_CASE(
    "review outcome: the loser's position proven lost from a move on, checked by brute force") {
  // Issue 41 (2.4): the game said "The review proves no mistake" where it had proven
  // nothing of the kind. The outcome says only what the proofs show: from which move the
  // loser was lost, each of those positions checked here by a full-width search.
  const std::vector<int> moves = {0, 16, 8, 17, 34, 18, 59, 19};  // O completes 2a1-2d1
  Position end;
  for (const int m : moves) end.play(m);
  REQUIRE(end.status() == Status::OWins);
  Solver solver(smallSolver());
  const std::vector<ReviewedMove> review =
      reviewGame(solver, Position{}, moves, positionBudget(20'000));
  const ReviewOutcome outcome = reviewOutcome(review, end);
  CHECK(outcome.loser == Side::X);
  REQUIRE(outcome.lostAfter);
  CHECK(review[*outcome.lostAfter].mover == Side::X);
  Position p;
  for (std::size_t i = 0; i < moves.size(); ++i) {
    p.play(moves[i]);
    if (i < *outcome.lostAfter || p.isGameOver()) continue;
    INFO("after move " << i + 1);
    // O to move wins within the plies left, or X to move is lost: every X move loses.
    if (p.sideToMove() == Side::O) {
      CHECK(winsWithin(p, 7));
    } else {
      for (Bitboard m = p.emptyCells(); m;) {
        const int move = popLowest(m);
        p.play(move);
        CHECK((!p.isGameOver() && winsWithin(p, 5)));
        p.undo(move);
      }
    }
  }
  // "No mistake" is said only when every verdict is settled.
  CHECK(outcome.allSettled == (outcome.unsettled == 0));
  for (const std::size_t i : outcome.mistakes) CHECK(isMistake(review[i].verdict));
}

TEST_CASE("review: a comparison of losses says only what proof lengths bound") {
  // Issue 57 (4): "a longer defence existed: M lasts K plies" and "best defence" compared
  // proof lengths, which only bound how long a loss lasts; "only move" rests on the
  // solver's disproofs, which the rules-only checker does not see.
  ReviewedMove r;
  r.verdict = MoveVerdict::ShorterDefence;
  r.better = parseMove("2b2").value();
  r.betterPlies = 12;
  r.after.plies = 7;
  CHECK(describeVerdict(r) ==
        "perhaps a longer defence: 2b2's loss is proven within 12 plies, this move's within 8 "
        "plies");
  r = ReviewedMove{};
  r.verdict = MoveVerdict::BestDefence;
  CHECK(describeVerdict(r) == "every move loses, none proven to last longer");
  r = ReviewedMove{};
  r.verdict = MoveVerdict::KeptWin;
  r.onlyMove = true;
  CHECK(describeVerdict(r) == "kept the win (only move, by the solver)");
  for (const char* overstated : {"lasts", "existed", "best defence"})
    for (MoveVerdict v : {MoveVerdict::BestDefence, MoveVerdict::ShorterDefence})
      CHECK(std::string(verdictName(v)).find(overstated) == std::string::npos);
}
