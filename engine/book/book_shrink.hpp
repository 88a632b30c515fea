// Making X's strategy smaller. A book's strategy counts its strategic positions (X to
// move, no forcing win by threes); a proof search picks X's moves to be proven quickly, not
// to need few of them. The shrink re-chooses X's moves where another one lets the strategy
// do with fewer positions, judged by the rules: every choice is one whose O replies are
// beaten by a line at once, a book position, or a forcing win that engine/proof/verify checks,
// and the result is walked again (engine/book/book_walk) before it is returned.
#pragma once

#include <atomic>
#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "book.hpp"
#include "engine/core/position.hpp"
#include "strategy_anneal.hpp"

namespace qubic {

struct ShrinkOptions {
  int maxPasses = 16;  // of the local re-choice, per round
  // Re-proving: at a strategic position whose subtree holds at least `reproveFrom`
  // positions, up to `reproveMoves` other moves (those leaving the fewest O replies
  // uncovered first) are proved afresh, each within `reprovePositions` evaluated positions
  // per 100 positions of the subtree (at least once that), and the one whose shrunk
  // strategy is smallest replaces the subtree's when it is smaller. Rounds of re-proving and
  // re-choice run until one saves nothing (at most `maxRounds`). 0: no re-proving.
  std::size_t reproveFrom = 0;
  int reproveMoves = 6;
  std::uint64_t reprovePositions = 200'000;
  int maxRounds = 8;
  // False: the whole is neither re-chosen nor re-proved, only its parts are (for a strategy
  // shrunk before, whose re-proving would only repeat itself).
  bool shrinkWhole = true;
  // Parts: once the whole is shrunk, X's strategy below each class of O's replies
  // `partsDepth` X moves below the start is shrunk on its own (with the re-proving above),
  // judged by its own size: in the whole, a DAG whose parts share positions, a smaller part
  // often frees too little to count. The parts, joined under the moves above them and
  // re-chosen, are kept when the whole is then smaller; rounds until one saves nothing (at
  // most `maxRounds`). 0: no parts.
  int partsDepth = 0;
  // Annealing (engine/book/strategy_anneal), after the first re-choice: in rounds until one
  // saves nothing (at most `maxRounds`), each followed by a re-choice. Off while
  // anneal.iterations is 0; its stop flag is this one's.
  AnnealOptions anneal = [] {
    AnnealOptions off;
    off.iterations = 0;
    return off;
  }();
  int threads = 1;  // the moves of one position, or the parts, on up to this many threads
  // Set by another thread to stop early: what is done so far, walked and checked, is kept.
  const std::atomic<bool>* stop = nullptr;
  // Called after each position whose moves were proved afresh (from the calling thread):
  // positions re-proved and replaced so far in this pass, and the strategy's size now.
  std::function<void(std::size_t reproved, std::size_t replaced, std::size_t positions)> onReprove;
  // Called as each part is done (one call at a time, from any of the threads): parts done,
  // parts in all, and that part's strategic positions before and after.
  std::function<void(std::size_t done, std::size_t parts, std::size_t before, std::size_t after)>
      onPart;
};

enum class ShrinkStep { Parts, Rechoice, Reprove, Anneal };

struct ShrinkPass {
  ShrinkStep step = ShrinkStep::Rechoice;
  std::size_t replaced = 0;   // X moves changed (Parts: parts shrunk)
  std::size_t positions = 0;  // strategic positions after the pass
  double seconds = 0;         // since the shrink began
};

struct ShrunkBook {
  Book book;               // finished; the strategy from the start only, exact distances
  std::size_t before = 0;  // strategic positions of the strategy given
  std::vector<ShrinkPass> passes;
  bool stopped = false;  // ShrinkOptions::stop ended it early
  std::string fault;     // the given strategy does not hold from start: nothing done
};

// X's strategy of `book` from `start` (X to move, or O to move after X's move), with
// fewer strategic positions. Passes run until one saves nothing. Deterministic: the same
// book, start and options give the same result (budgets count positions, not time).
ShrunkBook shrinkBook(const Book& book, const Position& start, const ShrinkOptions& options = {});

}  // namespace qubic
