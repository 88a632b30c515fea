// The game application. Its state is in three parts (docs/architecture.md, "The game"):
// what lasts the whole run (seats, levels, the engine and overlay threads, the display
// switches), the Round (the game on the board with its mode, made fresh by every new game,
// puzzle, survival round, load or resume) and a stack of Screens over the board (start
// screen, help, a prompt, a question) that take the keys first. The loop routes keys and
// time; begin() and open()/close() are the only ways the round and the screens change.
// All curses calls happen on the thread that calls run().
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "analysis.hpp"
#include "autosave.hpp"
#include "config/settings.hpp"
#include "engine_worker.hpp"
#include "game_clock.hpp"
#include "game_review.hpp"
#include "game_setup.hpp"
#include "input.hpp"
#include "keymap.hpp"
#include "layout.hpp"
#include "puzzle_session.hpp"
#include "round.hpp"
#include "screens.hpp"
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
  // --- the loop and its two transitions (app.cpp) ---
  void handleKey(int key);
  void handleBoardKey(int key);
  void handleMouse();
  void perform(Action action);
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
  void say(std::string text, Style style = Style::Normal);
  void relayout();  // for the terminal's size and the view chosen

  // --- the screens over the board (app_screens.cpp) ---
  void handleScreenKey(int key);
  void handleStartKey(int key);
  void openTour();
  ViewState tourView(const TourScreen& tour) const;
  std::vector<StyledText> startScreenLines() const;
  std::string engineLine() const;
  std::string levelWords() const;
  std::string ratingsLine(int from, int to) const;
  void answer(const Question& question, bool yes);
  void finishLine(const LinePrompt& prompt);
  // New game, load and quit ask first when the game has moves that were not saved.
  void leaveOrAsk(Action action);
  void leaveGame(Action action);
  void openSavePrompt();
  void openLoadPrompt();
  void openGoToPrompt();
  void offerUnfinishedGame();
  // The start screen or the resume question is open: which game is played is not settled,
  // so the engine waits and nothing is autosaved.
  bool choosingGame() const;

  // --- files: save, load, the autosave (app_files.cpp) ---
  // Keeps the unfinished game on disk after every change, and forgets it once the game is
  // over, saved or discarded: Ctrl-C, a signal or a crash then lose nothing.
  void autosave();
  // Saves to `path`; a file there is replaced only when it holds this game as it was saved
  // or loaded, and `replace` says the player agreed.
  void save(const std::string& path, bool replace = false);
  void load(const std::string& path);
  void resume(const GameRecord& record);
  // Who plays, the levels, the mode and the clocks, as a game on disk keeps them.
  GameSetup currentSetup() const;
  // A round of the record's moves with `setup` in force (its seats, levels, mode, clocks).
  void beginFromRecord(const GameRecord& record, const GameSetup& setup);
  GameRecord recordForDisk(const std::string& event) const;

  // --- puzzles, survival, explanation, review (app_modes.cpp) ---
  // The new-game key: the next puzzle, another survival round, or a new game.
  void nextRound();
  // Puzzle `which` (today's when not given) with the player the side to move; `symmetry`:
  // how to show it (0: as the file has it), a random one when not given.
  void startPuzzle(std::optional<std::size_t> which, std::optional<int> symmetry = std::nullopt);
  bool loadPuzzles();  // at the first use; false with the reason said
  bool showPuzzle(std::size_t index, int symmetry);
  // Survival: the player is O against perfect X (the book).
  void startSurvival();
  std::optional<SurvivalRound> survivalRound(bool counts);  // none without the book
  void scoreSurvival();
  void scorePuzzle();
  // Leaves a puzzle or survival: the position stays, as an ordinary game, same players.
  void leaveMode();
  // Shows the side to move's forcing win on the board, a step a press, from a threat
  // search checked by the rules (or a short proof search for a win with a quiet move).
  void explainStep();
  // Starts the proven review of the game's line, or, once it is done, goes to the next
  // mistake it found (the engine is paused there, so the game can be browsed).
  void reviewOrNextMistake();
  void sayNoMistake(const ReviewOutcome& outcome);
  void pollReview();
  // Shows the position after `moves` moves of the game's line; the engine waits.
  void goToPly(std::size_t moves);

  // --- playing: moves, the engine, the clocks, seats and levels (app_play.cpp) ---
  void playHuman(int cell);
  void moveCursor(int dFile, int dRank, int dLevel);
  void newGame();
  void undo();
  void redo();
  void hint();
  void moveNow();
  void pause();
  void step();
  void swapSides();
  void changePlayers();  // the next arrangement; in a puzzle or survival, leaves it
  void changeSeats(const Seats& seats, const std::string& why);
  void changeLevel(int delta);
  std::string levelsText() const;  // "level 5", or "levels: X 3, O 7" when they differ
  void toggleOverlay();
  // Flips a display switch and says what it shows now.
  void toggle(bool& shown, std::string_view on, std::string_view off);
  void toggleThreats();
  void toggleExpectedLine();
  void toggleLines();
  void toggleCubeView();
  void restartClock();
  // Keeps the clocks in step with the game: paused while nothing can move, following the
  // side to move, and ends the game when a side's time runs out.
  void tickClock();
  // The engine's time for a move (or a hint) in `pos`: the move time, or on the clock
  // what the mover's time allows.
  std::chrono::milliseconds thinkingTime(const Position& pos) const;
  void pollEngine();
  void maybeStartEngine();
  void stopEngine();  // cancel the job in flight and forget it

  // --- what is drawn (app_view.cpp) ---
  ViewState buildView() const;
  std::vector<StyledText> statusLines() const;
  std::vector<StyledText> engineLines() const;
  std::vector<StyledText> lastMoveLines() const;
  std::vector<StyledText> explanationLines() const;
  std::vector<StyledText> analysisLines() const;
  std::vector<StyledText> puzzleLines() const;
  std::vector<StyledText> survivalLines() const;
  std::vector<StyledText> reviewLines() const;
  std::string promptLine() const;
  std::string seatText(Side s) const;

  // The overlay gives each candidate move this long with the engine.
  static constexpr std::chrono::milliseconds kOverlayBudgetPerCell{50};

  // What lasts the whole run.
  Settings settings_;
  KeyMap keys_;
  InputMapper input_;
  View view_;
  Layout layout_;
  Seats seats_;
  std::array<int, 2> levels_;  // the engine's level for X and for O
  // An Elo asked for ([engine] limit_strength, qubic --elo): it plays both sides the engine
  // has, until a level is chosen with the level keys.
  std::optional<int> elo_;
  std::chrono::milliseconds moveTime_;
  std::chrono::steady_clock::time_point lastMoveAt_;
  // The opening book, or null when it could not be read (the reason is shown at start)
  // or use_solution is off. Before engine_, which is made with it.
  std::shared_ptr<const Book> book_;
  std::string bookProblem_;
  // The shipped opening table (empty when there is none or it is unusable: the reason is
  // shown at start); before engine_ and known_, which are made with it.
  std::string tableProblem_;
  std::shared_ptr<const OpeningTable> table_;
  EngineWorker engine_;
  // Values proven by the review or the overlay, known to both; before them, which hold it.
  std::shared_ptr<KnownValues> known_;
  std::unique_ptr<BackgroundAnalysis> analysis_;  // made when the overlay is first shown
  std::unique_ptr<GameReview> review_;            // made at the first review
  bool reviewPending_ = false;                    // a review was started, its end not said
  std::unique_ptr<PuzzleSession> puzzles_;        // loaded at the first puzzle
  GameClock clock_;                               // no clock unless [tui] clock is set
  int cursor_;
  bool showThreats_;
  bool showLines_ = false;
  bool showExpected_ = false;
  bool showOverlay_;
  bool cubeView_ = false;  // the levels stacked as a cube instead of side by side
  bool quit_ = false;
  StyledText message_;
  Autosave autosave_;              // this run's own file for its unfinished game
  std::string autosaved_;          // the game as last autosaved ("" when none is kept)
  std::optional<int> openPuzzle_;  // --puzzle N

  Round round_;                  // the game on the board
  std::vector<Screen> screens_;  // over the board, the last on top
};

}  // namespace qubic::tui
