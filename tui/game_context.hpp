// What the parts of the game share: the settings and keys, who plays each side at what
// level, the round on the board, the clocks, the cursor, the display switches and the
// message line. App owns one; the engine's turns, the board's moves and the files change
// it, the view reads it, and every other part is handed only the pieces it uses. Only App
// changes the round wholesale (App::begin) or the screens (docs/architecture.md, "The game").
#pragma once

#include <string>

#include "config/settings.hpp"
#include "game_clock.hpp"
#include "keymap.hpp"
#include "lineup.hpp"
#include "round.hpp"
#include "view.hpp"
#include "voice.hpp"

namespace qubic::tui {

// What is drawn besides the stones: the switches the player flips.
struct Display {
  bool threats = true;
  bool lines = false;
  bool expected = false;  // what the engine proved and its expected line (help asked for)
  bool overlay = false;
  bool cube = false;  // the levels stacked as a cube instead of side by side
};

// The whole of it, for the controllers that change the round (App, the engine's turns, the
// board's moves, the files). The other parts take the pieces they use: a Lineup, a Voice,
// the Display, the cursor (tests/layers.cmake holds them to it).
struct GameContext {
  Settings settings;
  KeyMap keys;
  Lineup lineup;
  Round round;      // the game on the board
  GameClock clock;  // no clock unless [tui] clock is set
  int cursor = 0;
  Display display;
  StyledText message;

  Voice voice() { return {keys, message}; }
  void say(std::string text, Style style = Style::Normal) { voice().say(std::move(text), style); }
  std::string key(Action action) const { return keys.primaryKeyName(action); }
};

// The run's part from the settings (seats, levels, an Elo, the move time, the clock's
// control, the display switches); the round is an empty ordinary game.
GameContext startingContext(const Settings& settings, const KeyMap& keys);

}  // namespace qubic::tui
