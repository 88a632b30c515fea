// A program run as a child process with pipes on stdin, stdout and stderr, for tests
// that talk to the real binaries. POSIX only (fork/exec/poll).
#pragma once

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace qubic::testing {

class ChildProcess {
 public:
  // Starts `argv[0]` with the arguments; `env` entries ("NAME=value") are set in the child.
  explicit ChildProcess(const std::vector<std::string>& argv,
                        const std::vector<std::string>& env = {}) {
    int in[2], out[2], err[2];
    if (pipe(in) != 0 || pipe(out) != 0 || pipe(err) != 0) return;
    ::signal(SIGPIPE, SIG_IGN);  // a child that exits early must fail the test, not kill it
    pid_ = fork();
    if (pid_ == 0) {
      dup2(in[0], 0);
      dup2(out[1], 1);
      dup2(err[1], 2);
      for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1]}) close(fd);
      for (const std::string& e : env) putenv(const_cast<char*>(e.c_str()));
      std::vector<char*> args;
      for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
      args.push_back(nullptr);
      execv(args[0], args.data());
      _exit(127);
    }
    close(in[0]);
    close(out[1]);
    close(err[1]);
    input_ = in[1];
    output_ = out[0];
    errors_ = err[0];
  }

  ~ChildProcess() {
    closeInput();
    if (pid_ > 0 && !exitCode_) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    for (int fd : {output_, errors_})
      if (fd >= 0) close(fd);
  }

  ChildProcess(const ChildProcess&) = delete;
  ChildProcess& operator=(const ChildProcess&) = delete;

  bool started() const { return pid_ > 0; }
  pid_t pid() const { return pid_; }

  // Writes `text` as it is (no newline added), all of it.
  bool sendRaw(const std::string& text) {
    for (std::size_t done = 0; done < text.size();) {
      const ssize_t n = input_ >= 0 ? write(input_, text.data() + done, text.size() - done) : -1;
      if (n <= 0) return false;
      done += static_cast<std::size_t>(n);
    }
    return true;
  }

  bool send(const std::string& line) {
    const std::string text = line + '\n';
    return input_ >= 0 &&
           write(input_, text.data(), text.size()) == static_cast<ssize_t>(text.size());
  }

  void closeInput() {
    if (input_ >= 0) close(input_);
    input_ = -1;
  }

  // The next line of standard output, or nothing if none comes within the timeout.
  std::optional<std::string> readLine(std::chrono::milliseconds timeout) {
    return lineFrom(output_, outBuffer_, timeout);
  }
  // The same for standard error.
  std::optional<std::string> readErrorLine(std::chrono::milliseconds timeout) {
    return lineFrom(errors_, errBuffer_, timeout);
  }

  void sendSignal(int number) {
    if (pid_ > 0 && !exitCode_) kill(pid_, number);
  }

  // Reads lines until one starts with `prefix`; all lines read, that one last.
  std::vector<std::string> readUntil(const std::string& prefix, std::chrono::milliseconds timeout) {
    std::vector<std::string> lines;
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (const auto line = readLine(std::chrono::duration_cast<std::chrono::milliseconds>(
               deadline - std::chrono::steady_clock::now()))) {
      lines.push_back(*line);
      if (line->rfind(prefix, 0) == 0) break;
    }
    return lines;
  }

  // Everything the child still writes to stdout and stderr, until it closes both.
  std::pair<std::string, std::string> drain(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    pollfd fds[2] = {{output_, POLLIN, 0}, {errors_, POLLIN, 0}};
    std::string* buffers[2] = {&outBuffer_, &errBuffer_};
    while ((fds[0].fd >= 0 || fds[1].fd >= 0) && std::chrono::steady_clock::now() < deadline) {
      if (poll(fds, 2, 20) <= 0) continue;
      for (int i = 0; i < 2; ++i) {
        if (fds[i].fd < 0 || !(fds[i].revents & (POLLIN | POLLHUP))) continue;
        char chunk[4096];
        const ssize_t n = read(fds[i].fd, chunk, sizeof chunk);
        if (n <= 0)
          fds[i].fd = -1;  // poll ignores negative descriptors
        else
          buffers[i]->append(chunk, static_cast<std::size_t>(n));
      }
    }
    return {std::exchange(outBuffer_, {}), std::exchange(errBuffer_, {})};
  }

  // The exit code once the child has exited within the timeout; -1 if killed by a signal.
  std::optional<int> wait(std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!exitCode_) {
      int status = 0;
      if (waitpid(pid_, &status, WNOHANG) == pid_) {
        exitCode_ = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
        break;
      }
      if (std::chrono::steady_clock::now() >= deadline) break;
      usleep(2000);
    }
    return exitCode_;
  }

 private:
  static std::optional<std::string> lineFrom(int fd, std::string& buffer,
                                             std::chrono::milliseconds timeout) {
    const auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
      if (const auto newline = buffer.find('\n'); newline != std::string::npos) {
        std::string line = buffer.substr(0, newline);
        buffer.erase(0, newline + 1);
        return line;
      }
      const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      if (left.count() <= 0 || !readSome(fd, buffer, left)) return std::nullopt;
    }
  }

  // Appends what arrives on `fd` within the timeout; false once the pipe is closed.
  static bool readSome(int fd, std::string& buffer, std::chrono::milliseconds timeout) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(timeout.count())) <= 0) return true;  // nothing yet
    char chunk[4096];
    const ssize_t n = read(fd, chunk, sizeof chunk);
    if (n <= 0) return false;
    buffer.append(chunk, static_cast<std::size_t>(n));
    return true;
  }

  pid_t pid_ = -1;
  int input_ = -1, output_ = -1, errors_ = -1;
  std::string outBuffer_, errBuffer_;
  std::optional<int> exitCode_;
};

}  // namespace qubic::testing
