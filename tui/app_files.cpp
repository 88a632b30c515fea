// Games on disk: save (never over another game), load, resume, and the autosave.
#include <filesystem>

#include "app.hpp"
#include "config/read_file.hpp"
#include "record_file.hpp"

namespace qubic::tui {

void App::autosave() {
  if (choosingGame()) return;  // the earlier game is not decided on yet
  const Game& game = round_.game;
  // A game lost on time is finished: it is never kept as unfinished.
  if (game.moves().empty() || game.position().isGameOver() || round_.forfeit || !round_.unsaved()) {
    if (!autosaved_.empty()) autosave_.remove();
    autosaved_.clear();
    return;
  }
  // The clocks change all the time: a change of the rest is what writes the file (and
  // leaving, which writes the clocks as they stand).
  GameSetup setup = currentSetup();
  setup.clockLeft = {};
  GameRecord unclocked = game.toRecord();
  writeSetupTags(setup, unclocked);
  const std::string key = round_.snapshot() + '\n' + recordToString(unclocked);
  if (key == autosaved_) return;
  autosaved_ = key;  // tried once per change, so a failure is said once
  if (const std::string error = autosave_.write(recordForDisk("Qubic game (unfinished)"));
      !error.empty())
    say("Not kept for the next run: " + error, Style::Error);
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
    if (path != round_.file || !now || now.value() != round_.fileText)
      return say(path + " already exists and is not this game as saved; it is not overwritten " +
                     "(give another name).",
                 Style::Error);
    return open(Question{Question::Purpose::Replace, Action::None, path, std::nullopt});
  }
  if (std::string error = saveRecordFile(path, record, replace); !error.empty())
    return say(error, Style::Error);
  round_.file = path;
  round_.fileText = recordToString(record);
  // What the file holds: the moves on the board (a tail that redo would replay is not in
  // it, so leaving still asks).
  round_.savedGame = gameText(record.start, record.moves);
  say("Saved to " + path + ".");
}

void App::load(const std::string& path) {
  const Parsed<GameRecord> record = loadRecordFile(path);
  if (!record) return say("Not loaded, the game is unchanged: " + record.error(), Style::Error);
  // A record from elsewhere may carry tags of the same names with other meanings: its
  // moves are loaded all the same, with the players as they were.
  const Parsed<GameSetup> setup = readSetupTags(record.value(), currentSetup());
  GameSetup kept = currentSetup();
  kept.mode = GameMode::Play;
  kept.timeControl.clear();
  beginFromRecord(record.value(), setup ? setup.value() : kept);
  round_.file = path;
  const Parsed<std::string> text = readRegularFile(path, kMaxRecordBytes);
  round_.fileText = text ? text.value() : std::string();
  say("Loaded " + path + ": " + countOf(round_.game.moves().size(), "move") + ".");
}

void App::resume(const GameRecord& record) {
  const Parsed<GameSetup> setup = readSetupTags(record, currentSetup());
  GameSetup kept = currentSetup();
  kept.mode = GameMode::Play;
  kept.timeControl.clear();
  beginFromRecord(record, setup ? setup.value() : kept);
  round_.savedGame.clear();  // not saved to a file of the user's
  say("Resumed the unfinished game: " + countOf(round_.game.moves().size(), "move") +
          (setup ? "." : "; its players and levels could not be read (" + setup.error() + ")."),
      setup ? Style::Normal : Style::Error);
}

void App::beginFromRecord(const GameRecord& record, const GameSetup& setup) {
  seats_ = setup.seats;
  levels_ = setup.levels;
  moveTime_ = setup.moveTime;
  Round round = freshRound(OrdinaryGame{});
  round.game.load(record);
  round.savedGame = round.snapshot();
  if (setup.mode == GameMode::Puzzle) {
    if (showPuzzle(setup.puzzle, setup.symmetry) &&
        puzzles_->shown().position == round.game.start())
      round.mode = PuzzleRound{};
    else
      say("The puzzle this game was could not be found; it goes on as a game.");
  }
  if (setup.mode == GameMode::Survival)
    if (std::optional<SurvivalRound> survival = survivalRound(setup.survivalCounts))
      round.mode = *survival;
  // The record's clock, else the configured one; begin() starts it afresh.
  const Parsed<TimeControl> control =
      parseTimeControl(setup.timeControl.empty() ? settings_.tui.clock : setup.timeControl);
  clock_.set(control ? control.value() : TimeControl{});
  begin(std::move(round));
  if (!setup.timeControl.empty() && control)
    clock_.restore(setup.clockLeft, round_.game.position().sideToMove(),
                   std::chrono::steady_clock::now());
  // A game lost on time (or by a failing engine) comes back lost: the record's result
  // stands, not the clocks.
  const bool decisive = record.result == GameResult::XWins || record.result == GameResult::OWins;
  const std::string termination = record.tag("Termination");
  if (decisive && !termination.empty() && termination != "normal" &&
      !round_.game.position().isGameOver())
    round_.forfeit = Forfeit{record.result == GameResult::XWins ? Side::O : Side::X, termination,
                             record.tag("TerminationDetails")};
}

GameSetup App::currentSetup() const {
  GameSetup setup;
  setup.seats = seats_;
  setup.levels = levels_;
  setup.moveTime = moveTime_;
  setup.mode = round_.kind();
  if (setup.mode == GameMode::Puzzle && puzzles_) {
    setup.puzzle = puzzles_->shownIndex();
    setup.symmetry = puzzles_->shownSymmetry();
  }
  if (const SurvivalRound* survival = round_.survival()) setup.survivalCounts = survival->counts;
  if (clock_.hasClock()) {
    setup.timeControl = clock_.control().text();
    const auto now = std::chrono::steady_clock::now();
    for (const Side s : {Side::X, Side::O}) setup.clockLeft[index(s)] = clock_.remaining(s, now);
  }
  return setup;
}

GameRecord App::recordForDisk(const std::string& event) const {
  GameRecord record = round_.game.toRecord();
  record.setTag("Event", event);
  record.setTag("Date", recordDate());
  record.setTag("X", seatText(Side::X));
  record.setTag("O", seatText(Side::O));
  writeSetupTags(currentSetup(), record);
  if (const std::optional<Forfeit>& lost = round_.forfeit) {
    record.result = lost->loser == Side::X ? GameResult::OWins : GameResult::XWins;
    record.setTag("Termination", lost->termination);
    if (!lost->details.empty()) record.setTag("TerminationDetails", lost->details);
  }
  return record;
}

}  // namespace qubic::tui
