#include "app.hpp"

#include <curses.h>

#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <utility>

#include "config/book_file.hpp"
#include "config/read_file.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/play/timeman.hpp"
#include "engine/threats/threat_search.hpp"
#include "panel.hpp"
#include "record_file.hpp"
#include "terminal.hpp"

namespace qubic::tui {

namespace {

// The overlay gives each candidate move this long with the engine.
constexpr std::chrono::milliseconds kOverlayBudgetPerCell{50};
// The explanation of a win that needs a quiet move: evaluated positions of its proof search.
constexpr std::uint64_t kExplainPositions = 300'000;
// The proven review's budget per position, per millisecond of the engine's move time.
constexpr std::uint64_t kReviewPositionsPerMs = 500;

PlayerOptions playerOptions(const EngineSettings& engine) {
  PlayerOptions options;
  options.level = engine.level;
  options.hashMb = static_cast<std::size_t>(engine.hashMb);
  options.threads = engine.threads;
  options.seed =
      engine.seed != 0
          ? static_cast<std::uint64_t>(engine.seed)
          : static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count());
  return options;
}

// The book the settings ask for; null with the reason in `problem` when it cannot be read.
std::shared_ptr<const Book> loadBook(const EngineSettings& engine, std::string& problem) {
  if (!engine.useSolution) return nullptr;
  Parsed<std::shared_ptr<const Book>> book = loadBookFile(engine.solutionFile);
  if (!book) {
    problem = book.error();
    return nullptr;
  }
  return book.value();
}

bool isPrintable(int key) { return key >= ' ' && key < 127; }

}  // namespace

App::App(const Settings& settings, const KeyMap& keys, std::optional<int> puzzle)
    : settings_(settings),
      keys_(keys),
      input_(keys_),
      view_(settings.tui),
      seats_(Seats::fromHumanSide(settings.tui.humanSide)),
      levels_{settings.tui.levelX ? settings.tui.levelX : settings.engine.level,
              settings.tui.levelO ? settings.tui.levelO : settings.engine.level},
      moveTime_(settings.tui.moveTimeMs),
      book_(loadBook(settings.engine, bookProblem_)),
      engine_(playerOptions(settings.engine), book_),
      cursor_(cellAt(1, 1, 0)),
      showThreats_(settings.tui.showThreats),
      showOverlay_(settings.tui.showOverlay),
      startScreen_(settings.tui.startScreen && !puzzle),
      openPuzzle_(puzzle) {
  int rows = 0, cols = 0;
  getmaxyx(stdscr, rows, cols);
  layout_ = computeLayout(rows, cols);
  if (showOverlay_)
    analysis_ = std::make_unique<BackgroundAnalysis>(
        engineJudge(kOverlayBudgetPerCell, book_, settings_.engine.threads));
  // The setting was checked when it was read (config/settings: a tc= with a clock).
  if (const Parsed<TimeControl> clock = parseTimeControl(settings.tui.clock);
      clock && !settings.tui.clock.empty())
    clock_.set(clock.value());
  restartClock();
  if (!bookProblem_.empty())
    say(bookProblem_ + "; playing without a book.", Style::Error);
  else
    say("Welcome! Press " + keys_.primaryKeyName(Action::Help) + " for help.");
}

App::~App() = default;

void App::run() {
  if (openPuzzle_)
    startPuzzle(static_cast<std::size_t>(*openPuzzle_ - 1), 0);
  else
    offerUnfinishedGame();
  while (!quit_ && !terminationRequested()) {
    pollEngine();
    pollReview();
    tickClock();
    maybeStartEngine();
    autosave();
    if (showOverlay_ && analysis_) analysis_->analyse(game_.position());
    view_.draw(buildView(), layout_);
    const int key = getch();
    if (key != ERR) handleKey(key);
  }
  stopEngine();
  if (!autosaved_.empty()) {  // kept for the next run: with the clocks as they stand now
    autosaved_ = "(on exit)";
    autosave();
  }
}

void App::say(std::string text, Style style) {
  message_ = {std::move(text), style, style != Style::Normal};
}

void App::handleKey(int key) {
  if (key == KEY_RESIZE) {
    int rows = 0, cols = 0;
    getmaxyx(stdscr, rows, cols);
    layout_ = computeLayout(rows, cols);
    clear();
    return;
  }
  if (helpOpen_) {  // any key closes the help
    helpOpen_ = false;
    return;
  }
  if (prompt_ != PromptKind::None) return handlePromptKey(key);
  if (startScreen_) return handleStartKey(key);
  if (key == KEY_MOUSE) return handleMouse();
  if (!seats_.anyHuman() && input_.pendingToken().empty() && key >= '1' && key <= '4' &&
      keys_.actionFor(key) == Action::None)
    return say("The engine plays both sides; " + keys_.primaryKeyName(Action::Players) +
               " lets you play.");
  const Command command = input_.feed(key);
  if (!command.error.empty()) return say(command.error, Style::Error);
  if (command.cell >= 0) {
    cursor_ = command.cell;
    return playHuman(command.cell);
  }
  if (!input_.pendingToken().empty()) {
    // Show where the token is heading: its level once the level digit is typed.
    cursor_ = cellAt(fileOf(cursor_), rankOf(cursor_), input_.pendingToken()[0] - '1');
    return;
  }
  if (command.action == Action::None)
    return say("That key does nothing here; " + keys_.primaryKeyName(Action::Help) +
               " lists the keys.");
  perform(command.action);
}

void App::handleMouse() {
  MEVENT event;
  if (getmouse(&event) != OK) return;
  if (!(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
  const int cell = cellAtScreen(layout_, event.y, event.x);
  if (cell < 0) return;
  cursor_ = cell;
  playHuman(cell);
}

std::string App::gameSnapshot() const {
  std::string text = positionString(game_.start());
  for (const int m : game_.moves()) text += ' ' + moveToken(m);
  return text;
}

bool App::asksBeforeLeaving(Action action) {
  // A finished game is not asked about: nothing is left to play in it.
  if (game_.moves().empty() || game_.position().isGameOver() || gameSnapshot() == savedGame_)
    return false;
  prompt_ = PromptKind::Confirm;
  confirming_ = action;
  return true;
}

void App::handleStartKey(int key) {
  static constexpr const char* kSides[] = {"x", "o", "both", "none"};
  if (key == '5') {
    startScreen_ = false;
    return startPuzzle(std::nullopt);
  }
  if (key == '6') {
    startScreen_ = false;
    return startSurvival();
  }
  if (key >= '1' && key <= '4') {
    seats_ = Seats::fromHumanSide(kSides[key - '1']);
    key = '\n';
  }
  if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
    startScreen_ = false;
    engineNewGame_ = true;
    restartClock();
    return say(seats_.anyHuman() ? "X moves first. Press ? for help."
                                 : "The engines are playing. Press ? for help.");
  }
  const Action action = keys_.actionFor(key);
  if (action == Action::LevelUp) return changeLevel(+1);
  if (action == Action::LevelDown) return changeLevel(-1);
  if (action == Action::Quit) quit_ = true;
  if (action == Action::Help) helpOpen_ = true;
}

std::vector<StyledText> App::startScreenLines() const {
  const std::string_view who = seats_.humanSide();
  auto choice = [&](char key, std::string_view side, const std::string& text) {
    return StyledText{std::string(who == side ? " > " : "   ") + key + "  " + text,
                      who == side ? Style::Highlight : Style::Normal, who == side};
  };
  return {
      {"QUBIC - 4x4x4 tic-tac-toe", Style::Title, true},
      {"X and O take turns on a 4x4x4 cube; four in a line wins. X moves first."},
      {""},
      {"Who plays?"},
      choice('1', "x", "you play X against the engine (you move first)"),
      choice('2', "o", "you play O against the engine"),
      choice('3', "both", "two players at this keyboard"),
      choice('4', "none", "watch the engine play itself"),
      {"   5  solve a puzzle: find the winning move (today's puzzle first)"},
      {"   6  survive as O against perfect X: how long can you last?"},
      {""},
      {"Engine " +
       (levels_[0] == levels_[1] ? "level: " + std::to_string(levels_[0]) : levelsText()) + "   (" +
       keys_.primaryKeyName(Action::LevelUp) + " stronger, " +
       keys_.primaryKeyName(Action::LevelDown) + " weaker; 1 beginner, 10 " +
       (book_ ? "never loses as X)" : "strongest)")},
      {""},
      {"1-6 starts that, Enter the marked game; in the game ? lists every key."},
  };
}

void App::offerUnfinishedGame() {
  unfinished_ = autosave_.claimLeftGame();
  if (!unfinished_) return;
  prompt_ = PromptKind::Resume;
  startScreen_ = false;  // the question is asked on the board
}

void App::autosave() {
  if (prompt_ == PromptKind::Resume) return;  // the earlier game is not decided on yet
  const std::string snapshot = gameSnapshot();
  const bool keep =
      !game_.moves().empty() && !game_.position().isGameOver() && snapshot != savedGame_;
  if (!keep) {
    if (!autosaved_.empty()) autosave_.remove();
    autosaved_.clear();
    return;
  }
  // The clocks change all the time: a change of the rest is what writes the file (and
  // leaving, which writes the clocks as they stand).
  GameSetup setup = currentSetup();
  setup.clockLeft = {};
  GameRecord unclocked = game_.toRecord();
  writeSetupTags(setup, unclocked);
  const std::string key = snapshot + '\n' + recordToString(unclocked);
  if (key == autosaved_) return;
  autosaved_ = key;  // tried once per change, so a failure is said once
  if (const std::string error = autosave_.write(recordForDisk("Qubic game (unfinished)"));
      !error.empty())
    say("Not kept for the next run: " + error, Style::Error);
}

void App::leaveGame(Action action) {
  if (action == Action::NewGame) newGame();
  if (action == Action::Quit) {
    quit_ = true;
    autosave_.remove();  // left on purpose: nothing to offer next time
    autosaved_.clear();
  }
  if (action == Action::Load) {
    prompt_ = PromptKind::Load;
    // This game's file, else the games directory, with the newest saved games named.
    const std::string dir = gamesDirectory();
    promptText_ = !lastFile_.empty() ? lastFile_ : dir.empty() ? std::string() : dir + "/";
    const std::vector<std::string> names = savedGameNames(6);
    std::string list;
    for (const std::string& name : names) list += (list.empty() ? "" : ", ") + name;
    savedList_ = names.empty()
                     ? "No saved games in " +
                           (dir.empty() ? std::string("the games directory") : dir) + " yet."
                     : "Saved games, newest first: " + list + ".";
  }
}

void App::handlePromptKey(int key) {
  if (prompt_ == PromptKind::Resume) {
    prompt_ = PromptKind::None;
    if (key == 'y' || key == 'Y') {
      game_.load(*unfinished_);
      const Parsed<GameSetup> setup = readSetupTags(*unfinished_, currentSetup());
      if (setup) applySetup(setup.value());
      engineNewGame_ = true;
      savedGame_.clear();  // not saved to a file of the user's
      cursor_ = game_.lastMove();
      say("Resumed the unfinished game: " + countOf(game_.moves().size(), "move") +
              (setup ? "." : "; its players and levels could not be read (" + setup.error() + ")."),
          setup ? Style::Normal : Style::Error);
    } else {
      autosave_.remove();
      startScreen_ = settings_.tui.startScreen;
      say("Started afresh; the unfinished game is gone.");
    }
    unfinished_.reset();
    return;
  }
  if (prompt_ == PromptKind::Confirm) {
    prompt_ = PromptKind::None;
    if (key == 'y' || key == 'Y') return leaveGame(confirming_);
    return say("Kept the game.");
  }
  if (prompt_ == PromptKind::Replace) {
    prompt_ = PromptKind::None;
    if (key == 'y' || key == 'Y') return save(replacing_, true);
    return say("Not saved; " + replacing_ + " is as it was.");
  }
  if (key == 27) {
    prompt_ = PromptKind::None;
    say("Cancelled.");
  } else if (key == '\n' || key == '\r' || key == KEY_ENTER) {
    finishPrompt();
  } else if (key == KEY_BACKSPACE || key == 127 || key == 8) {
    if (!promptText_.empty()) promptText_.pop_back();
  } else if (key == 21) {  // Ctrl-U clears the line, as in a shell
    promptText_.clear();
  } else if (isPrintable(key) && (prompt_ != PromptKind::GoTo || std::isdigit(key))) {
    promptText_ += static_cast<char>(key);  // a move number takes digits only
  }
}

void App::perform(Action action) {
  switch (action) {
    case Action::None:
      break;
    case Action::Help:
      helpOpen_ = true;
      break;
    case Action::NewGame:
      if (mode_ == GameMode::Puzzle)
        return startPuzzle(puzzles_->nextUnsolved(puzzles_->shownIndex()));
      if (mode_ == GameMode::Survival) return startSurvival();
      if (!asksBeforeLeaving(action)) leaveGame(action);
      break;
    case Action::Quit:
      if (!asksBeforeLeaving(action)) leaveGame(action);
      break;
    case Action::Undo:
      undo();
      break;
    case Action::Redo:
      redo();
      break;
    case Action::Hint:
      hint();
      break;
    case Action::MoveNow:
      if (engine_.busy()) {
        engine_.moveNow();
        say("Asked the engine to move now.");
      } else {
        say("The engine is not thinking.");
      }
      break;
    case Action::SwapSides:
      if (seats_.anyHuman() && seats_.anyEngine()) {
        // The engine keeps its strength on its new side: its level moves with it.
        std::swap(levels_[0], levels_[1]);
        const Side engine = seats_.isEngine(Side::X) ? Side::O : Side::X;
        changeSeats(Seats{{seats_.side[1], seats_.side[0]}},
                    "Sides swapped; the engine keeps level " +
                        std::to_string(levels_[index(engine)]) + ".");
      } else
        say("Swap works against the engine; press " + keys_.primaryKeyName(Action::Players) +
            " to choose who plays.");
      break;
    case Action::Players:
      if (mode_ != GameMode::Play) return leaveMode();
      changeSeats(seats_.next(), "Players changed.");
      break;
    case Action::LevelUp:
      changeLevel(+1);
      break;
    case Action::LevelDown:
      changeLevel(-1);
      break;
    case Action::Threats:
      showThreats_ = !showThreats_;
      say(showThreats_ ? "Showing threes (!x!) and double-threat cells (+x+)."
                       : "Threat marks hidden.");
      break;
    case Action::ExpectedLine:
      showExpected_ = !showExpected_;
      say(showExpected_ ? "Showing the line the engine expects after its move."
                        : "Expected line hidden.");
      break;
    case Action::Lines:
      showLines_ = !showLines_;
      say(showLines_
              ? "Showing the lines through the cursor (-): move it to see them cross the levels."
              : "Lines hidden.");
      break;
    case Action::Overlay:
      toggleOverlay();
      break;
    case Action::Review:
      reviewOrNextMistake();
      break;
    case Action::Explain:
      explainStep();
      break;
    case Action::GoToMove:
      if (game_.line().empty()) return say("No moves to go to yet.");
      prompt_ = PromptKind::GoTo;
      promptText_.clear();
      break;
    case Action::Pause:
      paused_ = !paused_;
      stepOnce_ = false;
      if (paused_) stopEngine();
      say(paused_ ? "Engine paused: " + keys_.primaryKeyName(Action::Step) + " makes one move, " +
                        keys_.primaryKeyName(Action::Pause) + " resumes."
                  : "Engine resumed.");
      break;
    case Action::Step:
      if (paused_)
        stepOnce_ = true;
      else
        say("Step works while the engine is paused (" + keys_.primaryKeyName(Action::Pause) + ").");
      break;
    case Action::Save:
      prompt_ = PromptKind::Save;
      promptText_ = lastFile_.empty() ? suggestedRecordName() : lastFile_;
      break;
    case Action::Load:
      if (!asksBeforeLeaving(action)) leaveGame(action);
      break;
    case Action::CursorLeft:
      moveCursor(-1, 0, 0);
      break;
    case Action::CursorRight:
      moveCursor(+1, 0, 0);
      break;
    case Action::CursorUp:
      moveCursor(0, +1, 0);
      break;
    case Action::CursorDown:
      moveCursor(0, -1, 0);
      break;
    case Action::PlanePrev:
      moveCursor(0, 0, -1);
      break;
    case Action::PlaneNext:
      moveCursor(0, 0, +1);
      break;
    case Action::Play:
      playHuman(cursor_);
      break;
    case Action::Cancel:
      message_ = {};
      break;
  }
}

void App::moveCursor(int dFile, int dRank, int dLevel) {
  // Wraps around within a plane, and from level 4 back to level 1.
  const int file = (fileOf(cursor_) + dFile + 4) % 4;
  const int rank = (rankOf(cursor_) + dRank + 4) % 4;
  const int level = (levelOf(cursor_) + dLevel + 4) % 4;
  cursor_ = cellAt(file, rank, level);
}

void App::playHuman(int cell) {
  const Position& pos = game_.position();
  if (pos.isGameOver())
    return say("The game is over: " + keys_.primaryKeyName(Action::NewGame) +
               " starts a new one, " + keys_.primaryKeyName(Action::Undo) + " takes a move back.");
  if (seats_.isEngine(pos.sideToMove()))
    return say("It is the engine's move; " + keys_.primaryKeyName(Action::MoveNow) +
               " makes it move now.");
  if (!pos.isEmpty(cell))
    return say(moveToken(cell) + " is taken; choose an empty cell.", Style::Error);
  if (lostOnTime_)
    return say(sideName(*lostOnTime_) + " lost on time: " + keys_.primaryKeyName(Action::NewGame) +
               " starts a new game.");
  engine_.cancel();  // a hint being thought about is no longer wanted
  game_.play(cell);
  clock_.moved(opponent(game_.position().sideToMove()), std::chrono::steady_clock::now());
  if (mode_ == GameMode::Puzzle && game_.moves().size() == 1) puzzles_->checkFirstMove(cell);
  scoreSurvival();
  lastMoveAt_ = std::chrono::steady_clock::now();
  hint_.reset();
  const Position& after = game_.position();
  if (after.isGameOver())
    message_ = {};
  else
    say("You played " + moveToken(cell) + ".");
}

void App::leaveMode() {
  const std::string left = mode_ == GameMode::Puzzle ? "the puzzles" : "survival";
  stopEngine();
  mode_ = GameMode::Play;
  paused_ = false;
  say("Left " + left + ": the position stays, as a game with the same players (" +
      keys_.primaryKeyName(Action::Players) + " changes them).");
}

void App::newGame() {
  stopEngine();
  mode_ = GameMode::Play;
  game_.reset();
  lastFile_.clear();  // a new game is saved under a new name
  paused_ = false;
  restartClock();
  savedGame_ = gameSnapshot();
  engineNewGame_ = true;
  lastEngineMove_.reset();
  hint_.reset();
  stepOnce_ = false;
  say("New game. " +
      std::string(seats_.anyHuman() ? "X moves first." : "The engines are playing."));
}

void App::undo() {
  stopEngine();
  if (mode_ == GameMode::Survival && game_.canUndo()) survivalCounts_ = false;
  // While the engine is paused (browsing after g or the review) a step is one move, as
  // the guide says; in play, undo takes the engine's reply with the player's move.
  int taken = 0;
  if (!paused_) {
    taken = game_.undoTurn(seats_);
  } else if (game_.canUndo()) {
    game_.undo();
    taken = 1;
  }
  if (taken == 0) return say("Nothing to undo.");
  hint_.reset();
  if (!seats_.anyHuman()) paused_ = true;  // otherwise the engines would replay at once
  say(taken == 1 ? "Took back one move." : "Took back your move and the engine's reply.");
  if (!game_.moves().empty()) cursor_ = game_.lastMove();
}

void App::redo() {
  stopEngine();
  int replayed = 0;
  if (!paused_) {
    replayed = game_.redoTurn(seats_);
  } else if (game_.canRedo()) {
    game_.redo();
    replayed = 1;
  }
  if (replayed == 0) return say("Nothing to redo.");
  if (!game_.moves().empty()) cursor_ = game_.lastMove();
  say(replayed == 1 ? "Replayed one move." : "Replayed " + std::to_string(replayed) + " moves.");
}

void App::reviewOrNextMistake() {
  const std::vector<int> line = game_.line();
  if (line.empty()) return say("Nothing to review yet: play some moves first.");
  if (!review_) review_ = std::make_unique<GameReview>();
  const ReviewState state = review_->state();
  if (state.running && state.start == game_.start() && state.line == line)
    return say("The review is still running.");
  if (state.covers(game_.start(), line) < line.size()) {
    // The engine's time per move sets each position's budget: about what one thread
    // evaluates in that time (docs/history/experiments-2026-11.md: ~550 000 positions a second).
    review_->start(game_.start(), line,
                   static_cast<std::uint64_t>(moveTime_.count()) * kReviewPositionsPerMs);
    reviewPending_ = true;
    return say("Reviewing the game with proofs; " + keys_.primaryKeyName(Action::Review) +
               " again then goes to each mistake.");
  }
  // Done: the next mistake after the move on the board, from the start again at the end.
  Position end = state.start;
  for (const int m : state.line) end.play(m);
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, end);
  if (outcome.mistakes.empty()) return sayNoMistake(outcome);
  const std::size_t shown = game_.moves().size();
  const auto after = std::find_if(outcome.mistakes.begin(), outcome.mistakes.end(),
                                  [&](std::size_t i) { return i + 1 > shown; });
  const std::size_t target = after != outcome.mistakes.end() ? *after : outcome.mistakes.front();
  goToPly(target + 1);
  const std::string step =
      keys_.primaryKeyName(Action::Undo) + "/" + keys_.primaryKeyName(Action::Redo) + " step";
  say("Mistake at move " + std::to_string(target + 1) + " (" +
      moveToken(state.verdicts[target].move) + "); " +
      (seats_.anyEngine()
           ? "engine paused: " + step + ", " + keys_.primaryKeyName(Action::Pause) + " resumes."
           : step + "."));
}

// Once the review has finished, the panel says so (the "Reviewing..." text goes) and what
// the next press of the review key does.
void App::pollReview() {
  if (!reviewPending_ || !review_ || review_->state().running) return;
  reviewPending_ = false;
  const ReviewState state = review_->state();
  if (!state.finished()) return;
  Position end = state.start;
  for (const int m : state.line) end.play(m);
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, end);
  const std::string key = keys_.primaryKeyName(Action::Review);
  say(outcome.mistakes.empty()
          ? "Review done: no mistake proven; " + key + " says what the proofs show."
          : "Review done: " + countOf(outcome.mistakes.size(), "mistake") + " proven; " + key +
                " goes to each.");
}

// Says what the review knows when it proved no mistake: never more than the proofs show.
void App::sayNoMistake(const ReviewOutcome& outcome) {
  if (outcome.allSettled)
    return say("The proofs show no mistake in this game: every move is judged by them.");
  const std::string unsettled = countOf(static_cast<std::size_t>(outcome.unsettled), "move") +
                                " not settled within the review's budget";
  if (!outcome.lostAfter) return say("No mistake is proven; " + unsettled + ".");
  const std::size_t i = *outcome.lostAfter;
  goToPly(i + 1);
  say("No mistake is proven. " + sideName(outcome.loser) +
      "'s position is proven lost after move " + std::to_string(i + 1) + " (" +
      moveToken(review_->state().line[i]) +
      "); whether an earlier move could have saved it is not settled (" + unsettled + ").");
}

// Shows the position after `moves` moves of the game's line, stepping with undo and redo
// (so the rest stays redoable); the engine waits, so it does not play over the line.
void App::goToPly(std::size_t moves) {
  stopEngine();
  paused_ = true;
  stepOnce_ = false;
  hint_.reset();
  while (game_.moves().size() > moves && game_.canUndo()) game_.undo();
  while (game_.moves().size() < moves && game_.canRedo()) game_.redo();
  if (!game_.moves().empty()) cursor_ = game_.lastMove();
}

bool App::loadPuzzles() {
  if (!puzzles_) {
    auto session = std::make_unique<PuzzleSession>();
    if (const std::string problem = session->load(); !problem.empty()) {
      say(problem, Style::Error);
      return false;
    }
    puzzles_ = std::move(session);
  }
  return true;
}

bool App::showPuzzle(std::size_t index, int symmetry) {
  if (!loadPuzzles()) return false;
  if (index >= puzzles_->count()) {
    say("There is no puzzle " + std::to_string(index + 1) + ": the puzzles go from 1 to " +
            std::to_string(puzzles_->count()) + ".",
        Style::Error);
    return false;
  }
  puzzles_->show(index, symmetry);
  return true;
}

void App::startPuzzle(std::optional<std::size_t> which, std::optional<int> symmetry) {
  // A random one of the 192 symmetries, so that a puzzle met again looks new.
  const int shownAs = symmetry.value_or(
      static_cast<int>(std::chrono::steady_clock::now().time_since_epoch().count() % kSymmetries));
  if (!loadPuzzles()) return;
  if (!showPuzzle(which.value_or(puzzles_->puzzleOfTheDay()), shownAs)) return;
  stopEngine();
  const Puzzle& p = puzzles_->shown();
  mode_ = GameMode::Puzzle;
  lastFile_.clear();
  game_.reset(p.position);
  restartClock();
  savedGame_ = gameSnapshot();  // a puzzle left unfinished loses nothing
  const Side us = p.position.sideToMove();
  seats_.side[index(us)] = Controller::Human;
  seats_.side[index(opponent(us))] = Controller::Engine;
  engineNewGame_ = true;
  paused_ = false;
  lastEngineMove_.reset();
  hint_.reset();
  message_ = {};
}

void App::explainStep() {
  const Position& pos = game_.position();
  if (explaining_ && explaining_->from == pos) {
    const std::size_t steps = explaining_->quiet ? 1 : explaining_->steps.size();
    if (++explaining_->shown <= steps) return;
    explaining_.reset();
    return say("End of the explanation: the board shows the game again.");
  }
  explaining_.reset();
  if (pos.isGameOver()) return say("The game is over.");
  const Side us = pos.sideToMove();
  ThreatSearch threats(std::size_t{1} << 16);
  if (const ForcingWin win = checkedForcingWin(threats, pos, 2'000'000); !win.moves.empty()) {
    explaining_ = Explanation{pos, explainForcingWin(pos, win.moves), 1, std::nullopt};
    return;
  }
  // Not by threes alone: a short proof search may find a win that starts with a quiet move
  // (a fraction of a second; the answer is checked by the rules).
  SolverOptions options;
  options.tableMb = 32;
  options.threatEntries = std::size_t{1} << 16;
  Solver solver(options);
  SolveLimits budget;
  budget.maxPositions = kExplainPositions;
  const QuietWin quiet = explainQuietWin(solver, pos, budget);
  if (!quiet.proven)
    return say(sideName(us) + " has no win by threes alone here, and none was proven in a " +
               "short search (" + keys_.primaryKeyName(Action::Overlay) +
               " shows every move's proven value).");
  explaining_ = Explanation{pos, {}, 1, quiet};
}

Position App::shownPosition(int& lastMove) const {
  lastMove = game_.lastMove();
  if (!explaining_ || !(explaining_->from == game_.position())) return game_.position();
  Position p = explaining_->from;
  if (explaining_->quiet) {
    p.play(explaining_->quiet->move);
    lastMove = explaining_->quiet->move;
    return p;
  }
  for (std::size_t k = 0; k < explaining_->shown; ++k) {
    const ForcingStep& step = explaining_->steps[k];
    p.play(step.move);
    lastMove = step.move;
    if (k + 1 < explaining_->shown && step.reply >= 0) p.play(step.reply);
  }
  return p;
}

void App::restartClock() {
  lostOnTime_.reset();
  clock_.reset(game_.position().sideToMove(), std::chrono::steady_clock::now());
}

void App::tickClock() {
  if (!clock_.hasClock()) return;
  const auto now = std::chrono::steady_clock::now();
  const Position& pos = game_.position();
  const bool stopped = pos.isGameOver() || lostOnTime_ || startScreen_ || helpOpen_ ||
                       prompt_ != PromptKind::None ||
                       (paused_ && seats_.isEngine(pos.sideToMove()));
  if (stopped) return clock_.pause(now);
  clock_.follow(pos.sideToMove(), now);  // after undo, redo or a jump: the side to move runs
  clock_.resume(now);
  if (const std::optional<Side> out = clock_.flagged(now)) {
    lostOnTime_ = out;
    stopEngine();
    say(sideName(*out) + " lost on time: " + sideName(opponent(*out)) + " wins.", Style::Highlight);
  }
}

bool App::enterSurvival(bool counts) {
  const std::optional<BookMove> opening = book_ ? book_->find(Position{}) : std::nullopt;
  if (!opening) {
    say("Survival needs the solution (the book), and it could not be read.", Style::Error);
    return false;
  }
  survivalCounts_ = counts;
  survivalScored_ = false;
  survivalLongest_ = opening->pliesToWin;
  survivalBest_ = 0;
  if (const std::string dir = stateDirectory(); !dir.empty())
    if (const Parsed<std::string> best = readRegularFile(dir + "/survival-best", 64))
      survivalBest_ = std::atoi(best.value().c_str());
  return true;
}

void App::startSurvival() {
  if (!enterSurvival(true)) return;
  stopEngine();
  mode_ = GameMode::Survival;
  lastFile_.clear();
  game_.reset();
  restartClock();
  savedGame_ = gameSnapshot();
  seats_ = Seats::fromHumanSide("o");
  engineNewGame_ = true;
  paused_ = false;
  lastEngineMove_.reset();
  hint_.reset();
  message_ = {};
}

// Once the survival game is over: its length, and a new personal best kept on disk.
void App::scoreSurvival() {
  if (mode_ != GameMode::Survival || survivalScored_ || !game_.position().isGameOver()) return;
  survivalScored_ = true;
  const int plies = static_cast<int>(game_.moves().size());
  if (!survivalCounts_ || plies <= survivalBest_) return;
  survivalBest_ = plies;
  if (const std::string dir = makeStateDirectory(); !dir.empty())
    std::ofstream(dir + "/survival-best") << plies << '\n';
}

void App::hint() {
  const Position& pos = game_.position();
  if (pos.isGameOver()) return say("The game is over.");
  if (seats_.isEngine(pos.sideToMove())) return say("Hints are for your own move.");
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Hint;
  job.level = kMaxLevel;  // a hint is the engine's best advice, whatever its playing level
  job.moveTime = thinkingTime(pos);
  job.newGame = std::exchange(engineNewGame_, false);
  engine_.start(job);
  // Survival measures the player alone: a round with a hint is not scored.
  const bool uncounts = mode_ == GameMode::Survival && std::exchange(survivalCounts_, false);
  say(uncounts ? "Thinking about a hint... (this round is no longer scored)"
               : "Thinking about a hint...");
}

std::chrono::milliseconds App::thinkingTime(const Position& pos) const {
  if (!clock_.hasClock()) return moveTime_;
  // On the clock, the engine budgets from the mover's time as it does under UGI
  // (engine/play/timeman), never more than the move time.
  const auto now = std::chrono::steady_clock::now();
  GoLimits go;
  for (const Side s : {Side::X, Side::O}) {
    go.clockMs[index(s)] = clock_.remaining(s, now).count();
    go.incrementMs[index(s)] = clock_.control().incrementMs;
  }
  return std::min(moveTime_, moveBudget(go, pos.sideToMove(), popcount(pos.emptyCells()),
                                        std::chrono::milliseconds(50)));
}

void App::changeSeats(const Seats& seats, const std::string& why) {
  stopEngine();
  seats_ = seats;
  paused_ = false;
  const std::string_view who = seats_.humanSide();
  std::string what =
      who == "x"   ? "You play X against the engine."
      : who == "o" ? "You play O against the engine."
      : who == "both"
          ? "Two players: X and O both play from the keyboard."
          : "Engine against engine: " + keys_.primaryKeyName(Action::Pause) + " pauses.";
  say(why + " " + what);
}

// The level of each side the engine plays changes (of both before the game has seats).
void App::changeLevel(int delta) {
  const std::array<int, 2> before = levels_;
  for (const Side s : {Side::X, Side::O})
    if (seats_.isEngine(s) || !seats_.anyEngine() || startScreen_)
      levels_[index(s)] = std::clamp(levels_[index(s)] + delta, kMinLevel, kMaxLevel);
  if (levels_ == before) return say("The engine is already at " + levelsText() + ".");
  say("Engine " + levelsText() + " (1 weakest, 10 strongest); it applies from the next move.");
}

std::string App::levelsText() const {
  if (levels_[0] == levels_[1]) return "level " + std::to_string(levels_[0]);
  return "levels: X " + std::to_string(levels_[0]) + ", O " + std::to_string(levels_[1]);
}

void App::toggleOverlay() {
  showOverlay_ = !showOverlay_;
  if (showOverlay_ && !analysis_)
    analysis_ = std::make_unique<BackgroundAnalysis>(
        engineJudge(kOverlayBudgetPerCell, book_, settings_.engine.threads));
  if (!showOverlay_ && analysis_) analysis_->cancel();
  say(showOverlay_ ? "Overlay on: for the side to move, W wins by force, L loses, ? is not proven."
                   : "Overlay off.");
}

void App::finishPrompt() {
  const PromptKind kind = prompt_;
  prompt_ = PromptKind::None;
  const std::string path = promptText_;
  if (kind == PromptKind::GoTo) {
    const std::size_t moves = game_.line().size();
    char* end = nullptr;
    const long n = std::strtol(path.c_str(), &end, 10);
    if (path.empty() || *end != '\0' || n < 0 || static_cast<std::size_t>(n) > moves)
      return say("Give a move number from 0 to " + std::to_string(moves) + ".", Style::Error);
    goToPly(static_cast<std::size_t>(n));
    return say("At move " + std::to_string(n) + " of " + std::to_string(moves) + "; " +
               keys_.primaryKeyName(Action::Undo) + "/" + keys_.primaryKeyName(Action::Redo) +
               " step" +
               (seats_.anyEngine()
                    ? ", the engine is paused (" + keys_.primaryKeyName(Action::Pause) + ")."
                    : "."));
  }
  if (path.empty()) return say("No file name given.");
  if (kind == PromptKind::Save)
    save(path);
  else
    load(path);
}

void App::save(const std::string& path, bool replace) {
  const GameRecord record = recordForDisk("Qubic game");
  prepareGamesDirectory(path);
  std::error_code ec;
  if (!replace &&
      std::filesystem::symlink_status(path, ec).type() != std::filesystem::file_type::not_found) {
    // Only the file this game was saved to or loaded from, unchanged since, is offered for
    // replacing: never another game, never a file of anything else.
    const Parsed<std::string> now = readRegularFile(path, kMaxRecordBytes);
    if (path != lastFile_ || !now || now.value() != lastFileText_)
      return say(path + " already exists and is not this game as saved; it is not overwritten " +
                     "(give another name).",
                 Style::Error);
    replacing_ = path;
    prompt_ = PromptKind::Replace;
    return;
  }
  if (std::string error = saveRecordFile(path, record, replace); !error.empty())
    return say(error, Style::Error);
  lastFile_ = path;
  lastFileText_ = recordToString(record);
  savedGame_ = gameSnapshot();
  say("Saved to " + path + ".");
}

GameRecord App::recordForDisk(const std::string& event) const {
  GameRecord record = game_.toRecord();
  record.setTag("Event", event);
  record.setTag("Date", recordDate());
  record.setTag("X", seatText(Side::X));
  record.setTag("O", seatText(Side::O));
  writeSetupTags(currentSetup(), record);
  return record;
}

GameSetup App::currentSetup() const {
  GameSetup setup;
  setup.seats = seats_;
  setup.levels = levels_;
  setup.moveTime = moveTime_;
  if (mode_ == GameMode::Puzzle && puzzles_) {
    setup.mode = GameMode::Puzzle;
    setup.puzzle = puzzles_->shownIndex();
    setup.symmetry = puzzles_->shownSymmetry();
  }
  if (mode_ == GameMode::Survival) setup.mode = GameMode::Survival;
  setup.survivalCounts = survivalCounts_;
  if (clock_.hasClock()) {
    setup.timeControl = clock_.control().text();
    const auto now = std::chrono::steady_clock::now();
    for (const Side s : {Side::X, Side::O}) setup.clockLeft[index(s)] = clock_.remaining(s, now);
  }
  return setup;
}

void App::applySetup(const GameSetup& setup) {
  stopEngine();
  seats_ = setup.seats;
  levels_ = setup.levels;
  moveTime_ = setup.moveTime;
  mode_ = GameMode::Play;
  paused_ = stepOnce_ = false;
  explaining_.reset();
  lastEngineMove_.reset();
  hint_.reset();
  if (setup.mode == GameMode::Puzzle) {
    if (showPuzzle(setup.puzzle, setup.symmetry) && puzzles_->shown().position == game_.start())
      mode_ = GameMode::Puzzle;
    else
      say("The puzzle this game was could not be found; it goes on as a game.");
  }
  if (setup.mode == GameMode::Survival && enterSurvival(setup.survivalCounts))
    mode_ = GameMode::Survival;
  if (setup.timeControl.empty()) return restartClock();  // the configured clock, afresh
  if (const Parsed<TimeControl> control = parseTimeControl(setup.timeControl)) {
    clock_.set(control.value());
    lostOnTime_.reset();
    clock_.restore(setup.clockLeft, game_.position().sideToMove(),
                   std::chrono::steady_clock::now());
  }
}

void App::load(const std::string& path) {
  const Parsed<GameRecord> record = loadRecordFile(path);
  if (!record) return say("Not loaded, the game is unchanged: " + record.error(), Style::Error);
  const Parsed<GameSetup> setup = readSetupTags(record.value(), currentSetup());
  stopEngine();
  game_.load(record.value());
  // A record from elsewhere may carry tags of the same names with other meanings: its
  // moves are loaded all the same, with the players as they were.
  GameSetup kept = currentSetup();
  kept.mode = GameMode::Play;
  kept.timeControl.clear();
  applySetup(setup ? setup.value() : kept);
  engineNewGame_ = true;
  lastFile_ = path;
  const Parsed<std::string> text = readRegularFile(path, kMaxRecordBytes);
  lastFileText_ = text ? text.value() : std::string();
  savedGame_ = gameSnapshot();
  if (!game_.moves().empty()) cursor_ = game_.lastMove();
  say("Loaded " + path + ": " + countOf(game_.moves().size(), "move") + ".");
}

void App::stopEngine() { engine_.cancel(); }

void App::maybeStartEngine() {
  if (prompt_ == PromptKind::Resume || startScreen_)
    return;  // which game is played is not decided yet
  const Position& pos = game_.position();
  if (pos.isGameOver() || lostOnTime_ || !seats_.isEngine(pos.sideToMove()) || engine_.busy())
    return;
  if (paused_ && !stepOnce_) return;
  if (!seats_.anyHuman() && !stepOnce_ &&
      std::chrono::steady_clock::now() - lastMoveAt_ <
          std::chrono::milliseconds(settings_.tui.watchDelayMs))
    return;
  stepOnce_ = false;
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Move;
  // Survival is against perfect X: the top level plays the book.
  job.level = mode_ == GameMode::Survival ? kMaxLevel : levels_[index(pos.sideToMove())];
  job.moveTime = thinkingTime(pos);
  job.newGame = std::exchange(engineNewGame_, false);
  engine_.start(job);
}

void App::pollEngine() {
  std::optional<EngineResult> result = engine_.takeResult();
  if (!result || !(result->position == game_.position())) return;  // stale: the game moved on
  const MoveChoice& choice = result->choice;
  if (!choice.error.empty()) {
    paused_ = true;  // not asked again at once; a key resumes, as after a pause
    return say("The engine failed (" + choice.error + "); " + keys_.primaryKeyName(Action::Pause) +
                   " lets it try again.",
               Style::Error);
  }
  if (choice.move < 0 || !game_.position().isLegal(choice.move)) return;
  if (result->purpose == JobPurpose::Hint) {
    hint_ = choice;
    hintPly_ = game_.moves().size();
    cursor_ = choice.move;
    say("The cursor is on the hint: Enter plays " + moveToken(choice.move) + ".");
    return;
  }
  const Side side = game_.position().sideToMove();
  game_.play(choice.move, settings_.engine.explain ? choice.reason : std::string());
  clock_.moved(side, std::chrono::steady_clock::now());
  lastMoveAt_ = std::chrono::steady_clock::now();
  lastEngineMove_ = EngineNote{game_.moves().size() - 1, side, choice};
  if (seats_.anyHuman()) cursor_ = choice.move;
  if (message_.style != Style::Error) message_ = {};
  scoreSurvival();
}

}  // namespace qubic::tui
