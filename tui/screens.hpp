// What is drawn over the board and takes the keys before it: the start screen, the help,
// a line the player types (a file name, a move number) and a yes/no question. They form a
// stack (the help opens over the start screen and gives it back); each is built when
// opened and holds what it is about, so closing one leaves nothing behind.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "engine/core/record.hpp"
#include "keymap.hpp"

namespace qubic::tui {

struct StartScreen {};
struct HelpScreen {};
// The tour of the lines (tui/tour), shown on the cube view.
struct TourScreen {
  std::size_t step = 0;
  bool cubeBefore = false;  // the view to go back to
};

// A line of text typed at the bottom of the screen.
struct LinePrompt {
  enum class Purpose : std::uint8_t { Save, Load, GoTo };
  enum class Edit : std::uint8_t { Typing, Done, Cancelled };
  Purpose purpose = Purpose::Save;
  std::string text;  // pre-filled, then as typed
  std::string note;  // a line for the panel (Load: the saved games)

  // Enter ends it, Esc cancels, Backspace and Ctrl-U edit; a move number takes digits only.
  Edit edit(int key);
};

// A question answered with y (yes) or n or Esc (no); other keys leave it asked.
struct Question {
  enum class Purpose : std::uint8_t { Resume, Leave, Replace, Players };
  Purpose purpose = Purpose::Leave;
  Action leaving = Action::None;         // Leave: NewGame, Load or Quit
  std::string path;                      // Replace: the file
  std::optional<GameRecord> unfinished;  // Resume: the earlier run's game
  bool reminded = false;                 // a key that is no answer was pressed
};

// The Save prompt: `file` (this game's), else a new name in the games directory.
LinePrompt savePrompt(const std::string& file);
// The Load prompt: `file` (this game's), else the games directory, with the newest saved
// games named in its note.
LinePrompt loadPrompt(const std::string& file);

using Screen = std::variant<StartScreen, HelpScreen, TourScreen, LinePrompt, Question>;

// Whether a key answers a question with yes, or with no.
inline bool isYes(int key) { return key == 'y' || key == 'Y'; }
inline bool isNo(int key) { return key == 'n' || key == 'N' || key == 27; }

}  // namespace qubic::tui
