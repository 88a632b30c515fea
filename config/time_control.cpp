#include "time_control.hpp"

#include <charconv>
#include <cmath>
#include <optional>
#include <sstream>

namespace qubic {

namespace {

// The longest time control accepted: a week, far from any overflow in milliseconds.
constexpr double kMaxSeconds = 7 * 24 * 3600.0;

// Seconds as a plain decimal number ("60", "0.6", ".5") into whole milliseconds; nothing
// if malformed. Read digit by digit, not by std::from_chars: the WebAssembly build's
// library has no from_chars for double (engine/core/portable.hpp), and the locale never
// changes the decimal point.
std::optional<std::int64_t> secondsToMs(std::string_view text) {
  double seconds = 0, scale = 0;  // scale: the place of the next decimal digit, 0 before '.'
  bool digits = false;
  for (const char c : text) {
    if (c == '.' && scale == 0) {
      scale = 0.1;
    } else if (c >= '0' && c <= '9') {
      digits = true;
      if (scale == 0) {
        seconds = seconds * 10 + (c - '0');
      } else {
        seconds += (c - '0') * scale;
        scale /= 10;
      }
      if (seconds > kMaxSeconds) return std::nullopt;
    } else {
      return std::nullopt;
    }
  }
  if (!digits) return std::nullopt;
  return static_cast<std::int64_t>(std::llround(seconds * 1000));
}

std::string secondsText(std::int64_t ms) {
  std::ostringstream out;
  out << ms / 1000.0;
  return out.str();
}

// "40/60+0.6", "60+0.6", "40/60" or "60".
std::string setClock(TimeControl& control, std::string_view value) {
  const std::string expected =
      "tc must be [moves/]seconds[+increment] with seconds > 0, e.g. 40/60+0.6, got \"" +
      std::string(value) + "\"";
  std::string_view rest = value;
  int moves = 0;
  if (const std::size_t slash = rest.find('/'); slash != std::string_view::npos) {
    const auto [end, ec] = std::from_chars(rest.data(), rest.data() + slash, moves);
    if (ec != std::errc() || end != rest.data() + slash || moves < 1 || moves > 1000)
      return expected;
    rest.remove_prefix(slash + 1);
  }
  std::optional<std::int64_t> increment = 0;
  if (const std::size_t plus = rest.find('+'); plus != std::string_view::npos) {
    increment = secondsToMs(rest.substr(plus + 1));
    rest = rest.substr(0, plus);
  }
  const std::optional<std::int64_t> period = secondsToMs(rest);
  if (!period || *period <= 0 || !increment) return expected;
  control.movesPerPeriod = moves;
  control.periodMs = *period;
  control.incrementMs = *increment;
  return {};
}

}  // namespace

std::string TimeControl::text() const {
  std::string out;
  auto add = [&](const std::string& piece) { out += (out.empty() ? "" : " ") + piece; };
  if (hasClock()) {
    std::string clock = "tc=";
    if (movesPerPeriod) clock += std::to_string(movesPerPeriod) + "/";
    clock += secondsText(periodMs);
    if (incrementMs) clock.append("+").append(secondsText(incrementMs));
    add(clock);
  }
  if (moveTimeMs) add("st=" + secondsText(moveTimeMs));
  if (nodes) add("nodes=" + std::to_string(nodes));
  return out;
}

bool isTimeControlKey(std::string_view key) { return key == "tc" || key == "st" || key == "nodes"; }

std::string setTimeControlKey(TimeControl& control, std::string_view key, std::string_view value) {
  if (key == "tc") {
    if (control.moveTimeMs) return "tc and st cannot be combined";
    return setClock(control, value);
  }
  if (key == "st") {
    if (control.hasClock()) return "tc and st cannot be combined";
    const std::optional<std::int64_t> ms = secondsToMs(value);
    if (!ms || *ms <= 0)
      return "st must be a number of seconds of at least 0.001, got \"" + std::string(value) + "\"";
    control.moveTimeMs = *ms;
    return {};
  }
  if (key == "nodes") {
    std::uint64_t nodes = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), nodes);
    if (value.empty() || ec != std::errc() || end != value.data() + value.size() || nodes == 0)
      return "nodes must be a whole number of at least 1, got \"" + std::string(value) + "\"";
    control.nodes = nodes;
    return {};
  }
  return "unknown time control key \"" + std::string(key) + "\" (expected tc, st or nodes)";
}

Parsed<TimeControl> parseTimeControl(std::string_view text) {
  TimeControl control;
  std::istringstream words{std::string(text)};
  std::string word;
  while (words >> word) {
    const std::size_t equals = word.find('=');
    if (equals == std::string::npos)
      return Parsed<TimeControl>::failure("expected key=value (tc=, st= or nodes=), got \"" + word +
                                          "\"");
    const std::string problem =
        setTimeControlKey(control, word.substr(0, equals), word.substr(equals + 1));
    if (!problem.empty()) return Parsed<TimeControl>::failure(problem);
  }
  if (control.isEmpty())
    return Parsed<TimeControl>::failure("the time control is empty (give tc=, st= or nodes=)");
  return Parsed<TimeControl>::success(control);
}

}  // namespace qubic
