// The settings of strategy annealing (engine/book/strategy_anneal), apart so that the
// known ways it draws on (engine/book/known_ways) can use them without including it.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <functional>

#include "book.hpp"

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
}  // namespace qubic
