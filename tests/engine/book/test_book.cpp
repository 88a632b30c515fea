#include <catch2/catch.hpp>

#include <bit>
#include <random>
#include <sstream>
#include <vector>

#include "engine/book/book.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"

using namespace qubic;

namespace {

struct Proven {
  Position position;
  int move, plies;
};

// The book of a proof of X's win after 1a1 4d4 1d1 1b2, with the moves it was built from.
Book bookOfSmallProof(std::vector<Proven>& moves) {
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  ProofSearch search(table, threats);
  const Position start = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  REQUIRE(search.prove(start, Side::X, {}).answer == Answer::Proven);
  std::stringstream proof;
  REQUIRE(writeProof(proof, start, Side::X, search, threats, {}).complete);
  Book book;
  const VerifyResult v = verifyProof(proof, [&](const Position& pos, int move, int plies) {
    book.add(pos, move, plies);
    moves.push_back({pos, move, plies});
  });
  REQUIRE(v.verified);
  book.finish();
  return book;
}

}  // namespace

TEST_CASE("the book answers every proven position in all its equivalent forms") {
  std::vector<Proven> moves;
  const Book book = bookOfSmallProof(moves);
  REQUIRE(moves.size() > 20);
  CHECK(book.size() <= moves.size());
  std::mt19937_64 rng(3);
  for (const Proven& p : moves) {
    const int sym = std::uniform_int_distribution<int>(0, kSymmetries - 1)(rng);
    const Position image = transform(sym, p.position);
    const auto found = book.find(image);
    REQUIRE(found);
    CHECK(image.isLegal(found->move));
    CHECK(found->pliesToWin > 0);
    // Equivalent moves are equally good: the image of the stored move, up to the
    // position's own symmetries, is the book's answer.
    const Position mapped = [&] {
      Position q = image;
      q.play(found->move);
      return q;
    }();
    Position original = p.position;
    original.play(p.move);
    CHECK(canonical(mapped).x == canonical(original).x);
    CHECK(canonical(mapped).o == canonical(original).o);
  }
  CHECK_FALSE(book.find(Position{}));
}

TEST_CASE("a book survives its file image, and a damaged image is rejected with a reason") {
  std::vector<Proven> moves;
  const Book book = bookOfSmallProof(moves);
  const std::vector<std::uint8_t> bytes = book.serialize();
  const Parsed<Book> back = Book::parse(bytes);
  REQUIRE(back);
  CHECK(back.value().size() == book.size());
  for (const Proven& p : moves)
    CHECK(back.value().find(p.position)->move == book.find(p.position)->move);

  std::vector<std::uint8_t> flipped = bytes;
  flipped[bytes.size() / 2] ^= 0x10;
  const Parsed<Book> corrupt = Book::parse(flipped);
  REQUIRE_FALSE(corrupt);
  CHECK(corrupt.error().find("checksum") != std::string::npos);

  const std::vector<std::uint8_t> truncated(bytes.begin(), bytes.end() - 5);
  const Parsed<Book> shortFile = Book::parse(truncated);
  REQUIRE_FALSE(shortFile);
  CHECK(shortFile.error().find("size") != std::string::npos);

  std::vector<std::uint8_t> otherVersion = bytes;
  otherVersion[7] = '2';
  const Parsed<Book> wrongVersion = Book::parse(otherVersion);
  REQUIRE_FALSE(wrongVersion);
  CHECK(wrongVersion.error().find("version") != std::string::npos);
  CHECK_FALSE(Book::parse(std::vector<std::uint8_t>{}));
}

TEST_CASE("the hardest reply leads into the book with the longest win") {
  std::vector<Proven> moves;
  const Book book = bookOfSmallProof(moves);
  int checked = 0;
  for (const Proven& p : moves) {
    Position defender = p.position;
    defender.play(p.move);
    const auto hardest = book.hardestReply(defender);
    if (!hardest) continue;
    Position q = defender;
    q.play(hardest->move);
    REQUIRE(book.find(q));
    CHECK(book.find(q)->pliesToWin + 1 == hardest->pliesToWin);
    for (Bitboard r = defender.emptyCells(); r;) {
      const int reply = popLowest(r);
      Position other = defender;
      other.play(reply);
      if (const auto win = book.find(other)) CHECK(win->pliesToWin + 1 <= hardest->pliesToWin);
    }
    ++checked;
  }
  CHECK(checked > 5);
}

TEST_CASE("walking a book follows its strategy, and a missing or wrong move is found") {
  std::vector<Proven> moves;
  const Book book = bookOfSmallProof(moves);
  const Position start = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  const BookWalk walk = walkBook(book, start);
  INFO(walk.fault);
  REQUIRE(walk.fault.empty());
  CHECK(walk.reached.size() >= 2);
  CHECK(walk.reached.size() <= book.size());
  CHECK(walk.replies == walk.intoBook + walk.byThrees);
  walk.reached.forEachEntry([&](const Position& pos, int move, int) {
    const auto same = book.find(pos);
    REQUIRE(same);
    CHECK(same->move == move);
  });
  // From O's side of the same strategy: the position after X's move.
  Position after = start;
  after.play(book.find(start)->move);
  CHECK(walkBook(book, after).fault.empty());

  // With exact distances, each entry's distance is the proof's (one proof, whose forcing wins
  // are the shortest), and at least two more than after any of O's replies.
  const BookWalk exact = walkBook(book, start, true);
  REQUIRE(exact.fault.empty());
  CHECK(exact.reached.size() == walk.reached.size());
  exact.reached.forEachEntry([&](const Position& pos, int move, int plies) {
    CHECK(book.find(pos)->pliesToWin == plies);
    Position next = pos;
    next.play(move);
    for (Bitboard m = next.isGameOver() ? 0 : next.emptyCells(); m;) {
      const int reply = popLowest(m);
      next.play(reply);
      if (const auto later = exact.reached.find(next)) CHECK(plies >= later->pliesToWin + 2);
      next.undo(reply);
    }
  });

  // Every entry the strategy uses is needed: without it, the walk stops there.
  int faults = 0;
  walk.reached.forEachEntry([&](const Position& dropped, int, int) {
    Book fewer;
    book.forEachEntry([&](const Position& pos, int move, int plies) {
      if (pos != dropped) fewer.add(pos, move, plies);
    });
    fewer.finish();
    const BookWalk broken = walkBook(fewer, start);
    CHECK(broken.fault.find("neither in the book nor a checked forcing win") != std::string::npos);
    faults += !broken.fault.empty();
  });
  CHECK(faults == static_cast<int>(walk.reached.size()));

  // The first move replaced by another: O's replies escape the book.
  const int right = book.find(start)->move;
  const int lowest = lowestCell(start.emptyCells()),
            highest = 63 - std::countl_zero(start.emptyCells());
  Book wrong;
  wrong.add(start, right == lowest ? highest : lowest, 1);
  book.forEachEntry([&](const Position& pos, int move, int plies) { wrong.add(pos, move, plies); });
  wrong.finish();
  CHECK_FALSE(walkBook(wrong, start).fault.empty());
}
