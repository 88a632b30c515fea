// The opening book's making from a proof (engine/book/book_making), in-process: what
// qubic-solve --book and `make book` run, without the files.
#include <catch2/catch.hpp>

#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "engine/book/book_making.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"

using namespace qubic;

namespace {

// After 1a1 4d4 1d1 1b2 X wins (docs/proof-format.md): a proof of some 500 nodes.
struct SmallWin {
  Position root = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  Solver solver{[] {
    SolverOptions o;
    o.tableMb = 16;
    return o;
  }()};
  std::string proof(ForcingWins wins) {
    std::ostringstream out;
    REQUIRE(writeProof(out, root, Side::X, solver.search(), solver.threats(), {}, wins).complete);
    return out.str();
  }
  SmallWin() { REQUIRE(solver.prove(root, Side::X, SolveLimits{}).answer == Answer::Proven); }
};

std::vector<std::pair<std::string, int>> movesOf(const Book& book) {
  std::vector<std::pair<std::string, int>> moves;
  book.forEachEntry(
      [&](const Position& p, int move, int) { moves.emplace_back(positionString(p), move); });
  return moves;
}

MadeBook made(const std::string& proof, const BookMaking& making = {}) {
  std::istringstream in(proof);
  return makeBook(in, making);
}

}  // namespace

TEST_CASE("a book made from a proof holds X's strategy, whichever forcing wins the proof wrote") {
  SmallWin win;
  const MadeBook first = made(win.proof(ForcingWins::First));
  const MadeBook shortest = made(win.proof(ForcingWins::Shortest));
  REQUIRE(first.error.empty());
  REQUIRE(shortest.error.empty());
  CHECK(first.book.size() > 10);
  // The same strategic positions and moves: only the forcing wins' sequences differ.
  CHECK(movesOf(first.book) == movesOf(shortest.book));
  // Followed with the rules as referee, the strategy wins against every defence.
  const BookWalk walk = walkBook(first.book, win.root);
  INFO(walk.fault);
  CHECK(walk.fault.empty());
  CHECK(walk.reached.size() == first.book.size());
}

TEST_CASE("a book kept as a line is walked, reported, and made again the same from itself") {
  SmallWin win;
  const MadeBook base = made(win.proof(ForcingWins::First));
  REQUIRE(base.error.empty());
  BookMaking making;
  std::vector<std::string> said;
  making.report = [&](const std::string& line) { said.push_back(line); };
  making.lines.push_back(
      {"1a1 4d4 1d1 1b2", "the first book", win.root, std::make_shared<const Book>(base.book)});
  const MadeBook joined = made(win.proof(ForcingWins::First), making);
  REQUIRE(joined.error.empty());
  REQUIRE(said.size() == 2);
  CHECK(said[0].rfind("the line 1a1 4d4 1d1 1b2 of the first book: ", 0) == 0);
  CHECK(said[1].rfind("joined with the proof's: ", 0) == 0);
  // The joined book's distances are the player's (the walk's exact ones); made again with
  // itself as the line, the same bytes.
  making.lines.back().book = std::make_shared<const Book>(joined.book);
  const MadeBook again = made(win.proof(ForcingWins::Shortest), making);
  REQUIRE(again.error.empty());
  CHECK(again.book.serialize() == joined.book.serialize());
  CHECK(joined.book.serialize() == walkBook(base.book, win.root, true).reached.serialize());
}

TEST_CASE("no book is made from a proof that does not verify, nor from a line that fails") {
  SmallWin win;
  std::string proof = win.proof(ForcingWins::First);
  // The root's move changed to another cell: the listed replies no longer answer it.
  const std::size_t root = proof.find("\n- M ");
  REQUIRE(root != std::string::npos);
  std::string broken = proof;
  broken.replace(root + 5, 3, broken.substr(root + 5, 3) == "2a1" ? "3a1" : "2a1");
  const MadeBook bad = made(broken);
  CHECK(bad.error.rfind("the proof does not verify, no book written: ", 0) == 0);
  CHECK(bad.book.size() == 0);

  BookMaking making;
  making.lines.push_back(
      {"1a1", "an empty book", playMoves(Position{}, "1a1").value(), std::make_shared<Book>()});
  const MadeBook noLine = made(proof, making);
  CHECK(noLine.error.rfind("--add-line: the strategy of an empty book after 1a1 does not hold",
                           0) == 0);
}
