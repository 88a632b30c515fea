#include "book_walk.hpp"

#include <set>
#include <span>
#include <utility>
#include <vector>

#include "notation.hpp"
#include "symmetry.hpp"
#include "threat_search.hpp"
#include "verify.hpp"

namespace qubic {

namespace {

class Walker {
 public:
  explicit Walker(const Book& book) : book_(book), threats_(std::size_t{1} << 20) {}

  BookWalk run(const Position& start) {
    if (start.sideToMove() == Side::X)
      xToMove(start);
    else
      oToMove(start);
    while (!pending_.empty() && walk_.fault.empty()) {
      const Position pos = pending_.back();
      pending_.pop_back();
      xToMove(pos);
    }
    walk_.reached.finish();
    return std::move(walk_);
  }

 private:
  void faultAt(const Position& pos, const std::string& why) {
    if (walk_.fault.empty()) walk_.fault = positionString(pos) + ": " + why;
  }

  // X to move: the book's move (each class once), or else a checked forcing win.
  void xToMove(const Position& pos) {
    const auto entry = book_.find(pos);
    if (!entry) {
      if (!forcingWin(pos)) faultAt(pos, "neither in the book nor a checked forcing win");
      return;
    }
    const CanonicalForm c = canonical(pos);
    if (!seen_.insert({c.x, c.o}).second) return;
    walk_.reached.add(pos, entry->move, entry->pliesToWin);
    Position after = pos;
    after.play(entry->move);
    if (after.isGameOver()) {
      if (after.status() != Status::XWins) faultAt(pos, "the book's move does not win");
      return;
    }
    oToMove(after);
  }

  // O to move: every class of replies leads into the book or loses to checked threes.
  void oToMove(const Position& pos) {
    for (Bitboard m = nonEquivalentMoves(pos); m;) {
      const int reply = popLowest(m);
      Position next = pos;
      next.play(reply);
      ++walk_.replies;
      if (next.isGameOver()) {
        faultAt(pos, "O's reply " + moveToken(reply) + " ends the game");
      } else if (book_.find(next)) {
        ++walk_.intoBook;
        pending_.push_back(next);
      } else if (forcingWin(next)) {
        ++walk_.byThrees;
      } else {
        faultAt(next, "neither in the book nor a checked forcing win");
      }
    }
  }

  bool forcingWin(const Position& pos) {
    const ThreatResult forced = threats_.forcedWin(pos, Side::X, {});
    const std::span<const std::uint8_t> line(forced.sequence.data(),
                                             static_cast<std::size_t>(forced.length));
    return forced.win && checkForcingWin(pos, Side::X, line).empty();
  }

  const Book& book_;
  ThreatSearch threats_;
  BookWalk walk_;
  std::vector<Position> pending_;                 // X to move, reached through the book
  std::set<std::pair<Bitboard, Bitboard>> seen_;  // canonical forms already walked
};

}  // namespace

BookWalk walkBook(const Book& book, const Position& start) { return Walker(book).run(start); }

}  // namespace qubic
