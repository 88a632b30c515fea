// Playing: the player's moves, the engine's, undo and redo, the clocks, seats and levels.
#include <algorithm>
#include <utility>

#include "app.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/timeman.hpp"
#include "levels.hpp"

namespace qubic::tui {

void App::playHuman(int cell) {
  const Position& pos = round_.game.position();
  if (pos.isGameOver())
    return say("The game is over: " + keys_.primaryKeyName(Action::NewGame) +
               " starts a new one, " + keys_.primaryKeyName(Action::Undo) + " takes a move back.");
  if (seats_.isEngine(pos.sideToMove()))
    return say("It is the engine's move; " + keys_.primaryKeyName(Action::MoveNow) +
               " makes it move now.");
  if (!pos.isEmpty(cell))
    return say(moveToken(cell) + " is taken; choose an empty cell.", Style::Error);
  if (const std::optional<Forfeit>& lost = round_.forfeit)
    return say(sideName(lost->loser) +
               (lost->termination == "time forfeit" ? " lost on time: " : " lost the game: ") +
               keys_.primaryKeyName(Action::NewGame) + " starts a new game.");
  engine_.cancel();  // a hint being thought about is no longer wanted
  round_.game.play(cell);
  clock_.moved(opponent(round_.game.position().sideToMove()), std::chrono::steady_clock::now());
  if (round_.kind() == GameMode::Puzzle && round_.game.moves().size() == 1)
    puzzles_->checkFirstMove(cell);
  scoreSurvival();
  scorePuzzle();
  lastMoveAt_ = std::chrono::steady_clock::now();
  round_.hint.reset();
  if (round_.game.position().isGameOver())
    message_ = {};
  else
    say("You played " + moveToken(cell) + ".");
}

void App::moveCursor(int dFile, int dRank, int dLevel) {
  // Wraps around within a plane, and from level 4 back to level 1.
  const int file = (fileOf(cursor_) + dFile + 4) % 4;
  const int rank = (rankOf(cursor_) + dRank + 4) % 4;
  const int level = (levelOf(cursor_) + dLevel + 4) % 4;
  cursor_ = cellAt(file, rank, level);
}

void App::newGame() {
  begin(freshRound(OrdinaryGame{}));
  say("New game. " +
      std::string(seats_.anyHuman() ? "X moves first." : "The engines are playing."));
}

void App::undo() {
  stopEngine();
  Game& game = round_.game;
  if (SurvivalRound* survival = round_.survival(); survival && game.canUndo())
    survival->counts = false;
  // While the engine is paused (browsing after g or the review) a step is one move, as
  // the guide says; in play, undo takes the engine's reply with the player's move.
  int taken = 0;
  if (!round_.paused) {
    taken = game.undoTurn(seats_);
  } else if (game.canUndo()) {
    game.undo();
    taken = 1;
  }
  if (taken == 0) return say("Nothing to undo.");
  round_.hint.reset();
  if (!seats_.anyHuman()) round_.paused = true;  // otherwise the engines would replay at once
  say(taken == 1 ? "Took back one move." : "Took back your move and the engine's reply.");
  if (!game.moves().empty()) cursor_ = game.lastMove();
}

void App::redo() {
  stopEngine();
  Game& game = round_.game;
  int replayed = 0;
  if (!round_.paused) {
    replayed = game.redoTurn(seats_);
  } else if (game.canRedo()) {
    game.redo();
    replayed = 1;
  }
  if (replayed == 0) return say("Nothing to redo.");
  if (!game.moves().empty()) cursor_ = game.lastMove();
  say(replayed == 1 ? "Replayed one move." : "Replayed " + std::to_string(replayed) + " moves.");
}

void App::hint() {
  const Position& pos = round_.game.position();
  if (pos.isGameOver()) return say("The game is over.");
  if (seats_.isEngine(pos.sideToMove())) return say("Hints are for your own move.");
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Hint;
  job.level = kMaxLevel;  // a hint is the engine's best advice, whatever its playing level
  job.moveTime = thinkingTime(pos);
  job.newGame = std::exchange(round_.engineNewGame, false);
  engine_.start(job);
  // Survival measures the player alone: a round with a hint is not scored.
  SurvivalRound* survival = round_.survival();
  const bool uncounts = survival && std::exchange(survival->counts, false);
  say(uncounts ? "Thinking about a hint... (this round is no longer scored)"
               : "Thinking about a hint...");
}

void App::moveNow() {
  if (!engine_.busy()) return say("The engine is not thinking.");
  engine_.moveNow();
  say("Asked the engine to move now.");
}

void App::pause() {
  round_.paused = !round_.paused;
  round_.stepOnce = false;
  if (round_.paused) stopEngine();
  say(round_.paused ? "Engine paused: " + keys_.primaryKeyName(Action::Step) + " makes one move, " +
                          keys_.primaryKeyName(Action::Pause) + " resumes."
                    : "Engine resumed.");
}

void App::step() {
  if (!round_.paused)
    return say("Step works while the engine is paused (" + keys_.primaryKeyName(Action::Pause) +
               ").");
  round_.stepOnce = true;
}

void App::swapSides() {
  if (!seats_.anyHuman() || !seats_.anyEngine())
    return say("Swap works against the engine; press " + keys_.primaryKeyName(Action::Players) +
               " to choose who plays.");
  // The engine keeps its strength on its new side: changeSeats moves its level with it.
  const int level = levels_[index(seats_.isEngine(Side::X) ? Side::X : Side::O)];
  changeSeats(Seats{{seats_.side[1], seats_.side[0]}},
              "Sides swapped; the engine keeps level " + std::to_string(level) + ".");
  rememberLevels(levels_);
}

void App::changePlayers() {
  if (round_.kind() != GameMode::Play) return leaveMode();
  changeSeats(seats_.next(), "Players changed.");
}

void App::changeSeats(const Seats& seats, const std::string& why) {
  stopEngine();
  // The engine's level follows the engine to its new side.
  const bool oneEngine = seats.anyEngine() && seats.anyHuman();
  if (oneEngine && seats_.anyEngine() && seats_.anyHuman())
    levels_.fill(levels_[index(seats_.isEngine(Side::X) ? Side::X : Side::O)]);
  seats_ = seats;
  round_.paused = false;
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
  if (elo_) {  // the level keys go back to levels, from the nearest one below the rating
    levels_.fill(strengthForElo(*elo_).level);
    elo_.reset();
  }
  const bool choosing = top<StartScreen>() != nullptr;
  if (seats_.anyEngine() && seats_.anyHuman()) {
    // Against a person the engine has one level, whichever side it plays.
    const Side engine = seats_.isEngine(Side::X) ? Side::X : Side::O;
    levels_.fill(std::clamp(levels_[index(engine)] + delta, kMinLevel, kMaxLevel));
  } else {
    for (const Side s : {Side::X, Side::O})
      if (seats_.isEngine(s) || !seats_.anyEngine() || choosing)
        levels_[index(s)] = std::clamp(levels_[index(s)] + delta, kMinLevel, kMaxLevel);
  }
  if (levels_ == before) return say("The engine is already at " + levelsText() + ".");
  // The next run starts here (a failure only loses that); on the start screen, only once
  // a game is begun with it.
  if (!choosing) rememberLevels(levels_);
  const int shown = levels_[index(seats_.isEngine(Side::O) ? Side::O : Side::X)];
  say("Engine " + levelsText() + " (0 to " + std::to_string(kMaxLevel) + "): level " +
      std::to_string(shown) + ", " + levelInWords(shown) + ". It applies from the next move.");
}

std::string App::levelsText() const {
  if (levels_[0] == levels_[1]) return "level " + std::to_string(levels_[0]);
  return "levels: X " + std::to_string(levels_[0]) + ", O " + std::to_string(levels_[1]);
}

void App::toggleOverlay() {
  showOverlay_ = !showOverlay_;  // the loop makes the analysis at its first use
  if (!showOverlay_ && analysis_) analysis_->cancel();
  say(showOverlay_ ? "Overlay on: for the side to move, W wins by force, L loses, ? is not proven."
                   : "Overlay off.");
}

void App::toggle(bool& shown, std::string_view on, std::string_view off) {
  shown = !shown;
  say(std::string(shown ? on : off));
}

void App::toggleThreats() {
  toggle(showThreats_, "Showing threes (!x!) and double-threat cells (+x+).",
         "Threat marks hidden.");
}

void App::toggleExpectedLine() {
  toggle(showExpected_, "Showing the line the engine expects after its move.",
         "Expected line hidden.");
}

void App::toggleLines() {
  toggle(showLines_,
         "Showing the lines through the cursor (-): move it to see them cross the levels.",
         "Lines hidden.");
}

void App::toggleCubeView() {
  cubeView_ = !cubeView_;
  relayout();
  const std::string key = keys_.primaryKeyName(Action::CubeView);
  if (cubeView_ && !layout_.cube)
    return say("The cube view needs a taller window (" + std::to_string(minimumCubeRows()) +
               " rows); the levels stay side by side.");
  say(cubeView_ ? "Cube view: level 4 on top, rank 4 at the back of each level; a line through "
                  "the levels runs straight down or slants. " +
                      key + ": side by side."
                : "The levels side by side; " + key + ": the cube view.");
}

void App::restartClock() {
  round_.forfeit.reset();
  clock_.reset(round_.game.position().sideToMove(), std::chrono::steady_clock::now());
}

void App::tickClock() {
  if (!clock_.hasClock()) return;
  const auto now = std::chrono::steady_clock::now();
  const Position& pos = round_.game.position();
  const bool stopped = pos.isGameOver() || round_.forfeit || !screens_.empty() ||
                       (round_.paused && seats_.isEngine(pos.sideToMove()));
  if (stopped) return clock_.pause(now);
  clock_.follow(pos.sideToMove(), now);  // after undo, redo or a jump: the side to move runs
  clock_.resume(now);
  if (const std::optional<Side> out = clock_.flagged(now)) {
    round_.forfeit = Forfeit{*out, "time forfeit", ""};
    stopEngine();
    say(round_.forfeit->sentence(), Style::Highlight);
  }
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

void App::stopEngine() { engine_.cancel(); }

void App::maybeStartEngine() {
  if (choosingGame()) return;
  const Position& pos = round_.game.position();
  if (pos.isGameOver() || round_.forfeit || !seats_.isEngine(pos.sideToMove()) || engine_.busy())
    return;
  if (round_.paused && !round_.stepOnce) return;
  if (!seats_.anyHuman() && !round_.stepOnce &&
      std::chrono::steady_clock::now() - lastMoveAt_ <
          std::chrono::milliseconds(settings_.tui.watchDelayMs))
    return;
  round_.stepOnce = false;
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Move;
  // Survival is against perfect X (the top level plays the book); a puzzle is finished
  // against the best defence.
  job.level = round_.kind() != GameMode::Play ? kMaxLevel : levels_[index(pos.sideToMove())];
  if (elo_ && round_.kind() == GameMode::Play) {
    const Strength strength = strengthForElo(*elo_);
    job.level = strength.level;
    job.towardNext = strength.towardNext;
  }
  job.moveTime = thinkingTime(pos);
  job.newGame = std::exchange(round_.engineNewGame, false);
  job.start = round_.game.start();
  job.moves = round_.game.moves();
  job.external = round_.kind() == GameMode::Play;
  engine_.start(job);
}

void App::pollEngine() {
  std::optional<EngineResult> result = engine_.takeResult();
  const Position& pos = round_.game.position();
  if (!result || !(result->position == pos)) return;  // stale: the game moved on
  const MoveChoice& choice = result->choice;
  if (!result->forfeit.empty()) {  // the external engine failed: its side loses
    round_.forfeit = Forfeit{pos.sideToMove(), result->forfeit, result->forfeitDetails};
    stopEngine();
    return say(round_.forfeit->sentence(), Style::Highlight);
  }
  if (!choice.error.empty()) {
    round_.paused = true;  // not asked again at once; a key resumes, as after a pause
    return say("The engine failed (" + choice.error + "); " + keys_.primaryKeyName(Action::Pause) +
                   " lets it try again.",
               Style::Error);
  }
  if (choice.move < 0 || !pos.isLegal(choice.move)) return;
  if (result->purpose == JobPurpose::Hint) {
    round_.hint = choice;
    round_.hintPly = round_.game.moves().size();
    cursor_ = choice.move;
    return say("The cursor is on the hint: Enter plays " + moveToken(choice.move) + ".");
  }
  const Side side = pos.sideToMove();
  round_.game.play(choice.move, settings_.engine.explain ? choice.reason : std::string());
  clock_.moved(side, std::chrono::steady_clock::now());
  lastMoveAt_ = std::chrono::steady_clock::now();
  round_.lastEngineMove = EngineNote{round_.game.moves().size() - 1, side, choice};
  if (seats_.anyHuman()) cursor_ = choice.move;
  if (message_.style != Style::Error) message_ = {};
  scoreSurvival();
  scorePuzzle();
}

}  // namespace qubic::tui
