#include "app.hpp"

#include <curses.h>

#include <array>
#include <utility>

#include "config/book_file.hpp"
#include "config/proven_cache.hpp"
#include "config/table_file.hpp"
#include "engine/core/notation.hpp"
#include "terminal.hpp"

namespace qubic::tui {

namespace {

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

// The values kept across runs when the settings ask for them (engine.proven_cache): a
// damaged or foreign file is ignored (and replaced on exit).
std::shared_ptr<ProvenStore> provenCache(const EngineSettings& engine) {
  if (!engine.provenCache) return nullptr;
  auto store = std::make_shared<ProvenStore>();
  loadProvenCache(*store);
  return store;
}

}  // namespace

App::App(const Settings& settings, const KeyMap& keys, std::optional<int> puzzle)
    : settings_(settings),
      keys_(keys),
      input_(keys_),
      view_(settings.tui),
      seats_(Seats::fromHumanSide(settings.tui.humanSide)),
      levels_{settings.tui.levelX >= 0 ? settings.tui.levelX : settings.tui.level,
              settings.tui.levelO >= 0 ? settings.tui.levelO : settings.tui.level},
      elo_(settings.engine.limitStrength ? std::optional<int>(settings.engine.elo) : std::nullopt),
      moveTime_(settings.tui.moveTimeMs),
      book_(loadBook(settings.engine, bookProblem_)),
      table_(settings.engine.useSolution ? shippedTableOrEmpty(&tableProblem_) : nullptr),
      engine_(playerOptions(settings.engine), book_, table_),
      known_(std::make_shared<KnownValues>(table_, provenCache(settings.engine))),
      cursor_(cellAt(1, 1, 0)),
      showThreats_(settings.tui.showThreats),
      showOverlay_(settings.tui.showOverlay),
      openPuzzle_(puzzle),
      round_(freshRound(OrdinaryGame{})) {
  if (!settings.tui.engine.empty())
    engine_.useExternal(settings.tui.engine, settings.tui.engineOptions);
  relayout();
  // The setting was checked when it was read (config/settings: a tc= with a clock).
  if (const Parsed<TimeControl> clock = parseTimeControl(settings.tui.clock);
      clock && !settings.tui.clock.empty())
    clock_.set(clock.value());
  restartClock();
  if (settings.tui.startScreen && !puzzle) open(StartScreen{});
  if (!bookProblem_.empty())
    say(bookProblem_ + "; playing without a book.", Style::Error);
  else if (!tableProblem_.empty())
    say(tableProblem_ + "; playing without the opening table.", Style::Error);
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
    if (showOverlay_) {
      if (!analysis_)  // made when the overlay is first shown
        analysis_ = std::make_unique<BackgroundAnalysis>(
            engineJudge(kOverlayBudgetPerCell, book_, settings_.engine.threads, known_));
      analysis_->analyse(round_.game.position());
    }
    view_.draw(buildView(), layout_);
    const int key = getch();
    if (key != ERR) handleKey(key);
  }
  stopEngine();
  analysis_.reset();  // its thread adds to the known values: it ends first
  review_.reset();
  if (known_->cache()) saveProvenCache(*known_->cache());
  if (!autosaved_.empty()) {  // kept for the next run: with the clocks as they stand now
    autosaved_ = "(on exit)";
    autosave();
  }
}

void App::begin(Round round) {
  stopEngine();
  round_ = std::move(round);
  restartClock();
  if (!round_.game.moves().empty()) cursor_ = round_.game.lastMove();
}

void App::relayout() {
  int rows = 0, cols = 0;
  getmaxyx(stdscr, rows, cols);
  layout_ = computeLayout(rows, cols, cubeView_);
  clear();
}

void App::say(std::string text, Style style) {
  message_ = {std::move(text), style, style != Style::Normal};
}

void App::handleKey(int key) {
  if (key == KEY_RESIZE) return relayout();
  if (!screens_.empty()) return handleScreenKey(key);
  if (key == KEY_MOUSE) return handleMouse();
  handleBoardKey(key);
}

void App::handleBoardKey(int key) {
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

void App::perform(Action action) {
  using Handler = void (*)(App&);
  struct Entry {
    Action action;
    Handler handler;
  };
  // Every action's handler, in the order of the help screen; the lambdas are members' in
  // all but name, so they may call the private functions.
  static constexpr std::array kHandlers{
      Entry{Action::Help, [](App& a) { a.open(HelpScreen{}); }},
      Entry{Action::NewGame, [](App& a) { a.nextRound(); }},
      Entry{Action::Quit, [](App& a) { a.leaveOrAsk(Action::Quit); }},
      Entry{Action::Load, [](App& a) { a.leaveOrAsk(Action::Load); }},
      Entry{Action::Save, [](App& a) { a.openSavePrompt(); }},
      Entry{Action::Undo, [](App& a) { a.undo(); }},
      Entry{Action::Redo, [](App& a) { a.redo(); }},
      Entry{Action::Hint, [](App& a) { a.hint(); }},
      Entry{Action::MoveNow, [](App& a) { a.moveNow(); }},
      Entry{Action::SwapSides, [](App& a) { a.swapSides(); }},
      Entry{Action::Players, [](App& a) { a.changePlayers(); }},
      Entry{Action::LevelUp, [](App& a) { a.changeLevel(+1); }},
      Entry{Action::LevelDown, [](App& a) { a.changeLevel(-1); }},
      Entry{Action::Threats, [](App& a) { a.toggleThreats(); }},
      Entry{Action::ExpectedLine, [](App& a) { a.toggleExpectedLine(); }},
      Entry{Action::Lines, [](App& a) { a.toggleLines(); }},
      Entry{Action::CubeView, [](App& a) { a.toggleCubeView(); }},
      Entry{Action::Overlay, [](App& a) { a.toggleOverlay(); }},
      Entry{Action::Review, [](App& a) { a.reviewOrNextMistake(); }},
      Entry{Action::Explain, [](App& a) { a.explainStep(); }},
      Entry{Action::GoToMove, [](App& a) { a.openGoToPrompt(); }},
      Entry{Action::Pause, [](App& a) { a.pause(); }},
      Entry{Action::Step, [](App& a) { a.step(); }},
      Entry{Action::CursorLeft, [](App& a) { a.moveCursor(-1, 0, 0); }},
      Entry{Action::CursorRight, [](App& a) { a.moveCursor(+1, 0, 0); }},
      Entry{Action::CursorUp, [](App& a) { a.moveCursor(0, +1, 0); }},
      Entry{Action::CursorDown, [](App& a) { a.moveCursor(0, -1, 0); }},
      Entry{Action::PlanePrev, [](App& a) { a.moveCursor(0, 0, -1); }},
      Entry{Action::PlaneNext, [](App& a) { a.moveCursor(0, 0, +1); }},
      Entry{Action::Play, [](App& a) { a.playHuman(a.cursor_); }},
      Entry{Action::Cancel, [](App& a) { a.message_ = {}; }},
  };
  for (const Entry& entry : kHandlers)
    if (entry.action == action) return entry.handler(*this);
}

}  // namespace qubic::tui
