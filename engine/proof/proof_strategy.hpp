// The attacker's moves of checked proofs, one per class of equivalent positions: a
// strategy that answers every position those proofs reach with the attacker to move.
#pragma once

#include <cstdint>
#include <unordered_map>
#include <utility>

#include "engine/core/position.hpp"
#include "engine/core/symmetry.hpp"

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
  // canonical form -> the move's image in the canonical frame
  std::unordered_map<ClassKey, std::uint8_t, ClassKeyHash> moves_;
};

}  // namespace qubic
