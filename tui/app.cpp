#include "app.hpp"

#include <curses.h>

#include <array>
#include <utility>

#include "board_keys.hpp"
#include "engine/core/notation.hpp"
#include "game_view.hpp"
#include "terminal.hpp"

namespace qubic::tui {

App::App(const Settings& settings, const KeyMap& keys, std::optional<int> puzzle)
    : context_(startingContext(settings, keys)),
      input_(context_.keys),
      view_(settings.tui),
      solution_(loadSolution(settings.engine)),
      engine_(settings.engine, solution_.book, solution_.table),
      review_(solution_.known),
      openPuzzle_(puzzle) {
  if (!settings.tui.engine.empty())
    engine_.useExternal(settings.tui.engine, settings.tui.engineOptions);
  relayout();
  begin(freshRound(OrdinaryGame{}));
  if (settings.tui.startScreen && !puzzle) open(StartScreen{});
  if (const std::string problem = solution_.problem(); !problem.empty())
    context_.say(problem, Style::Error);
  else
    context_.say("Welcome! Press " + context_.key(Action::Help) + " for help.");
}

App::~App() = default;

std::string App::run() {
  if (openPuzzle_)
    startPuzzle(static_cast<std::size_t>(*openPuzzle_ - 1), 0);
  else
    offerUnfinishedGame();
  while (!quit_ && !terminationRequested()) turn();
  engine_.stop();
  analysis_.reset();  // its thread adds to the known values: it ends first
  review_ = ReviewStudy(solution_.known);
  std::string problem = solution_.keep();
  files_.keepOnExit(context_, engine_);  // for the next run: with the clocks as they stand
  return problem;
}

void App::turn() {
  engine_.poll(context_);
  review_.poll(context_.voice());
  engine_.tickClock(context_, !screens_.empty());
  if (!choosingGame()) {  // the earlier game is not decided on yet
    engine_.maybeStart(context_);
    files_.autosave(context_, engine_);
  }
  if (context_.display.overlay) {
    if (!analysis_) {  // made when the overlay is first shown: a judge per thread
      std::vector<MoveJudge> judges;
      for (int i = overlayThreads(context_.settings.tui.overlayThreads); i > 0; --i)
        judges.push_back(engineJudge(kOverlayBudgetPerCell, solution_.book, 1, solution_.known));
      analysis_ = std::make_unique<BackgroundAnalysis>(std::move(judges));
    }
    analysis_->analyse(context_.round.game.position());
  }
  const Screen* top = screens_.empty() ? nullptr : &screens_.back();
  const EngineShown engine = engine_.shown(context_);
  const ReviewShown review = review_.shown(context_.round.game);
  view_.draw(
      gameView({context_, engine, input_, top, analysis_.get(), review, solution_.book.get()}),
      layout_);
  const int key = getch();
  if (key != ERR) handleKey(key);
}

void App::begin(Round round) {
  engine_.stop();
  context_.round = std::move(round);
  context_.clock.reset(context_.round.game.position().sideToMove(),
                       std::chrono::steady_clock::now());
  if (!context_.round.game.moves().empty()) context_.cursor = context_.round.game.lastMove();
}

void App::relayout() {
  int rows = 0, cols = 0;
  getmaxyx(stdscr, rows, cols);
  layout_ = computeLayout(rows, cols, context_.display.cube);
  clear();
}

void App::handleKey(int key) {
  if (key == KEY_RESIZE) return relayout();
  if (!screens_.empty()) return handleScreenKey(key);
  if (key == KEY_MOUSE) return handleMouse();
  handleBoardKey(key);
}

void App::handleBoardKey(int key) {
  const KeyMap& keys = context_.keys;
  if (!context_.lineup.seats.anyHuman() && input_.pendingToken().empty() && key >= '1' &&
      key <= '4' && keys.actionFor(key) == Action::None)
    return context_.say("The engine plays both sides; " + context_.key(Action::Players) +
                        " lets you play.");
  const Command command = input_.feed(key);
  if (!command.error.empty()) return context_.say(command.error, Style::Error);
  if (command.cell >= 0) {
    context_.cursor = command.cell;
    return playHuman(context_, engine_, command.cell);
  }
  if (!input_.pendingToken().empty()) {
    // Show where the token is heading: its level once the level digit is typed.
    const int cursor = context_.cursor;
    context_.cursor = cellAt(fileOf(cursor), rankOf(cursor), input_.pendingToken()[0] - '1');
    return;
  }
  if (command.action == Action::None)
    return context_.say("That key does nothing here; " + context_.key(Action::Help) +
                        " lists the keys.");
  perform(command.action);
}

void App::handleMouse() {
  MEVENT event;
  if (getmouse(&event) != OK) return;
  if (!(event.bstate & (BUTTON1_PRESSED | BUTTON1_CLICKED))) return;
  const int cell = cellAtScreen(layout_, event.y, event.x);
  if (cell < 0) return;
  context_.cursor = cell;
  playHuman(context_, engine_, cell);
}

void App::perform(Action action) {
  using Handler = void (*)(App&, GameContext&);
  struct Entry {
    Action action;
    Handler handler;
  };
  // Every action's handler, in the order of the help screen; the lambdas are members' in
  // all but name, so they may call the private functions. New game and players are the
  // mode's: it says which transition they make.
  static constexpr std::array kHandlers{
      Entry{Action::Help, [](App& a, GameContext&) { a.open(HelpScreen{}); }},
      Entry{Action::NewGame,
            [](App& a, GameContext& c) {
              a.apply(c.round.withMode([](const auto& m) { return m.onKey(Action::NewGame); }));
            }},
      Entry{Action::Quit, [](App& a, GameContext&) { a.leaveOrAsk(Action::Quit); }},
      Entry{Action::Load, [](App& a, GameContext&) { a.leaveOrAsk(Action::Load); }},
      Entry{Action::Save, [](App& a, GameContext& c) { a.open(savePrompt(c.round.file)); }},
      Entry{Action::Undo, [](App& a, GameContext& c) { undo(c, a.engine_); }},
      Entry{Action::Redo, [](App& a, GameContext& c) { redo(c, a.engine_); }},
      Entry{Action::Hint, [](App& a, GameContext& c) { a.engine_.hint(c); }},
      Entry{Action::MoveNow, [](App& a, GameContext& c) { a.engine_.moveNow(c); }},
      Entry{Action::SwapSides, [](App& a, GameContext& c) { swapSides(c, a.engine_); }},
      Entry{Action::Players,
            [](App& a, GameContext& c) {
              a.apply(c.round.withMode([](const auto& m) { return m.onKey(Action::Players); }));
            }},
      Entry{Action::LevelUp, [](App& a, GameContext&) { a.changeLevel(+1, false); }},
      Entry{Action::LevelDown, [](App& a, GameContext&) { a.changeLevel(-1, false); }},
      Entry{Action::Threats, [](App&, GameContext& c) { toggleThreats(c.display, c.voice()); }},
      Entry{Action::ExpectedLine,
            [](App&, GameContext& c) { toggleExpectedLine(c.display, c.voice()); }},
      Entry{Action::Lines, [](App&, GameContext& c) { toggleLines(c.display, c.voice()); }},
      Entry{Action::CubeView, [](App& a, GameContext&) { a.toggleCubeView(); }},
      Entry{Action::Overlay, [](App& a, GameContext&) { a.toggleOverlay(); }},
      Entry{Action::Review, [](App& a, GameContext&) { a.review(); }},
      Entry{Action::Explain,
            [](App&, GameContext& c) {
              if (std::string said =
                      explainStep(c.round.explaining, c.round.game.position(), c.keys);
                  !said.empty())
                c.say(std::move(said));
            }},
      Entry{Action::GoToMove,
            [](App& a, GameContext& c) {
              if (c.round.game.line().empty()) return c.say("No moves to go to yet.");
              a.open(LinePrompt{LinePrompt::Purpose::GoTo, {}, {}});
            }},
      Entry{Action::Pause,
            [](App& a, GameContext& c) { pause(c.round.engine, a.engine_, c.voice()); }},
      Entry{Action::Step, [](App&, GameContext& c) { step(c.round.engine, c.voice()); }},
      Entry{Action::CursorLeft, [](App&, GameContext& c) { moveCursor(c.cursor, -1, 0, 0); }},
      Entry{Action::CursorRight, [](App&, GameContext& c) { moveCursor(c.cursor, +1, 0, 0); }},
      Entry{Action::CursorUp, [](App&, GameContext& c) { moveCursor(c.cursor, 0, +1, 0); }},
      Entry{Action::CursorDown, [](App&, GameContext& c) { moveCursor(c.cursor, 0, -1, 0); }},
      Entry{Action::PlanePrev, [](App&, GameContext& c) { moveCursor(c.cursor, 0, 0, -1); }},
      Entry{Action::PlaneNext, [](App&, GameContext& c) { moveCursor(c.cursor, 0, 0, +1); }},
      Entry{Action::Play, [](App& a, GameContext& c) { playHuman(c, a.engine_, c.cursor); }},
      Entry{Action::Cancel, [](App&, GameContext& c) { c.message = {}; }},
  };
  for (const Entry& entry : kHandlers)
    if (entry.action == action) return entry.handler(*this, context_);
}

void App::apply(Transition transition) {
  switch (transition) {
    case Transition::None:
      return;
    case Transition::NewGame:
      return leaveOrAsk(Action::NewGame);
    case Transition::NextPuzzle:
      return startPuzzle(puzzles_->nextUnsolved(puzzles_->shownIndex()));
    case Transition::NextSurvival:
      return startSurvival();
    case Transition::LeaveMode:
      return leaveMode();
    case Transition::NextPlayers: {
      // Issue 70, 13: a typed "c3" with the level forgotten made the player O and the
      // engine played the player's X move at once: a game in progress is asked about.
      const Game& game = context_.round.game;
      if (!game.moves().empty() && !game.position().isGameOver())
        return open(Question{Question::Purpose::Players, Action::None, {}, std::nullopt});
      return changeSeats(context_, engine_, context_.lineup.seats.next(), "Players changed.");
    }
  }
}

void App::toggleCubeView() {
  context_.display.cube = !context_.display.cube;
  relayout();
  sayCubeView(context_.display, context_.voice(), layout_.cube);
}

void App::changeLevel(int delta, bool choosing) {
  tui::changeLevel(context_.lineup, context_.voice(), delta, choosing,
                   !context_.settings.tui.engine.empty());
}

void App::toggleOverlay() {
  bool& shown = context_.display.overlay;
  shown = !shown;  // the loop makes the analysis at its first use
  if (!shown && analysis_) analysis_->cancel();
  context_.say(shown ? "Overlay on: for the side to move, W wins by force, L loses, ? is not "
                       "proven."
                     : "Overlay off.");
}

void App::review() {
  if (const std::optional<std::size_t> ply =
          review_.press(context_.round.game, context_.lineup, context_.voice()))
    goToPly(context_, engine_, *ply);
}

}  // namespace qubic::tui
