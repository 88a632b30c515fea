// The game on disk: saved (never over another game), and kept after every change as this
// run's unfinished game (tui/autosave), so Ctrl-C, a signal or a crash lose nothing. A
// record carries the setup (tui/game_setup), so a load or a resume rebuilds it exactly.
#pragma once

#include <string>

#include "autosave.hpp"
#include "engine_turns.hpp"
#include "game_context.hpp"

namespace qubic::tui {

// Who plays, the levels, the mode and the clocks, as a game on disk keeps them.
GameSetup currentSetup(const GameContext& context);
// The game as a record with its tags: the players, the setup, a loss off the board.
GameRecord recordForDisk(const GameContext& context, const EngineTurns& engine,
                         const std::string& event);

// The setup a record's tags ask for; when they cannot be read (`problem` then says why),
// the run's as it stands, as an ordinary game without a clock: a record from elsewhere
// may carry tags of the same names with other meanings.
GameSetup setupOf(const GameContext& context, const GameRecord& record, std::string& problem);
// Puts the run's part of `setup` in force (seats, levels, move time, the clock's control)
// and returns the round of the record's moves in `mode` (made by the caller: a puzzle
// needs its session), lost off the board if the record says so. App::begin puts it on the
// board; restoreClocks then sets the clocks as the record left them.
Round roundFromRecord(GameContext& context, const GameRecord& record, const GameSetup& setup,
                      RoundMode mode);
void restoreClocks(GameClock& clock, const Game& game, const GameSetup& setup);

class GameFiles {
 public:
  // The unfinished game an earlier run left, claimed for this run (Autosave).
  std::optional<GameRecord> claimLeftGame() { return autosave_.claimLeftGame(); }
  const std::string& setAside() const { return autosave_.setAside(); }
  // Keeps the unfinished game after every change, and forgets it once the game is over,
  // saved or discarded.
  void autosave(GameContext& context, const EngineTurns& engine);
  // Writes the game once more with the clocks as they stand, if one is kept.
  void keepOnExit(GameContext& context, const EngineTurns& engine);
  // The game is left on purpose (quit, started afresh): nothing to offer next time.
  void forget();

  enum class Saved : std::uint8_t { Done, Failed, AskReplace };
  // Saves to `path`; a file there is replaced only when it holds this game as it was saved
  // or loaded, and `replace` says the player agreed (else AskReplace: ask, then again).
  Saved save(GameContext& context, const EngineTurns& engine, const std::string& path,
             bool replace);

 private:
  Autosave autosave_;      // this run's own file for its unfinished game
  std::string autosaved_;  // the game as last autosaved ("" when none is kept)
};

}  // namespace qubic::tui
