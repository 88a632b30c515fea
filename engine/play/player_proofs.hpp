// What the player proves: proof-number searches for both sides within their share of the
// move, and what their table already knows (a win to replay, the opponent's win after a
// move). Owns the solver and its table; reads the player's threes for forced wins.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/book/book.hpp"
#include "engine/proof/solver.hpp"
#include "move_budget.hpp"
#include "player.hpp"
#include "player_threes.hpp"

namespace qubic {

class PlayerProofs {
 public:
  PlayerProofs(const SolverOptions& options, PlayerThrees& threes)
      : solver_(options), threes_(threes) {}

  // A forced win by threes alone is the fastest kind of proof; without one, a single
  // three of the opponent's leaves one move that does not lose at once.
  std::optional<MoveChoice> forcedWinOrBlock(const Position& pos, const MoveBudget& budget,
                                             std::uint64_t& nodes);

  // What the proof searches found: a decided move, or which moves are safe and losing.
  struct Verdicts {
    std::optional<MoveChoice> decided;
    Bitboard safe = 0, losing = 0;
  };
  Verdicts proveBothSides(const Position& pos, const MoveBudget& budget, const MoveLimits& limits,
                          const ProgressFn& progress, std::uint64_t& nodes);

  // The opponent's win after our `move` as the book (when given) or the proof table knows
  // it: its plies, none when neither has it.
  std::optional<int> knownLossAfter(const Position& pos, int move, const Book* book) const;
  // Of `moves`, those after which the opponent's known win is longest.
  Bitboard longestKnownLosses(const Position& pos, Bitboard moves, const Book* book) const;

  Solver& solver() { return solver_; }
  std::size_t bytes() const { return solver_.bytes(); }
  int hashfull() const { return static_cast<int>(solver_.table().fill() * 1000); }

 private:
  std::optional<MoveChoice> quickestKnownWin(const Position& pos, const ThreatLimits& limits,
                                             std::uint64_t& nodes);
  PnsResult prove(const Position& pos, Side attacker, const SearchLimits& limits);
  // The first proof search: its table answers what the solves proved.
  ProofSearch& proofs() { return solver_.search(); }
  const ProofSearch& proofs() const { return solver_.search(); }

  Solver solver_;
  PlayerThrees& threes_;
};

}  // namespace qubic
