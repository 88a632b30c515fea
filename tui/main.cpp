// qubic: play Qubic (4x4x4 tic-tac-toe) in the terminal.
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "app.hpp"
#include "config/book_file.hpp"
#include "config/command_line.hpp"
#include "config/data_dirs.hpp"
#include "config/duration.hpp"
#include "config/program.hpp"
#include "config/read_file.hpp"
#include "config/settings.hpp"
#include "config/shell_words.hpp"
#include "config/shipped_data.hpp"
#include "keymap.hpp"
#include "levels.hpp"
#include "puzzle_session.hpp"
#include "terminal.hpp"

namespace {

constexpr const char* kUsage =
    "usage: qubic [--level N] [--side x|o|both|none] [--movetime T] [--threads N]\n"
    "             [--level-x N] [--level-o N] [--watch-delay T] [--clock TC] [--elo N]\n"
    "             [--engine \"CMD [ARGS]\" [--engine-option NAME=VALUE]...]\n"
    "             [--puzzle N] [--config PATH] [--print-config] [--help]\n"
    "\n"
    "Play Qubic, 4x4x4 tic-tac-toe, in the terminal: against the engine, against a\n"
    "friend, or watch the engine play itself. Press ? in the game for help.\n"
    "\n"
    "  --level N        the engine's level, 0 (easiest) to 15 (full strength); without\n"
    "                   it the game starts at the level chosen last ([tui] level at first)\n"
    "  --side S         who the keyboard plays: x, o, both (two humans) or none (watch)\n"
    "  --movetime T     the engine's thinking time per move, with its unit: 2s, 500ms\n"
    "  --threads N      threads of the engine's proof searches\n"
    "  --level-x N, --level-o N   the engine's level when it plays that side (-1: --level)\n"
    "  --watch-delay T  the pause between moves when the engine plays itself (as above)\n"
    "  --clock TC       a clock per side, e.g. tc=300+3 (5 minutes, 3 s a move)\n"
    "  --elo N          the engine plays at rating N of docs/strength.md (0 is level 0,\n"
    "                   the top level the most), between levels by mixing them; + and -\n"
    "                   go back to levels\n"
    "  --engine \"CMD [ARGS]\"  another UGI engine plays in the engine's seat ([tui] engine);\n"
    "                   hints, the overlay, review and explain stay ours\n"
    "  --engine-option NAME=VALUE  a setoption for it, as often as needed\n"
    "                   ([tui] engine_options)\n"
    "  (each overrides the configuration's [tui] level, human_side,\n"
    "   move_time_ms, [engine] threads, [tui] level_x, level_o, watch_delay_ms, clock)\n"
    "  --puzzle N       open puzzle N of the shipped puzzles, as the file has it (no\n"
    "                   symmetry applied)\n"
    "  --config PATH    read settings from PATH instead of the default file\n"
    "                   ($XDG_CONFIG_HOME/qubic/config.toml or ~/.config/qubic/config.toml)\n"
    "  --print-config   print the settings in effect as TOML and exit\n"
    "  --help           show this text and exit\n"
    "  --version        show the version and exit\n";

// Command-line options that override one setting each for this run.
constexpr std::pair<const char*, const char*> kOverrides[] = {
    {"--level", "tui.level"},
    {"--side", "tui.human_side"},
    {"--movetime", "tui.move_time_ms"},
    {"--threads", "engine.threads"},
    {"--level-x", "tui.level_x"},
    {"--level-o", "tui.level_o"},
    {"--watch-delay", "tui.watch_delay_ms"},
    {"--clock", "tui.clock"},
    {"--elo", "engine.elo"},
    {"--engine", "tui.engine"}};

// What the command line asks for.
struct Arguments {
  std::string configPath;
  bool printConfig = false;
  std::optional<int> puzzle;  // --puzzle N: that puzzle, as the file has it
  std::vector<std::pair<std::string, std::string>> overrides;  // setting, value
  std::optional<int> exitNow;  // --help, --version or an error: exit with this status
};

Arguments parseArguments(int argc, char** argv) {
  Arguments args;
  std::vector<std::string> words(argv + 1, argv + argc);
  for (std::string& w : words)
    if (w == "-h") w = "--help";
  qubic::CommandLine::Spec spec{
      {"--help", "--version", "--print-config"}, {"--config", "--puzzle"}, {"--engine-option"}};
  for (const auto& [option, setting] : kOverrides) spec.valued.insert(option);
  try {
    const qubic::CommandLine line(words, spec);
    if (!line.positional().empty())
      throw qubic::UsageError("unexpected argument '" + line.positional()[0] + "'");
    if (line.has("--help") || line.has("--version")) {
      if (line.has("--help"))
        std::cout << kUsage << '\n' << qubic::shippedDataReport();
      else
        std::cout << qubic::versionText("qubic");
      args.exitNow = 0;
      return args;
    }
    args.printConfig = line.has("--print-config");
    args.configPath = line.text("--config");
    if (line.has("--puzzle"))
      args.puzzle = static_cast<int>(
          line.count("--puzzle", 1, 1, 100000, "a puzzle number (1, 2, ...) up to 100000"));
    for (const auto& [option, setting] : kOverrides) {
      if (!line.has(option)) continue;
      std::string value = line.text(option);
      if (std::string_view(option) == "--movetime" || std::string_view(option) == "--watch-delay") {
        const qubic::Parsed<double> time = qubic::parseDuration(value, 0);  // a unit required
        if (!time) throw qubic::UsageError(std::string(option) + " " + time.error());
        value = std::to_string(std::llround(time.value() * 1000));
      }
      args.overrides.emplace_back(setting, value);
    }
    // --engine-option, repeated: one setting of ';'-joined pairs.
    std::string engineOptions;
    for (const auto& [option, pair] : line.sequence()) {
      if (pair.find('=') == std::string::npos || pair.front() == '=' ||
          pair.find(';') != std::string::npos)
        throw qubic::UsageError(option + " needs NAME=VALUE, got '" + pair + "'");
      engineOptions += (engineOptions.empty() ? "" : ";") + pair;
    }
    if (!engineOptions.empty()) args.overrides.emplace_back("tui.engine_options", engineOptions);
  } catch (const qubic::UsageError& e) {
    std::cerr << "qubic: " << e.what() << '\n' << qubic::tryHelpText("qubic");
    args.exitNow = 2;
  }
  return args;
}

// The settings in effect: the file's, then the command line's (and the levels chosen last,
// unless the command line gives one); an error said and its exit status otherwise.
qubic::Parsed<qubic::Settings> settingsFor(Arguments& args, int& status) {
  qubic::Parsed<qubic::Settings> settings = qubic::resolveSettings(args.configPath);
  if (!settings) {
    std::cerr << settings.error() << '\n';
    status = 1;
    return settings;
  }
  const bool levelGiven =
      std::any_of(args.overrides.begin(), args.overrides.end(),
                  [](const auto& o) { return o.first.rfind("tui.level", 0) == 0; });
  if (const auto remembered = qubic::tui::rememberedLevels(); remembered && !levelGiven) {
    args.overrides.emplace_back("tui.level_x", std::to_string((*remembered)[0]));
    args.overrides.emplace_back("tui.level_o", std::to_string((*remembered)[1]));
  }
  for (const auto& [setting, value] : args.overrides) {
    // A rating asked for is played (Stockfish's UCI_LimitStrength with UCI_Elo).
    if (setting == "engine.elo")
      settings = qubic::withSetting(settings.value(), "engine.limit_strength", "true");
    // Choosing the side on the command line answers the start screen's question.
    if (setting == "tui.human_side")
      settings = qubic::withSetting(settings.value(), "tui.start_screen", "false");
    if (settings) settings = qubic::withSetting(settings.value(), setting, value);
    if (!settings) {
      // Named as it was given: "--level: must be ...", not by the setting it overrides.
      std::string error = settings.error();
      const std::string& name = setting;  // a structured binding cannot be captured (clang)
      const auto* option = std::find_if(std::begin(kOverrides), std::end(kOverrides),
                                        [&](const auto& o) { return name == o.second; });
      if (option != std::end(kOverrides) && error.rfind(setting + " ", 0) == 0)
        error = std::string(option->first) + ":" + error.substr(setting.size());
      std::cerr << "qubic: " << error << '\n' << qubic::tryHelpText("qubic");
      status = 2;
      return settings;
    }
  }
  return settings;
}

// A --puzzle number past the shipped puzzles is an error like any other bad value.
int checkPuzzle(int puzzle) {
  qubic::tui::PuzzleSession puzzles;
  if (const std::string problem = puzzles.load(); !problem.empty()) {
    std::cerr << "qubic: --puzzle: " << problem << '\n';
    return 1;
  }
  if (static_cast<std::size_t>(puzzle) > puzzles.count()) {
    std::cerr << "qubic: --puzzle " << puzzle << ": there are " << puzzles.count()
              << " puzzles (1 to " << puzzles.count() << ")\n";
    return 2;
  }
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  Arguments args = parseArguments(argc, argv);
  if (args.exitNow) return *args.exitNow;
  int status = 0;
  const qubic::Parsed<qubic::Settings> settings = settingsFor(args, status);
  if (!settings) return status;
  // The engine's command splits as a shell splits it; one that does not is refused now,
  // not when the engine's first move is due.
  if (const std::string& engine = settings.value().tui.engine; !engine.empty()) {
    const auto words = qubic::shellWords(engine);
    if (!words || words.value().empty()) {
      std::cerr << "qubic: --engine (tui.engine) \"" << qubic::printableText(engine)
                << "\": " << (words ? "no command" : words.error()) << '\n';
      return 2;
    }
  }
  const qubic::Parsed<qubic::tui::KeyMap> keys =
      qubic::tui::KeyMap::fromSettings(settings.value().tui);
  if (!keys) {
    std::cerr << "qubic: bad key bindings in the configuration:\n" << keys.error() << '\n';
    return 1;
  }
  if (args.puzzle)
    if (const int bad = checkPuzzle(*args.puzzle); bad != 0) return bad;
  if (args.printConfig) {
    std::cout << qubic::settingsToToml(settings.value());
    return 0;
  }
  std::string farewell;  // what the game could not do at its end, said once the screen is back
  try {
    qubic::tui::TerminalSession terminal;
    qubic::tui::App app(settings.value(), keys.value(), args.puzzle);
    farewell = app.run();
  } catch (const std::exception& e) {
    qubic::tui::restoreTerminal();
    std::cerr << "qubic: " << e.what() << '\n';
    return 1;
  }
  if (!farewell.empty()) std::cerr << "qubic: " << farewell << '\n';
  // Ended by a signal (the game kept first): 128 + its number, as shells expect.
  if (const int signal = qubic::tui::terminationSignal(); signal != 0) return 128 + signal;
  return 0;
}
