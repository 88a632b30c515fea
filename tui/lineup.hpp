// Who plays each side of the game and how strong the engine is (a part of GameContext that
// the start screen, the review and the level keys take alone).
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>

#include "game.hpp"

namespace qubic::tui {

// Who plays each side, and how strong the engine is.
struct Lineup {
  Seats seats;
  std::array<int, 2> levels{};  // the engine's level for X and for O
  // An Elo asked for ([engine] limit_strength, qubic --elo): it plays both sides the engine
  // has, until a level is chosen with the level keys.
  std::optional<int> elo;
  std::chrono::milliseconds moveTime{1000};

  // "level 5", or "levels: X 3, O 7" when they differ.
  std::string levelsText() const;
};

}  // namespace qubic::tui
