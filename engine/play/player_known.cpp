// The player's moves from what is known: the book, the quickest forced win by threes, a
// line to complete or a position already lost, the opponent's known wins after a move.
#include "player_impl.hpp"

#include <optional>

#include "engine/proof/pns.hpp"
#include "engine/threats/threats.hpp"
#include "reasons.hpp"

namespace qubic {

// The book's winning move; or, facing the book's winner, the proof that we are lost and
// the defence that makes the win longest. Lost means: every reply leads into the book or
// to a win by threes (the replies the book leaves out), so the claim is as sound as the
// verified proof the book was made from.
std::optional<MoveChoice> Player::Impl::fromBook(const Position& pos, const Book& book,
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
      const ThreatResult forced = threats.forcedWin(next, them, budget);
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

// A forced win by threes, the shortest one the budget finds, or the proof table's win
// when that is shorter: the distance claimed is then never longer than the one claimed
// on the previous move of the same line (docs/notation.md). Adds the nodes spent.
std::optional<MoveChoice> Player::Impl::quickestKnownWin(const Position& pos, ThreatLimits limits,
                                                         std::uint64_t& nodes) {
  const Side us = pos.sideToMove();
  ThreatResult forced = threats.forcedWin(pos, us, limits);
  nodes += forced.nodes;
  if (forced.win && forced.plies() > 3) {
    limits.shortest = true;
    const ThreatResult shortest = threats.forcedWin(pos, us, limits);
    nodes += shortest.nodes;
    if (shortest.win && shortest.plies() < forced.plies()) forced = shortest;
  }
  MoveChoice best;
  if (forced.win) best.move = forced.sequence[0], best.plies = forced.plies();
  if (const std::optional<TTEntry> e = proofs().lookup(pos, us);
      e && e->pn == 0 && e->bestMove != 0xff) {
    const PnsResult known =
        proofs().prove(pos, us, SearchLimits{});  // solved: answers from the table
    if (known.bestMove >= 0 && (!forced.win || known.distance < best.plies))
      best.move = known.bestMove, best.plies = known.distance;
  }
  if (best.move < 0) return std::nullopt;
  return best;
}

// After our `move`, the plies within which the opponent surely wins when no proof says
// it: a threat sequence, or else the board's empty cells (the game cannot last longer).
int Player::Impl::opponentWinBound(const Position& pos, int move, const MoveLimits& limits) {
  Position next = pos;
  next.play(move);
  if (next.isGameOver()) return 0;
  ThreatLimits budget;
  budget.maxNodes = kWinBoundThreatNodes;
  budget.stop = limits.stop;
  const ThreatResult forced = threats.forcedWin(next, next.sideToMove(), budget);
  return forced.win ? forced.plies() : popcount(next.emptyCells());
}

// The opponent's win after our `move` as the book (when given) or the proof table knows it:
// its plies, none when neither has it.
std::optional<int> Player::Impl::knownLossAfter(const Position& pos, int move, const Book* book) {
  Position next = pos;
  next.play(move);
  if (const std::optional<BookMove> win = book ? book->find(next) : std::nullopt)
    return win->pliesToWin;
  if (const std::optional<TTEntry> e = proofs().lookup(next, opponent(pos.sideToMove()));
      e && e->pn == 0)
    return e->distance;
  return std::nullopt;
}

// Of `moves`, those after which the opponent's known win is longest (book, proof table);
// a move whose loss nothing has shown counts as longest of all.
Bitboard Player::Impl::longestKnownLosses(const Position& pos, Bitboard moves, const Book* book) {
  constexpr int kNotShown = kCells + 1;
  int best = -1;
  Bitboard longest = 0;
  for (Bitboard m = moves; m;) {
    const int cell = popLowest(m);
    const int plies = knownLossAfter(pos, cell, book).value_or(kNotShown);
    if (plies > best) best = plies, longest = 0;
    if (plies == best) longest |= bit(cell);
  }
  return longest;
}

// A line to complete, or two threes of the opponent's: nothing to think about.
std::optional<MoveChoice> Player::Impl::decidedAtOnce(const Position& pos) {
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
