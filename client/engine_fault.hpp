// How an engine can fail a client - not starting, dying, hanging, printing nonsense - and
// the word a game record's Termination tag gives each way a game can end.
#pragma once

#include <string>
#include <string_view>

namespace qubic::client {

struct EngineFault {
  enum class Kind { StartFailure, Crash, TimeForfeit, Garbled, Interrupted };
  Kind kind;
  std::string details;  // a sentence part: "exited with code 1", "sent \"hello\" while thinking"
};

enum class Termination { Normal, IllegalMove, GarbledOutput, TimeForfeit, Crash, StartFailure };

// The record's Termination tag: "normal", "illegal move", "garbled output",
// "time forfeit", "crash" or "failed to start".
std::string_view terminationText(Termination termination);
// The termination an engine's fault brings (an interrupted wait counts as a crash).
Termination terminationOf(EngineFault::Kind kind);

}  // namespace qubic::client
