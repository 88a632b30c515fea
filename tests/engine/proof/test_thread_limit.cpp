// Issue 42 (3): when the system refuses threads (a user's process limit, no memory for a
// stack), a solve runs on the threads it got instead of aborting. Each case runs in a
// forked child whose process limit is 1 (so no thread can start), the parent reading its
// exit: 0 when the child's checks held, a signal when it crashed.
#include <catch2/catch.hpp>

#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <new>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/thread_start.hpp"
#include "engine/play/player.hpp"
#include "engine/proof/solver.hpp"

using namespace qubic;

namespace {

// Runs `check` in a child that cannot start a thread; "ok", "exit N" or "signal N".
std::string underThreadLimit(const std::function<bool()>& check) {
  const pid_t pid = fork();
  if (pid == 0) {
    if (getuid() == 0) {  // root is not held by the process limit: become nobody first
      if (setgid(65534) != 0 || setuid(65534) != 0) _exit(3);
    }
    const rlimit one{1, 1};
    if (setrlimit(RLIMIT_NPROC, &one) != 0) _exit(4);
    _exit(check() ? 0 : 1);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  if (WIFSIGNALED(status)) return "signal " + std::to_string(WTERMSIG(status));
  return WEXITSTATUS(status) == 0 ? "ok" : "exit " + std::to_string(WEXITSTATUS(status));
}

// After 1a1 1b1 2b2 X wins; a small question, settled in well under a second.
const Position kWon = playMoves(Position{}, "1a1,1b1,2b2,1c1").value();

bool solvesOnOneThread(Parallelism parallelism) {
  SolverOptions options;
  options.tableMb = 16;
  options.threads = 4;
  options.parallelism = parallelism;
  Solver solver(options);
  SolveLimits limits;
  limits.maxPositions = 5'000'000;
  const PnsResult r = solver.prove(kWon, Side::X, limits);
  return r.answer == Answer::Proven && solver.threadsAsked() == 4 &&
         (parallelism == Parallelism::SharedTable || solver.threads() == 1);
}

}  // namespace

TEST_CASE("a solve asked for 4 threads where none can start runs on its own thread") {
  CHECK(underThreadLimit([] { return solvesOnOneThread(Parallelism::Evaluation); }) == "ok");
  CHECK(underThreadLimit([] { return solvesOnOneThread(Parallelism::SharedTable); }) == "ok");
}

TEST_CASE("a player asked for 8 proof threads where none can start plays and says how many") {
  CHECK(underThreadLimit([] {
          PlayerOptions options;
          options.threads = 8;
          options.hashMb = 16;
          Player player(options);
          MoveLimits limits;
          limits.moveTime = std::chrono::milliseconds(200);
          const MoveChoice choice = player.choose(kWon, limits);
          return player.proofThreads() == 1 && choice.move >= 0 && kWon.isLegal(choice.move);
        }) == "ok");
}

TEST_CASE("work shared over threads where none can start is all done on the calling thread") {
  CHECK(underThreadLimit([] {
          std::vector<int> done(100, 0);
          const int worked = workOnThreads(8, [&](int t) {
            for (int& d : done) d += t + 1;  // only thread 0 runs: each adds 1
          });
          for (int d : done)
            if (d != 1) return false;
          return worked == 1;
        }) == "ok");
  std::vector<int> seen(4, 0);
  CHECK(workOnThreads(4, [&](int t) { ++seen[static_cast<std::size_t>(t)]; }) == 4);
  CHECK(seen == std::vector<int>{1, 1, 1, 1});
}

TEST_CASE("an exception thrown by work on a helper thread reaches the caller after all end") {
  std::atomic<int> finished{0};
  try {
    workOnThreads(3, [&](int t) {
      if (t == 2) throw std::bad_alloc();  // a helper runs out of memory
      ++finished;
    });
    FAIL("no exception reached the caller");
  } catch (const std::bad_alloc&) {
    CHECK(finished.load() == 2);  // the other two ran to their end before the rethrow
  }
}
