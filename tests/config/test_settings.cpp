#include <catch2/catch.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/settings.hpp"

using namespace qubic;

namespace {

std::string readFile(const std::string& path) {
  std::ifstream in(path);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

}  // namespace

TEST_CASE("the shipped default file is exactly the built-in defaults, printed") {
  const std::string path = std::string(QUBIC_SOURCE_DIR) + "/config/default.toml";
  const std::string text = readFile(path);
  REQUIRE_FALSE(text.empty());
  CHECK(text == settingsToToml(Settings{}));
  const Parsed<Settings> parsed = parseSettings(text, path);
  REQUIRE(parsed.ok());
  CHECK(settingsToToml(parsed.value()) == text);
}

TEST_CASE(
    "M4: a bad [match] time_control is an error with its location for every program that reads the "
    "file") {
  const auto parsed = parseSettings("[match]\ntime_control = \"st=fast\"\n", "m.toml");
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.error() ==
        "m.toml:2:16: error: match.time_control: st must be a number of seconds of at least 0.001, "
        "got \"fast\"");
  CHECK(parseSettings("[match]\ntime_control = \"tc=40/60+0.6 nodes=5000\"\n", "ok.toml").ok());
  CHECK_FALSE(withSetting(Settings{}, "match.time_control", "tc=0").ok());
}

TEST_CASE("keys of earlier versions are refused with their new names") {
  const auto parsed =
      parseSettings("[engine]\nown_book = false\nbook_file = \"x.book\"\n", "old.toml");
  REQUIRE_FALSE(parsed.ok());
  CHECK(parsed.error() ==
        "old.toml:3:1: error: unknown key engine.book_file (now solution_file)\n"
        "old.toml:2:1: error: unknown key engine.own_book (now use_solution)");
}

TEST_CASE("values are read and printed back") {
  const auto parsed = parseSettings(
      "[engine]\nlevel = 3\nexplain = false\nsolution_file = \"a \\\"b\\\".book\"\n"
      "[tui]\nhuman_side = \"both\"\ncolor_x = \"green\"\n",
      "test.toml");
  REQUIRE(parsed.ok());
  const Settings& s = parsed.value();
  CHECK(s.engine.level == 3);
  CHECK_FALSE(s.engine.explain);
  CHECK(s.engine.solutionFile == "a \"b\".book");
  CHECK(s.tui.humanSide == "both");
  CHECK(s.tui.colorX == "green");
  CHECK(s.engine.hashMb == EngineSettings{}.hashMb);  // untouched keys keep their defaults
  const auto again = parseSettings(settingsToToml(s), "printed");
  REQUIRE(again.ok());
  CHECK(settingsToToml(again.value()) == settingsToToml(s));
}

TEST_CASE("every kind of mistake is reported with file, line and column") {
  auto error = [](std::string_view text) {
    const auto parsed = parseSettings(text, "bad.toml");
    REQUIRE_FALSE(parsed.ok());
    return parsed.error();
  };
  CHECK(
      error("[engine]\nlevel = 16\n") ==
      "bad.toml:2:9: error: engine.level must be an integer from 0 to 15, got 16 (the levels were "
      "0-17 before 2026-11-27; 15 is the top now)");
  CHECK(error("[engine]\nlevel = \"high\"\n") ==
        "bad.toml:2:9: error: engine.level must be an integer from 0 to 15");
  CHECK(error("[engine]\nexplain = 1\n") ==
        "bad.toml:2:11: error: engine.explain must be true or false");
  CHECK(error("[engine]\nlevle = 3\n") == "bad.toml:2:1: error: unknown key engine.levle");
  CHECK(error("[engnie]\nlevel = 3\n") == "bad.toml:1:2: error: unknown section [engnie]");
  CHECK(error("[tui]\nhuman_side = \"me\"\n")
            .find("one of \"x\", \"o\", \"both\", \"none\", got \"me\"") != std::string::npos);
  CHECK(error("[engine\n").rfind("bad.toml:1:", 0) == 0);  // a TOML syntax error keeps its position
  CHECK(error("engine = 3\n") == "bad.toml:1:1: error: [engine] must be a table");
  // Several mistakes are all reported, one per line.
  const std::string both = error("[engine]\nlevel = -1\nthreads = 0\n");
  CHECK(both.find("bad.toml:2:9") != std::string::npos);
  CHECK(both.find("\nbad.toml:3:11") != std::string::npos);
}

TEST_CASE(
    "a missing file named explicitly is an error, but no file at the default path gives defaults") {
  const auto missing = resolveSettings("/nonexistent/qubic.toml");
  REQUIRE_FALSE(missing.ok());
  CHECK(missing.error() ==
        "/nonexistent/qubic.toml: error: cannot read the configuration file: no such file");

  const std::string dir = std::filesystem::temp_directory_path() / "qubic-settings-test";
  std::filesystem::create_directories(dir + "/qubic");
  ::setenv("XDG_CONFIG_HOME", dir.c_str(), 1);
  std::filesystem::remove(dir + "/qubic/config.toml");
  CHECK(defaultSettingsPath() == dir + "/qubic/config.toml");
  const auto defaults = resolveSettings("");
  REQUIRE(defaults.ok());
  CHECK(defaults.value().engine.level == EngineSettings{}.level);
  std::ofstream(dir + "/qubic/config.toml") << "[engine]\nlevel = 4\n";
  const auto fromFile = resolveSettings("");
  REQUIRE(fromFile.ok());
  CHECK(fromFile.value().engine.level == 4);
  std::filesystem::remove_all(dir);
}

TEST_CASE("single settings are set from text with the same checks") {
  const Settings base;
  auto set = withSetting(base, "engine.level", "5");
  REQUIRE(set.ok());
  CHECK(set.value().engine.level == 5);
  CHECK(withSetting(base, "engine.level", "-1").error() ==
        "engine.level must be an integer from 0 to 15, got \"-1\"");
  CHECK_FALSE(withSetting(base, "engine.level", "5x").ok());
  CHECK_FALSE(withSetting(base, "engine.explain", "yes").ok());
  CHECK(withSetting(base, "engine.explain", "false").value().engine.explain == false);
  CHECK(withSetting(base, "nothing", "1").error() == "unknown setting nothing");
  CHECK(withSetting(base, "tui.color_o", "blue").value().tui.colorO == "blue");
}

TEST_CASE("keys dotted or values nested past any setting's depth are refused, not a crash") {
  // Issue 42 (4): 'x.a.a...a = 1' with 50 000 parts overflowed toml++'s recursion.
  std::string key = "x";
  for (int i = 0; i < 50000; ++i) key += ".a";
  const Parsed<Settings> dotted = parseSettings(key + " = 1\n", "d.toml");
  REQUIRE_FALSE(dotted);
  CHECK(dotted.error().rfind("d.toml:1: error: a key of more than 32 dotted parts", 0) == 0);
  const std::string nested =
      "[engine]\nlevel = 5\nx = " + std::string(50000, '[') + std::string(50000, ']') + "\n";
  const Parsed<Settings> deep = parseSettings(nested, "n.toml");
  REQUIRE_FALSE(deep);
  CHECK(deep.error().rfind("n.toml:3: error:", 0) == 0);
  const Parsed<Settings> table = parseSettings("x = " + std::string(50000, '{') + "\n", "t.toml");
  CHECK_FALSE(table);
  // Dots in strings, comments and numbers are not key parts; dotted keys of ours still work.
  const std::string fine = "engine.level = 7 # " + std::string(100, '.') +
                           "\n[match]\nrecords = \"" + std::string(100, '.') + "\"\n";
  const Parsed<Settings> ok = parseSettings(fine, "ok.toml");
  REQUIRE(ok);
  CHECK(ok.value().match.records == std::string(100, '.'));
  const Parsed<Settings> level = parseSettings("engine.level = 7\n", "l.toml");
  REQUIRE(level);
  CHECK(level.value().engine.level == 7);
}
