// The transitions to a round from elsewhere: a game on disk (load, resume), a puzzle, a
// survival round, and back to an ordinary game from one of those; and saving.
#include "app.hpp"
#include "config/read_file.hpp"
#include "engine/core/symmetry.hpp"
#include "record_file.hpp"

namespace qubic::tui {

namespace {

constexpr const char* kNoSurvival =
    "Survival needs the solution (the book), and it could not be read.";

}  // namespace

void App::save(const std::string& path, bool replace) {
  if (files_.save(context_, engine_, path, replace) == GameFiles::Saved::AskReplace)
    open(Question{Question::Purpose::Replace, Action::None, path, std::nullopt});
}

void App::load(const std::string& path) {
  const Parsed<GameRecord> record = loadRecordFile(path);
  if (!record)
    return context_.say("Not loaded, the game is unchanged: " + record.error(), Style::Error);
  std::string ignored;  // a record from elsewhere: its moves, with the players as they were
  beginFromRecord(record.value(), setupOf(context_, record.value(), ignored));
  Round& round = context_.round;
  round.file = path;
  const Parsed<std::string> text = readRegularFile(path, kMaxRecordBytes);
  round.fileText = text ? text.value() : std::string();
  context_.say("Loaded " + path + ": " + countOf(round.game.moves().size(), "move") + ".");
}

void App::resume(const GameRecord& record) {
  std::string problem;
  beginFromRecord(record, setupOf(context_, record, problem));
  context_.round.savedGame.clear();  // not saved to a file of the user's
  context_.say(
      "Resumed the unfinished game: " + countOf(context_.round.game.moves().size(), "move") +
          (problem.empty() ? "." : "; its players and levels could not be read (" + problem + ")."),
      problem.empty() ? Style::Normal : Style::Error);
}

void App::beginFromRecord(const GameRecord& record, const GameSetup& setup) {
  begin(roundFromRecord(context_, record, setup, modeFor(setup, record.start)));
  restoreClocks(context_.clock, context_.round.game, setup);
}

RoundMode App::modeFor(const GameSetup& setup, const Position& start) {
  if (setup.mode == GameMode::Puzzle) {
    std::shared_ptr<PuzzleSession> session = showPuzzle(setup.puzzle, setup.symmetry);
    if (session && session->shown().position == start) return PuzzleRound{session};
    context_.say("The puzzle this game was could not be found; it goes on as a game.");
  }
  if (setup.mode == GameMode::Survival) {
    if (std::optional<SurvivalRound> survival =
            SurvivalRound::make(solution_.book.get(), setup.survivalCounts))
      return *survival;
    context_.say(kNoSurvival, Style::Error);
  }
  return OrdinaryGame{};
}

std::shared_ptr<PuzzleSession> App::showPuzzle(std::optional<std::size_t> which, int symmetry) {
  if (!puzzles_) {
    auto session = std::make_shared<PuzzleSession>();
    if (const std::string problem = session->load(); !problem.empty()) {
      context_.say(problem, Style::Error);
      return nullptr;
    }
    puzzles_ = std::move(session);
  }
  const std::size_t index = which.value_or(puzzles_->puzzleOfTheDay());
  if (index >= puzzles_->count()) {
    context_.say("There is no puzzle " + std::to_string(index + 1) + ": the puzzles go from 1 to " +
                     std::to_string(puzzles_->count()) + ".",
                 Style::Error);
    return nullptr;
  }
  puzzles_->show(index, symmetry);
  return puzzles_;
}

void App::startPuzzle(std::optional<std::size_t> which, std::optional<int> symmetry) {
  // A random one of the 192 symmetries, so that a puzzle met again looks new.
  const int shownAs = symmetry.value_or(
      static_cast<int>(std::chrono::steady_clock::now().time_since_epoch().count() % kSymmetries));
  std::shared_ptr<PuzzleSession> session = showPuzzle(which, shownAs);
  if (!session) return;
  const Position& start = session->shown().position;
  const Side us = start.sideToMove();
  context_.lineup.seats.side[index(us)] = Controller::Human;
  context_.lineup.seats.side[index(opponent(us))] = Controller::Engine;
  begin(freshRound(PuzzleRound{session}, start));
  context_.message = {};
}

void App::startSurvival() {
  const std::optional<SurvivalRound> survival = SurvivalRound::make(solution_.book.get(), true);
  if (!survival) return context_.say(kNoSurvival, Style::Error);
  context_.lineup.seats = Seats::fromHumanSide("o");
  begin(freshRound(*survival));
  context_.message = {};
}

// The position stays with its players; only the mode (and what the engine was doing) goes.
void App::leaveMode() {
  const std::string left = context_.round.withMode([](const auto& m) { return m.name(); });
  engine_.stop();
  context_.round.mode = OrdinaryGame{};
  context_.round.engine.resume();
  context_.say("Left " + left + ": the position stays, as a game with the same players (" +
               context_.key(Action::Players) + " changes them).");
}

}  // namespace qubic::tui
