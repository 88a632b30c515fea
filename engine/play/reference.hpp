// Reference players: opponents simple enough that anyone can rebuild them from their one
// sentence, so ratings measured against them mean the same outside this program
// (docs/strength.md, "The pooled scale"). Level 0 (engine/play/anchor) is the third.
//   random: plays a uniformly random empty cell.
//   greedy: completes its own three if it can, else blocks the opponent's three, else
//           makes a double threat, else takes the cell where the opponent would make one,
//           else makes a three, else plays a random empty cell; among equals, at random.
#pragma once

#include <optional>
#include <random>
#include <string_view>

#include "anchor.hpp"
#include "engine/core/position.hpp"

namespace qubic {

enum class Reference : std::uint8_t { None, Random, Greedy };

// "none", "random" or "greedy" (as the Reference option says them); none for another word.
std::optional<Reference> referenceNamed(std::string_view name);

// The reference player's move, with its reason. Precondition: the game is not over and
// `reference` is not None.
AnchorMove referenceMove(Reference reference, const Position& pos, std::mt19937_64& rng);

}  // namespace qubic
