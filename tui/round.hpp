// The game on the board and everything that belongs to it alone: its mode (an ordinary
// game, a puzzle, a survival round), where the engine stands in it (paused, its last move,
// a hint), an explanation being stepped through, a loss on time, and the file it was saved
// to or loaded from. A new game, a puzzle, survival, a load and a resume each build a fresh
// Round, so nothing of the game before is left behind (docs/architecture.md, "The game").
#pragma once

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "engine/play/player.hpp"
#include "game.hpp"
#include "game_setup.hpp"
#include "modes/explanation.hpp"
#include "modes/ordinary.hpp"
#include "modes/puzzle.hpp"
#include "modes/survival.hpp"

namespace qubic::tui {

// One of the modes of tui/modes/mode.hpp.
using RoundMode = std::variant<OrdinaryGame, PuzzleRound, SurvivalRound>;

// What the engine last did, for the panel.
struct EngineNote {
  std::size_t ply = 0;  // index of the move in the game
  Side side = Side::X;
  MoveChoice choice;
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

// Where the engine stands in the round: paused or granted one move, whether its next job
// tells it a new game began, its last move and a hint for the panel. Changed only through
// these verbs (the engine's turns, the board's keys, the loop), so what each may do is named.
class EngineState {
 public:
  bool paused() const { return paused_; }
  void pause() { paused_ = true, stepOnce_ = false; }
  void resume() { paused_ = false, stepOnce_ = false; }
  // One move while paused (the step key); false when not paused.
  bool grantStep() {
    if (paused_) stepOnce_ = true;
    return paused_;
  }
  bool stepGranted() const { return stepOnce_; }
  // The engine may start its move now: not paused, or a step granted, which it uses up.
  bool mayMove() const { return !paused_ || stepOnce_; }
  void started() { stepOnce_ = false; }
  // True once per round: the first job tells the engine a new game began.
  bool takeNewGame() { return std::exchange(newGame_, false); }

  void noteMove(const EngineNote& note) { last_ = note; }
  const std::optional<EngineNote>& lastMove() const { return last_; }

  // A hint for the position after `ply` moves; shown only while that position is on the board.
  void giveHint(const MoveChoice& hint, std::size_t ply) { hint_ = hint, hintPly_ = ply; }
  void dropHint() { hint_.reset(); }
  const MoveChoice* hintAt(std::size_t ply) const {
    return hint_ && hintPly_ == ply ? &*hint_ : nullptr;
  }

 private:
  bool paused_ = false;
  bool stepOnce_ = false;
  bool newGame_ = true;
  std::optional<EngineNote> last_;
  std::optional<MoveChoice> hint_;
  std::size_t hintPly_ = 0;
};

struct Round {
  Game game;
  RoundMode mode;
  EngineState engine;
  std::optional<Explanation> explaining;
  std::optional<Forfeit> forfeit;  // a game lost other than on the board: it is over
  std::string file;                // saved to or loaded from ("" for none)
  std::string fileText;            // that file's content as this game wrote or read it
  std::string savedGame;           // the game's text when last saved, loaded or started
  // A loaded record's X and O, kept in what is saved while the players are those it
  // loaded with (`loadedSeats`, `loadedLevels`): saving it again rewrites no one's name.
  std::array<std::string, 2> loadedPlayers;
  Seats loadedSeats;
  std::array<int, 2> loadedLevels{};

  GameMode kind() const {
    return std::visit([](const auto& m) { return m.kind(); }, mode);
  }
  // Calls `f` with the mode, whichever it is: the modes share their members.
  template <class F>
  decltype(auto) withMode(F&& f) {
    return std::visit(std::forward<F>(f), mode);
  }
  template <class F>
  decltype(auto) withMode(F&& f) const {
    return std::visit(std::forward<F>(f), mode);
  }
  // The start and the line (the moves on the board and those undo took back, which redo
  // replays) as text: stepping through the game is no change; playing another move is.
  std::string snapshot() const;
  bool unsaved() const { return snapshot() != savedGame; }
  // The position the board shows: the game's, or the explanation's step.
  Position shownPosition(int& lastMove) const;
};

// A game as text: equal texts, same game.
std::string gameText(const Position& start, const std::vector<int>& moves);

// A fresh round of `mode` from `start`, counted as saved (leaving it unplayed loses nothing).
Round freshRound(RoundMode mode, const Position& start = {});

}  // namespace qubic::tui
