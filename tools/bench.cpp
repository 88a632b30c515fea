// qubic-bench: prints timing figures for the engine's hot operations.
// Usage: qubic-bench [core|symmetry|threats|all]
#include <cstdio>
#include <cstring>

#include "bench.hpp"

int main(int argc, char** argv) {
  using namespace qubic::bench;
  const char* section = argc > 1 ? argv[1] : "all";
  const bool all = std::strcmp(section, "all") == 0;
  bool known = all;
  int status = 0;
  if (all || std::strcmp(section, "core") == 0) known = true, status |= benchCore();
  if (all || std::strcmp(section, "symmetry") == 0) known = true, status |= benchSymmetry();
  if (all || std::strcmp(section, "threats") == 0) known = true, status |= benchThreats();
  if (!known) {
    std::fprintf(stderr, "qubic-bench: unknown section '%s' (expected core or all)\n", section);
    return 2;
  }
  return status;
}
