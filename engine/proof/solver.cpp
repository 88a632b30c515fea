#include "solver.hpp"

#include <algorithm>
#include <chrono>
#include <mutex>
#include <thread>

#include "engine/core/thread_start.hpp"

namespace qubic {

namespace {

using Clock = std::chrono::steady_clock;

double secondsSince(Clock::time_point t) {
  return std::chrono::duration<double>(Clock::now() - t).count();
}

}  // namespace

Solver::Workspace::Workspace(std::size_t tableMb, std::size_t threatEntries, int threads,
                             const PnsOptions& pns, Parallelism parallelism, bool searchesApart)
    : table(tableMb) {
  if (threads > 1 && parallelism == Parallelism::Evaluation) {
    threats.push_back(std::make_unique<ThreatSearch>(threatEntries));
    helpers = std::make_unique<ParallelEvaluation>(threads - 1, pns, *threats.back());
    searches.push_back(
        std::make_unique<ProofSearch>(table, *threats.back(), pns, nullptr, helpers.get()));
    if (!searchesApart) {
      apart.push_back(searches.front().get());
      return;
    }
    // A search per thread besides, none with helpers (they would add threads of their own).
    table.shareBetweenThreads();
    for (int i = 0; i < threads; ++i) {
      apartThreats.push_back(
          std::make_unique<ThreatSearch>(ThreatSearch::ShareTableOf{*threats.front()}));
      apartSearches.push_back(
          std::make_unique<ProofSearch>(table, *apartThreats.back(), pns, &marks));
      apart.push_back(apartSearches.back().get());
    }
    return;
  }
  if (threads > 1) table.shareBetweenThreads();
  for (int i = 0; i < threads; ++i) {
    // One table of threat-search failures for all threads: what one learns, all use.
    this->threats.push_back(i == 0 ? std::make_unique<ThreatSearch>(threatEntries)
                                   : std::make_unique<ThreatSearch>(
                                         ThreatSearch::ShareTableOf{*this->threats.front()}));
    searches.push_back(std::make_unique<ProofSearch>(table, *this->threats.back(), pns,
                                                     threads > 1 ? &marks : nullptr));
    apart.push_back(searches.back().get());
  }
}

Solver::Solver(const SolverOptions& options)
    : quickFirst_(options.quickFirst),
      threads_(std::clamp(options.threads, 1, kMaxSolveThreads)),
      quick_(options.quickFirst
                 ? std::make_unique<Workspace>(std::min(kQuickTableMb, options.tableMb),
                                               std::min(kQuickThreatEntries, options.threatEntries),
                                               1, options.pns)
                 : nullptr),
      full_(options.tableMb, options.threatEntries, threads_, options.pns, options.parallelism,
            options.searchesApart) {}

Solver::~Solver() = default;

std::size_t Solver::bytes() const {
  std::size_t total = 0;
  for (const Workspace* w : {static_cast<const Workspace*>(quick_.get()), &full_}) {
    if (!w) continue;
    total += w->table.bytes();
    for (const auto& t : w->threats) total += t->tableBytes();
  }
  return total;
}

PnsResult Solver::prove(const Position& start, Side attacker, const SolveLimits& limits,
                        const Progress& onProgress) {
  const auto began = Clock::now();
  PnsResult quick;
  if (quickFirst_) {
    active_ = quick_.get();
    const std::uint64_t budget =
        limits.maxPositions > 0 ? std::min(kQuickPositions, limits.maxPositions) : kQuickPositions;
    quick = proveOnOneThread(*quick_, start, attacker, limits, budget, {});
  }
  const bool spent = limits.maxPositions > 0 && quick.positions >= limits.maxPositions;
  if (quick.answer != Answer::Unknown || spent || (limits.stop && limits.stop->load())) {
    if (onProgress) onProgress(quick);
    return quick;
  }
  // Not settled quickly: start again with the full table, the quick try's time counted.
  SolveLimits rest = limits;
  if (limits.seconds > 0) rest.seconds = std::max(limits.seconds - quick.seconds, 1e-6);
  if (limits.maxNodes > 0)
    rest.maxNodes = limits.maxNodes > quick.nodes ? limits.maxNodes - quick.nodes : 1;
  if (limits.maxPositions > 0)
    rest.maxPositions =
        limits.maxPositions > quick.positions ? limits.maxPositions - quick.positions : 1;
  const auto withQuick = [&](PnsResult r) {
    r.nodes += quick.nodes;
    r.positions += quick.positions;
    r.seconds = secondsSince(began);
    return r;
  };
  const Progress report = [&](const PnsResult& soFar) {
    if (onProgress) onProgress(withQuick(soFar));
  };
  active_ = &full_;
  fullUsed_ = true;
  const std::uint64_t positions = rest.maxPositions > 0 ? rest.maxPositions : UINT64_MAX;
  return withQuick(full_.searches.size() == 1
                       ? proveOnOneThread(full_, start, attacker, rest, positions, report)
                       : proveOnThreads(full_, start, attacker, rest, report));
}

void Solver::clear() {
  for (Workspace* w : {quick_.get(), &full_}) {
    if (!w) continue;
    if (w == &full_ && !fullUsed_) continue;
    if (w->helpers) w->helpers->waitForHelpers();
    w->table.clear();
    for (const auto& t : w->threats) t->clearTable();
  }
  fullUsed_ = false;
}

PnsResult Solver::proveOnOneThread(Workspace& w, const Position& start, Side attacker,
                                   const SolveLimits& limits, std::uint64_t maxPositions,
                                   const Progress& onProgress) {
  const auto began = Clock::now();
  PnsResult total;
  for (;;) {
    SearchLimits slice;
    slice.maxPositions = std::min(kSlicePositions, maxPositions - total.positions);
    slice.stop = limits.stop;
    slice.excludedRootMoves = limits.excludedRootMoves;
    if (limits.seconds > 0) {
      const double elapsed = secondsSince(began);
      if (elapsed >= limits.seconds) break;
      slice.maxTime =
          std::chrono::milliseconds(static_cast<long long>((limits.seconds - elapsed) * 1000) + 1);
    }
    if (limits.maxNodes > 0) {
      if (total.nodes >= limits.maxNodes) break;
      slice.maxNodes = limits.maxNodes - total.nodes;
    }
    if (limits.stop && limits.stop->load()) break;
    const PnsResult r = w.searches.front()->prove(start, attacker, slice);
    const std::uint64_t nodes = total.nodes + r.nodes, positions = total.positions + r.positions;
    total = r;
    total.nodes = nodes;
    total.positions = positions;
    total.seconds = secondsSince(began);
    if (onProgress) onProgress(total);
    // A root disproven by a restricted search (PnsOptions::stoneCap) is unknown, and final.
    if (r.answer != Answer::Unknown || r.rootDn == 0 || total.positions >= maxPositions) break;
  }
  total.seconds = secondsSince(began);
  return total;
}

// Every thread runs slices from the root over the shared table until one of them sees the
// root solved or a limit is reached; the calling thread watches the limits and reports.
PnsResult Solver::proveOnThreads(Workspace& w, const Position& start, Side attacker,
                                 const SolveLimits& limits, const Progress& onProgress) {
  const auto began = Clock::now();
  std::atomic<bool> finished{false};
  std::atomic<std::uint64_t> nodes{0}, positions{0};
  std::mutex resultMutex;
  PnsResult last;  // the latest slice's result of any thread, under resultMutex

  auto work = [&](ProofSearch& search) {
    while (!finished.load()) {
      SearchLimits slice;
      slice.maxPositions = kSlicePositions;
      slice.stop = &finished;
      slice.excludedRootMoves = limits.excludedRootMoves;
      // The totals grow only as slices end, so each slice gets its share of the nodes left.
      if (limits.maxNodes > 0)
        slice.maxNodes = std::max<std::uint64_t>(
            1, (limits.maxNodes - std::min(limits.maxNodes, nodes.load())) / w.searches.size());
      const PnsResult r = search.prove(start, attacker, slice);
      nodes += r.nodes;
      positions += r.positions;
      const std::lock_guard<std::mutex> lock(resultMutex);
      if (last.answer == Answer::Unknown) last = r;
      if (r.answer != Answer::Unknown || r.rootDn == 0) finished = true;
    }
  };
  std::vector<std::thread> workers;
  // As many as the system starts; none, and this thread searches alone.
  if (startThreads(workers, static_cast<int>(w.searches.size()),
                   [&](int i) { work(*w.searches[static_cast<std::size_t>(i)]); }) == 0)
    return proveOnOneThread(w, start, attacker, limits,
                            limits.maxPositions > 0 ? limits.maxPositions : UINT64_MAX, onProgress);

  auto limitReached = [&] {
    return (limits.stop && limits.stop->load()) ||
           (limits.seconds > 0 && secondsSince(began) >= limits.seconds) ||
           (limits.maxNodes > 0 && nodes.load() >= limits.maxNodes) ||
           (limits.maxPositions > 0 && positions.load() >= limits.maxPositions);
  };
  auto soFar = [&] {
    const std::lock_guard<std::mutex> lock(resultMutex);
    PnsResult r = last;
    r.nodes = nodes.load();
    r.positions = positions.load();
    r.seconds = secondsSince(began);
    return r;
  };
  double reported = 0;
  while (!finished.load()) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
    if (limitReached()) finished = true;
    if (onProgress && !finished.load() && secondsSince(began) - reported >= 0.1) {
      reported = secondsSince(began);
      onProgress(soFar());
    }
  }
  for (std::thread& t : workers) t.join();
  const PnsResult total = soFar();
  if (onProgress) onProgress(total);
  return total;
}

}  // namespace qubic
