// The shrink makes X's strategy smaller, and what it returns still wins: walked again
// from the start by engine/book/book_walk (every O reply class, forcing wins checked by the
// rules) and played out against every reply with a line at once, the book or checked threes.
#include <catch2/catch.hpp>

#include <algorithm>
#include <sstream>

#include "engine/book/book.hpp"
#include "engine/book/book_shrink.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/tt.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "proved_strategy.hpp"

using namespace qubic;

namespace {

// Distances as the player plays the strategy: at least two plies more than after any reply.
void checkDistancesFall(const Book& book) {
  book.forEachEntry([&](const Position& pos, int move, int plies) {
    Position next = pos;
    next.play(move);
    for (Bitboard m = next.isGameOver() ? 0 : next.emptyCells(); m;) {
      const int reply = popLowest(m);
      next.play(reply);
      if (!threatCells(next, Side::X))
        if (const auto later = book.find(next)) CHECK(plies >= later->pliesToWin + 2);
      next.undo(reply);
    }
  });
}

}  // namespace

TEST_CASE(
    "a shrunk strategy is smaller, still wins against every defence, and is the same every run") {
  // X to move, and O to move after X's book move: both kinds of start.
  const char* line = GENERATE("1a1 4d4 1d1 4a4", "1a1 4d4 1d1 1b2");
  Position start = playMoves(Position{}, line).value();
  const Book book = bookOfProof(start);
  const bool afterX = GENERATE(false, true);
  if (afterX) start.play(book.find(start)->move);
  INFO(line << (afterX ? " and X's proven move" : ""));

  const ShrunkBook shrunk = shrinkBook(book, start);
  REQUIRE(shrunk.fault.empty());
  const BookWalk given = walkBook(book, start);
  CHECK(shrunk.before == given.reached.size());
  CHECK(shrunk.book.size() < shrunk.before);  // both starts leave room to save
  REQUIRE_FALSE(shrunk.passes.empty());
  CHECK(shrunk.passes.back().positions == shrunk.book.size());
  for (std::size_t i = 1; i < shrunk.passes.size(); ++i)
    CHECK(shrunk.passes[i].positions < shrunk.passes[i - 1].positions);

  // The judge: the walk, independent of the shrink's own bookkeeping, uses every entry.
  const BookWalk again = walkBook(shrunk.book, start, true);
  INFO(again.fault);
  REQUIRE(again.fault.empty());
  CHECK(again.reached.size() == shrunk.book.size());
  CHECK(again.reached.serialize() == shrunk.book.serialize());
  checkDistancesFall(shrunk.book);

  CHECK(shrinkBook(book, start).book.serialize() == shrunk.book.serialize());
}

TEST_CASE("a strategy that does not hold is not shrunk: the shrink says where it fails") {
  const Position start = playMoves(Position{}, "1a1 4d4 1d1 4a4").value();
  const Book book = bookOfProof(start);
  const Book broken = withoutEntry(book, start);
  const ShrunkBook shrunk = shrinkBook(broken, start);
  CHECK(shrunk.fault.find("neither in the book nor a checked forcing win") != std::string::npos);
  CHECK(shrunk.book.empty());
  CHECK(shrunk.passes.empty());
}

TEST_CASE("re-proving other moves finds a smaller strategy than re-choosing alone") {
  const Position start = playMoves(Position{}, "1a1 1d1 2b2 1c2").value();
  const Book book = bookOfProof(start);
  const ShrunkBook local = shrinkBook(book, start);
  ShrinkOptions options;
  options.reproveFrom = 20;
  options.reproveMoves = 4;
  options.reprovePositions = 100'000;
  const ShrunkBook reproved = shrinkBook(book, start, options);
  REQUIRE(local.fault.empty());
  REQUIRE(reproved.fault.empty());
  CHECK(reproved.book.size() < local.book.size());
  CHECK(std::any_of(reproved.passes.begin(), reproved.passes.end(), [](const ShrinkPass& p) {
    return p.step == ShrinkStep::Reprove && p.replaced > 0;
  }));

  const BookWalk walk = walkBook(reproved.book, start, true);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  CHECK(walk.reached.serialize() == reproved.book.serialize());
  checkDistancesFall(reproved.book);
  // The moves proved afresh shared out over two threads: the same choices.
  options.threads = 2;
  CHECK(shrinkBook(book, start, options).book.serialize() == reproved.book.serialize());
}

TEST_CASE(
    "the parts shrunk alone and joined: a smaller whole that still wins, every part reported") {
  // After 1a1 1b1 the parts below O's replies to X's next move, shrunk alone, join into
  // fewer positions than the re-choice of the whole reaches.
  const Position start = playMoves(Position{}, "1a1 1b1").value();
  const Book book = bookOfProof(start);
  ShrinkOptions options;
  options.partsDepth = 1;
  std::vector<std::pair<std::size_t, std::size_t>> reported;  // part done, parts of the round
  options.onPart = [&](std::size_t done, std::size_t parts, std::size_t before, std::size_t after) {
    reported.push_back({done, parts});
    CHECK(after <= before);  // a part alone never grows
    CHECK(after > 0);
  };
  const ShrunkBook shrunk = shrinkBook(book, start, options);
  REQUIRE(shrunk.fault.empty());
  const auto parts = std::find_if(shrunk.passes.begin(), shrunk.passes.end(),
                                  [](const ShrinkPass& p) { return p.step == ShrinkStep::Parts; });
  // Kept after the re-choice of the whole, which it beat.
  REQUIRE(parts != shrunk.passes.end());
  REQUIRE(parts != shrunk.passes.begin());
  CHECK(parts->positions < (parts - 1)->positions);
  CHECK(parts->replaced > 1);
  // Each round reports each of its parts once, in order of completion.
  REQUIRE_FALSE(reported.empty());
  for (std::size_t i = 0; i < reported.size(); ++i) {
    const bool roundBegins = i == 0 || reported[i - 1].first == reported[i - 1].second;
    CHECK(reported[i].first == (roundBegins ? 1 : reported[i - 1].first + 1));
  }
  CHECK(reported.back().first == reported.back().second);

  const BookWalk walk = walkBook(shrunk.book, start, true);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  CHECK(walk.reached.serialize() == shrunk.book.serialize());
  checkDistancesFall(shrunk.book);
  // The parts shared out over two threads: the same book.
  options.threads = 2;
  options.onPart = nullptr;
  CHECK(shrinkBook(book, start, options).book.serialize() == shrunk.book.serialize());
}

TEST_CASE("a strategy shrunk before goes on shrinking in its parts alone, the whole left as is") {
  const Position start = playMoves(Position{}, "1a1 1b1").value();
  const ShrunkBook rechosen = shrinkBook(bookOfProof(start), start);
  REQUIRE(rechosen.fault.empty());
  ShrinkOptions options;
  options.partsDepth = 1;
  options.shrinkWhole = false;
  const ShrunkBook parts = shrinkBook(rechosen.book, start, options);
  REQUIRE(parts.fault.empty());
  CHECK(parts.before == rechosen.book.size());
  CHECK(parts.book.size() < rechosen.book.size());
  REQUIRE_FALSE(parts.passes.empty());
  for (const ShrinkPass& p : parts.passes) CHECK(p.step == ShrinkStep::Parts);
  const BookWalk walk = walkBook(parts.book, start, true);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  checkDistancesFall(parts.book);
}
