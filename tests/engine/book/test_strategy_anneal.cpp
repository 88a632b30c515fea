// Annealing X's strategy as a whole makes it smaller than one re-choice at a time can, and
// what it returns still wins: walked again from the start by engine/book/book_walk (every O reply
// class, forcing wins checked by the rules), with distances that fall move by move.
#include <catch2/catch.hpp>

#include <algorithm>
#include <atomic>
#include <functional>
#include <set>
#include <span>
#include <sstream>
#include <unordered_map>

#include "config/book_file.hpp"
#include "engine/book/book.hpp"
#include "engine/book/book_shrink.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/book/known_ways.hpp"
#include "engine/book/strategy_anneal.hpp"
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

AnnealOptions quick() {
  AnnealOptions options;
  options.iterations = 200'000;
  return options;
}

// Every O reply (all of them, not one per class) after each entry's move meets a line at
// once, the strategy again, or a forcing win the rules-only checker accepts.
void checkEveryReply(const Book& book) {
  ThreatSearch threats(1 << 16);
  book.forEachEntry([&](const Position& pos, int move, int) {
    Position after = pos;
    after.play(move);
    for (Bitboard replies = after.isGameOver() ? 0 : after.emptyCells(); replies;) {
      Position next = after;
      next.play(popLowest(replies));
      REQUIRE_FALSE(next.isGameOver());
      if (threatCells(next, Side::X) || book.find(next)) continue;
      const ThreatResult forced = threats.forcedWin(next, Side::X);
      REQUIRE(forced.win);
      CHECK(checkForcingWin(next, Side::X,
                            std::span<const std::uint8_t>(forced.sequence.data(),
                                                          static_cast<std::size_t>(forced.length)))
                .empty());
    }
  });
}

}  // namespace

TEST_CASE("annealing finds a smaller strategy than re-choosing one move at a time") {
  const Position start = playMoves(Position{}, "1a1 1d1 2b2 1c2").value();
  const Book book = bookOfProof(start);
  const ShrunkBook local = shrinkBook(book, start);
  ShrinkOptions options;
  options.anneal = quick();
  const ShrunkBook annealed = shrinkBook(book, start, options);
  REQUIRE(local.fault.empty());
  REQUIRE(annealed.fault.empty());
  CHECK(annealed.book.size() < local.book.size());
  CHECK(std::any_of(annealed.passes.begin(), annealed.passes.end(), [](const ShrinkPass& p) {
    return p.step == ShrinkStep::Anneal && p.replaced > 0;
  }));

  const BookWalk walk = walkBook(annealed.book, start, true);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  CHECK(walk.reached.serialize() == annealed.book.serialize());
  checkEveryReply(annealed.book);
  CHECK(shrinkBook(book, start, options).book.serialize() == annealed.book.serialize());
}

TEST_CASE(
    "an annealed strategy wins from either kind of start, never grows, whatever the threads") {
  // X to move, and O to move after X's book move.
  Position start = playMoves(Position{}, "1a1 4d4 1d1 4a4").value();
  const Book book = bookOfProof(start);
  const bool afterX = GENERATE(false, true);
  if (afterX) start.play(book.find(start)->move);
  INFO(afterX);

  const AnnealedStrategy a = annealStrategy(book, start, quick());
  REQUIRE(a.fault.empty());
  CHECK(a.before == walkBook(book, start).reached.size());
  CHECK(a.after == a.book.size());
  CHECK(a.after < a.before);  // the proof's strategy leaves room here
  CHECK(a.known >= a.before);
  const BookWalk walk = walkBook(a.book, start);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  CHECK(walk.reached.size() <= a.after);  // entries won by threes anyway drop out
  checkEveryReply(walk.reached);
  CHECK(annealStrategy(book, start, quick()).book.serialize() == a.book.serialize());
  AnnealOptions twoThreads = quick();  // gathering on two threads changes nothing
  twoThreads.threads = 2;
  const AnnealedStrategy b = annealStrategy(book, start, twoThreads);
  CHECK(b.known == a.known);
  CHECK(b.book.serialize() == a.book.serialize());
  AnnealOptions forgetful = twoThreads;  // answers forgotten and asked again: the same
  forgetful.answersKept = 64;
  const AnnealedStrategy c = annealStrategy(book, start, forgetful);
  CHECK(c.known == a.known);
  CHECK(c.book.serialize() == a.book.serialize());
}

TEST_CASE("every move of a fresh position is played on that position, whoever asked first") {
  // A fresh position met again in another orientation (at another depth) once took the
  // finishing move found for the first one: a cell of the wrong orientation, which here
  // let O complete a line on 8 of the moves gathered. Each fresh position is now its
  // class's canonical form and every move is found there.
  const Parsed<std::shared_ptr<const Book>> shipped = loadBookFile(shippedBookPath());
  REQUIRE(shipped.ok());
  const Position start = playMoves(Position{}, "1a1 1d4 4a1 2d4").value();
  const BookWalk walk = walkBook(*shipped.value(), start);
  REQUIRE(walk.fault.empty());
  std::unordered_map<ClassKey, int, ClassKeyHash> known;
  std::vector<std::pair<Position, int>> entries;
  walk.reached.forEachEntry([&](const Position& pos, int move, int) {
    known.emplace(classKeyOf(pos), static_cast<int>(entries.size()));
    entries.push_back({pos, move});
  });
  const AnnealOptions options = quick();
  KnownWays ways(known, options);
  KnownWays::Asker asker(ways);
  std::set<const KnownWays::Fresh*> seen;
  std::size_t moves = 0;
  std::function<void(const Position&, const std::vector<KnownWays::Way>&)> check =
      [&](const Position& pos, const std::vector<KnownWays::Way>& list) {
        for (const KnownWays::Way& w : list) {
          REQUIRE(pos.isEmpty(w.move));
          Position after = pos;
          after.play(w.move);
          ++moves;
          for (Bitboard replies = after.isGameOver() ? 0 : after.emptyCells(); replies;)
            CHECK_FALSE(after.completesLine(popLowest(replies), Side::O));
          for (const KnownWays::Ref& r : w.next)
            if (r.fresh && seen.insert(r.fresh).second) {
              CHECK(classKeyOf(r.fresh->pos) == r.fresh->key);
              check(r.fresh->pos, r.fresh->ways);
            }
        }
      };
  std::vector<KnownWays::Way> found;
  for (const auto& [pos, move] : entries) {
    REQUIRE(asker.ways(pos, move, found));
    check(pos, found);
  }
  CHECK(seen.size() > 100);  // fresh positions were met
  CHECK(moves > 300);
}

TEST_CASE(
    "annealing a strategy that does not hold says where it fails, and a stop keeps it whole") {
  const Position start = playMoves(Position{}, "1a1 4d4 1d1 4a4").value();
  const Book book = bookOfProof(start);
  const Book broken = withoutEntry(book, start);
  const AnnealedStrategy failed = annealStrategy(broken, start, quick());
  CHECK(failed.fault.find("neither in the book nor a checked forcing win") != std::string::npos);
  CHECK(failed.book.empty());

  const std::atomic<bool> stop{true};
  AnnealOptions options = quick();
  options.stop = &stop;
  const AnnealedStrategy stopped = annealStrategy(book, start, options);
  CHECK(stopped.fault.empty());
  CHECK(stopped.after == stopped.before);
  CHECK(walkBook(stopped.book, start).fault.empty());
}
