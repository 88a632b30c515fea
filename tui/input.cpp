#include "input.hpp"

#include <curses.h>

#include <cctype>

#include "engine/core/notation.hpp"

namespace qubic::tui {

namespace {

bool isBackspace(int key) { return key == KEY_BACKSPACE || key == 127 || key == 8; }

// Whether `key` can be the next character of a token that has `typed` characters so far.
bool fitsToken(std::size_t typed, int key) {
  if (key < 0 || key > 255) return false;
  const char c = static_cast<char>(std::tolower(key));
  if (typed == 1) return c >= 'a' && c <= 'd';
  return c >= '1' && c <= '4';
}

}  // namespace

Command InputMapper::feed(int key) {
  Command command;
  if (token_.empty()) {
    if (fitsToken(0, key)) {
      token_ += static_cast<char>(key);
      return command;
    }
    command.action = keys_.actionFor(key);
    return command;
  }
  if (isBackspace(key)) {
    token_.pop_back();
    return command;
  }
  if (keys_.actionFor(key) == Action::Cancel) {
    token_.clear();
    return command;
  }
  if (fitsToken(token_.size(), key)) {
    token_ += static_cast<char>(std::tolower(key));
    if (token_.size() == 3) {
      command.cell = parseMove(token_).value();  // three fitting characters always parse
      token_.clear();
    }
    return command;
  }
  const std::string typed = token_;
  token_.clear();
  command.error =
      "\"" + typed + "\" is not finished: a move is level 1-4, file a-d, rank 1-4, e.g. 2c3";
  return command;
}

}  // namespace qubic::tui
