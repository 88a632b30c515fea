// Turns keys into commands: bound keys become actions, and a typed move token
// ("2c3": level, file, rank) is collected key by key and becomes a move.
#pragma once

#include <string>

#include "keymap.hpp"

namespace qubic::tui {

struct Command {
  Action action = Action::None;  // None with cell >= 0 means "play this cell"
  int cell = -1;
  std::string error;  // a mistyped token, said in words
};

class InputMapper {
 public:
  explicit InputMapper(const KeyMap& keys) : keys_(keys) {}

  // One key from getch(). While a token is being typed, its characters, Backspace,
  // Esc and Enter belong to it; any other key abandons the token with an error.
  Command feed(int key);
  // The part of a token typed so far ("2c"), empty when none.
  const std::string& pendingToken() const { return token_; }
  void clearToken() { token_.clear(); }

 private:
  const KeyMap& keys_;
  std::string token_;
};

}  // namespace qubic::tui
