// What every program says the same way, as GNU's conventions have it: `--version`, and
// after a bad command line the error first, then one line pointing to `--help` (not the
// whole usage).
#pragma once

#include <string>
#include <string_view>

namespace qubic {

// "qubic-solve (Qubic) 0.1.0" and a newline.
std::string versionText(std::string_view program);
// "Try 'qubic-solve --help' for more information." and a newline.
std::string tryHelpText(std::string_view program);

}  // namespace qubic
