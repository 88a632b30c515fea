// One command-line convention across the five programs (GNU's): --help and --version on
// standard output with exit 0; a bad option as "PROG: message" and one pointer to the help,
// exit 2; durations with units, a bare number seconds or refused (config/duration).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "child_process.hpp"
#include "program_run.hpp"

using qubic::testing::ChildProcess;

namespace {

using Run = qubic::testing::ProgramRun;

Run run(const std::string& program, const std::vector<std::string>& args) {
  return qubic::testing::runProgram(program, args, std::chrono::seconds(30),
                                    {"XDG_CONFIG_HOME=/nonexistent"});
}

const char* const kPrograms[] = {"qubic", "qubic-engine", "qubic-solve", "qubic-match",
                                 "qubic-bench"};

}  // namespace

TEST_CASE("every program answers --help and --version on standard output") {
  for (const std::string program : kPrograms) {
    INFO(program);
    const Run help = run(program, {"--help"});
    CHECK(help.exitCode == 0);
    CHECK(help.out.rfind("usage: " + program, 0) == 0);
    CHECK(help.err.empty());
    const Run version = run(program, {"--version"});
    CHECK(version.exitCode == 0);
    CHECK(version.out.rfind(program + " (Qubic) ", 0) == 0);
    CHECK(version.err.empty());
  }
}

TEST_CASE("every program refuses a bad option with its name, the error and one pointer") {
  for (const std::string program : kPrograms) {
    INFO(program);
    const Run bad = run(program, {"--no-such-option"});
    CHECK(bad.exitCode == 2);
    CHECK(bad.out.empty());
    CHECK(bad.err == program + ": unknown option '--no-such-option'\nTry '" + program +
                         " --help' for more information.\n");
  }
  // qubic-match keeps cutechess-cli's single-dash options, and its errors the same form.
  const Run single = run("qubic-match", {"-no-such-option"});
  CHECK(single.exitCode == 2);
  CHECK(single.err ==
        "qubic-match: unknown option '-no-such-option'\nTry 'qubic-match --help' for more "
        "information.\n");
}

TEST_CASE("a duration takes a unit and a bare number is seconds or refused where it meant ms") {
  CHECK(run("qubic-solve", {"prove", "--moves", "1a1", "--time", "0.1", "--no-table"})
            .out.find("stopped: the time limit of 0.1 s") != std::string::npos);
  CHECK(run("qubic-solve", {"prove", "--moves", "1a1", "--time", "100ms", "--no-table"})
            .out.find("stopped: the time limit of 0.1 s") != std::string::npos);
  const Run bare = run("qubic", {"--movetime", "500", "--print-config"});
  CHECK(bare.exitCode == 2);
  CHECK(bare.err.rfind("qubic: --movetime needs a unit, e.g. 500ms or 500s", 0) == 0);
  const Run unit = run("qubic", {"--movetime", "500ms", "--print-config"});
  CHECK(unit.exitCode == 0);
  CHECK(unit.out.find("move_time_ms = 500") != std::string::npos);
}

TEST_CASE("qubic --engine with an unbalanced quote is refused before the game starts") {
  // Issue 68, 14: the command was split on blanks only, the quote reaching the engine.
  const Run bad = run("qubic", {"--engine", "my-engine 'one arg"});
  CHECK(bad.exitCode == 2);
  CHECK_THAT(bad.err, Catch::Contains("single quote is not closed"));
  CHECK(bad.out.empty());
}
