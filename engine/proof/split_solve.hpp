// Proving in pieces: a question too big for one search is split into smaller ones, each
// proved on its own, and their proofs are joined into one proof of the whole.
//
// A piece is an attacker-to-move position. It is solved with a fresh solver within a
// budget of evaluated positions; if that does not settle it, the attacker's most promising
// move is played and every defender reply that needs an answer (splitDefence: one per
// class of equivalent replies, the ones the default sequence beats left out) becomes a
// piece of its own; should one of those turn out lost for the attacker, the split piece
// tries its next most promising move instead. Pieces are independent, so several workers
// prove them at once, and
// since each starts from a cleared table and stops at a positions budget, the proof is the
// same whatever the number of workers or their timing. How Dvořák (2013) split Qubic into
// depth-4 positions, done on demand.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>

#include "solver.hpp"

namespace qubic {

struct SplitOptions {
  SolverOptions solver;                       // each worker's (one search thread each)
  std::uint64_t piecePositions = 20'000'000;  // a piece not settled within this is split
  int workers = 1;                            // pieces proved at once
  int maxSplitPlies = 8;                      // how far below the root pieces may be split
  int maxRetries = 4;  // other moves tried at a split piece whose move turned out not to win
  // A store of proven pieces kept by the caller (a directory, say): `recall` gives a
  // piece's proof (docs/proof-format.md) when known, `remember` is told each new one. The
  // joined proof is checked as a whole, so a stale or wrong stored piece cannot pass.
  std::function<std::optional<std::string>(const Position&)> recall;
  std::function<void(const Position&, const std::string&)> remember;
  // The same for split pieces: the attacker's move they were split at (-1: forget it, the
  // move turned out not to win), so that a rerun splits them again without a search.
  std::function<std::optional<int>(const Position&)> recallSplit;
  std::function<void(const Position&, int move)> rememberSplit;
  // And for pieces the attacker does not win (a solver disproof): a rerun takes the
  // answer instead of searching again (its parent is then asked without that move).
  std::function<bool(const Position&)> recallLoss;
  std::function<void(const Position&)> rememberLoss;
};

// One piece settled (called from the workers, one call at a time).
struct PieceReport {
  std::string moves;  // from the root, e.g. "2c3 1a1 4d4"
  Answer answer = Answer::Unknown;
  std::uint64_t positions = 0;
  double seconds = 0;
  int done = 0, known = 0;  // pieces settled so far, pieces known so far
};

struct SplitResult {
  bool proven = false;  // the attacker wins from the root; `proof` says how
  std::string proof;    // docs/proof-format.md
  std::string error;    // why not proven
  std::uint64_t pieces = 0, splits = 0, retries = 0, recalled = 0, nodes = 0, positions = 0;
  double seconds = 0;
};

// Does `attacker` win from `root` (either side to move)? Throws std::bad_alloc when the
// workers' tables cannot be reserved.
SplitResult splitSolve(const Position& root, Side attacker, const SplitOptions& options,
                       const std::atomic<bool>* stop = nullptr,
                       const std::function<void(const PieceReport&)>& onPiece = {});

}  // namespace qubic
