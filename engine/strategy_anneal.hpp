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

#include "book.hpp"
#include "position.hpp"

namespace qubic {

struct AnnealOptions {
  std::uint64_t iterations = 20'000'000;  // changes proposed
  std::uint32_t seed = 1;
  // A move is a candidate if it leaves at most `openReplies` O replies not beaten by threes
  // (at positions of 4 stones or more: at most `openAboveCurrent` more than the move the
  // strategy plays there, nor more than `openReplies`).
  int openReplies = 14;
  int openAboveCurrent = 2;
  // New positions: known to win within `newDepth` strategic moves, each move leaving at
  // most `newOpenReplies` replies open, with up to `newCandidates` such moves to choose from.
  int newDepth = 2;
  int newOpenReplies = 3;
  int newCandidates = 4;
  // Another strategy from the same start whose positions are known too (its moves among
  // the candidates), so that annealing can take parts of it; may be null.
  const Book* pool = nullptr;
  // Threads that gather the moves (the result does not depend on how many).
  int threads = 1;
  // Answers ("wins by threes?", "a move that finishes?") kept while gathering, about 60
  // bytes each; past this many some are forgotten and asked again: the same result, a
  // bounded memory. Deeper new positions ask many more (newDepth 3 on the whole 1a1 line
  // would need some 25 GB to keep them all).
  std::size_t answersKept = 64'000'000;
  const std::atomic<bool>* stop = nullptr;  // polled; what is best so far is returned
  // Called while candidates are gathered (every 256 positions) and once annealing ends.
  std::function<void(std::size_t done, std::size_t positions, std::size_t reached)> onProgress;
};

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
