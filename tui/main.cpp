// qubic: play Qubic (4x4x4 tic-tac-toe) in the terminal.
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

#include "app.hpp"
#include "config/settings.hpp"
#include "keymap.hpp"
#include "terminal.hpp"

namespace {

constexpr const char* kUsage =
    "usage: qubic [--config PATH] [--print-config] [--help]\n"
    "\n"
    "Play Qubic, 4x4x4 tic-tac-toe, in the terminal: against the engine, against a\n"
    "friend, or watch the engine play itself. Press ? in the game for help.\n"
    "\n"
    "  --config PATH    read settings from PATH instead of the default file\n"
    "                   ($XDG_CONFIG_HOME/qubic/config.toml or ~/.config/qubic/config.toml)\n"
    "  --print-config   print the settings in effect as TOML and exit\n"
    "  --help           show this text and exit\n";

}  // namespace

int main(int argc, char** argv) {
  std::string configPath;
  bool printConfig = false;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg == "--help" || arg == "-h") {
      std::cout << kUsage;
      return 0;
    } else if (arg == "--print-config") {
      printConfig = true;
    } else if (arg == "--config" && i + 1 < argc) {
      configPath = argv[++i];
    } else if (arg.rfind("--config=", 0) == 0) {
      configPath = arg.substr(std::strlen("--config="));
    } else {
      std::cerr << "qubic: unknown argument '" << arg << "'\n" << kUsage;
      return 2;
    }
  }

  const qubic::Parsed<qubic::Settings> settings = qubic::resolveSettings(configPath);
  if (!settings) {
    std::cerr << settings.error() << '\n';
    return 1;
  }
  const qubic::Parsed<qubic::tui::KeyMap> keys = qubic::tui::KeyMap::fromSettings(settings.value().tui);
  if (!keys) {
    std::cerr << "qubic: bad key bindings in the configuration:\n" << keys.error() << '\n';
    return 1;
  }
  if (printConfig) {
    std::cout << qubic::settingsToToml(settings.value());
    return 0;
  }

  try {
    qubic::tui::TerminalSession terminal;
    qubic::tui::App app(settings.value(), keys.value());
    app.run();
  } catch (const std::exception& e) {
    qubic::tui::restoreTerminal();
    std::cerr << "qubic: " << e.what() << '\n';
    return 1;
  }
  return 0;
}
