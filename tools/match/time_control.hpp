// Time controls: reading "tc=40/60+0.6" (moves/seconds+increment), "st=0.5" (seconds
// per move) and "nodes=N", and the clock each side's thinking time is charged to.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/bitboard.hpp"
#include "engine/parsed.hpp"

namespace qubic::match {

struct TimeControl {
  int movesPerPeriod = 0;       // moves until the clock is refilled; 0: one period per game
  std::int64_t periodMs = 0;    // time given at the start of each period; 0: no clock
  std::int64_t incrementMs = 0; // added after every move
  std::int64_t moveTimeMs = 0;  // fixed time per move ("st"); 0: none
  std::uint64_t nodes = 0;      // node limit per move; 0: none

  bool hasClock() const { return periodMs > 0; }
  bool isEmpty() const { return !hasClock() && moveTimeMs == 0 && nodes == 0; }
  // The keys that give this control back, e.g. "tc=40/60+0.6 nodes=1000".
  std::string text() const;
};

bool isTimeControlKey(std::string_view key);  // "tc", "st" or "nodes"
// Sets one key of `control`; returns what is wrong with the value, empty on success.
std::string setTimeControlKey(TimeControl& control, std::string_view key, std::string_view value);
// Space-separated keys, as in the [match] time_control setting: "st=0.1", "tc=60+1 nodes=5000".
Parsed<TimeControl> parseTimeControl(std::string_view text);

// One side's clock.
class Clock {
 public:
  explicit Clock(const TimeControl& control);

  const TimeControl& control() const { return control_; }
  std::int64_t remainingMs() const { return remainingMs_; }
  // Moves left in the current period; 0 when the whole game is one period.
  int movesToGo() const { return control_.movesPerPeriod ? control_.movesPerPeriod - movesInPeriod_ : 0; }
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
