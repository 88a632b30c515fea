// A small timing harness shared by the sections of qubic-bench, and the solve they share.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "engine/proof/pns.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic::bench {

// Runs `body` (which performs `opsPerRun` operations) `runs` times and returns the
// median nanoseconds per operation. Median, because single runs on a shared
// machine are noisy in one direction only.
template <class Body>
double medianNsPerOp(Body&& body, long opsPerRun, int runs = 7) {
  std::vector<double> samples;
  samples.reserve(static_cast<std::size_t>(runs));
  for (int r = 0; r < runs; ++r) {
    const auto start = std::chrono::steady_clock::now();
    body();
    const std::chrono::duration<double, std::nano> elapsed =
        std::chrono::steady_clock::now() - start;
    samples.push_back(elapsed.count() / static_cast<double>(opsPerRun));
  }
  std::sort(samples.begin(), samples.end());
  return samples[samples.size() / 2];
}

inline void printRow(const char* name, double nsPerOp) {
  std::printf("%-36s %10.2f ns\n", name, nsPerOp);
}

// Keeps the optimiser from deleting work whose result is otherwise unused.
template <class T>
inline void keep(const T& value) {
  asm volatile("" : : "r,m"(value) : "memory");
}

// Sections, one per file (bench_<section>.cpp).
int benchCore();
int benchSymmetry();
int benchThreats();
int benchEngine();  // engine.cpp, like the one below
int benchLevels();
int benchSolve();                // solve.cpp
int benchFull();                 // full.cpp; the second part of benchSolve
int benchSuite();                // suite.cpp
int benchReview();               // review.cpp
int benchAnalysis();             // analysis.cpp
int benchSignature();            // signature.cpp
int benchTail();                 // tail.cpp: not in `all`
void setTailCourse(int course);  // the table course benchTail decides with (default 0)

// "Does X win from p?", asked of both tables cleared first (solve.cpp).
PnsResult proveFromEmptyTables(TranspositionTable& table, ThreatSearch& threats, const Position& p,
                               const PnsOptions& options, const SearchLimits& limits);

}  // namespace qubic::bench
