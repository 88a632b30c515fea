#include "engine_turns.hpp"

#include <algorithm>
#include <utility>

#include "engine/core/notation.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/timeman.hpp"
#include "panel.hpp"

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

}  // namespace

EngineTurns::EngineTurns(const EngineSettings& engine, std::shared_ptr<const Book> book,
                         std::shared_ptr<const OpeningTable> table)
    : worker_(playerOptions(engine), std::move(book), std::move(table)) {}

void EngineTurns::maybeStart(GameContext& context) {
  Round& round = context.round;
  const Position& pos = round.game.position();
  if (pos.isGameOver() || round.forfeit || !context.lineup.seats.isEngine(pos.sideToMove()) ||
      worker_.busy())
    return;
  if (!round.engine.mayMove()) return;
  if (!context.lineup.seats.anyHuman() && !round.engine.stepGranted() &&
      std::chrono::steady_clock::now() - lastMoveAt_ <
          std::chrono::milliseconds(context.settings.tui.watchDelayMs))
    return;
  round.engine.started();
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Move;
  // A puzzle is finished against the best defence; survival is against perfect X (the top
  // level plays the book).
  const bool bestDefence = round.withMode([](const auto& m) { return m.bestDefence(); });
  job.level = bestDefence ? kMaxLevel : context.lineup.levels[index(pos.sideToMove())];
  if (context.lineup.elo && !bestDefence) {
    const Strength strength = strengthForElo(*context.lineup.elo);
    job.level = strength.level;
    job.towardNext = strength.towardNext;
  }
  job.moveTime = thinkingTime(context, pos);
  job.newGame = round.engine.takeNewGame();
  job.start = round.game.start();
  job.moves = round.game.moves();
  job.external = !bestDefence;
  worker_.start(job);
}

void EngineTurns::hint(GameContext& context) {
  const Position& pos = context.round.game.position();
  if (pos.isGameOver()) return context.say("The game is over.");
  if (context.lineup.seats.isEngine(pos.sideToMove()))
    return context.say("Hints are for your own move.");
  EngineJob job;
  job.position = pos;
  job.purpose = JobPurpose::Hint;
  job.level = kMaxLevel;  // a hint is the engine's best advice, whatever its playing level
  job.moveTime = thinkingTime(context, pos);
  job.newGame = context.round.engine.takeNewGame();
  worker_.start(job);
  const bool uncounts = context.round.withMode([](auto& m) { return m.hinted(); });
  context.say(uncounts ? "Thinking about a hint... (this round is no longer scored)"
                       : "Thinking about a hint...");
}

void EngineTurns::moveNow(GameContext& context) {
  if (!worker_.busy()) return context.say("The engine is not thinking.");
  worker_.moveNow();
  context.say("Asked the engine to move now.");
}

void EngineTurns::poll(GameContext& context) {
  std::optional<EngineResult> result = worker_.takeResult();
  Round& round = context.round;
  const Position& pos = round.game.position();
  if (!result || !(result->position == pos)) return;  // stale: the game moved on
  const MoveChoice& choice = result->choice;
  if (!result->forfeit.empty()) {  // the external engine failed: its side loses
    round.forfeit = Forfeit{pos.sideToMove(), result->forfeit, result->forfeitDetails};
    stop();
    return context.say(round.forfeit->sentence(), Style::Highlight);
  }
  if (!choice.error.empty()) {
    round.engine.pause();  // not asked again at once; a key resumes, as after a pause
    return context.say("The engine failed (" + choice.error + "); " + context.key(Action::Pause) +
                           " lets it try again.",
                       Style::Error);
  }
  if (choice.move < 0 || !pos.isLegal(choice.move)) return;
  if (result->purpose == JobPurpose::Hint) {
    round.engine.giveHint(choice, round.game.moves().size());
    context.cursor = choice.move;
    return context.say("The cursor is on the hint: Enter plays " + moveToken(choice.move) + ".");
  }
  play(context, *result);
}

void EngineTurns::play(GameContext& context, const EngineResult& result) {
  Round& round = context.round;
  const MoveChoice& choice = result.choice;
  const Side side = round.game.position().sideToMove();
  round.game.play(choice.move, context.settings.engine.explain ? choice.reason : std::string());
  context.clock.moved(side, std::chrono::steady_clock::now());
  moved();
  round.engine.noteMove(EngineNote{round.game.moves().size() - 1, side, choice});
  if (context.lineup.seats.anyHuman()) context.cursor = choice.move;
  if (context.message.style != Style::Error) context.message = {};
  round.withMode([&](auto& m) { m.afterMove(round.game, false); });
}

std::chrono::milliseconds EngineTurns::thinkingTime(const GameContext& context,
                                                    const Position& pos) const {
  const GameClock& clock = context.clock;
  if (!clock.hasClock()) return context.lineup.moveTime;
  // On the clock, the engine budgets from the mover's time as it does under UGI
  // (engine/play/timeman), never more than the move time.
  const auto now = std::chrono::steady_clock::now();
  GoLimits go;
  for (const Side s : {Side::X, Side::O}) {
    go.clockMs[index(s)] = clock.remaining(s, now).count();
    go.incrementMs[index(s)] = clock.control().incrementMs;
  }
  return std::min(
      context.lineup.moveTime,
      moveBudget(go, pos.sideToMove(), popcount(pos.emptyCells()), std::chrono::milliseconds(50)));
}

void EngineTurns::tickClock(GameContext& context, bool screenOpen) {
  GameClock& clock = context.clock;
  if (!clock.hasClock()) return;
  const auto now = std::chrono::steady_clock::now();
  Round& round = context.round;
  const Position& pos = round.game.position();
  const bool stopped = pos.isGameOver() || round.forfeit || screenOpen ||
                       (round.engine.paused() && context.lineup.seats.isEngine(pos.sideToMove()));
  if (stopped) return clock.pause(now);
  clock.follow(pos.sideToMove(), now);  // after undo, redo or a jump: the side to move runs
  clock.resume(now);
  if (const std::optional<Side> out = clock.flagged(now)) {
    round.forfeit = Forfeit{*out, "time forfeit", ""};
    stop();
    context.say(round.forfeit->sentence(), Style::Highlight);
  }
}

std::string EngineTurns::seatText(const GameContext& context, Side s) const {
  const Seats& seats = context.lineup.seats;
  if (seats.isEngine(s))
    if (std::optional<std::string> fixed =
            context.round.withMode([](const auto& m) { return m.engineSeat(); }))
      return *fixed;
  // Another UGI engine: its own name, as it gave it ("id name"), in the record too.
  if (seats.isEngine(s) && !context.settings.tui.engine.empty()) return worker_.externalName();
  if (seats.isEngine(s) && context.lineup.elo)
    return "Engine, Elo " + std::to_string(*context.lineup.elo);
  if (seats.isEngine(s)) return "Engine, level " + std::to_string(context.lineup.levels[index(s)]);
  return seats.isEngine(opponent(s)) ? "You" : "Player " + sideName(s);
}

std::vector<StyledText> EngineTurns::lines(const GameContext& context) const {
  const Side toMove = context.round.game.position().sideToMove();
  const EngineStatus status = worker_.status();
  if (context.round.engine.paused() && !status.thinking)
    return {{"Engine paused: " + context.key(Action::Step) + " one move, " +
             context.key(Action::Pause) + " resume."}};
  if (!status.thinking) return {{"Engine " + sideName(toMove) + " to move."}};
  std::string text = "Engine thinking: " + secondsText(status.elapsedSeconds);
  if (status.best.nodes) text += ", " + shortCount(status.best.nodes) + " nodes";
  if (status.best.move >= 0) text += ", best so far " + moveToken(status.best.move);
  std::vector<StyledText> lines{{text}};
  if (const std::string proven = verdictText(toMove, status.best.verdict, status.best.plies);
      context.display.expected && !proven.empty())
    lines.push_back({proven, Style::Highlight, true});
  return lines;
}

EngineShown EngineTurns::shown(const GameContext& context) const {
  EngineShown shown;
  for (Side s : {Side::X, Side::O}) shown.seats[index(s)] = seatText(context, s);
  shown.lines = lines(context);
  shown.busy = worker_.busy();
  shown.elapsedSeconds = worker_.status().elapsedSeconds;
  if (!context.settings.tui.engine.empty()) shown.externalName = worker_.externalName();
  return shown;
}

}  // namespace qubic::tui
