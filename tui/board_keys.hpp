// What the board's keys do in every mode: a move of the player's, the cursor, undo and
// redo, pausing and stepping the engine, the seats and the levels, the display switches.
// The keys a mode owns (new game, players) go through its Transition instead.
#pragma once

#include "engine_turns.hpp"
#include "game_context.hpp"

namespace qubic::tui {

void playHuman(GameContext& context, EngineTurns& engine, int cell);
// Wraps around within a plane, and from level 4 back to level 1.
void moveCursor(int& cursor, int dFile, int dRank, int dLevel);
// While the engine is paused (browsing after g or the review) a step is one move; in
// play, undo takes the engine's reply with the player's move, and redo replays a turn.
void undo(GameContext& context, EngineTurns& engine);
void redo(GameContext& context, EngineTurns& engine);
void pause(EngineState& state, EngineTurns& engine, Voice voice);
void step(EngineState& state, Voice voice);
// Shows the position after `moves` moves of the game's line; the engine waits, and the
// rest of the line stays redoable.
void goToPly(GameContext& context, EngineTurns& engine, std::size_t moves);

void swapSides(GameContext& context, EngineTurns& engine);
// New seats, with the engine's level following the engine; `why` starts the message.
void changeSeats(GameContext& context, EngineTurns& engine, const Seats& seats,
                 const std::string& why);
// The level of each side the engine plays changes (of both before the game has seats:
// `choosing`, the start screen is open, and the level is not remembered yet); not while
// another program plays the engine's seat (`external`).
void changeLevel(Lineup& lineup, Voice voice, int delta, bool choosing, bool external);

// Each flips a display switch and says what it shows now.
void toggleThreats(Display& display, Voice voice);
void toggleExpectedLine(Display& display, Voice voice);
void toggleLines(Display& display, Voice voice);
// Says what the cube view (display.cube) shows, or that it does not `fit` the window.
void sayCubeView(const Display& display, Voice voice, bool fits);

}  // namespace qubic::tui
