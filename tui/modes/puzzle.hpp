// A puzzle: the player is the side to move in a position with a forced win and finds it
// against the engine's best defence. The puzzles themselves, the check of the first move
// and the solved list are the PuzzleSession's, which outlasts the round.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "tui/game.hpp"
#include "tui/game_setup.hpp"
#include "tui/keymap.hpp"
#include "tui/modes/mode.hpp"
#include "tui/puzzle_session.hpp"
#include "tui/view.hpp"

namespace qubic::tui {

struct PuzzleRound {
  std::shared_ptr<PuzzleSession> session;  // showing this round's puzzle
  bool hintUsed = false;  // a puzzle won with a hint is not counted as solved (issue 70, 15)

  GameMode kind() const { return GameMode::Puzzle; }
  Transition onKey(Action action) const;
  std::vector<StyledText> lines(const ModeView& view) const;
  // The first move is checked by the solver; the puzzle is solved when it is won.
  void afterMove(const Game& game, bool byPlayer);
  bool helped() { return false; }  // taking a wrong move back is part of a puzzle
  bool hinted() { return !std::exchange(hintUsed, true); }
  std::optional<std::string> engineSeat() const;
  bool bestDefence() const { return true; }
  void describe(GameSetup& setup) const;
  std::string name() const { return "the puzzles"; }
};

}  // namespace qubic::tui
