// Following the book's strategy from a position and checking it with the rules: X plays
// the book's move, and every reply O has (one per class of equivalent replies) must lead
// to a book position or to a forcing win the rules-only checker accepts. What it reaches
// is a sub-book, so a book can carry another's strategy after an opening, checked.
//
// Where O has a three and X has none, X's only move that does not lose is the block. A
// book holds these forced blocks like any other position; Patashnik's dictionary (1977)
// did not: its player won at once if it could, else blocked, else looked the position up,
// else played a forcing win. `BlockRule::byRule` walks a book the same way, so what it
// reaches is the strategy as such a dictionary, and the blocks need no entries.
#pragma once

#include <cstdint>
#include <span>
#include <string>

#include "book.hpp"
#include "engine/core/position.hpp"

namespace qubic {

enum class BlockRule { fromBook, byRule };

struct BookWalk {
  // The entries the strategy uses (finished: ready for find and serialize), each with its
  // distance as the player plays the strategy: a line completed at once, else the book's
  // move, else the shortest forcing win by threes; the longest defence counts. (Without
  // `exactDistances`, any checked forcing win counts, so distances are upper bounds.)
  Book reached;
  // O's replies (one per class): into the strategy (a book position; by rule, a block
  // too), or to a forcing win by threes.
  std::uint64_t replies = 0, intoBook = 0, byThrees = 0;
  // Positions of the strategy (once per class) where X's move is a forced block: among
  // `reached` with BlockRule::fromBook, played by the rule and not in `reached` with byRule.
  std::uint64_t forcedBlocks = 0;
  std::string fault;  // the first position where the strategy does not hold; empty if none
};

// From each start (X to move, or O to move after X's move), the book's strategy for X.
// Independent of the solver: the threat search only proposes forcing sequences, which
// engine/proof/verify checks move by move.
// `exactDistances` looks for the shortest forcing wins, which takes about four times as long.
BookWalk walkBook(const Book& book, std::span<const Position> starts, bool exactDistances,
                  BlockRule blocks = BlockRule::fromBook);
inline BookWalk walkBook(const Book& book, const Position& start, bool exactDistances = false,
                         BlockRule blocks = BlockRule::fromBook) {
  return walkBook(book, std::span<const Position>(&start, 1), exactDistances, blocks);
}

}  // namespace qubic
