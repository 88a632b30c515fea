// The clock each side's thinking time is charged to, and the `go` limits it gives; the
// time controls themselves are read by config/time_control.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "config/time_control.hpp"
#include "engine/core/bitboard.hpp"

namespace qubic::match {

using qubic::isTimeControlKey;
using qubic::parseTimeControl;
using qubic::setTimeControlKey;
using qubic::TimeControl;

// One side's clock.
class Clock {
 public:
  explicit Clock(const TimeControl& control);

  const TimeControl& control() const { return control_; }
  std::int64_t remainingMs() const { return remainingMs_; }
  // Moves left in the current period; 0 when the whole game is one period.
  int movesToGo() const {
    return control_.movesPerPeriod ? control_.movesPerPeriod - movesInPeriod_ : 0;
  }
  // How long the side may think about its next move before it loses on time (the
  // tournament's margin comes on top); nothing when only nodes limit the move.
  std::optional<std::int64_t> allowedMs() const;
  // Charges one move's thinking time, then adds the increment and refills a new period.
  void charge(std::int64_t elapsedMs);

 private:
  TimeControl control_;
  std::int64_t remainingMs_;
  int movesInPeriod_ = 0;
};

// The limits of a UGI `go` command for `toMove`, both clocks included, e.g.
// "p1time 59400 p2time 60000 p1inc 600 p2inc 600 movestogo 39".
std::string goLimits(const Clock& x, const Clock& o, Side toMove);

}  // namespace qubic::match
