// Time controls as text: "tc=40/60+0.6" (moves/seconds+increment), "st=0.5" (seconds per
// move) and "nodes=N". A setting ([match] time_control) as well as qubic-match's engine
// keys, so the configuration is checked, with its location, wherever it is read.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "engine/core/parsed.hpp"

namespace qubic {

struct TimeControl {
  int movesPerPeriod = 0;        // moves until the clock is refilled; 0: one period per game
  std::int64_t periodMs = 0;     // time given at the start of each period; 0: no clock
  std::int64_t incrementMs = 0;  // added after every move
  std::int64_t moveTimeMs = 0;   // fixed time per move ("st"); 0: none
  std::uint64_t nodes = 0;       // node limit per move; 0: none

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

}  // namespace qubic
