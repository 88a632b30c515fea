// qubic-bench: prints timing figures for the engine's hot operations.
// Usage: qubic-bench [SECTION|all]   (sections: the table below; all: every one in turn)
#include <algorithm>
#include <cstdio>
#include <iterator>
#include <string>
#include <vector>

#include "bench.hpp"
#include "config/command_line.hpp"
#include "config/program.hpp"
#include "engine/book/table_decision.hpp"

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

// Run only when named: minutes of solving (the opening table's tail, issue 72).
constexpr Section kNamedOnly[] = {{"tail", qubic::bench::benchTail}};

}  // namespace

int main(int argc, char** argv) {
  // A line at a time even into a pipe: some sections run for minutes.
  std::setvbuf(stdout, nullptr, _IOLBF, 0);
  std::string names;
  for (const Section& s : kSections) names.append(s.name).append(", ");
  for (const Section& s : kNamedOnly) names.append(s.name).append(", ");
  std::string section = "all";
  try {
    // The command line every program reads (config/command_line): -h as GNU's --help.
    std::vector<std::string> args(argv + 1, argv + argc);
    std::replace(args.begin(), args.end(), std::string("-h"), std::string("--help"));
    const qubic::CommandLine line(args, {{"--help", "--version"}, {"--course"}});
    if (line.has("--version")) {
      std::fputs(qubic::versionText("qubic-bench").c_str(), stdout);
      return 0;
    }
    if (line.has("--help")) {
      std::printf(
          "usage: qubic-bench [SECTION] [--course K]\nPrints timing figures (docs/benchmarks.md); "
          "SECTION is one of %sall (the default: every section in turn but tail, minutes of\n"
          "solving, run only when named).\n"
          "  --course  with tail: the table course its jobs decide with, 0 (default) to %d\n"
          "            (qubic-solve table job --course)\n",
          names.c_str(), qubic::kTableCourses - 1);
      return 0;
    }
    // One section at most: anything more is a mistake, not ignored.
    if (line.positional().size() > 1)
      throw qubic::UsageError("unexpected argument '" + line.positional()[1] +
                              "' after the section");
    if (!line.positional().empty()) section = line.positional()[0];
    if (line.has("--course")) {
      if (section != "tail") throw qubic::UsageError("--course is for the tail section only");
      qubic::bench::setTailCourse(static_cast<int>(
          line.count("--course", 0, 0, qubic::kTableCourses - 1,
                     "a whole number from 0 to " + std::to_string(qubic::kTableCourses - 1))));
    }
    const auto named = [&](const Section& s) { return section == s.name; };
    if (section != "all" && std::none_of(std::begin(kSections), std::end(kSections), named) &&
        std::none_of(std::begin(kNamedOnly), std::end(kNamedOnly), named))
      throw qubic::UsageError(section[0] == '-' ? "unknown option '" + section + "'"
                                                : "unknown section '" + section +
                                                      "' (expected one of " + names + "all)");
  } catch (const qubic::UsageError& e) {
    std::fprintf(stderr, "qubic-bench: %s\n%s", e.what(),
                 qubic::tryHelpText("qubic-bench").c_str());
    return 2;
  }
  int status = 0;
  for (const Section& s : kSections)
    if (section == "all" || section == s.name) status |= s.run();
  for (const Section& s : kNamedOnly)
    if (section == s.name) status |= s.run();
  return status;
}
