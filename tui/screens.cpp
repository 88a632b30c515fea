#include "screens.hpp"

#include <curses.h>

#include <cctype>

namespace qubic::tui {

LinePrompt::Edit LinePrompt::edit(int key) {
  if (key == 27) return Edit::Cancelled;
  if (key == '\n' || key == '\r' || key == KEY_ENTER) return Edit::Done;
  if (key == KEY_BACKSPACE || key == 127 || key == 8) {
    if (!text.empty()) text.pop_back();
  } else if (key == 21) {  // Ctrl-U clears the line, as in a shell
    text.clear();
  } else if (key >= ' ' && key < 127 && (purpose != Purpose::GoTo || std::isdigit(key))) {
    text += static_cast<char>(key);
  }
  return Edit::Typing;
}

}  // namespace qubic::tui
