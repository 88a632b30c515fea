// The game as the player sees it: the board with its marks, the panel in words (who is to
// move, the engine, the last move, the mode's lines, the review, the threats and the
// overlay), the move list, the message, the prompt and the key bar; or the tour, the help
// or the start screen over it. Made afresh from the state for every frame; changes nothing.
#pragma once

#include "analysis.hpp"
#include "engine/book/book.hpp"
#include "game_context.hpp"
#include "input.hpp"
#include "screens.hpp"
#include "shown.hpp"

namespace qubic::tui {

// What the view is made from besides the context.
struct ViewSources {
  const GameContext& context;
  const EngineShown& engine;
  const InputMapper& input;
  const Screen* top;                   // the screen over the board, if any
  const BackgroundAnalysis* analysis;  // the overlay's, once made
  const ReviewShown& review;
  const Book* book;  // the opening book, if read
};

ViewState gameView(const ViewSources& sources);

}  // namespace qubic::tui
