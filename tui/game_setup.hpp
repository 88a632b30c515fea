// Everything besides the moves that a game on disk needs to be resumed exactly: who plays
// each side, the engine's levels and move time, the mode (an ordinary game, a puzzle,
// survival) and the clocks. Kept as record tags (docs/game-records.md), so a saved game
// and the autosave carry it; pure, no terminal.
#pragma once

#include <array>
#include <chrono>
#include <cstdint>
#include <string>

#include "config/time_control.hpp"
#include "engine/core/parsed.hpp"
#include "engine/core/record.hpp"
#include "game.hpp"

namespace qubic::tui {

enum class GameMode : std::uint8_t { Play, Puzzle, Survival };

struct GameSetup {
  Seats seats;
  std::array<int, 2> levels{5, 5};  // the engine's level for X and for O
  std::chrono::milliseconds moveTime{1000};
  GameMode mode = GameMode::Play;
  std::size_t puzzle = 0;      // Puzzle: its index in the puzzle file (0-based)
  int symmetry = 0;            // Puzzle: the symmetry it is shown under
  bool survivalCounts = true;  // Survival: no move was taken back
  std::string timeControl;     // "" without a clock, else e.g. "tc=300+3"
  std::array<std::chrono::milliseconds, 2> clockLeft{};  // with a clock: X's and O's time
};

// Adds the setup's tags to `record` (replacing any of the same name).
void writeSetupTags(const GameSetup& setup, GameRecord& record);
// The setup the record's tags give, starting from `defaults` for any tag it lacks (a
// record from elsewhere has none); an error names the tag whose value is wrong.
Parsed<GameSetup> readSetupTags(const GameRecord& record, const GameSetup& defaults);

}  // namespace qubic::tui
