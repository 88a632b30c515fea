// How the player defends a lost position: against an opponent that is not a proof, the
// moves that leave it no forcing sequence and no quiet win, the longest known loss first.
#pragma once

#include <cstdint>

#include "engine/book/book.hpp"
#include "move_budget.hpp"
#include "player.hpp"
#include "player_proofs.hpp"
#include "player_search.hpp"
#include "player_threes.hpp"

namespace qubic {

class PlayerDefence {
 public:
  // ... among the moves the forcing-sequence check leaves, each threat search of the
  // opponent's quiet wins.
  static constexpr std::uint64_t kQuietWinThreatNodes = 2000;

  PlayerDefence(PlayerThrees& threes, PlayerProofs& proofs, PlayerSearch& search)
      : threes_(threes), proofs_(proofs), search_(search) {}

  // Lost against best play (`longest` is the defence that makes the proven win longest):
  // the move to play, the loss still claimed.
  MoveChoice practicalDefence(const Position& pos, const MoveChoice& longest, const Book* book,
                              const MoveBudget& budget, const MoveLimits& limits,
                              const ProgressFn& progress);

 private:
  Bitboard withoutQuietWins(const Position& pos, Bitboard moves,
                            MoveBudget::Clock::time_point until, std::uint64_t nodesUntil,
                            std::uint64_t& nodes, const MoveLimits& limits);

  PlayerThrees& threes_;
  PlayerProofs& proofs_;
  PlayerSearch& search_;
};

}  // namespace qubic
