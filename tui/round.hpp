// The game on the board and everything that belongs to it alone: its mode (an ordinary
// game, a puzzle, a survival round), where the engine stands in it (paused, its last move,
// a hint), an explanation being stepped through, a loss on time, and the file it was saved
// to or loaded from. A new game, a puzzle, survival, a load and a resume each build a fresh
// Round, so nothing of the game before is left behind (docs/architecture.md, "The game").
#pragma once

#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "engine/play/player.hpp"
#include "engine/study/explain.hpp"
#include "game.hpp"
#include "game_setup.hpp"

namespace qubic::tui {

struct OrdinaryGame {};
// The puzzle itself (which one, under which symmetry) is the PuzzleSession's shown one.
struct PuzzleRound {};
// The player is O against perfect X; the score is the plies the game lasts.
struct SurvivalRound {
  bool counts = true;  // no move taken back, no hint asked
  bool scored = false;
  int longest = 0;  // plies: the longest game the proof allows from the start
  int best = 0;     // the personal best, read from the state directory
};
using RoundMode = std::variant<OrdinaryGame, PuzzleRound, SurvivalRound>;

// What the engine last did, for the panel.
struct EngineNote {
  std::size_t ply = 0;  // index of the move in the game
  Side side = Side::X;
  MoveChoice choice;
};

// A forcing win being shown on the board a step at a time.
struct Explanation {
  Position from;  // the game's position when it was asked for
  std::vector<ForcingStep> steps;
  std::size_t shown = 0;          // steps on the board
  std::optional<QuietWin> quiet;  // a win that needs a quiet move: one step, that move
};

// A game lost off the board: on time, or by an external engine that failed (crashed, did
// not answer in time, sent an illegal move or nonsense).
struct Forfeit {
  Side loser = Side::X;
  std::string termination = "time forfeit";  // the record's Termination tag
  std::string details;                       // what happened, for the screen and the record

  // "X lost on time: O wins." or "O loses (the engine crashed: ...): X wins."
  std::string sentence() const;
};

struct Round {
  Game game;
  RoundMode mode;
  bool paused = false;
  bool stepOnce = false;
  bool engineNewGame = true;  // the engine's next job tells it a new game began
  std::optional<EngineNote> lastEngineMove;
  std::optional<MoveChoice> hint;
  std::size_t hintPly = 0;
  std::optional<Explanation> explaining;
  std::optional<Forfeit> forfeit;  // a game lost other than on the board: it is over
  std::string file;                // saved to or loaded from ("" for none)
  std::string fileText;            // that file's content as this game wrote or read it
  std::string savedGame;           // the game's text when last saved, loaded or started

  GameMode kind() const;
  // The start and the line (the moves on the board and those undo took back, which redo
  // replays) as text: stepping through the game is no change; playing another move is.
  std::string snapshot() const;
  bool unsaved() const { return snapshot() != savedGame; }
  SurvivalRound* survival() { return std::get_if<SurvivalRound>(&mode); }
  const SurvivalRound* survival() const { return std::get_if<SurvivalRound>(&mode); }
  // The position the board shows: the game's, or the explanation's step.
  Position shownPosition(int& lastMove) const;
};

// A game as text: equal texts, same game.
std::string gameText(const Position& start, const std::vector<int>& moves);

// A fresh round of `mode` from `start`, counted as saved (leaving it unplayed loses nothing).
Round freshRound(RoundMode mode, const Position& start = {});

}  // namespace qubic::tui
