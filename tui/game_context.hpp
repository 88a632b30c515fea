// What the parts of the game share: the settings and keys, who plays each side at what
// level, the round on the board, the clocks, the cursor, the display switches and the
// message line. App owns one and hands it to the modes, the engine's turns, the board's
// keys, the files and the view; each of those reads and changes it, and only App changes
// the round wholesale (App::begin) or the screens (docs/architecture.md, "The game").
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>

#include "config/settings.hpp"
#include "game_clock.hpp"
#include "keymap.hpp"
#include "round.hpp"
#include "view.hpp"

namespace qubic::tui {

// What is drawn besides the stones: the switches the player flips.
struct Display {
  bool threats = true;
  bool lines = false;
  bool expected = false;  // what the engine proved and its expected line (help asked for)
  bool overlay = false;
  bool cube = false;  // the levels stacked as a cube instead of side by side
};

struct GameContext {
  Settings settings;
  KeyMap keys;
  Seats seats;
  std::array<int, 2> levels{};  // the engine's level for X and for O
  // An Elo asked for ([engine] limit_strength, qubic --elo): it plays both sides the engine
  // has, until a level is chosen with the level keys.
  std::optional<int> elo;
  std::chrono::milliseconds moveTime{1000};
  Round round;      // the game on the board
  GameClock clock;  // no clock unless [tui] clock is set
  int cursor = 0;
  Display display;
  StyledText message;

  void say(std::string text, Style style = Style::Normal) {
    message = {std::move(text), style, style != Style::Normal};
  }
  // The first key bound to `action`, as the help names it.
  std::string key(Action action) const { return keys.primaryKeyName(action); }
  // "level 5", or "levels: X 3, O 7" when they differ.
  std::string levelsText() const {
    if (levels[0] == levels[1]) return "level " + std::to_string(levels[0]);
    return "levels: X " + std::to_string(levels[0]) + ", O " + std::to_string(levels[1]);
  }
};

// The run's part from the settings (seats, levels, an Elo, the move time, the clock's
// control, the display switches); the round is an empty ordinary game.
GameContext startingContext(const Settings& settings, const KeyMap& keys);

}  // namespace qubic::tui
