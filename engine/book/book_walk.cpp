#include "book_walk.hpp"

#include <algorithm>
#include <map>
#include <utility>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"

namespace qubic {

namespace {

constexpr int kFails = -1;

class Walker {
 public:
  Walker(const Book& book, bool shortest, BlockRule rule)
      : book_(book), shortest_(shortest), rule_(rule), threats_(std::size_t{1} << 20) {}

  BookWalk run(std::span<const Position> starts) {
    for (const Position& start : starts)
      if (start.sideToMove() == Side::X)
        xToMove(start);
      else
        oToMove(start);
    walk_.reached.finish();
    return std::move(walk_);
  }

 private:
  int faultAt(const Position& pos, const std::string& why) {
    if (walk_.fault.empty()) walk_.fault = positionString(pos) + ": " + why;
    return kFails;
  }

  // X to move: plies to the end as the player plays it (engine/play/player: a line at once, the
  // book, a forcing win by threes), or kFails. By the block rule, O's three is blocked
  // without asking the book (unless the block starts a forcing win).
  int xToMove(const Position& pos) {
    if (threatCells(pos, Side::X)) return 1;
    const Bitboard oGains = threatCells(pos, Side::O);
    if (oGains && rule_ == BlockRule::byRule) {
      // A block that starts a forcing win is part of it, as when the book is asked.
      if (const int plies = forcingWin(pos); plies != kFails) return plies;
      if (popcount(oGains) > 1) return faultAt(pos, "O has two threes");
      return strategyMove(pos, lowestCell(oGains), false, true);
    }
    const auto entry = book_.find(pos);
    if (!entry) {
      if (const int plies = forcingWin(pos); plies != kFails) return plies;
      return faultAt(pos, "neither in the book nor a checked forcing win");
    }
    return strategyMove(pos, entry->move, true, oGains != 0);
  }

  // X plays `move` (the book's entry, or the block by rule): plies to the end, or kFails.
  int strategyMove(const Position& pos, int move, bool entry, bool forcedBlock) {
    const CanonicalForm c = canonical(pos);
    if (const auto known = distance_.find({c.x, c.o}); known != distance_.end())
      return known->second;
    distance_[{c.x, c.o}] = kFails;  // a game only fills the board: no position recurs below
    Position after = pos;
    after.play(move);
    int plies = 1;
    if (!after.isGameOver()) {
      const int longest = oToMove(after);
      plies = longest == kFails ? kFails : 1 + longest;
    } else if (after.status() != Status::XWins) {
      plies = faultAt(pos, entry ? "the book's move does not win" : "the block ends the game");
    }
    distance_[{c.x, c.o}] = plies;
    if (plies != kFails) {
      if (entry) walk_.reached.add(pos, move, plies);
      if (forcedBlock) ++walk_.forcedBlocks;
    }
    return plies;
  }

  // O to move: the longest of its replies (one per class), or kFails if one escapes.
  int oToMove(const Position& pos) {
    int longest = 0;
    for (Bitboard m = nonEquivalentMoves(pos); m && walk_.fault.empty();) {
      const int reply = popLowest(m);
      Position next = pos;
      next.play(reply);
      ++walk_.replies;
      if (next.isGameOver())
        return faultAt(pos, "O's reply " + moveToken(reply) + " ends the game");
      const bool inBook =
          !threatCells(next, Side::X) &&
          ((rule_ == BlockRule::byRule && threatCells(next, Side::O)) || book_.find(next));
      const int plies = xToMove(next);
      if (plies == kFails) return kFails;
      ++(inBook ? walk_.intoBook : walk_.byThrees);
      longest = std::max(longest, 1 + plies);
    }
    return walk_.fault.empty() ? longest : kFails;
  }

  // The plies of a forcing win (the shortest, as the proof writer and the player look for
  // it, when asked), once the rules-only checker has accepted it; kFails when there is none.
  int forcingWin(const Position& pos) {
    ThreatLimits limits;
    limits.shortest = shortest_;
    const ThreatResult forced = threats_.forcedWin(pos, Side::X, limits);
    const std::span<const std::uint8_t> line(forced.sequence.data(),
                                             static_cast<std::size_t>(forced.length));
    if (!forced.win || !checkForcingWin(pos, Side::X, line).empty()) return kFails;
    return forced.plies();
  }

  const Book& book_;
  const bool shortest_;
  const BlockRule rule_;
  ThreatSearch threats_;
  BookWalk walk_;
  std::map<std::pair<Bitboard, Bitboard>, int> distance_;  // canonical form -> plies
};

}  // namespace

BookWalk walkBook(const Book& book, std::span<const Position> starts, bool exactDistances,
                  BlockRule blocks) {
  return Walker(book, exactDistances, blocks).run(starts);
}

}  // namespace qubic
