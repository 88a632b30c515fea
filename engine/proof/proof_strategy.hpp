// The attacker's moves of checked proofs, one per class of equivalent positions: a
// strategy that answers every position those proofs reach with the attacker to move.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>

#include "engine/core/position.hpp"

namespace qubic {

class ProofStrategy {
 public:
  // The attacker's winning move in `pos` (attacker to move) as a proof made it; `pos` may be
  // any position of its class. A move already known for the class is kept: every one added
  // wins with the rest of its proof, and the rest is added too (verifyProof's
  // onAttackerMove), so any of them leads to positions the strategy answers.
  void add(const Position& pos, int move);
  // The move for `pos`, mapped onto it from its class's, or -1 when no proof reached it.
  int moveFor(const Position& pos) const;
  std::size_t size() const { return moves_.size(); }

 private:
  struct Hash {
    std::size_t operator()(const std::pair<Bitboard, Bitboard>& k) const noexcept {
      return static_cast<std::size_t>((k.first * 0x9E3779B97F4A7C15ULL) ^ (k.second >> 1));
    }
  };
  // canonical form -> the move's image in the canonical frame
  std::unordered_map<std::pair<Bitboard, Bitboard>, std::uint8_t, Hash> moves_;
};

}  // namespace qubic
