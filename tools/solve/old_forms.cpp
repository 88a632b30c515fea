// The old forms of qubic-solve's command line (before its commands: options alone, e.g.
// `qubic-solve --verify FILE`), kept working by one table that maps them onto the
// commands; runCommandLine names the new form on stderr each time.
#include <algorithm>
#include <sstream>

#include "cli.hpp"

namespace qubic {

namespace {

// The option that chose the mode (first match in this order), the command it is now, and
// whether the option's value is the command's first argument (FILE, RECORD, N). An old
// form without any of them is `prove`.
struct OldMode {
  const char* option;
  const char* command;
  bool takesValue;
};
constexpr OldMode kOldModes[] = {
    {"--verify", "verify", true},        {"--explain", "explain", false},
    {"--review", "review", true},        {"--puzzles", "puzzles", true},
    {"--book-info", "book info", false}, {"--check-book", "book check", false},
    {"--shrink", "book shrink", false},  {"--book", "book make", true},
};

}  // namespace

// The command's words, its first argument, the rest as given. A --shrink goes with --book:
// both leave, and --book's FILE leads.
Args newWordsOf(Args old) {
  const OldMode* mode = nullptr;
  for (const OldMode& m : kOldModes)
    if (!mode && std::find(old.begin(), old.end(), m.option) != old.end()) mode = &m;
  Args words;
  std::istringstream command(mode ? mode->command : "prove");
  for (std::string w; command >> w;) words.push_back(w);
  if (mode && std::string(mode->option) == "--shrink") {
    old.erase(std::find(old.begin(), old.end(), "--shrink"));
    mode = &kOldModes[7];  // --book FILE leads, as for book make
  }
  if (const auto at = mode ? std::find(old.begin(), old.end(), mode->option) : old.end();
      at != old.end()) {
    const bool value = mode->takesValue && at + 1 != old.end();
    if (value) words.push_back(*(at + 1));
    old.erase(at, at + (value ? 2 : 1));
  }
  words.insert(words.end(), old.begin(), old.end());
  return words;
}

// An old form starts with a position or with an option some mode or command takes.
bool isOldForm(const std::string& first, const std::vector<const Command*>& commands) {
  if (first.find('/') != std::string::npos) return true;
  for (const OldMode& m : kOldModes)
    if (first == m.option) return true;
  for (const Command* c : commands)
    if (takesOption(c->options, first)) return true;
  return false;
}

}  // namespace qubic
