// What the game's controllers show for one frame, made before the view is drawn: the view
// (tui/game_view) reads these and asks the controllers nothing (tests/layers.cmake).
#pragma once

#include <array>
#include <string>
#include <vector>

#include "view.hpp"

namespace qubic::tui {

// What the panel shows of the engine, made by EngineTurns::shown.
struct EngineShown {
  std::array<std::string, 2> seats;  // who sits in X's and in O's seat (EngineTurns::seatText)
  std::vector<StyledText> lines;     // the engine to move: paused, waiting or thinking
  bool busy = false;                 // a move or a hint is being thought about
  double elapsedSeconds = 0;         // ... for this long
  std::string externalName;          // another UGI engine's own name, when one plays
};

// What the proven review shows (ReviewStudy::shown): its progress or its verdict on the
// move on the board, and the mark (?? ? !) after each reviewed move's token.
struct ReviewShown {
  std::vector<StyledText> lines;
  std::vector<std::string> marks;
};

}  // namespace qubic::tui
