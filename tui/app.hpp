// The game application: owns the game, the seats, the engine thread and the analysis
// thread, turns commands into changes, and prepares what the view draws.
// All curses calls happen on the thread that calls run().
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>

#include "analysis.hpp"
#include "autosave.hpp"
#include "config/settings.hpp"
#include "engine/study/explain.hpp"
#include "engine_worker.hpp"
#include "game.hpp"
#include "game_clock.hpp"
#include "game_review.hpp"
#include "game_setup.hpp"
#include "input.hpp"
#include "keymap.hpp"
#include "layout.hpp"
#include "puzzle_session.hpp"
#include "view.hpp"

namespace qubic::tui {

class App {
 public:
  // Precondition: the terminal is in curses mode (TerminalSession).
  // `puzzle`: open that puzzle (1-based, as the file has it) instead of the start screen.
  App(const Settings& settings, const KeyMap& keys, std::optional<int> puzzle = std::nullopt);
  ~App();

  // The event loop; returns when the user quits or SIGINT/SIGTERM arrives.
  void run();

 private:
  // What the engine last did, for the panel.
  struct EngineNote {
    std::size_t ply = 0;  // index of the move in the game
    Side side = Side::X;
    MoveChoice choice;
  };
  enum class PromptKind : std::uint8_t { None, Save, Load, Confirm, Replace, Resume, GoTo };

  // The game's start and moves as text: equal texts, same game.
  std::string gameSnapshot() const;
  // New game, load and quit ask first when the game has moves that were not saved.
  bool asksBeforeLeaving(Action action);
  void leaveGame(Action action);
  // Keeps the unfinished game on disk after every change, and forgets it once the game
  // is over, saved or discarded: Ctrl-C, a signal or a crash then lose nothing.
  void autosave();
  void offerUnfinishedGame();
  // Who plays, the levels, the mode and the clocks, as a game on disk keeps them.
  GameSetup currentSetup() const;
  // Puts the setup of a game read from disk in force (its moves are already on the board).
  void applySetup(const GameSetup& setup);
  // The game as a record with its setup tags, for a save or the autosave.
  GameRecord recordForDisk(const std::string& event) const;
  void handleStartKey(int key);
  std::vector<StyledText> startScreenLines() const;
  void handleKey(int key);
  void handleMouse();
  void handlePromptKey(int key);
  void perform(Action action);
  void playHuman(int cell);
  void moveCursor(int dFile, int dRank, int dLevel);

  void newGame();
  void undo();
  void redo();
  void hint();
  void changeSeats(const Seats& seats, const std::string& why);
  void changeLevel(int delta);
  void toggleOverlay();
  // Starts the proven review of the game's line, or, once it is done, goes to the next
  // mistake it found (the engine is paused there, so the game can be browsed).
  void reviewOrNextMistake();
  void sayNoMistake(const ReviewOutcome& outcome);
  void pollReview();
  bool reviewPending_ = false;  // a review was started and its end not yet said
  // Puzzle mode: puzzle `index` on the board, the player the side to move (the engine
  // defends); the first move is judged by the solver.
  // `symmetry`: how to show it (0: as the file has it); a random one when not given.
  void startPuzzle(std::optional<std::size_t> which, std::optional<int> symmetry = std::nullopt);
  std::vector<StyledText> puzzleLines() const;
  // Survival: the player is O against perfect X (the book); the score is the plies the
  // game lasts, against the longest the proof allows, with a personal best.
  void startSurvival();
  // Leaves a puzzle or survival: the position stays, as an ordinary game, with the same
  // players.
  void leaveMode();
  // The survival mode's own state (longest game, best score); false without the book.
  bool enterSurvival(bool counts);
  // Puzzle `index` shown under `symmetry` (puzzles read at the first use); false with the
  // reason said when there is no such puzzle.
  bool showPuzzle(std::size_t index, int symmetry);
  bool loadPuzzles();  // at the first use; false with the reason said
  // Shows the side to move's forcing win on the board, a step a press (its threes, the
  // forced blocks, the double threat), from a threat search checked by the rules.
  void explainStep();
  // The position the board shows: the game's, or the explanation's step.
  Position shownPosition(int& lastMove) const;
  void scoreSurvival();
  std::vector<StyledText> survivalLines() const;
  void goToPly(std::size_t moves);
  std::vector<StyledText> reviewLines() const;
  void finishPrompt();
  // Saves to `path`; a file there is replaced only when it holds this game as it was
  // saved or loaded, and `replace` says the player agreed.
  void save(const std::string& path, bool replace = false);
  void load(const std::string& path);

  // The clocks start afresh for the game now on the board.
  void restartClock();
  // Keeps the clocks in step with the game: paused while nothing can move (the engine
  // paused, a prompt or screen open), following the side to move, and ends the game when
  // a side's time runs out.
  void tickClock();
  // The engine's time for a move (or a hint) in `pos`: the move time, or on the clock
  // what the mover's time allows.
  std::chrono::milliseconds thinkingTime(const Position& pos) const;
  void pollEngine();
  void maybeStartEngine();
  void stopEngine();  // cancel the job in flight and forget it
  void say(std::string text, Style style = Style::Normal);

  ViewState buildView() const;
  std::vector<StyledText> statusLines() const;
  std::string seatText(Side s) const;
  std::string levelsText() const;  // "level 5", or "levels: X 3, O 7" when they differ

  Settings settings_;
  KeyMap keys_;
  InputMapper input_;
  View view_;
  Layout layout_;

  Game game_;
  Seats seats_;
  std::array<int, 2> levels_;  // the engine's level for X and for O
  std::chrono::milliseconds moveTime_;
  bool paused_ = false;
  bool stepOnce_ = false;
  bool engineNewGame_ = true;  // the next job tells the player a new game began
  std::chrono::steady_clock::time_point lastMoveAt_;

  // The opening book, or null when it could not be read (the reason is shown at start)
  // or use_solution is off. Before engine_, which is made with it.
  std::shared_ptr<const Book> book_;
  std::string bookProblem_;
  EngineWorker engine_;
  std::unique_ptr<BackgroundAnalysis> analysis_;  // made when the overlay is first shown
  std::unique_ptr<GameReview> review_;            // made at the first review
  std::unique_ptr<PuzzleSession> puzzles_;        // loaded at the first puzzle
  // What the game on the board is: an ordinary game, a puzzle or a survival round. One
  // value, so entering one mode always leaves the other.
  GameMode mode_ = GameMode::Play;
  struct Explanation {
    Position from;  // the game's position when it was asked for
    std::vector<ForcingStep> steps;
    std::size_t shown = 0;          // steps on the board
    std::optional<QuietWin> quiet;  // a win that needs a quiet move: one step, that move
  };
  std::optional<Explanation> explaining_;
  GameClock clock_;                 // no clock unless [tui] clock is set
  std::optional<Side> lostOnTime_;  // the side whose time ran out: the game is over
  bool survivalCounts_ = true;      // no move of it was taken back
  bool survivalScored_ = false;
  int survivalLongest_ = 0;  // plies: the longest game the proof allows from the start
  int survivalBest_ = 0;
  std::optional<EngineNote> lastEngineMove_;
  std::optional<MoveChoice> hint_;
  std::size_t hintPly_ = 0;

  int cursor_;
  bool showThreats_;
  bool showLines_ = false;
  bool showExpected_ = false;
  bool showOverlay_;
  bool helpOpen_ = false;
  bool startScreen_;  // who plays and the level are chosen before the board shows
  bool quit_ = false;
  StyledText message_;
  PromptKind prompt_ = PromptKind::None;
  std::string promptText_;
  std::string lastFile_;      // the file this game was saved to or loaded from ("" for none)
  std::string lastFileText_;  // that file's content as this game wrote or read it
  std::string replacing_;     // a Replace prompt: the file to replace
  std::string savedList_;     // a Load prompt: the saved games, named in the panel
  // The game as last saved or loaded (or started), to know when leaving it loses moves.
  std::string savedGame_;
  Action confirming_ = Action::None;  // what a Confirm prompt is about: NewGame, Load or Quit
  // The unfinished game of an earlier run, offered at start (Resume prompt).
  std::optional<GameRecord> unfinished_;
  Autosave autosave_;              // this game's own file for the next run
  std::string autosaved_;          // the game as last autosaved ("" when none is kept)
  std::optional<int> openPuzzle_;  // --puzzle N
};

}  // namespace qubic::tui
