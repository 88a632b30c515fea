#include "program.hpp"

#include <signal.h>

#include <csignal>

namespace qubic {

namespace {

std::atomic<bool>* gInterruptFlag = nullptr;

extern "C" void onInterrupt(int signal) {
  if (gInterruptFlag && !gInterruptFlag->exchange(true)) return;
  std::signal(signal, SIG_DFL);  // the second time: end as the signal would
  std::raise(signal);
}

}  // namespace

void stopOnInterrupt(std::atomic<bool>& flag) {
  gInterruptFlag = &flag;
  struct sigaction action {};
  action.sa_handler = onInterrupt;
  action.sa_flags = SA_RESTART;  // reads and writes go on; what they wait for is bounded
  sigemptyset(&action.sa_mask);
  sigaction(SIGINT, &action, nullptr);
  sigaction(SIGTERM, &action, nullptr);
}

std::string versionText(std::string_view program) {
  return std::string(program) + " (Qubic) " + QUBIC_VERSION + "\n";
}

std::string tryHelpText(std::string_view program) {
  return "Try '" + std::string(program) + " --help' for more information.\n";
}

}  // namespace qubic
