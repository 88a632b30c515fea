#include "program.hpp"

namespace qubic {

std::string versionText(std::string_view program) {
  return std::string(program) + " (Qubic) " + QUBIC_VERSION + "\n";
}

std::string tryHelpText(std::string_view program) {
  return "Try '" + std::string(program) + " --help' for more information.\n";
}

}  // namespace qubic
