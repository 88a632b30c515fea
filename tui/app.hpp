// The game application: the loop, the routing of keys and time, and the transitions.
// Its state is in three parts (docs/architecture.md, "The game's states"): what lasts the
// whole run and the Round on the board, both in the GameContext every part shares, and a
// stack of Screens over the board (start screen, help, tour, a prompt, a question) that
// take the keys first. What each key does lives with its owner: the round's mode
// (tui/modes), the board's keys (board_keys), the engine's turns (engine_turns), the
// files (game_files); the view is made from the state (game_view). begin() and
// open()/close() are the only ways the round and the screens change. All curses calls
// happen on the thread that calls run().
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "engine_turns.hpp"
#include "game_context.hpp"
#include "game_files.hpp"
#include "input.hpp"
#include "layout.hpp"
#include "review_study.hpp"
#include "screens.hpp"
#include "solution.hpp"
#include "view.hpp"

namespace qubic::tui {

class App {
 public:
  // Precondition: the terminal is in curses mode (TerminalSession).
  // `puzzle`: open that puzzle (1-based, as the file has it) instead of the start screen.
  App(const Settings& settings, const KeyMap& keys, std::optional<int> puzzle = std::nullopt);
  ~App();

  // The event loop; returns when the user quits or SIGINT/SIGTERM arrives.
  // Plays until the player quits; what could not be kept at the end (the proven values), or "".
  std::string run();

 private:
  // --- the loop, the routing and the transitions (app.cpp) ---
  void turn();  // one turn of the loop: poll, tick, start, autosave, draw, one key
  void handleKey(int key);
  void handleBoardKey(int key);
  void handleMouse();
  void perform(Action action);
  void apply(Transition transition);
  // Puts a new round on the board: the engine stops, the clocks start afresh, nothing of
  // the round before stays.
  void begin(Round round);
  template <class S>
  void open(S screen) {
    screens_.emplace_back(std::in_place_type<S>, std::move(screen));
  }
  void close() { screens_.pop_back(); }
  template <class S>
  const S* top() const {
    return screens_.empty() ? nullptr : std::get_if<S>(&screens_.back());
  }
  void relayout();  // for the terminal's size and the view chosen
  void toggleCubeView();
  void toggleOverlay();
  // The level keys; `choosing`: on the start screen (board_keys' changeLevel).
  void changeLevel(int delta, bool choosing);
  // The review key: the review starts, or the board goes to the next mistake.
  void review();

  // --- the screens over the board (app_screens.cpp) ---
  void handleScreenKey(int key);
  void handleStartKey(int key);
  void openTour();
  void answer(const Question& question, bool yes);
  void finishLine(const LinePrompt& prompt);
  // New game, load and quit ask first when the game has moves that were not saved.
  void leaveOrAsk(Action action);
  void leaveGame(Action action);
  void offerUnfinishedGame();
  // The start screen or the resume question is open: which game is played is not settled,
  // so the engine waits and nothing is autosaved.
  bool choosingGame() const;

  // --- rounds from elsewhere: a file, a puzzle, survival (app_rounds.cpp) ---
  void save(const std::string& path, bool replace = false);
  void load(const std::string& path);
  void resume(const GameRecord& record);
  // A round of the record's moves with `setup` in force (its seats, levels, mode, clocks).
  void beginFromRecord(const GameRecord& record, const GameSetup& setup);
  // The mode `setup` asks for, from `start`: an ordinary game, with the reason said, when
  // it cannot be had (the puzzle not found, no book for survival).
  RoundMode modeFor(const GameSetup& setup, const Position& start);
  // Puzzle `which` (today's when not given) with the player the side to move; `symmetry`:
  // how to show it (0: as the file has it), a random one when not given.
  void startPuzzle(std::optional<std::size_t> which, std::optional<int> symmetry = std::nullopt);
  // The session showing puzzle `which` (today's when not given), loaded at the first use;
  // null with the reason said.
  std::shared_ptr<PuzzleSession> showPuzzle(std::optional<std::size_t> which, int symmetry);
  // Survival: the player is O against perfect X (the book).
  void startSurvival();
  // Leaves a puzzle or survival: the position stays, as an ordinary game, same players.
  void leaveMode();

  // The overlay gives each candidate move this long with the engine.
  static constexpr std::chrono::milliseconds kOverlayBudgetPerCell{50};

  GameContext context_;  // first: the input mapper holds its keys
  InputMapper input_;
  View view_;
  Layout layout_;
  Solution solution_;  // before engine_ and review_, which are made with it
  EngineTurns engine_;
  std::unique_ptr<BackgroundAnalysis> analysis_;  // made when the overlay is first shown
  ReviewStudy review_;
  std::shared_ptr<PuzzleSession> puzzles_;  // loaded at the first puzzle
  GameFiles files_;
  bool quit_ = false;
  std::optional<int> openPuzzle_;  // --puzzle N
  std::vector<Screen> screens_;    // over the board, the last on top
};

}  // namespace qubic::tui
