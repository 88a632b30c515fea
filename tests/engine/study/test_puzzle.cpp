// Puzzles (engine/study/puzzle): the shipped set is true, generation is deterministic, answers
// are judged right, and the file format reads back what it writes.
#include <catch2/catch.hpp>

#include <fstream>
#include <sstream>

#include "brute_force.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/proof.hpp"
#include "engine/study/puzzle.hpp"
#include "engine/threats/threats.hpp"

using namespace qubic;
using qubic::testing::winsWithin;

namespace {

std::vector<Puzzle> shippedPuzzles() {
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/data/qubic.puzzles");
  REQUIRE(in);
  std::stringstream text;
  text << in.rdbuf();
  const Parsed<std::vector<Puzzle>> puzzles = parsePuzzles(text.str());
  INFO(puzzles.error());
  REQUIRE(puzzles);
  return puzzles.value();
}

SolverOptions smallSolver() {
  SolverOptions options;
  options.tableMb = 32;
  return options;
}

}  // namespace

TEST_CASE("puzzle: every shipped puzzle's fastest move wins, checked by the rules") {
  const std::vector<Puzzle> puzzles = shippedPuzzles();
  REQUIRE(puzzles.size() >= 100);
  Solver solver(smallSolver());
  int bruteForced = 0;
  for (const Puzzle& p : puzzles) {
    INFO(puzzleLine(p));
    const Side us = p.position.sideToMove();
    CHECK_FALSE(threatCells(p.position, us));
    CHECK_FALSE(threatCells(p.position, opponent(us)));
    // A win found again from scratch, its proof accepted by the rules-only checker.
    const AnswerCheck best = checkAnswer(solver, p, p.bestMove, 2'000'000);
    CHECK((best.verdict == AnswerVerdict::Fastest || best.verdict == AnswerVerdict::Wins));
    if (p.plies <= 7) {
      // Full width from the rules: the side to move wins within the plies claimed.
      Position pos = p.position;
      CHECK(winsWithin(pos, p.plies));
      ++bruteForced;
    }
  }
  CHECK(bruteForced >= 10);
}

TEST_CASE("puzzle: the count of winning first moves is found again from scratch") {
  const std::vector<Puzzle> puzzles = shippedPuzzles();
  for (std::size_t i = 0; i < puzzles.size(); i += 15) {
    const Puzzle& p = puzzles[i];
    INFO(puzzleLine(p));
    Solver solver(smallSolver());
    const std::optional<Puzzle> again = settlePuzzle(solver, p.position, 1'000'000);
    REQUIRE(again);
    CHECK(again->winningMoves == p.winningMoves);
    // Every move but the winning ones is shown not to win.
    int wrong = 0;
    for (Bitboard m = p.position.emptyCells(); m;) {
      const AnswerCheck c = checkAnswer(solver, p, popLowest(m), 1'000'000);
      CHECK(c.verdict != AnswerVerdict::NotProven);
      wrong += c.verdict == AnswerVerdict::DoesNotWin;
    }
    CHECK(wrong == popcount(p.position.emptyCells()) - p.winningMoves);
  }
}

TEST_CASE("puzzle: the same seed makes the same puzzles") {
  PuzzleOptions options;
  options.count = 2;
  options.seed = 99;
  options.positionsPerSolve = 20000;
  Solver a(smallSolver()), b(smallSolver());
  const std::vector<Puzzle> first = generatePuzzles(a, options);
  const std::vector<Puzzle> second = generatePuzzles(b, options);
  REQUIRE(first.size() == 2);
  CHECK(first == second);
  for (const Puzzle& p : first) {
    CHECK(p.plies >= options.minPlies);
    CHECK(p.plies <= options.maxPlies);
    CHECK(p.winningMoves <= options.maxWinningMoves);
  }
}

TEST_CASE("puzzle: cut from a proof's forcing wins, each one settled and winning") {
  // A proof of X's win after 1a1 2b2 1d1 3c3, written by the solver.
  const Position root = playMoves(Position{}, "1a1,2b2,1d1,3c3").value();
  Solver solver(smallSolver());
  REQUIRE(solver.prove(root, Side::X, SolveLimits{}).answer == Answer::Proven);
  std::stringstream proof;
  REQUIRE(
      writeProof(proof, root, Side::X, solver.search(), solver.threats(), SearchLimits{}).complete);
  PuzzleOptions options;
  options.count = 1;
  std::istringstream in(proof.str());
  const std::vector<Puzzle> puzzles = puzzlesFromProof(solver, in, options);
  REQUIRE_FALSE(puzzles.empty());
  for (const Puzzle& p : puzzles) {
    INFO(puzzleLine(p));
    // A position of the proof: X to move, the root's stones all there.
    CHECK(p.position.sideToMove() == Side::X);
    CHECK((p.position.stones(Side::X) & root.stones(Side::X)) == root.stones(Side::X));
    Solver fresh(smallSolver());
    const AnswerVerdict v = checkAnswer(fresh, p, p.bestMove, 1'000'000).verdict;
    CHECK((v == AnswerVerdict::Fastest || v == AnswerVerdict::Wins));
  }
  // A proof that does not verify gives none.
  std::string broken = proof.str();
  broken.replace(broken.find(" W "), 3, " W 4d4 ");
  std::istringstream bad(broken);
  CHECK(puzzlesFromProof(solver, bad, options).empty());
}

TEST_CASE("puzzle: lines read back as written, and bad lines are named") {
  const std::vector<Puzzle> puzzles = shippedPuzzles();
  for (std::size_t i = 0; i < 5; ++i) {
    const Parsed<Puzzle> back = parsePuzzle(puzzleLine(puzzles[i]));
    REQUIRE(back);
    CHECK(back.value() == puzzles[i]);
  }
  const std::string good = puzzleLine(puzzles[0]);
  const std::string position = good.substr(0, good.find(' ', good.find(' ') + 1));
  for (const std::string& bad :
       {std::string("nonsense"), position + " 0 1 1a1 1", position + " 5 1 1a1 9",
        position + " 5 1 zz 1", position + " 5 1", good + " extra"}) {
    INFO(bad);
    CHECK_FALSE(parsePuzzle(bad));
  }
  const Parsed<std::vector<Puzzle>> file = parsePuzzles("# comment\n\n" + good + "\nbad line\n");
  REQUIRE_FALSE(file);
  CHECK(file.error().rfind("line 4: ", 0) == 0);
}
