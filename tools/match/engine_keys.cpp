#include "engine_keys.hpp"

#include <algorithm>

namespace qubic::match {

std::string baseName(const std::string& path) {
  const std::size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

namespace {

// Applies one engine key; returns what is wrong, empty on success.
std::string applyEngineKey(EngineConfig& engine, const std::string& key, const std::string& value) {
  if (key == "name") {
    if (value.empty()) return "name= needs a name";
    engine.name = value;
  } else if (key == "cmd") {
    engine.command = value;
  } else if (key == "arg") {
    engine.args.push_back(value);
  } else if (key.rfind("option.", 0) == 0 && key.size() > 7) {
    // Sent to the engine as one line: a newline would smuggle in a command of its own.
    const auto control = [](const std::string& text) {
      return std::any_of(text.begin(), text.end(),
                         [](char c) { return static_cast<unsigned char>(c) < 0x20 || c == 0x7f; });
    };
    if (control(key) || control(value))
      return key + "= must not contain control characters such as a newline";
    engine.options.emplace_back(key.substr(7), value);
  } else if (isTimeControlKey(key)) {
    return setTimeControlKey(engine.timeControl, key, value);
  } else if (key == "timemargin") {
    const Parsed<long long> ms = wholeNumber(value, 0, 600000, "timemargin (milliseconds)");
    if (!ms) return ms.error();
    engine.timeMarginMs = ms.value();
  } else if (key == "timeout") {
    const Parsed<long long> s = wholeNumber(value, 1, 86400, "timeout (seconds)");
    if (!s) return s.error();
    engine.untimedTimeoutMs = s.value() * 1000;
  } else {
    return "unknown key \"" + key +
           "\" (expected name, cmd, arg, option.NAME, tc, st, nodes, timemargin or timeout)";
  }
  return {};
}

}  // namespace

Parsed<EngineConfig> makeEngine(const KeyValues& shared, const KeyValues& own,
                                const MatchSettings& defaults, const TimeControl& defaultControl,
                                int number) {
  const std::string where = "engine " + std::to_string(number) + ": ";
  EngineConfig engine;
  engine.timeMarginMs = defaults.timeMarginMs;
  const bool ownControl = std::any_of(own.begin(), own.end(),
                                      [](const auto& kv) { return isTimeControlKey(kv.first); });
  for (const KeyValues* keys : {&shared, &own})
    for (const auto& [key, value] : *keys) {
      if (keys == &shared && ownControl && isTimeControlKey(key)) continue;
      if (std::string problem = applyEngineKey(engine, key, value); !problem.empty())
        return Parsed<EngineConfig>::failure(where + problem);
    }
  if (engine.command.empty())
    return Parsed<EngineConfig>::failure(where + "cmd= is missing (the engine program)");
  if (engine.name.empty()) engine.name = baseName(engine.command);
  if (engine.timeControl.isEmpty()) engine.timeControl = defaultControl;
  return Parsed<EngineConfig>::success(std::move(engine));
}

}  // namespace qubic::match
