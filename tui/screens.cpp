#include "screens.hpp"

#include <curses.h>

#include <cctype>

#include "record_file.hpp"

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

LinePrompt savePrompt(const std::string& file) {
  return {LinePrompt::Purpose::Save, file.empty() ? suggestedRecordName() : file, {}};
}

LinePrompt loadPrompt(const std::string& file) {
  const std::string dir = gamesDirectory();
  std::string list;
  for (const std::string& name : savedGameNames(6)) list += (list.empty() ? "" : ", ") + name;
  const std::string where = dir.empty() ? std::string("the games directory") : dir;
  return {LinePrompt::Purpose::Load,
          !file.empty() ? file
          : dir.empty() ? std::string()
                        : dir + "/",
          list.empty() ? "No saved games in " + where + " yet."
                       : "Saved games, newest first: " + list + "."};
}

}  // namespace qubic::tui
