// One engine as a client sees it (qubic-match's games, the game's --engine seat): a
// program spoken to in UGI (docs/protocol.md). It is started lazily, asked for moves with
// a deadline, and every way it can fail is reported as a fault (engine_fault.hpp) rather
// than trusted or waited on forever. Move legality is the caller's business.
#pragma once

#include <atomic>
#include <chrono>
#include <optional>
#include <string>
#include <variant>

#include "engine_config.hpp"
#include "engine_fault.hpp"
#include "process.hpp"

namespace qubic::client {

struct EngineReply {
  std::string move;                   // the word after "bestmove", unchecked
  std::chrono::milliseconds elapsed;  // from sending go to reading bestmove
  std::string score;   // from the last info line, e.g. "cp 35" or "mate 5"; may be empty
  std::string reason;  // from "info string reason: ...", if the engine gave one
};

class EngineProcess {
 public:
  // `stop` (may be null) interrupts any wait when it becomes true.
  EngineProcess(EngineConfig config, const std::atomic<bool>* stop);
  ~EngineProcess() { quit(); }
  EngineProcess(const EngineProcess&) = delete;
  EngineProcess& operator=(const EngineProcess&) = delete;

  const EngineConfig& config() const { return config_; }
  bool running() const { return process_.running(); }
  // "id name" from the handshake; empty before it.
  const std::string& idName() const { return idName_; }

  // Starts the program if it is not running: handshake, options, isready.
  std::optional<EngineFault> start();
  // uginewgame, then waits for readyok. An engine that offers a Seed option is first
  // given the game's own seed (gameSeed), so a match replays game for game even after
  // an engine was restarted and its own sequence of seeds began again.
  std::optional<EngineFault> newGame(std::uint64_t seed);
  // Sends `position` and `go <limits>` and waits for bestmove until `deadline` after go.
  std::variant<EngineReply, EngineFault> think(const std::string& position,
                                               const std::string& limits,
                                               std::chrono::milliseconds deadline);
  // Asks the program to quit and kills it if it has not after a moment.
  void quit();
  // Kills it now; the next start() runs it afresh. Used after every fault.
  void discard() { process_.kill(); }

 private:
  EngineFault fault(EngineFault::Kind kind, std::string details);
  // A fault for a program whose output closed or that refused input: how it ended.
  EngineFault crashed(EngineFault::Kind kind, const std::string& when);
  std::optional<EngineFault> waitFor(std::string_view reply, std::string_view afterSending);

  EngineConfig config_;
  const std::atomic<bool>* stop_;
  PipedProcess process_;
  std::string idName_;
  std::vector<std::string> offeredOptions_;
};

}  // namespace qubic::client
