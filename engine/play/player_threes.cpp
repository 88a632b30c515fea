#include "player_threes.hpp"

#include <array>

#include "engine/proof/node_evaluation.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

// The book's winning move; or, facing the book's winner, the proof that we are lost and
// the defence that makes the win longest. Lost means: every reply leads into the book or
// to a win by threes (the replies the book leaves out), so the claim is as sound as the
// verified proof the book was made from.
std::optional<MoveChoice> PlayerThrees::fromBook(const Position& pos, const Book& book,
                                                 const MoveLimits& limits) {
  MoveChoice choice;
  choice.fromBook = true;
  if (const std::optional<BookMove> win = book.find(pos)) {
    choice.move = win->move;
    choice.verdict = Verdict::Win;
    choice.plies = win->pliesToWin;
    choice.reason = reasons::bookWin();
    return choice;
  }

  const Side them = opponent(pos.sideToMove());
  std::array<int, kCells> plies{};  // the opponent's win after each reply; 0: not in the book
  int inBook = 0;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int reply = popLowest(m);
    Position next = pos;
    next.play(reply);
    if (next.isGameOver()) return std::nullopt;  // a reply that ends the game is not lost
    if (const std::optional<BookMove> win = book.find(next))
      plies[reply] = win->pliesToWin, ++inBook;
  }
  if (inBook == 0) return std::nullopt;  // far from the book: the usual search decides
  ThreatLimits budget;
  budget.maxNodes = PnsOptions{}.threatNodes;  // the budget the solver left these replies to
  budget.stop = limits.stop;
  int longest = -1;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int reply = popLowest(m);
    if (plies[reply] == 0) {
      Position next = pos;
      next.play(reply);
      const ThreatResult forced = threats_.forcedWin(next, them, budget);
      choice.nodes += forced.nodes;
      if (!forced.win) return std::nullopt;  // perhaps a way out: not lost by the book
      plies[reply] = forced.plies();
    }
    if (plies[reply] > longest) longest = plies[reply], choice.move = reply;
  }
  choice.verdict = Verdict::Loss;
  choice.plies = longest + 1;
  choice.reason = reasons::bookLongestDefence();
  return choice;
}

// The first forced win found, then the shortest one unless the first already takes the
// fewest plies a sequence can (three: a three, its block, the win).
ThreatResult PlayerThrees::quickestForcedWin(const Position& pos, ThreatLimits limits,
                                             std::uint64_t& nodes) {
  const Side us = pos.sideToMove();
  ThreatResult forced = threats_.forcedWin(pos, us, limits);
  nodes += forced.nodes;
  if (forced.win && forced.plies() > 3) {
    limits.shortest = true;
    const ThreatResult shortest = threats_.forcedWin(pos, us, limits);
    nodes += shortest.nodes;
    if (shortest.win && shortest.plies() < forced.plies()) forced = shortest;
  }
  return forced;
}

// The board's empty cells bound any win: the game cannot last longer.
int PlayerThrees::opponentWinBound(const Position& pos, int move, const MoveLimits& limits) {
  Position next = pos;
  next.play(move);
  if (next.isGameOver()) return 0;
  ThreatLimits budget;
  budget.maxNodes = kWinBoundThreatNodes;
  budget.stop = limits.stop;
  const ThreatResult forced = threats_.forcedWin(next, next.sideToMove(), budget);
  return forced.win ? forced.plies() : popcount(next.emptyCells());
}

std::optional<MoveChoice> PlayerThrees::decidedAtOnce(const Position& pos) {
  const Side us = pos.sideToMove();
  MoveChoice choice;
  if (const Bitboard wins = threatCells(pos, us)) {
    choice.move = lowestCell(wins);
    choice.verdict = Verdict::Win;
    choice.plies = 1;
    choice.reason = reasons::completesLine(choice.move);
    return choice;
  }
  if (const Bitboard blocks = threatCells(pos, opponent(us)); popcount(blocks) >= 2) {
    choice.move = lowestCell(blocks);
    choice.verdict = Verdict::Loss;
    choice.plies = 2;
    choice.reason = reasons::blocksOneOfTwoThrees();
    return choice;
  }
  return std::nullopt;
}

}  // namespace qubic
