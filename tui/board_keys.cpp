#include "board_keys.hpp"

#include <algorithm>
#include <string_view>
#include <utility>

#include "engine/core/notation.hpp"
#include "engine/play/elo_scale.hpp"
#include "layout.hpp"
#include "levels.hpp"

namespace qubic::tui {

void playHuman(GameContext& context, EngineTurns& engine, int cell) {
  Round& round = context.round;
  const Position& pos = round.game.position();
  if (pos.isGameOver())
    return context.say("The game is over: " + context.key(Action::NewGame) + " starts a new one, " +
                       context.key(Action::Undo) + " takes a move back.");
  if (context.lineup.seats.isEngine(pos.sideToMove()))
    return context.say("It is the engine's move; " + context.key(Action::MoveNow) +
                       " makes it move now.");
  if (!pos.isEmpty(cell))
    return context.say(moveToken(cell) + " is taken; choose an empty cell.", Style::Error);
  if (const std::optional<Forfeit>& lost = round.forfeit)
    return context.say(
        sideName(lost->loser) +
        (lost->termination == "time forfeit" ? " lost on time: " : " lost the game: ") +
        context.key(Action::NewGame) + " starts a new game.");
  engine.stop();  // a hint being thought about is no longer wanted
  round.game.play(cell);
  context.clock.moved(opponent(round.game.position().sideToMove()),
                      std::chrono::steady_clock::now());
  round.withMode([&](auto& m) { m.afterMove(round.game, true); });
  engine.moved();
  round.engine.dropHint();
  if (round.game.position().isGameOver())
    context.message = {};
  else
    context.say("You played " + moveToken(cell) + ".");
}

void moveCursor(int& cursor, int dFile, int dRank, int dLevel) {
  cursor = cellAt((fileOf(cursor) + dFile + 4) % 4, (rankOf(cursor) + dRank + 4) % 4,
                  (levelOf(cursor) + dLevel + 4) % 4);
}

void undo(GameContext& context, EngineTurns& engine) {
  engine.stop();
  Round& round = context.round;
  Game& game = round.game;
  if (game.canUndo()) round.withMode([](auto& m) { return m.helped(); });
  int taken = 0;
  if (!round.engine.paused()) {
    taken = game.undoTurn(context.lineup.seats);
  } else if (game.canUndo()) {
    game.undo();
    taken = 1;
  }
  if (taken == 0) return context.say("Nothing to undo.");
  round.engine.dropHint();
  // Otherwise the engines would replay at once.
  if (!context.lineup.seats.anyHuman()) round.engine.pause();
  context.say(taken == 1 ? "Took back one move." : "Took back your move and the engine's reply.");
  if (!game.moves().empty()) context.cursor = game.lastMove();
}

void redo(GameContext& context, EngineTurns& engine) {
  engine.stop();
  Round& round = context.round;
  Game& game = round.game;
  int replayed = 0;
  if (!round.engine.paused()) {
    replayed = game.redoTurn(context.lineup.seats);
  } else if (game.canRedo()) {
    game.redo();
    replayed = 1;
  }
  if (replayed == 0) return context.say("Nothing to redo.");
  if (!game.moves().empty()) context.cursor = game.lastMove();
  context.say(replayed == 1 ? "Replayed one move."
                            : "Replayed " + std::to_string(replayed) + " moves.");
}

void pause(EngineState& state, EngineTurns& engine, Voice voice) {
  state.paused() ? state.resume() : state.pause();
  if (state.paused()) engine.stop();
  voice.say(state.paused() ? "Engine paused: " + voice.key(Action::Step) + " makes one move, " +
                                 voice.key(Action::Pause) + " resumes."
                           : "Engine resumed.");
}

void step(EngineState& state, Voice voice) {
  if (!state.grantStep())
    return voice.say("Step works while the engine is paused (" + voice.key(Action::Pause) + ").");
}

void goToPly(GameContext& context, EngineTurns& engine, std::size_t moves) {
  engine.stop();
  Round& round = context.round;
  round.engine.pause();
  round.engine.dropHint();
  Game& game = round.game;
  while (game.moves().size() > moves && game.canUndo()) game.undo();
  while (game.moves().size() < moves && game.canRedo()) game.redo();
  if (!game.moves().empty()) context.cursor = game.lastMove();
}

void swapSides(GameContext& context, EngineTurns& engine) {
  const Seats& seats = context.lineup.seats;
  if (!seats.anyHuman() || !seats.anyEngine())
    return context.say("Swap works against the engine; press " + context.key(Action::Players) +
                       " to choose who plays.");
  // The engine keeps its strength on its new side: changeSeats moves its level with it.
  const int level = context.lineup.levels[index(seats.isEngine(Side::X) ? Side::X : Side::O)];
  changeSeats(context, engine, Seats{{seats.side[1], seats.side[0]}},
              "Sides swapped; the engine keeps level " + std::to_string(level) + ".");
  rememberLevels(context.lineup.levels);
}

void changeSeats(GameContext& context, EngineTurns& engine, const Seats& seats,
                 const std::string& why) {
  engine.stop();
  // The engine's level follows the engine to its new side.
  const bool oneEngine = seats.anyEngine() && seats.anyHuman();
  Seats& now = context.lineup.seats;
  if (oneEngine && now.anyEngine() && now.anyHuman())
    context.lineup.levels.fill(
        context.lineup.levels[index(now.isEngine(Side::X) ? Side::X : Side::O)]);
  now = seats;
  context.round.engine.resume();
  const std::string_view who = now.humanSide();
  const std::string what =
      who == "x"      ? "You play X against the engine."
      : who == "o"    ? "You play O against the engine."
      : who == "both" ? "Two players: X and O both play from the keyboard."
                      : "Engine against engine: " + context.key(Action::Pause) + " pauses.";
  context.say(why + " " + what);
}

void changeLevel(Lineup& lineup, Voice voice, int delta, bool choosing, bool external) {
  // Another program in the engine's seat has no levels of ours: saying "level 7" would
  // claim a strength nothing applies.
  if (external)
    return voice.say(
        "Another program plays the engine's seat (--engine): our levels do "
        "not apply to it; set its strength with --engine-option.");
  std::array<int, 2>& levels = lineup.levels;
  const std::array<int, 2> before = levels;
  if (lineup.elo) {  // the level keys go back to levels, from the nearest one below the rating
    levels.fill(strengthForElo(*lineup.elo).level);
    lineup.elo.reset();
  }
  const Seats& seats = lineup.seats;
  if (seats.anyEngine() && seats.anyHuman()) {
    // Against a person the engine has one level, whichever side it plays.
    const Side engine = seats.isEngine(Side::X) ? Side::X : Side::O;
    levels.fill(std::clamp(levels[index(engine)] + delta, kMinLevel, kMaxLevel));
  } else {
    for (const Side s : {Side::X, Side::O})
      if (seats.isEngine(s) || !seats.anyEngine() || choosing)
        levels[index(s)] = std::clamp(levels[index(s)] + delta, kMinLevel, kMaxLevel);
  }
  if (levels == before) return voice.say("The engine is already at " + lineup.levelsText() + ".");
  // The next run starts here (a failure only loses that); on the start screen, only once
  // a game is begun with it.
  if (!choosing) rememberLevels(levels);
  const int shown = levels[index(seats.isEngine(Side::O) ? Side::O : Side::X)];
  voice.say("Engine " + lineup.levelsText() + " (0 to " + std::to_string(kMaxLevel) + "): level " +
            std::to_string(shown) + ", " + levelInWords(shown) +
            ". It applies from the next move.");
}

namespace {

void toggle(bool& shown, Voice voice, std::string_view on, std::string_view off) {
  shown = !shown;
  voice.say(std::string(shown ? on : off));
}

}  // namespace

void toggleThreats(Display& display, Voice voice) {
  toggle(display.threats, voice, "Showing threes (!x!) and double-threat cells (+x+).",
         "Threat marks hidden.");
}

void toggleExpectedLine(Display& display, Voice voice) {
  toggle(display.expected, voice,
         "Showing what the engine proves and the line it expects after its move.",
         "Proven claims and the expected line hidden.");
}

void toggleLines(Display& display, Voice voice) {
  toggle(display.lines, voice,
         "Showing the lines through the cursor (-): move it to see them cross the levels.",
         "Lines hidden.");
}

void sayCubeView(const Display& display, Voice voice, bool fits) {
  const std::string key = voice.key(Action::CubeView);
  if (display.cube && !fits)
    return voice.say("The cube view needs a taller window (" + std::to_string(minimumCubeRows()) +
                     " rows); the levels stay side by side.");
  voice.say(display.cube
                ? "Cube view: level 4 on top, rank 4 at the back of each level; a line through "
                  "the levels runs straight down or slants. " +
                      key + ": side by side."
                : "The levels side by side; " + key + ": the cube view.");
}

}  // namespace qubic::tui
