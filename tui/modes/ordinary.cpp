#include "tui/modes/ordinary.hpp"

#include "tui/game_context.hpp"

namespace qubic::tui {

Transition OrdinaryGame::onKey(Action action) const {
  if (action == Action::NewGame) return Transition::NewGame;
  if (action == Action::Players) return Transition::NextPlayers;
  return Transition::None;
}

// Once the game is over on the board, the keys that go on from it.
std::vector<StyledText> OrdinaryGame::lines(const GameContext& context) const {
  if (!context.round.game.position().isGameOver() || context.round.forfeit) return {};
  return {{context.key(Action::NewGame) + ": new game   " + context.key(Action::Undo) + ": undo"}};
}

}  // namespace qubic::tui
