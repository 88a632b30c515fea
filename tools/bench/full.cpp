// The second part of section "solve": the figures the solver issue asks for. The solve of
// the empty board as qubic-solve runs it, on one thread (with its proof written) and on two, each
// in a child process of its own so that its peak memory is its own; the whole-process time of
// qubic-solve on a small question; and the variant 1b1 (X's first move on a 4-line cell)
// within a time budget. Minutes.
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <streambuf>
#include <string>
#include <vector>

#include "bench.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"

namespace qubic::bench {

namespace {

constexpr double kCapSeconds = 300;      // per solve of the empty board
constexpr double kVariantSeconds = 120;  // the variant 1b1 is not solved yet: a budget
constexpr int kSmallRuns = 11;

struct Run {
  PnsResult result;
  double proofSeconds = -1;  // writing the proof, when asked (qubic-solve prove --proof)
  long peakRssMb = 0;
};

// A stream that keeps nothing: the proof's text is written and thrown away.
class Discard : public std::streambuf {
 protected:
  int overflow(int c) override { return c; }
  std::streamsize xsputn(const char*, std::streamsize n) override { return n; }
};

// Solves `start` in a child process and reports its result and peak resident memory.
Run solveInChild(const Position& start, int threads, double seconds,
                 Parallelism parallelism = Parallelism::Evaluation, bool writeTheProof = false) {
  int fds[2];
  if (pipe(fds) != 0) return {};
  const pid_t pid = fork();
  if (pid == 0) {
    close(fds[0]);
    SolverOptions options;
    options.threads = threads;
    options.parallelism = parallelism;
    Solver solver(options);
    SolveLimits limits;
    limits.seconds = seconds;
    Run run;
    run.result = solver.prove(start, Side::X, limits);
    if (writeTheProof && run.result.answer == Answer::Proven) {
      const auto began = std::chrono::steady_clock::now();
      Discard discard;
      std::ostream out(&discard);
      if (writeProof(out, start, Side::X, solver.search(), solver.threats(), SearchLimits{},
                     ForcingWins::First)
              .complete)
        run.proofSeconds =
            std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    }
    const bool ok = write(fds[1], &run, sizeof run) == static_cast<ssize_t>(sizeof run);
    _exit(ok ? 0 : 1);
  }
  close(fds[1]);
  Run run;
  const bool got = pid > 0 && read(fds[0], &run, sizeof run) == static_cast<ssize_t>(sizeof run);
  close(fds[0]);
  rusage usage{};
  int status = 0;
  if (pid > 0) wait4(pid, &status, 0, &usage);
  if (!got) run = Run{};
  run.peakRssMb = usage.ru_maxrss / 1024;  // Linux reports kilobytes
  return run;
}

const char* valueOf(const PnsResult& r) {
  return r.answer == Answer::Proven      ? "X wins"
         : r.answer == Answer::Disproven ? "X does not win"
                                         : "unknown";
}

void printRun(const char* name, const Run& run) {
  const PnsResult& r = run.result;
  std::printf("%-28s %-8s %7.1f s %13llu nodes %6.2f M nodes/s  pn %u dn %u  peak RSS %ld MB\n",
              name, valueOf(r), r.seconds, static_cast<unsigned long long>(r.nodes),
              r.nodes / std::max(r.seconds, 1e-9) / 1e6, r.rootPn, r.rootDn, run.peakRssMb);
}

// Median whole-process wall time of `qubic-solve POSITION` (the binary beside this one).
double smallSolveMs(const std::string& solveBinary, const std::string& position) {
  std::vector<double> ms;
  const std::string command =
      "'" + solveBinary + "' prove --no-table '" + position + "' >/dev/null 2>&1";
  for (int i = 0; i < kSmallRuns; ++i) {
    const auto began = std::chrono::steady_clock::now();
    if (std::system(command.c_str()) != 0) return -1;
    ms.push_back(std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - began)
                     .count());
  }
  std::sort(ms.begin(), ms.end());
  return ms[ms.size() / 2];
}

std::string solveBinaryPath() {
  char self[4096];
  const ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
  if (n <= 0) return "qubic-solve";
  std::string path(self, static_cast<std::size_t>(n));
  return path.substr(0, path.rfind('/') + 1) + "qubic-solve";
}

}  // namespace

int benchFull() {
  std::printf(
      "full: the empty board, X to move, as qubic-solve solves it (default table, %.0f s limit "
      "each)\n",
      kCapSeconds);
  const Run one = solveInChild(Position{}, 1, kCapSeconds, Parallelism::Evaluation, true);
  printRun("1 thread, proof written", one);
  if (one.proofSeconds >= 0)
    std::printf("  writing the proof: %.2f s, %.1f %% of the run\n", one.proofSeconds,
                100 * one.proofSeconds / (one.result.seconds + one.proofSeconds));
  const Run two = solveInChild(Position{}, 2, kCapSeconds);
  printRun("2 threads", two);
  const Run table = solveInChild(Position{}, 2, kCapSeconds, Parallelism::SharedTable);
  printRun("2 threads, --parallel table", table);
  for (const auto& [name, run] : {std::pair{"", &two}, std::pair{", --parallel table", &table}})
    if (one.result.answer == Answer::Proven && run->result.answer == Answer::Proven)
      std::printf("speed-up, 2 threads%s vs 1 (this run): %.2fx\n", name,
                  one.result.seconds / run->result.seconds);

  const Position small = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  std::printf("qubic-solve '%s', whole process, median of %d: %.1f ms\n",
              positionString(small).c_str(), kSmallRuns,
              smallSolveMs(solveBinaryPath(), positionString(small)));

  const Position variant = playMoves(Position{}, "1b1").value();
  std::printf("variant 1b1 (O to move), %.0f s budget:\n", kVariantSeconds);
  printRun("2 threads", solveInChild(variant, 2, kVariantSeconds));
  return 0;
}

}  // namespace qubic::bench
