// How a part of the game speaks to the player: the message line and the keys its words
// name (a view of GameContext for the parts that change nothing else of it).
#pragma once

#include <string>
#include <utility>

#include "keymap.hpp"
#include "view.hpp"

namespace qubic::tui {

// How a part speaks to the player: the message line, and the keys its words name.
struct Voice {
  const KeyMap& keys;
  StyledText& message;

  void say(std::string text, Style style = Style::Normal) const {
    message = {std::move(text), style, style != Style::Normal};
  }
  // The first key bound to `action`, as the help names it.
  std::string key(Action action) const { return keys.primaryKeyName(action); }
};

}  // namespace qubic::tui
