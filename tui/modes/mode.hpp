// The round's modes: an ordinary game (ordinary), a puzzle (puzzle), a survival round
// (survival). Each is a type of the Round's variant with the same members, called through
// std::visit, so the loop never asks which mode it is in:
//
//   GameMode kind() const;                        what a record on disk calls it
//   Transition onKey(Action) const;               the new-game and players keys
//   std::vector<StyledText> lines(const ModeView&) const;   its lines in the panel
//   void afterMove(const Game&, bool byPlayer);   a move was played: check, score
//   bool helped();                                a move taken back or a hint: true when
//                                                 that changes the round (survival's score)
//   bool hinted();                                a hint: true when that changes the round
//                                                 (survival's score; a puzzle's solving)
//   std::optional<std::string> engineSeat() const;   the engine's seat as the mode fixes it
//   bool bestDefence() const;                     the engine is ours at the top level
//   void describe(GameSetup&) const;              its part of a game on disk
//   std::string name() const;                     "the puzzles", for "Left the puzzles"
#pragma once

#include <cstdint>
#include <string>

#include "tui/game.hpp"
#include "tui/keymap.hpp"

namespace qubic::tui {

// What a mode reads to draw its lines: the game on the board, whether it was lost off the
// board, and the keys to name. Narrow on purpose: the modes live in the Round, which the
// GameContext holds, so they see the round's game, not the context (no include cycle).
struct ModeView {
  const Game& game;
  bool forfeit = false;
  const KeyMap& keys;

  // The first key bound to `action`, as the help names it.
  std::string key(Action action) const { return keys.primaryKeyName(action); }
};

// What a key the mode owns asks of the loop (App::apply).
enum class Transition : std::uint8_t {
  None,
  NewGame,       // a new ordinary game, asking first when this one is unsaved
  NextPuzzle,    // the next unsolved puzzle
  NextSurvival,  // another survival round
  LeaveMode,     // the position stays, as an ordinary game
  NextPlayers,   // the next arrangement of who plays
};

}  // namespace qubic::tui
