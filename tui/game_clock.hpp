// Chess clocks for the game: each side's time runs while it is to move, the increment is
// added after its move, and a period of N moves refills it (the time-control text of
// config/time_control, e.g. "tc=300+3"). Time is passed in, so the rules are testable.
#pragma once

#include <array>
#include <chrono>
#include <optional>
#include <string>

#include "config/time_control.hpp"
#include "engine/core/position.hpp"

namespace qubic::tui {

class GameClock {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;

  // No clock until set (hasClock() false): nothing runs, nobody loses on time.
  void set(const TimeControl& control);
  bool hasClock() const { return control_.hasClock(); }
  const TimeControl& control() const { return control_; }

  // Starts afresh: full time for both; `toMove` starts running at `now` unless `running`
  // is false (the clock waits for resume()).
  void reset(Side toMove, TimePoint now, bool running = true);
  // Goes on from a kept game: each side's time left, `toMove`'s time running from `now`.
  void restore(const std::array<std::chrono::milliseconds, 2>& left, Side toMove, TimePoint now);
  // `mover` has moved at `now`: its time is charged, the increment added, the other side's
  // time starts running.
  void moved(Side mover, TimePoint now);
  // Stops and restarts the running side's time (pauses, prompts).
  void pause(TimePoint now);
  void resume(TimePoint now);
  // Makes `toMove`'s time the one that runs (after an undo or a jump), charging the side
  // whose time ran until now.
  void follow(Side toMove, TimePoint now);

  std::chrono::milliseconds remaining(Side s, TimePoint now) const;
  // The side whose time ran out first, if any.
  std::optional<Side> flagged(TimePoint now) const;
  // "4:58.3" (tenths below a minute: "0:09.4").
  static std::string format(std::chrono::milliseconds left);

 private:
  TimeControl control_;
  std::array<std::chrono::milliseconds, 2> left_{};
  std::array<int, 2> movesInPeriod_{};
  Side running_ = Side::X;
  bool runs_ = false;
  TimePoint since_{};
};

}  // namespace qubic::tui
