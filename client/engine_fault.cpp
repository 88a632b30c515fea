#include "engine_fault.hpp"

#include "engine/core/enum_text.hpp"

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
  constexpr EnumText<Termination> kTexts[] = {{Termination::Normal, "normal"},
                                              {Termination::IllegalMove, "illegal move"},
                                              {Termination::GarbledOutput, "garbled output"},
                                              {Termination::TimeForfeit, "time forfeit"},
                                              {Termination::Crash, "crash"},
                                              {Termination::StartFailure, "failed to start"}};
  static_assert(namesEvery(kTexts, Termination::StartFailure));
  return textOf(kTexts, termination, "unknown");
}

}  // namespace qubic::client
