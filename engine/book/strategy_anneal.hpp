// X's strategy annealed as a whole. Each strategic position may play any move whose O
// replies are all beaten by threes or lead on to a position with a known way on: one of the
// strategy's own, or a new one where one move (or one move, then one more after each reply
// it leaves) wins by threes. Simulated annealing picks the moves so that the start reaches
// as few strategic positions as it can. One re-choice at a time keeps a change only if it
// pays alone; annealing also takes changes that pay together, positions coming to share
// what lies below them. Every choice is checked by the rules; the caller walks the result.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>

#include "anneal_options.hpp"
#include "book.hpp"
#include "engine/core/position.hpp"

namespace qubic {

struct AnnealedStrategy {
  Book book;                // the strategy reached from the start (distances not set)
  std::size_t before = 0;   // strategic positions of the strategy given
  std::size_t after = 0;    // of the one returned
  std::size_t changed = 0;  // positions whose move changed
  std::size_t known = 0;    // positions with a known way on (the strategy's and new ones)
  std::string fault;        // the given strategy does not hold from the start: nothing done
};

// `book`'s strategy from `start` (X to move, or O to move after X's move), annealed.
// Deterministic: the same book, start and options give the same strategy.
AnnealedStrategy annealStrategy(const Book& book, const Position& start,
                                const AnnealOptions& options = {});

}  // namespace qubic
