#include "game_files.hpp"

#include <filesystem>

#include "config/read_file.hpp"
#include "record_file.hpp"

namespace qubic::tui {

GameSetup currentSetup(const GameContext& context) {
  GameSetup setup;
  setup.seats = context.lineup.seats;
  setup.levels = context.lineup.levels;
  setup.moveTime = context.lineup.moveTime;
  setup.mode = context.round.kind();
  context.round.withMode([&](const auto& m) { m.describe(setup); });
  if (context.clock.hasClock()) {
    setup.timeControl = context.clock.control().text();
    const auto now = std::chrono::steady_clock::now();
    for (const Side s : {Side::X, Side::O})
      setup.clockLeft[index(s)] = context.clock.remaining(s, now);
  }
  return setup;
}

GameRecord recordForDisk(const GameContext& context, const EngineTurns& engine,
                         const std::string& event) {
  GameRecord record = context.round.game.toRecord();
  record.setTag("Event", event);
  record.setTag("Date", recordDate());
  const Round& round = context.round;
  const bool sameSeats = round.loadedSeats.side == context.lineup.seats.side &&
                         round.loadedLevels == context.lineup.levels && !context.lineup.elo;
  for (const Side s : {Side::X, Side::O}) {
    const std::string& loaded = round.loadedPlayers[index(s)];
    record.setTag(s == Side::X ? "X" : "O",
                  sameSeats && !loaded.empty() ? loaded : engine.seatText(context, s));
  }
  writeSetupTags(currentSetup(context), record);
  if (const std::optional<Forfeit>& lost = context.round.forfeit) {
    record.result = lost->loser == Side::X ? GameResult::OWins : GameResult::XWins;
    record.setTag("Termination", lost->termination);
    if (!lost->details.empty()) record.setTag("TerminationDetails", lost->details);
  }
  return record;
}

GameSetup setupOf(const GameContext& context, const GameRecord& record, std::string& problem) {
  const Parsed<GameSetup> setup = readSetupTags(record, currentSetup(context));
  if (setup) return setup.value();
  problem = setup.error();
  GameSetup kept = currentSetup(context);
  kept.mode = GameMode::Play;
  kept.timeControl.clear();
  return kept;
}

Round roundFromRecord(GameContext& context, const GameRecord& record, const GameSetup& setup,
                      RoundMode mode) {
  context.lineup.seats = setup.seats;
  context.lineup.levels = setup.levels;
  context.lineup.moveTime = setup.moveTime;
  // The record's clock, else the configured one; App::begin starts it afresh.
  const Parsed<TimeControl> control =
      parseTimeControl(setup.timeControl.empty() ? context.settings.tui.clock : setup.timeControl);
  context.clock.set(control ? control.value() : TimeControl{});
  Round round = freshRound(std::move(mode));
  round.game.load(record);
  round.savedGame = round.snapshot();
  round.loadedPlayers = {record.tag("X"), record.tag("O")};
  round.loadedSeats = context.lineup.seats;
  round.loadedLevels = context.lineup.levels;
  // A game lost on time (or by a failing engine) comes back lost: the record's result
  // stands, not the clocks.
  const bool decisive = record.result == GameResult::XWins || record.result == GameResult::OWins;
  const std::string termination = record.tag("Termination");
  if (decisive && !termination.empty() && termination != "normal" &&
      !round.game.position().isGameOver())
    round.forfeit = Forfeit{record.result == GameResult::XWins ? Side::O : Side::X, termination,
                            record.tag("TerminationDetails")};
  return round;
}

void restoreClocks(GameClock& clock, const Game& game, const GameSetup& setup) {
  if (setup.timeControl.empty() || !parseTimeControl(setup.timeControl)) return;
  clock.restore(setup.clockLeft, game.position().sideToMove(), std::chrono::steady_clock::now());
}

void GameFiles::autosave(GameContext& context, const EngineTurns& engine) {
  const Round& round = context.round;
  const Game& game = round.game;
  // A game lost on time is finished: it is never kept as unfinished.
  if (game.moves().empty() || game.position().isGameOver() || round.forfeit || !round.unsaved()) {
    if (!autosaved_.empty()) autosave_.remove();
    autosaved_.clear();
    return;
  }
  // The clocks change all the time: a change of the rest is what writes the file (and
  // leaving, which writes the clocks as they stand).
  GameSetup setup = currentSetup(context);
  setup.clockLeft = {};
  GameRecord unclocked = game.toRecord();
  writeSetupTags(setup, unclocked);
  const std::string key = round.snapshot() + '\n' + recordToString(unclocked);
  if (key == autosaved_) return;
  autosaved_ = key;  // tried once per change, so a failure is said once
  if (const std::string error =
          autosave_.write(recordForDisk(context, engine, "Qubic game (unfinished)"));
      !error.empty())
    context.say("Not kept for the next run: " + error, Style::Error);
}

void GameFiles::keepOnExit(GameContext& context, const EngineTurns& engine) {
  if (autosaved_.empty()) return;
  autosaved_ = "(on exit)";
  autosave(context, engine);
}

void GameFiles::forget() {
  autosave_.remove();
  autosaved_.clear();
}

GameFiles::Saved GameFiles::save(GameContext& context, const EngineTurns& engine,
                                 const std::string& path, bool replace) {
  Round& round = context.round;
  const GameRecord record = recordForDisk(context, engine, "Qubic game");
  prepareGamesDirectory(path);
  std::error_code ec;
  if (!replace &&
      std::filesystem::symlink_status(path, ec).type() != std::filesystem::file_type::not_found) {
    // Only the file this game was saved to or loaded from, unchanged since, is offered for
    // replacing: never another game, never a file of anything else.
    const Parsed<std::string> now = readRegularFile(path, kMaxRecordBytes);
    if (path == round.file && now && now.value() == round.fileText) return Saved::AskReplace;
    context.say(path + " already exists and is not this game as saved; it is not overwritten " +
                    "(give another name).",
                Style::Error);
    return Saved::Failed;
  }
  if (std::string error = saveRecordFile(path, record, replace); !error.empty()) {
    context.say(error, Style::Error);
    return Saved::Failed;
  }
  round.file = path;
  round.fileText = recordToString(record);
  // What the file holds: the moves on the board (a tail that redo would replay is not in
  // it, so leaving still asks).
  round.savedGame = gameText(record.start, record.moves);
  context.say("Saved to " + path + ".");
  return Saved::Done;
}

}  // namespace qubic::tui
