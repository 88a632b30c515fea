#include "time_control.hpp"

namespace qubic::match {

Clock::Clock(const TimeControl& control) : control_(control), remainingMs_(control.periodMs) {}

std::optional<std::int64_t> Clock::allowedMs() const {
  if (control_.hasClock()) return remainingMs_;
  if (control_.moveTimeMs) return control_.moveTimeMs;
  return std::nullopt;
}

void Clock::charge(std::int64_t elapsedMs) {
  if (!control_.hasClock()) return;
  remainingMs_ += control_.incrementMs - elapsedMs;
  if (control_.movesPerPeriod && ++movesInPeriod_ == control_.movesPerPeriod) {
    movesInPeriod_ = 0;
    remainingMs_ += control_.periodMs;
  }
}

std::string goLimits(const Clock& x, const Clock& o, Side toMove) {
  std::string out;
  auto add = [&](const std::string& piece) { out += (out.empty() ? "" : " ") + piece; };
  if (x.control().hasClock()) add("p1time " + std::to_string(x.remainingMs()));
  if (o.control().hasClock()) add("p2time " + std::to_string(o.remainingMs()));
  if (x.control().incrementMs) add("p1inc " + std::to_string(x.control().incrementMs));
  if (o.control().incrementMs) add("p2inc " + std::to_string(o.control().incrementMs));
  const Clock& mover = toMove == Side::X ? x : o;
  if (mover.movesToGo()) add("movestogo " + std::to_string(mover.movesToGo()));
  if (mover.control().moveTimeMs) add("movetime " + std::to_string(mover.control().moveTimeMs));
  if (mover.control().nodes) add("nodes " + std::to_string(mover.control().nodes));
  return out;
}

}  // namespace qubic::match
