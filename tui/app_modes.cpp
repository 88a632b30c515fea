// The rounds besides an ordinary game (puzzles, survival) and the ways of studying one
// (the explanation of a forcing win, the proven review, going to a move).
#include <algorithm>
#include <fstream>

#include "app.hpp"
#include "config/read_file.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/threats/threat_search.hpp"
#include "record_file.hpp"

namespace qubic::tui {

namespace {

// The explanation of a win that needs a quiet move: evaluated positions of its proof search.
constexpr std::uint64_t kExplainPositions = 300'000;
// The proven review's budget per position, per millisecond of the engine's move time.
constexpr std::uint64_t kReviewPositionsPerMs = 500;

}  // namespace

void App::nextRound() {
  if (round_.kind() == GameMode::Puzzle)
    return startPuzzle(puzzles_->nextUnsolved(puzzles_->shownIndex()));
  if (round_.kind() == GameMode::Survival) return startSurvival();
  leaveOrAsk(Action::NewGame);
}

bool App::loadPuzzles() {
  if (puzzles_) return true;
  auto session = std::make_unique<PuzzleSession>();
  if (const std::string problem = session->load(); !problem.empty()) {
    say(problem, Style::Error);
    return false;
  }
  puzzles_ = std::move(session);
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
  const Position& start = puzzles_->shown().position;
  const Side us = start.sideToMove();
  seats_.side[index(us)] = Controller::Human;
  seats_.side[index(opponent(us))] = Controller::Engine;
  begin(freshRound(PuzzleRound{}, start));
  message_ = {};
}

std::optional<SurvivalRound> App::survivalRound(bool counts) {
  const std::optional<BookMove> opening = book_ ? book_->find(Position{}) : std::nullopt;
  if (!opening) {
    say("Survival needs the solution (the book), and it could not be read.", Style::Error);
    return std::nullopt;
  }
  SurvivalRound round;
  round.counts = counts;
  round.longest = opening->pliesToWin;
  if (const std::string dir = stateDirectory(); !dir.empty())
    if (const Parsed<std::string> best = readRegularFile(dir + "/survival-best", 64))
      round.best = std::atoi(best.value().c_str());
  return round;
}

void App::startSurvival() {
  const std::optional<SurvivalRound> survival = survivalRound(true);
  if (!survival) return;
  seats_ = Seats::fromHumanSide("o");
  begin(freshRound(*survival));
  message_ = {};
}

// Once the survival game is over: its length, and a new personal best kept on disk.
// A puzzle is solved when it is won, not at its first right move.
void App::scorePuzzle() {
  if (round_.kind() != GameMode::Puzzle || !puzzles_) return;
  const Side us = puzzles_->shown().position.sideToMove();
  if (round_.game.position().status() == (us == Side::X ? Status::XWins : Status::OWins))
    puzzles_->markShownSolved();
}

void App::scoreSurvival() {
  SurvivalRound* survival = round_.survival();
  if (!survival || survival->scored || !round_.game.position().isGameOver()) return;
  survival->scored = true;
  const int plies = static_cast<int>(round_.game.moves().size());
  if (!survival->counts || plies <= survival->best) return;
  survival->best = plies;
  if (const std::string dir = makeStateDirectory(); !dir.empty())
    std::ofstream(dir + "/survival-best") << plies << '\n';
}

// The position stays with its players; only the mode (and what the engine was doing) goes.
void App::leaveMode() {
  const std::string left = round_.kind() == GameMode::Puzzle ? "the puzzles" : "survival";
  stopEngine();
  round_.mode = OrdinaryGame{};
  round_.paused = false;
  say("Left " + left + ": the position stays, as a game with the same players (" +
      keys_.primaryKeyName(Action::Players) + " changes them).");
}

void App::explainStep() {
  const Position& pos = round_.game.position();
  std::optional<Explanation>& explaining = round_.explaining;
  if (explaining && explaining->from == pos) {
    const std::size_t steps = explaining->quiet ? 1 : explaining->steps.size();
    if (++explaining->shown <= steps) return;
    explaining.reset();
    return say("End of the explanation: the board shows the game again.");
  }
  explaining.reset();
  if (pos.isGameOver()) return say("The game is over.");
  ThreatSearch threats(std::size_t{1} << 16);
  if (const ForcingWin win = checkedForcingWin(threats, pos, 2'000'000); !win.moves.empty()) {
    explaining = Explanation{pos, explainForcingWin(pos, win.moves), 1, std::nullopt};
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
    return say(sideName(pos.sideToMove()) + " has no win by threes alone here, and none was " +
               "proven in a short search (" + keys_.primaryKeyName(Action::Overlay) +
               " shows every move's proven value).");
  explaining = Explanation{pos, {}, 1, quiet};
}

void App::reviewOrNextMistake() {
  const std::vector<int> line = round_.game.line();
  const Position& start = round_.game.start();
  if (line.empty()) return say("Nothing to review yet: play some moves first.");
  if (!review_) review_ = std::make_unique<GameReview>(known_);
  const ReviewState state = review_->state();
  if (state.running && state.start == start && state.line == line)
    return say("The review is still running.");
  if (state.covers(start, line) < line.size()) {
    // The engine's time per move sets each position's budget: about what one thread
    // evaluates in that time (docs/history/experiments-2026-11.md: ~550 000 positions a second).
    review_->start(start, line,
                   static_cast<std::uint64_t>(moveTime_.count()) * kReviewPositionsPerMs);
    reviewPending_ = true;
    return say("Reviewing the game with proofs; " + keys_.primaryKeyName(Action::Review) +
               " again then goes to each mistake.");
  }
  // Done: the next mistake after the move on the board, from the start again at the end.
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, state.end());
  if (outcome.mistakes.empty()) return sayNoMistake(outcome);
  const std::size_t shown = round_.game.moves().size();
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
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, state.end());
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

// Steps with undo and redo, so the rest of the line stays redoable; the engine waits, so
// it does not play over the line.
void App::goToPly(std::size_t moves) {
  stopEngine();
  round_.paused = true;
  round_.stepOnce = false;
  round_.hint.reset();
  Game& game = round_.game;
  while (game.moves().size() > moves && game.canUndo()) game.undo();
  while (game.moves().size() < moves && game.canRedo()) game.redo();
  if (!game.moves().empty()) cursor_ = game.lastMove();
}

}  // namespace qubic::tui
