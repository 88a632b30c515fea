// One game between two engines: the opening, then moves asked for in turn, each checked
// with the rules core (engine/core/position, engine/core/notation). The result comes from the board
// or from a fault - an illegal move, garbled output, a time forfeit, a crash, a failed
// start - which loses the game for the engine that committed it. Engines' own claims
// are never asked for.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "client/engine_process.hpp"
#include "engine/core/record.hpp"
#include "openings.hpp"

namespace qubic::match {

using client::EngineConfig;
using client::EngineFault;
using client::EngineProcess;
using client::EngineReply;
using client::Termination;

struct GameSetup {
  int number = 0;          // the Game tag
  int round = 0;           // the Round tag
  std::uint64_t seed = 1;  // the match's seed (-srand), from which each game's is drawn
  Opening opening;
  std::string event;
};

// The seed a side's engine gets for one game: from the engine's own Seed option when the
// command line sets one (else the match's seed), the game's number and the side; never 0,
// which asks UGI engines of ours for a fresh seed each run.
std::uint64_t gameSeed(const EngineConfig& engine, std::uint64_t matchSeed, int game, Side side);

struct GameOutcome {
  bool interrupted = false;  // the tournament stopped during the game: nothing to record
  GameRecord record;         // with every tag; complete unless interrupted
  Termination termination = Termination::Normal;
  std::optional<Side> faulty;  // the side whose engine failed, for an adjudicated game
  std::string details;  // what happened, e.g. "O (crasher) exited with code 3 while thinking"
};

GameOutcome playGame(EngineProcess& x, EngineProcess& o, const GameSetup& setup);

}  // namespace qubic::match
