// The harness of the game's end-to-end tests (tests/tui/test_tui_*.cpp): the real `qubic` in
// a tmux pane, driven with send-keys and read back with capture-pane. A private tmux server
// (-S) keeps them away from the user's sessions; every wait is for a condition, bounded by a
// generous deadline. A case without tmux returns at once and says so (reported skipped).
#pragma once

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <functional>
#include <iostream>
#include <regex>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/record.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/study/puzzle.hpp"

namespace qubic::tmux_test {

namespace fs = std::filesystem;

inline std::string run(const std::string& command) {
  std::string output;
  if (FILE* pipe = popen((command + " 2>/dev/null").c_str(), "r")) {
    char buffer[4096];
    while (std::size_t n = std::fread(buffer, 1, sizeof buffer, pipe)) output.append(buffer, n);
    pclose(pipe);
  }
  return output;
}

// A new, empty directory of its own for each pane (its server, settings and files): a
// directory named after the process could be one a killed run left behind, unfinished
// games and all, under a recycled pid.
inline fs::path freshDirectory() {
  std::string name = (fs::temp_directory_path() / "qubic-test-XXXXXX").string();
  if (!mkdtemp(name.data())) throw std::runtime_error("cannot make a scratch directory");
  return name;
}

inline std::string trimmed(std::string s) {
  while (!s.empty() && (s.back() == '\n' || s.back() == ' ')) s.pop_back();
  return s;
}

inline std::string readText(const fs::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// Without tmux a case returns at once, and says so: ctest reports it skipped, not passed
// (SKIP_REGULAR_EXPRESSION, tests/CMakeLists.txt).
inline bool haveTmux() {
  if (std::system("command -v tmux >/dev/null 2>&1") == 0) return true;
  std::cout << "SKIPPED: tmux is missing" << std::endl;
  return false;
}

// A test case of the game in tmux: its body runs only where tmux is (haveTmux).
#define QUBIC_TMUX_JOIN2(a, b) a##b
#define QUBIC_TMUX_JOIN(a, b) QUBIC_TMUX_JOIN2(a, b)
#define QUBIC_TMUX_TEST_CASE_AS(body, ...) \
  static void body();                      \
  TEST_CASE(__VA_ARGS__) {                 \
    if (haveTmux()) body();                \
  }                                        \
  static void body()
#define TMUX_TEST_CASE(...) \
  QUBIC_TMUX_TEST_CASE_AS(QUBIC_TMUX_JOIN(tmuxCaseAtLine, __LINE__), __VA_ARGS__)

// Every wait for a screen or an exit is for a condition, with a deadline generous enough for
// a machine loaded many times over (issue 68, 16: waits of 4 s failed at load 8-30); a wait
// that succeeds returns as soon as its condition holds. At least 120 s: a screen drawn at
// load 14-38 took more than 60.
constexpr double kLeastWait = 120;

// One qubic in one tmux session on its own server, killed when the test ends.
class QubicPane {
 public:
  // Without `startScreen` the game opens on the board (the start screen is switched off).
  // `exports`: shell lines run before qubic starts, e.g. "export NO_COLOR=1\n"; `args`:
  // more arguments for qubic, e.g. " --puzzle 1".
  explicit QubicPane(const std::string& configText, int width = 100, int height = 30,
                     bool startScreen = false, const std::string& exports = {},
                     const std::string& args = {})
      : dir_(freshDirectory()) {
    const fs::path config = dir_ / "config.toml";
    std::string text = configText;
    if (!startScreen) {
      const std::size_t tui = text.find("[tui]\n");
      if (tui == std::string::npos)
        text = "[tui]\nstart_screen = false\n" + text;
      else
        text.insert(tui + 6, "start_screen = false\n");
    }
    std::ofstream(config) << text;
    // The XDG directories point into the scratch directory, so no user file is read or
    // written. A script notes qubic's pid (for signals) and its exit status: tmux's own
    // record of a dead pane's status is not reliable. The script survives the Ctrl-C sent
    // to the whole foreground group (trap).
    std::ofstream(dir_ / "run.sh")
        << "trap : INT QUIT\ncd '" << dir_.string() << "'\nexport XDG_STATE_HOME='" << dir_.string()
        << "'\nexport XDG_DATA_HOME='" << dir_.string() << "'\nexport XDG_CONFIG_HOME='"
        << dir_.string() << "'\nexport XDG_CACHE_HOME='" << dir_.string() << "'\n"
        << exports << "sh -c 'echo $$ > qubic.pid; exec \"$0\" \"$@\"' '" << QUBIC_BIN_DIR
        << "/qubic' --config '" << config.string() << "'" << args << "\necho $? > exit-status\n";
    // The server reads only this file (no user ~/.tmux.conf), and keeps the pane after
    // qubic exits from the start, to inspect how it left the terminal even after a crash.
    std::ofstream(dir_ / "tmux.conf") << "set-option -g remain-on-exit on\n";
    tmux("-f '" + (dir_ / "tmux.conf").string() + "' new-session -d -s game -x " +
         std::to_string(width) + " -y " + std::to_string(height) + " 'sh " +
         (dir_ / "run.sh").string() + "'");
  }
  ~QubicPane() {
    tmux("kill-server");
    // On the hangup qubic saves an unfinished game: let it finish before the directory goes.
    const long pid = std::strtol(qubicPid().c_str(), nullptr, 10);
    for (int i = 0; i < 100 && pid > 0 && kill(static_cast<pid_t>(pid), 0) == 0; ++i)
      std::this_thread::sleep_for(std::chrono::milliseconds(100));
    std::error_code ignored;
    fs::remove_all(dir_, ignored);
  }

  // The server's socket lives in the scratch directory, so nothing is left behind.
  std::string tmux(const std::string& args) const {
    return run("tmux -S '" + (dir_ / "tmux.sock").string() + "' " + args);
  }
  void keys(const std::string& keys) const { tmux("send-keys -t game " + keys); }
  std::string screen() const { return tmux("capture-pane -p -t game"); }
  // The screen with its attributes as escape sequences (colours, bold).
  std::string styledScreen() const { return tmux("capture-pane -p -e -t game"); }
  // "<dead> <alternate screen on>" of the pane: "0 1" while qubic runs, "1 0" once it has
  // exited and left the terminal's alternate screen.
  std::string paneState() const {
    return trimmed(tmux("display-message -p -t game '#{pane_dead} #{alternate_on}'"));
  }
  bool alive() const { return paneState().rfind("0 ", 0) == 0; }
  std::string qubicPid() const { return trimmed(readText(dir_ / "qubic.pid")); }
  // Waits up to `seconds` for qubic to exit; gives the pane state and qubic's exit status,
  // "1 0 exit 0" after a clean exit.
  std::string waitForExit(double seconds) const {
    seconds = std::max(seconds, kLeastWait);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    while ((alive() || !fs::exists(dir_ / "exit-status")) &&
           std::chrono::steady_clock::now() < deadline)
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    return paneState() + " exit " + trimmed(readText(dir_ / "exit-status"));
  }
  const fs::path& dir() const { return dir_; }
  // Starts qubic again in the same pane, directories and configuration (after it exited).
  void restart() const { tmux("respawn-pane -k -t game 'sh " + (dir_ / "run.sh").string() + "'"); }

  // Polls the screen until `ok` holds, for at most `seconds`; the last screen is kept.
  bool waitFor(const std::function<bool(const std::string&)>& ok, double seconds = kLeastWait) {
    seconds = std::max(seconds, kLeastWait);
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
    do {
      last = screen();
      if (ok(last)) return true;
      std::this_thread::sleep_for(std::chrono::milliseconds(50));
    } while (std::chrono::steady_clock::now() < deadline);
    // What a failed wait saw, to tell a slow program from a dead or stuck one.
    std::cerr << "--- the wait failed after " << seconds
              << " s; pane (dead, alternate screen): " << paneState() << ", qubic's exit status: '"
              << trimmed(readText(dir_ / "exit-status")) << "', last screen:\n"
              << last << "---\n";
    return false;
  }
  bool waitForText(const std::string& text, double seconds = kLeastWait) {
    return waitFor([&](const std::string& s) { return s.find(text) != std::string::npos; },
                   seconds);
  }
  // The start screen whole: on a loaded machine "Who plays?" can be on the screen a moment
  // before the lines under it, so the wait is for its last line too.
  bool waitForStartScreen() {
    return waitFor([](const std::string& s) {
      return s.find("Who plays?") != std::string::npos &&
             s.find("in the game ? lists every key.") != std::string::npos;
    });
  }
  bool waitForPattern(const std::string& pattern, double seconds = kLeastWait) {
    const std::regex re(pattern);
    return waitFor([&](const std::string& s) { return std::regex_search(s, re); }, seconds);
  }

  std::string last;

 private:
  fs::path dir_;
};

// The games saved in the pane's games directory, by file name.
inline std::vector<fs::path> savedGames(const QubicPane& pane) {
  std::vector<fs::path> found;
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator(pane.dir() / "qubic" / "games", ignored))
    found.push_back(entry.path());
  std::sort(found.begin(), found.end());
  return found;
}

// The kept unfinished games of a state directory, with their contents.
inline std::vector<std::string> keptGames(const fs::path& stateHome) {
  std::vector<std::string> texts;
  std::error_code ignored;
  for (const auto& entry : fs::directory_iterator(stateHome / "qubic" / "unfinished", ignored))
    if (entry.path().extension() == ".qgn") texts.push_back(readText(entry.path()));
  return texts;
}

inline bool waitUntil(const std::function<bool()>& ok, double seconds) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  while (!ok() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  return ok();
}

inline const char* kVersusEngine =
    "[tui]\nhuman_side = \"x\"\nmove_time_ms = 100\nlevel = 3\n[engine]\nseed = 7\n";
inline const char* kTwoHumans = "[tui]\nhuman_side = \"both\"\n";
// The engine (X) would think for a minute: only interrupting it ends its turn quickly.
// Without the book, which would answer at once.
inline const char* kSlowEngine =
    "[tui]\nhuman_side = \"o\"\nmove_time_ms = 60000\nlevel = 15\n[engine]\nuse_solution = false\n";
inline const char* kSlowReply =
    "[tui]\nhuman_side = \"x\"\nmove_time_ms = 60000\nlevel = 15\n[engine]\nuse_solution = false\n";
// The engine as X at full strength, with the shipped book.
inline const char* kBookEngine = "[tui]\nhuman_side = \"o\"\nmove_time_ms = 5000\nlevel = 15\n";

// Survival: O tries the cells in index order, skipping taken ones, until X has won.
inline void playOUntilTheEnd(QubicPane& pane) {
  for (int cell = 0; cell < kCells; ++cell) {
    const std::string t = moveToken(cell);
    REQUIRE(pane.waitFor(
        [](const std::string& s) {
          return s.find("Your move") != std::string::npos ||
                 s.find("You survived") != std::string::npos;
        },
        30));
    if (pane.last.find("You survived") != std::string::npos) return;
    pane.keys(t);
    // The move list too: an engine that answers at once from the table replaces "You played"
    // before a loaded machine's next look at the screen (seen at load 10: a 120-s wait).
    const std::regex inList("[0-9]+\\. [1-4][a-d][1-4] " + t + "\\b");
    REQUIRE(pane.waitFor([&](const std::string& s) {
      return s.find("You played " + t) != std::string::npos ||
             s.find(t + " is taken") != std::string::npos ||
             s.find("You survived") != std::string::npos || std::regex_search(s, inList);
    }));
  }
}

// The lines of the fenced block after `marker` in docs/user-guide.md, trailing blanks cut.
inline std::vector<std::string> documentedScreen(const std::string& marker) {
  std::ifstream doc(std::string(QUBIC_SOURCE_DIR) + "/docs/user-guide.md");
  std::vector<std::string> documented;
  bool seen = false, inBlock = false;
  for (std::string line; std::getline(doc, line);) {
    if (line.find(marker) != std::string::npos)
      seen = true;
    else if (seen && line == "```") {
      if (inBlock) break;
      inBlock = true;
    } else if (inBlock) {
      documented.push_back(line.substr(0, line.find_last_not_of(' ') + 1));
    }
  }
  return documented;
}

// A captured screen as lines, trailing blanks and empty last lines cut.
inline std::vector<std::string> screenLines(const std::string& screen) {
  std::vector<std::string> shown;
  std::istringstream in(screen);
  for (std::string line; std::getline(in, line);)
    shown.push_back(line.substr(0, line.find_last_not_of(' ') + 1));
  while (!shown.empty() && shown.back().empty()) shown.pop_back();
  return shown;
}

// The pane's screen as lines once it shows `documented`, or as it showed last: a screen is
// drawn in parts, and on a loaded machine one look can fall between them.
inline std::vector<std::string> settledScreen(QubicPane& pane,
                                              const std::vector<std::string>& documented) {
  pane.waitFor([&](const std::string& s) { return screenLines(s) == documented; });
  return screenLines(pane.last);
}

// Plays X by typing the first empty cells in order until the game ends; the engine is O.
// After each move it waits for the pair in the move list ("3. 1c1 1d1"), so no key is
// typed while the engine thinks.
inline void playXToTheEnd(QubicPane& pane) {
  auto over = [](const std::string& s) {  // the status line's end of a game
    return std::regex_search(
        s, std::regex(R"([XO] wins with the line|Draw: the cube is full|[XO] loses \()"));
  };
  int number = 1;  // of X's next move
  for (int cell = 0; cell < kCells; ++cell) {
    const std::string t = moveToken(cell);
    if (over(pane.screen())) return;
    pane.keys(t);
    const std::regex pair(std::to_string(number) + R"(\. )" + t + R"( [1-4][a-d][1-4])");
    REQUIRE(pane.waitFor(
        [&](const std::string& s) {
          return s.find(t + " is taken") != std::string::npos || std::regex_search(s, pair) ||
                 over(s);
        },
        30));
    if (pane.last.find(t + " is taken") == std::string::npos) ++number;
  }
}

// The most cases' start: two humans at the board, drawn (its panel names the level).
class BoardPane : public QubicPane {
 public:
  BoardPane() : QubicPane(kTwoHumans) { REQUIRE(waitForText("level 4")); }
};

}  // namespace qubic::tmux_test
