// Survival: the player is O against perfect X (the book) and scores the plies the game
// lasts; the personal best is kept in the state directory.
#pragma once

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/book/book.hpp"
#include "tui/game.hpp"
#include "tui/game_setup.hpp"
#include "tui/keymap.hpp"
#include "tui/modes/mode.hpp"
#include "tui/view.hpp"

namespace qubic::tui {

struct SurvivalRound {
  bool counts = true;  // no move taken back, no hint asked
  bool scored = false;
  int longest = 0;  // plies: the longest game the proof allows from the start
  int best = 0;     // the personal best, read from the state directory

  // A round against `book`'s X with the personal best read; none without the book.
  static std::optional<SurvivalRound> make(const Book* book, bool counts);

  GameMode kind() const { return GameMode::Survival; }
  Transition onKey(Action action) const;
  std::vector<StyledText> lines(const ModeView& view) const;
  // Once the game is over: its length, and a new personal best kept on disk.
  void afterMove(const Game& game, bool byPlayer);
  // Survival measures the player alone: a round with a move taken back or a hint is not
  // scored.
  bool helped() { return std::exchange(counts, false); }
  bool hinted() { return helped(); }
  std::optional<std::string> engineSeat() const { return "Engine, perfect X (the proof)"; }
  bool bestDefence() const { return true; }
  void describe(GameSetup& setup) const { setup.survivalCounts = counts; }
  std::string name() const { return "survival"; }
};

}  // namespace qubic::tui
