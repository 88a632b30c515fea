#include "game_clock.hpp"

#include <cstdio>

namespace qubic::tui {

using std::chrono::duration_cast;
using std::chrono::milliseconds;

void GameClock::set(const TimeControl& control) { control_ = control; }

void GameClock::reset(Side toMove, TimePoint now, bool running) {
  left_ = {milliseconds(control_.periodMs), milliseconds(control_.periodMs)};
  movesInPeriod_ = {0, 0};
  running_ = toMove;
  runs_ = running && hasClock();
  since_ = now;
}

void GameClock::restore(const std::array<milliseconds, 2>& left, Side toMove, TimePoint now) {
  reset(toMove, now);
  left_ = left;
}

void GameClock::moved(Side mover, TimePoint now) {
  if (!hasClock()) return;
  const int i = index(mover);
  if (runs_ && running_ == mover) left_[i] -= duration_cast<milliseconds>(now - since_);
  left_[i] += milliseconds(control_.incrementMs);
  if (control_.movesPerPeriod > 0 && ++movesInPeriod_[i] == control_.movesPerPeriod) {
    movesInPeriod_[i] = 0;
    left_[i] += milliseconds(control_.periodMs);
  }
  running_ = opponent(mover);
  since_ = now;
}

void GameClock::pause(TimePoint now) {
  if (!runs_) return;
  left_[index(running_)] -= duration_cast<milliseconds>(now - since_);
  runs_ = false;
}

void GameClock::resume(TimePoint now) {
  if (runs_ || !hasClock()) return;
  runs_ = true;
  since_ = now;
}

void GameClock::follow(Side toMove, TimePoint now) {
  if (running_ == toMove) return;
  if (runs_) left_[index(running_)] -= duration_cast<milliseconds>(now - since_);
  running_ = toMove;
  since_ = now;
}

milliseconds GameClock::remaining(Side s, TimePoint now) const {
  milliseconds left = left_[index(s)];
  if (runs_ && running_ == s) left -= duration_cast<milliseconds>(now - since_);
  return left;
}

std::optional<Side> GameClock::flagged(TimePoint now) const {
  if (!hasClock()) return std::nullopt;
  for (const Side s : {Side::X, Side::O})
    if (remaining(s, now) <= milliseconds(0)) return s;
  return std::nullopt;
}

std::string GameClock::format(milliseconds left) {
  const long long ms = std::max<long long>(0, left.count());
  char text[32];
  if (ms < 60'000)
    std::snprintf(text, sizeof text, "0:%02lld.%lld", ms / 1000, ms / 100 % 10);
  else
    std::snprintf(text, sizeof text, "%lld:%02lld", ms / 60'000, ms / 1000 % 60);
  return text;
}

}  // namespace qubic::tui
