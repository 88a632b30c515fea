// Making X's strategy smaller. A book's strategy counts its strategic positions (X to
// move, no forcing win by threes); a proof search picks X's moves to be proven quickly, not
// to need few of them. The shrink re-chooses X's moves where another one lets the strategy
// do with fewer positions, judged by the rules: every choice is one whose O replies are
// beaten by a line at once, a book position, or a forcing win that engine/verify checks,
// and the result is walked again (engine/book_walk) before it is returned.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "book.hpp"
#include "position.hpp"

namespace qubic {

struct ShrinkPass {
  std::size_t replaced = 0;   // X moves changed
  std::size_t positions = 0;  // strategic positions after the pass
  double seconds = 0;         // since the shrink began
};

struct ShrunkBook {
  Book book;               // finished; the strategy from the start only, exact distances
  std::size_t before = 0;  // strategic positions of the strategy given
  std::vector<ShrinkPass> passes;
  std::string fault;  // the given strategy does not hold from start: nothing done
};

// X's strategy of `book` from `start` (X to move, or O to move after X's move), with
// fewer strategic positions. Passes run until one saves nothing (at most `maxPasses`).
// Deterministic: the same book and start give the same result.
ShrunkBook shrinkBook(const Book& book, const Position& start, int maxPasses = 16);

}  // namespace qubic
