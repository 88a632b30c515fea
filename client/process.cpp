#include "process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <utility>

namespace qubic::client {

namespace {

constexpr std::size_t kMaxLine = 64 * 1024;
constexpr std::size_t kErrorTail = 4096;
constexpr auto kPollSlice = std::chrono::milliseconds(50);  // how often a wait looks at `stop`

}  // namespace

std::string resolveCommand(const std::string& command) {
  if (command.find('/') != std::string::npos) return command;
  const char* path = std::getenv("PATH");
  std::string dirs = path ? path : "/usr/local/bin:/usr/bin:/bin";
  for (std::size_t begin = 0; begin <= dirs.size();) {
    std::size_t end = dirs.find(':', begin);
    if (end == std::string::npos) end = dirs.size();
    const std::string dir = end > begin ? dirs.substr(begin, end - begin) : ".";
    const std::string candidate = dir + "/" + command;
    if (access(candidate.c_str(), X_OK) == 0) return candidate;
    begin = end + 1;
  }
  return command;  // exec then fails with ENOENT, which the caller reports
}

namespace {

std::string describeStatus(int status) {
  if (WIFEXITED(status)) return "exited with code " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) {
    const int sig = WTERMSIG(status);
    const char* name = strsignal(sig);
    return "was killed by signal " + std::to_string(sig) +
           (name ? std::string(" (") + name + ")" : "");
  }
  return "stopped";
}

// In a guardian: the status pipe's write end, after the engine's standard streams.
constexpr int kStatusFd = 3;

void closeFd(int& fd) {
  if (fd >= 0) close(fd);
  fd = -1;
}

// The guardian's engine, once started (0 before).
volatile sig_atomic_t gEngine = 0;

// The guardian's answer to its manager's death, or to the manager's word to stop the
// engine: the engine goes, and then (killDescendants) everything it started. Before the
// engine exists, the guardian's whole group.
void stopEngine(int) {
  if (gEngine > 0)
    kill(gEngine, SIGKILL);
  else
    kill(0, SIGKILL);
}

// Kills and reaps every process below the guardian. As a child subreaper it inherits all
// that its engine left, whether in its group or not (a helper that called setsid): each
// becomes its child once its own parent is gone. Async-signal-safe calls only.
void killDescendants() {
  char path[48] = "/proc/self/task/";
  char* end = path + 16;
  char digits[16];
  int n = 0;
  for (pid_t self = getpid(); self > 0; self /= 10)
    digits[n++] = static_cast<char>('0' + self % 10);
  while (n > 0) *end++ = digits[--n];
  for (const char* tail = "/children"; *tail;) *end++ = *tail++;
  *end = '\0';
  for (;;) {
    const int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) {  // no children list in this kernel: the group at least, and this guardian
      kill(0, SIGKILL);
      return;
    }
    char text[4096];
    const ssize_t got = read(fd, text, sizeof text - 1);
    close(fd);
    pid_t pid = 0;
    for (ssize_t i = 0; i < got; ++i) {
      if (text[i] >= '0' && text[i] <= '9') {
        pid = pid * 10 + (text[i] - '0');
      } else if (pid > 0) {
        kill(pid, SIGKILL);
        pid = 0;
      }
    }
    if (pid > 0) kill(pid, SIGKILL);
    // Reaps what has died; a child that came after the list was read is killed next round.
    const pid_t reaped = waitpid(-1, nullptr, WNOHANG);
    if (reaped < 0 && errno == ECHILD) return;  // none left
    if (reaped == 0) {
      const timespec pause{0, 1'000'000};
      nanosleep(&pause, nullptr);
    }
  }
}

}  // namespace

// The child's side of PipedProcess::start: the guardian, which starts the engine and
// stands between it and the manager. Only async-signal-safe calls until exec.
[[noreturn]] static void guardEngine(pid_t parent, int inRead, int outWrite, int errWrite,
                                     int statusWrite, const char* file, char* const* argv) {
  // The guardian: leader of a process group holding the engine and everything it starts,
  // which it kills whole when the manager dies, even by SIGKILL. Only async-signal-safe
  // calls from here to exec.
  setpgid(0, 0);
  struct sigaction onStop {};
  onStop.sa_handler = stopEngine;
  sigaction(SIGUSR1, &onStop, nullptr);
  prctl(PR_SET_PDEATHSIG, SIGUSR1);  // the manager (the thread that started it) died
  if (getppid() != parent) stopEngine(0);
  prctl(PR_SET_CHILD_SUBREAPER, 1);  // what the engine leaves behind comes back here
  // The guardian never execs, so close-on-exec does not clear what it inherited: the
  // pipes of engines other threads of the manager are starting. Holding their write
  // ends, it would keep their status pipes from closing, and two workers would wait on
  // each other for ever. It keeps only its own engine's ends, as 0-3, and closes the rest.
  dup2(inRead, 0);
  dup2(outWrite, 1);
  dup2(errWrite, 2);
  if (statusWrite != kStatusFd) dup3(statusWrite, kStatusFd, O_CLOEXEC);
  for (int fd = 0; fd < 3; ++fd) fcntl(fd, F_SETFD, 0);  // the engine's standard streams
  fcntl(kStatusFd, F_SETFD, FD_CLOEXEC);                 // closed by a successful exec: no report
  close_range(kStatusFd + 1, ~0U, 0);
  const pid_t engine = fork();
  if (engine == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);  // dies with the guardian
    execv(file, argv);
    const int error = errno;
    [[maybe_unused]] const ssize_t written = write(kStatusFd, &error, sizeof error);
    _exit(127);
  }
  close_range(0, kStatusFd, 0);
  if (engine < 0) _exit(127);
  gEngine = engine;
  // Ends as the engine ended, so the manager reads the engine's exit status or signal,
  // once nothing the engine started is left.
  int how = 0;
  while (waitpid(engine, &how, 0) < 0)
    if (errno != EINTR) _exit(127);
  killDescendants();
  if (WIFSIGNALED(how)) {
    signal(WTERMSIG(how), SIG_DFL);
    raise(WTERMSIG(how));
  }
  _exit(WIFEXITED(how) ? WEXITSTATUS(how) : 127);
}

std::string PipedProcess::start(const std::string& command, const std::vector<std::string>& args) {
  kill();
  exitDescription_.clear();
  errTail_.clear();
  outBuffer_.clear();
  // A program that dies while we write to it must not take the tournament with it.
  signal(SIGPIPE, SIG_IGN);

  const std::string file = resolveCommand(command);
  std::vector<char*> argv;
  argv.push_back(const_cast<char*>(command.c_str()));
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);

  // Close-on-exec everywhere, so one engine never inherits another engine's pipes; the
  // status pipe reports a failed exec (it closes unread when exec succeeds).
  int in[2] = {-1, -1}, out[2] = {-1, -1}, err[2] = {-1, -1}, status[2] = {-1, -1};
  if (pipe2(in, O_CLOEXEC) != 0 || pipe2(out, O_CLOEXEC) != 0 || pipe2(err, O_CLOEXEC) != 0 ||
      pipe2(status, O_CLOEXEC) != 0) {
    const int error = errno;
    for (int fd : {in[0], in[1], out[0], out[1], err[0], err[1], status[0], status[1]})
      if (fd >= 0) close(fd);
    return "cannot run " + command + ": " + std::strerror(error);
  }
  const pid_t parent = getpid();
  const pid_t pid = fork();
  if (pid == 0) guardEngine(parent, in[0], out[1], err[1], status[1], file.c_str(), argv.data());
  const int forkError = errno;
  for (int fd : {in[0], out[1], err[1], status[1]}) close(fd);
  if (pid < 0) {
    for (int fd : {in[1], out[0], err[0], status[0]}) close(fd);
    return "cannot run " + command + ": " + std::strerror(forkError);
  }
  int execError = 0;
  ssize_t got;
  do got = read(status[0], &execError, sizeof execError);
  while (got < 0 && errno == EINTR);
  close(status[0]);
  pid_ = pid;
  input_ = in[1];
  output_ = out[0];
  errors_ = err[0];
  if (got > 0) {
    kill();
    return "cannot run " + command + ": " + std::strerror(execError);
  }
  // Writes must never block the manager on a program that has stopped reading.
  fcntl(input_, F_SETFL, fcntl(input_, F_GETFL) | O_NONBLOCK);
  return {};
}

bool PipedProcess::writeLine(std::string_view line) {
  if (input_ < 0) return false;
  std::string text(line);
  text += '\n';
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(input_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    done += static_cast<std::size_t>(n);
  }
  return true;
}

PipedProcess::Read PipedProcess::readLine(std::string& line, TimePoint deadline,
                                          const std::atomic<bool>* stop) {
  for (;;) {
    if (const std::size_t newline = outBuffer_.find('\n'); newline != std::string::npos) {
      line = outBuffer_.substr(0, newline);
      outBuffer_.erase(0, newline + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return Read::Line;
    }
    if (outBuffer_.size() > kMaxLine) return Read::Overlong;
    if (output_ < 0) {
      if (outBuffer_.empty()) return Read::Closed;
      line = std::exchange(outBuffer_, {});  // a last line without its line break
      return Read::Line;
    }
    if (stop && stop->load()) return Read::Interrupted;
    const auto now = std::chrono::steady_clock::now();
    if (now >= deadline) return Read::Timeout;
    const auto wait = std::min<std::chrono::steady_clock::duration>(deadline - now, kPollSlice);
    pollfd fds[2] = {{output_, POLLIN, 0}, {errors_, POLLIN, 0}};
    const int timeoutMs =
        static_cast<int>(std::chrono::ceil<std::chrono::milliseconds>(wait).count());
    if (poll(fds, errors_ >= 0 ? 2 : 1, timeoutMs) <= 0) continue;
    if (errors_ >= 0 && (fds[1].revents & (POLLIN | POLLHUP))) drainErrors();
    if (fds[0].revents & (POLLIN | POLLHUP | POLLERR)) {
      char chunk[4096];
      const ssize_t n = read(output_, chunk, sizeof chunk);
      if (n > 0)
        outBuffer_.append(chunk, static_cast<std::size_t>(n));
      else if (n == 0 || errno != EINTR)
        closeFd(output_);
    }
  }
}

void PipedProcess::drainErrors() {
  char chunk[4096];
  const ssize_t n = read(errors_, chunk, sizeof chunk);
  if (n <= 0) {
    closeFd(errors_);
    return;
  }
  errTail_.append(chunk, static_cast<std::size_t>(n));
  if (errTail_.size() > kErrorTail) errTail_.erase(0, errTail_.size() - kErrorTail);
}

std::string PipedProcess::lastErrorLine() const {
  std::string_view tail = errTail_;
  while (!tail.empty() && (tail.back() == '\n' || tail.back() == '\r')) tail.remove_suffix(1);
  const std::size_t start = tail.find_last_of('\n');
  return std::string(start == std::string_view::npos ? tail : tail.substr(start + 1));
}

std::string PipedProcess::waitForExit(std::chrono::milliseconds grace) {
  if (pid_ <= 0) return exitDescription_;
  const auto deadline = std::chrono::steady_clock::now() + grace;
  for (;;) {
    while (errors_ >= 0) {  // what it said last before dying is the best clue
      pollfd p{errors_, POLLIN, 0};
      if (poll(&p, 1, 0) <= 0) break;
      drainErrors();
    }
    // Its helpers go with it: the group is killed while the unreaped guardian still holds
    // its id, so the signal cannot reach a stranger that reused the number.
    siginfo_t info{};
    if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
        info.si_pid == pid_) {
      ::kill(-pid_, SIGKILL);
      int status = 0;
      while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
      }
      pid_ = -1;
      exitDescription_ = describeStatus(status);
      closePipes();
      return exitDescription_;
    }
    if (std::chrono::steady_clock::now() >= deadline) return {};
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void PipedProcess::kill() {
  if (pid_ > 0) {
    // The guardian first stops the engine and everything it started (helpers that left
    // the group too); the group is killed after a short wait in any case.
    ::kill(pid_, SIGUSR1);
    for (int waited = 0; waited < 200; ++waited) {
      siginfo_t info{};
      if (waitid(P_PID, static_cast<id_t>(pid_), &info, WEXITED | WNOHANG | WNOWAIT) == 0 &&
          info.si_pid == pid_)
        break;
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ::kill(-pid_, SIGKILL);  // the group: helpers a wrapper script started go too
    ::kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0 && errno == EINTR) {
    }
    pid_ = -1;
  }
  closePipes();
}

void PipedProcess::closePipes() {
  closeFd(input_);
  closeFd(output_);
  closeFd(errors_);
}

}  // namespace qubic::client
