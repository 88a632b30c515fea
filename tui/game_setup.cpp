#include "game_setup.hpp"

#include <algorithm>
#include <charconv>
#include <optional>

#include "engine/play/player.hpp"

namespace qubic::tui {

namespace {

constexpr const char* kPlayerTag[2] = {"XPlayer", "OPlayer"};
constexpr const char* kLevelTag[2] = {"XLevel", "OLevel"};
constexpr const char* kClockTag[2] = {"XClock", "OClock"};

std::string modeName(GameMode mode) {
  return mode == GameMode::Puzzle ? "puzzle" : mode == GameMode::Survival ? "survival" : "play";
}

// A whole non-negative number of at most `max`, or nothing.
std::optional<std::int64_t> number(const std::string& text, std::int64_t max) {
  std::int64_t n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size() || n < 0 || n > max) return {};
  return n;
}

}  // namespace

void writeSetupTags(const GameSetup& setup, GameRecord& record) {
  for (const Side s : {Side::X, Side::O}) {
    record.setTag(kPlayerTag[index(s)], setup.seats.isEngine(s) ? "engine" : "human");
    record.setTag(kLevelTag[index(s)], std::to_string(setup.levels[index(s)]));
  }
  record.setTag("MoveTimeMs", std::to_string(setup.moveTime.count()));
  record.setTag("Mode", modeName(setup.mode));
  if (setup.mode == GameMode::Puzzle) {
    record.setTag("Puzzle", std::to_string(setup.puzzle + 1));
    record.setTag("Symmetry", std::to_string(setup.symmetry));
  }
  if (setup.mode == GameMode::Survival)
    record.setTag("SurvivalCounts", setup.survivalCounts ? "yes" : "no");
  if (!setup.timeControl.empty()) {
    record.setTag("TimeControl", setup.timeControl);
    for (const Side s : {Side::X, Side::O})
      record.setTag(kClockTag[index(s)],
                    std::to_string(std::max<std::int64_t>(0, setup.clockLeft[index(s)].count())));
  }
}

Parsed<GameSetup> readSetupTags(const GameRecord& record, const GameSetup& defaults) {
  using Result = Parsed<GameSetup>;
  GameSetup setup = defaults;
  auto bad = [](const char* tag, const std::string& value) {
    return Result::failure("tag " + std::string(tag) + " has the value \"" + value +
                           "\", which qubic does not write");
  };
  for (const Side s : {Side::X, Side::O}) {
    const int i = index(s);
    if (const std::string v = record.tag(kPlayerTag[i]); !v.empty()) {
      if (v != "human" && v != "engine") return bad(kPlayerTag[i], v);
      setup.seats.side[i] = v == "engine" ? Controller::Engine : Controller::Human;
    }
    if (const std::string v = record.tag(kLevelTag[i]); !v.empty()) {
      const auto level = number(v, kMaxLevel);
      if (!level || *level < kMinLevel) return bad(kLevelTag[i], v);
      setup.levels[i] = static_cast<int>(*level);
    }
  }
  if (const std::string v = record.tag("MoveTimeMs"); !v.empty()) {
    const auto ms = number(v, 3'600'000);
    if (!ms || *ms == 0) return bad("MoveTimeMs", v);
    setup.moveTime = std::chrono::milliseconds(*ms);
  }
  const std::string mode = record.tag("Mode");
  setup.mode = GameMode::Play;  // a mode is never carried over from the game before
  if (mode == "puzzle") {
    const auto n = number(record.tag("Puzzle"), 1'000'000);
    const auto symmetry = number(record.tag("Symmetry"), 191);
    if (!n || *n == 0) return bad("Puzzle", record.tag("Puzzle"));
    if (!symmetry) return bad("Symmetry", record.tag("Symmetry"));
    setup.mode = GameMode::Puzzle;
    setup.levels = defaults.levels;  // a puzzle's are the top level's, not the player's
    setup.puzzle = static_cast<std::size_t>(*n - 1);
    setup.symmetry = static_cast<int>(*symmetry);
  } else if (mode == "survival") {
    setup.mode = GameMode::Survival;
    setup.survivalCounts = record.tag("SurvivalCounts") != "no";
  } else if (!mode.empty() && mode != "play") {
    return bad("Mode", mode);
  }
  if (const std::string tc = record.tag("TimeControl"); !tc.empty()) {
    const Parsed<TimeControl> control = parseTimeControl(tc);
    if (!control || !control.value().hasClock()) return bad("TimeControl", tc);
    setup.timeControl = tc;
    for (const Side s : {Side::X, Side::O}) {
      const std::string v = record.tag(kClockTag[index(s)]);
      // Before 2026-11-27 a flag fall was written as a negative time left: it is none.
      const bool spent = v.size() > 1 && v[0] == '-' && number(v.substr(1), std::int64_t{1} << 40);
      const auto ms = spent ? std::optional<std::int64_t>(0) : number(v, std::int64_t{1} << 40);
      if (!ms) return bad(kClockTag[index(s)], v);
      setup.clockLeft[index(s)] = std::chrono::milliseconds(*ms);
    }
  }
  return Result::success(setup);
}

}  // namespace qubic::tui
