// What every program says the same way, as GNU's conventions have it: `--version`, and
// after a bad command line the error first, then one line pointing to `--help` (not the
// whole usage).
#pragma once

#include <atomic>
#include <string>
#include <string_view>

namespace qubic {

// "qubic-solve (Qubic) 0.1.0" and a newline.
std::string versionText(std::string_view program);
// "Try 'qubic-solve --help' for more information." and a newline.
std::string tryHelpText(std::string_view program);

// Ctrl-C and SIGTERM for a long command: the first sets `flag` (the program stops what it
// does and says what it has), a second one ends the program at once, as if there were
// no handler, so Ctrl-C always ends a command-line tool.
void stopOnInterrupt(std::atomic<bool>& flag);

}  // namespace qubic
