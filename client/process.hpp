// A child program with pipes on its standard input, output and error: start it, write
// and read lines with deadlines, learn how it ended, kill it. POSIX (Linux).
#pragma once

#include <sys/types.h>

#include <atomic>
#include <chrono>
#include <string>
#include <string_view>
#include <vector>

namespace qubic::client {

// The file to execute: `command` itself when it names a path, else the first match on PATH
// (`command` again when none matches).
std::string resolveCommand(const std::string& command);

class PipedProcess {
 public:
  using TimePoint = std::chrono::steady_clock::time_point;
  enum class Read { Line, Timeout, Closed, Interrupted, Overlong };

  PipedProcess() = default;
  ~PipedProcess() { kill(); }
  PipedProcess(const PipedProcess&) = delete;
  PipedProcess& operator=(const PipedProcess&) = delete;

  // Starts `command` (a path, or a name looked up on PATH) with `args` in a process group
  // of its own. Returns what went wrong, e.g. "cannot run ./x: No such file or directory".
  std::string start(const std::string& command, const std::vector<std::string>& args);
  bool running() const { return pid_ > 0; }

  // Writes the line and a newline; false when the program does not take it (it has
  // closed its input or stopped reading it).
  bool writeLine(std::string_view line);
  // The next line of standard output (without the line break) into `line`. Gives up at
  // `deadline`, when `stop` becomes true, when the output closes, or on a line longer
  // than 64 KiB.
  Read readLine(std::string& line, TimePoint deadline, const std::atomic<bool>* stop);

  // How the program ended, waiting at most `grace` for it: "exited with code 1" or "was
  // killed by signal 11 (Segmentation fault)"; empty while it still runs. Once it has
  // ended, whatever it started is killed too.
  std::string waitForExit(std::chrono::milliseconds grace);
  // The last line the program wrote to its standard error, if any (for error messages).
  std::string lastErrorLine() const;
  // Kills the program and anything it started, and reaps it. Safe to call at any time.
  void kill();

 private:
  void closePipes();
  void drainErrors();  // reads what is waiting on standard error, keeping the tail

  pid_t pid_ = -1;
  int input_ = -1, output_ = -1, errors_ = -1;
  std::string outBuffer_, errTail_;
  std::string exitDescription_;
};

}  // namespace qubic::client
