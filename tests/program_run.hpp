// A built program run to its end with its input closed, for the tests of the command-line
// tools: its exit code (-99 when it did not exit in time, -1 when a signal ended it) and
// everything it wrote. `program` is a name in the build's bin/, or an absolute path.
#pragma once

#include <catch2/catch.hpp>

#include <chrono>
#include <string>
#include <vector>

#include "child_process.hpp"

namespace qubic::testing {

struct ProgramRun {
  int exitCode = -99;
  std::string out, err;
};

inline ProgramRun runProgram(const std::string& program, const std::vector<std::string>& args,
                             std::chrono::milliseconds timeout = std::chrono::seconds(60),
                             const std::vector<std::string>& env = {}) {
  std::vector<std::string> argv{
      program.starts_with('/') ? program : std::string(QUBIC_BIN_DIR) + "/" + program};
  argv.insert(argv.end(), args.begin(), args.end());
  ChildProcess child(argv, env);
  REQUIRE(child.started());
  child.closeInput();
  ProgramRun run;
  std::tie(run.out, run.err) = child.drain(timeout);
  run.exitCode = child.wait(std::chrono::seconds(5)).value_or(-99);
  return run;
}

}  // namespace qubic::testing
