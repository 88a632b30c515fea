// What each level does, in a line of words, for the front ends that let a player choose
// one: the game's level prompt and, through `query level N`, any GUI (docs/protocol.md).
#pragma once

#include <string_view>

namespace qubic {

// At most 61 characters; "" outside kMinLevel..kMaxLevel. From engine/play/level_mix's
// table and the base players it mixes; ratings in kLevelElo (engine/play/elo_scale).
std::string_view levelWords(int level);

}  // namespace qubic
