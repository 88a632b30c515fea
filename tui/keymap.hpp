// Key bindings: which key does what. The commands below Action::Cursor* are configurable
// in the [tui] section; cursor, plane, play and cancel keys are fixed (they are the board's
// controls and the first characters of move tokens, so they cannot be rebound).
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "config/settings.hpp"
#include "engine/core/parsed.hpp"

namespace qubic::tui {

enum class Action : std::uint8_t {
  None,
  // configurable
  Help,
  NewGame,
  Undo,
  Redo,
  Hint,
  MoveNow,
  SwapSides,
  Players,
  LevelUp,
  LevelDown,
  Threats,
  Overlay,
  Lines,
  CubeView,
  ExpectedLine,
  Review,
  Explain,
  GoToMove,
  Pause,
  Step,
  Save,
  Load,
  Quit,
  // fixed
  CursorLeft,
  CursorRight,
  CursorUp,
  CursorDown,
  PlanePrev,
  PlaneNext,
  Play,
  Cancel,
};

constexpr int kConfigurableActions = static_cast<int>(Action::Quit);

// What an action does, in a few words for the help screen ("undo your last move").
std::string_view describe(Action action);

// A key name as written in the configuration: a printable character ("u", "?", "+"),
// "C-x" for control keys, "F1".."F12", or one of: esc, del, ins, home, end, pgup, pgdn.
// Gives the curses key code.
Parsed<int> parseKeyName(std::string_view name);
// The name of a key code, as parseKeyName reads it ("space" and "enter" for those keys).
std::string keyName(int key);

class KeyMap {
 public:
  // The keys configured in settings; unknown names, keys bound twice and fixed keys
  // are errors naming the setting ("tui.key_undo: unknown key name \"foo\"").
  static Parsed<KeyMap> fromSettings(const TuiSettings& settings);

  // The action bound to a key, fixed or configurable; None when the key is free.
  Action actionFor(int key) const;
  // The configured keys of an action, e.g. {'?', KEY_F(1)}.
  const std::vector<int>& keysFor(Action action) const;
  // The first key's name, for short hints ("?"); empty when unbound.
  std::string primaryKeyName(Action action) const;

 private:
  std::array<std::vector<int>, kConfigurableActions + 1> keys_;
};

}  // namespace qubic::tui
