#include "engine_fault.hpp"

namespace qubic::client {

Termination terminationOf(EngineFault::Kind kind) {
  switch (kind) {
    case EngineFault::Kind::StartFailure:
      return Termination::StartFailure;
    case EngineFault::Kind::TimeForfeit:
      return Termination::TimeForfeit;
    case EngineFault::Kind::Garbled:
      return Termination::GarbledOutput;
    case EngineFault::Kind::Crash:
    case EngineFault::Kind::Interrupted:
      break;
  }
  return Termination::Crash;
}

std::string_view terminationText(Termination termination) {
  switch (termination) {
    case Termination::Normal:
      return "normal";
    case Termination::IllegalMove:
      return "illegal move";
    case Termination::GarbledOutput:
      return "garbled output";
    case Termination::TimeForfeit:
      return "time forfeit";
    case Termination::Crash:
      return "crash";
    case Termination::StartFailure:
      return "failed to start";
  }
  return "unknown";
}

}  // namespace qubic::client
