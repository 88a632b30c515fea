#include "tui/modes/ordinary.hpp"

namespace qubic::tui {

Transition OrdinaryGame::onKey(Action action) const {
  if (action == Action::NewGame) return Transition::NewGame;
  if (action == Action::Players) return Transition::NextPlayers;
  return Transition::None;
}

// Once the game is over on the board, the keys that go on from it.
std::vector<StyledText> OrdinaryGame::lines(const ModeView& view) const {
  if (!view.game.position().isGameOver() || view.forfeit) return {};
  return {{view.key(Action::NewGame) + ": new game   " + view.key(Action::Undo) + ": undo"}};
}

}  // namespace qubic::tui
