// An ordinary game: the seats and levels as the player set them, any engine.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "tui/game.hpp"
#include "tui/game_setup.hpp"
#include "tui/keymap.hpp"
#include "tui/modes/mode.hpp"
#include "tui/view.hpp"

namespace qubic::tui {

struct OrdinaryGame {
  GameMode kind() const { return GameMode::Play; }
  Transition onKey(Action action) const;
  std::vector<StyledText> lines(const ModeView& view) const;
  void afterMove(const Game&, bool) {}
  bool helped() { return false; }
  bool hinted() { return false; }
  std::optional<std::string> engineSeat() const { return std::nullopt; }
  bool bestDefence() const { return false; }
  void describe(GameSetup&) const {}
  std::string name() const { return "the game"; }
};

}  // namespace qubic::tui
