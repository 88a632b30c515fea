// The engine's levels as the game presents them: what each is like in a few words, and
// the levels the player chose last, remembered for the next run in the state directory
// ($XDG_STATE_HOME/qubic/levels, else ~/.local/state/qubic/).
#pragma once

#include <array>
#include <optional>
#include <string>
#include <string_view>

namespace qubic::tui {

// A new player's first game: a level a newcomer can beat, not perfect play.
constexpr int kNewPlayerLevel = 6;

// "Steady (Elo 655): plays to a plan three moves in four": the level's name, rating and
// what it does, for levels 0 to kMaxLevel (at most 76 characters).
std::string levelInWords(int level);

// The engine's levels for X and O as last chosen; none on a first run or when the file
// cannot be read as two levels (a file of an earlier scale is translated).
std::optional<std::array<int, 2>> rememberedLevels();
// Keeps them for the next run; the reason when they could not be written ("" when kept).
std::string rememberLevels(const std::array<int, 2>& levels);

}  // namespace qubic::tui
