// qubic-bench: prints timing figures for the engine's hot operations.
// Usage: qubic-bench [SECTION|all]   (sections: the table below; all: every one in turn)
#include <cstdio>
#include <cstring>
#include <string>

#include "bench.hpp"
#include "config/program.hpp"

namespace {

struct Section {
  const char* name;
  int (*run)();
};

// Every section, in the order `all` runs them; the usage message is made from this list.
constexpr Section kSections[] = {
    {"core", qubic::bench::benchCore},         {"symmetry", qubic::bench::benchSymmetry},
    {"threats", qubic::bench::benchThreats},   {"engine", qubic::bench::benchEngine},
    {"levels", qubic::bench::benchLevels},     {"solve", qubic::bench::benchSolve},
    {"suite", qubic::bench::benchSuite},       {"review", qubic::bench::benchReview},
    {"analysis", qubic::bench::benchAnalysis}, {"signature", qubic::bench::benchSignature},
};

}  // namespace

int main(int argc, char** argv) {
  // A line at a time even into a pipe: some sections run for minutes.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  const char* section = argc > 1 ? argv[1] : "all";
  std::string names;
  for (const Section& s : kSections) names.append(s.name).append(", ");
  if (std::strcmp(section, "--version") == 0) {
    std::fputs(qubic::versionText("qubic-bench").c_str(), stdout);
    return 0;
  }
  if (std::strcmp(section, "--help") == 0 || std::strcmp(section, "-h") == 0) {
    std::printf(
        "usage: qubic-bench [SECTION]\nPrints timing figures (docs/benchmarks.md); SECTION is one "
        "of %sall "
        "(the default: every section in turn).\n",
        names.c_str());
    return 0;
  }
  if (argc > 2) {  // one section at most: anything more is a mistake, not ignored
    std::fprintf(stderr, "qubic-bench: unexpected argument '%s' after the section\n%s", argv[2],
                 qubic::tryHelpText("qubic-bench").c_str());
    return 2;
  }
  const bool all = std::strcmp(section, "all") == 0;
  bool known = all;
  int status = 0;
  for (const Section& s : kSections)
    if (all || std::strcmp(section, s.name) == 0) known = true, status |= s.run();
  if (!known && section[0] == '-') {
    std::fprintf(stderr, "qubic-bench: unknown option '%s'\n%s", section,
                 qubic::tryHelpText("qubic-bench").c_str());
    return 2;
  }
  if (!known) {
    std::fprintf(stderr, "qubic-bench: unknown section '%s' (expected one of %sall)\n%s", section,
                 names.c_str(), qubic::tryHelpText("qubic-bench").c_str());
    return 2;
  }
  return status;
}
