// Another UGI engine in the engine's seat ([tui] engine, --engine): the game speaks to it
// over its standard input and output through the UGI client (client/engine_process),
// one move at a time. Whatever goes wrong - it cannot start, crashes, hangs past its
// time, sends garbage or an illegal move - is a failure with a reason: the game then
// counts the game lost for that side, and never waits for ever or dies with it.
#pragma once

#include <atomic>
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine/core/position.hpp"

namespace qubic::client {
class EngineProcess;
}

namespace qubic::tui {

struct ExternalMove {
  int move = -1;             // a legal move, or -1 on a failure
  std::string reason;        // the engine's own "info string reason: ...", if any
  std::string termination;   // on a failure: "crash", "time forfeit", "illegal move", ...
  std::string details;       // on a failure: what happened, e.g. "exited with code 1"
  bool interrupted = false;  // stopped by the game (undo, new game): nothing to say
};

class ExternalEngine {
 public:
  // `command`: the program and its arguments separated by spaces; `options`: Name=Value
  // pairs separated by ';'. `stop` interrupts any wait.
  ExternalEngine(const std::string& command, const std::string& options,
                 const std::atomic<bool>* stop);
  ~ExternalEngine();

  // The move for the position reached by `moves` from `start`, in `moveTime` (a move
  // later than twice that and one second more is a time forfeit). `newGame`: the engine
  // is told a new game began.
  ExternalMove think(const Position& start, const std::vector<int>& moves,
                     std::chrono::milliseconds moveTime, bool newGame);
  // Its "id name" once it has started, else its command.
  std::string name() const;

 private:
  std::unique_ptr<client::EngineProcess> process_;
  std::string command_;
};

}  // namespace qubic::tui
