// Each level in words a player reads, for the front ends that let one choose: the game's
// level prompt and start screen and, through `query level N`, any GUI (docs/protocol.md).
// How each level chooses its moves is docs/strength.md's; here is what it feels like.
#pragma once

#include <string_view>

namespace qubic {

// A short name, "Beginner" to "Perfect"; "" outside kMinLevel..kMaxLevel.
std::string_view levelName(int level);
// What the level does, in a beginner's words, at most 52 characters; "" outside the range.
std::string_view levelWords(int level);

}  // namespace qubic
