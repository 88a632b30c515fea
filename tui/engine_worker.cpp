#include "engine_worker.hpp"

namespace qubic::tui {

EngineWorker::EngineWorker(const PlayerOptions& options, std::shared_ptr<const Book> book,
                           std::shared_ptr<const OpeningTable> table)
    : player_(options) {
  player_.setBook(std::move(book));
  player_.setOpeningTable(std::move(table));
}

void EngineWorker::useExternal(const std::string& command, const std::string& options) {
  externalCommand_ = command;
  externalOptions_ = options;
  std::lock_guard lock(nameMutex_);
  externalName_ = command;
}

std::string EngineWorker::externalName() const {
  std::lock_guard lock(nameMutex_);
  return externalName_;
}

void EngineWorker::start(const EngineJob& job) {
  State fresh;
  fresh.settled = false;
  job_.start(fresh, [this, job](const std::atomic<bool>& stop, const Publish& publish) {
    run(job, stop, publish);
  });
}

void EngineWorker::cancel() { job_.cancel(State{}); }

void EngineWorker::moveNow() {
  // Jobs are started on the caller's thread only, so the one running is still the newest.
  if (job_.state().running) job_.stopCurrent();
}

bool EngineWorker::busy() const { return !job_.state().settled; }

EngineStatus EngineWorker::status() const {
  const State state = job_.state();
  EngineStatus s;
  s.thinking = state.running;
  if (!s.thinking) return s;
  s.purpose = state.purpose;
  s.elapsedSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - state.since).count();
  s.best = state.progress;
  return s;
}

std::optional<EngineResult> EngineWorker::takeResult() {
  return job_.update([](State& state) { return std::exchange(state.result, std::nullopt); });
}

void EngineWorker::run(const EngineJob& job, const std::atomic<bool>& stop,
                       const Publish& publish) {
  const bool newest = publish([&](State& state) {
    state.running = true;
    state.purpose = job.purpose;
    state.since = std::chrono::steady_clock::now();
    state.progress = MoveChoice{};
  });
  if (!newest) return;  // replaced before it began
  if (job.purpose == JobPurpose::Move && job.external && !externalCommand_.empty())
    return runExternal(job, stop, publish);
  // The player is used only on the job thread; its progress reports come here too.
  if (job.newGame) player_.newGame();
  player_.setStrength({job.level, job.towardNext});
  MoveLimits limits;
  limits.moveTime = job.moveTime;
  limits.stop = &stop;
  const MoveChoice choice = chooseReportingErrors(
      player_, job.position, limits,
      [&](const MoveChoice& best) { publish([&](State& state) { state.progress = best; }); });
  publish([&](State& state) {
    state.running = false;
    state.result = EngineResult{job.purpose, job.position, choice, {}, {}};
    state.settled = true;
  });
}

void EngineWorker::runExternal(const EngineJob& job, const std::atomic<bool>& stop,
                               const Publish& publish) {
  if (!external_)
    external_ = std::make_unique<ExternalEngine>(externalCommand_, externalOptions_, &stop);
  const ExternalMove m = external_->think(job.start, job.moves, job.moveTime, job.newGame);
  {
    std::lock_guard lock(nameMutex_);
    externalName_ = external_->name();
  }
  publish([&](State& state) {
    state.running = false;
    state.settled = true;
    // Asked to move now, it has no answer to use: the game asks again.
    if (m.interrupted) return;
    MoveChoice choice;
    choice.move = m.move;
    choice.reason = m.reason;
    state.result = EngineResult{job.purpose, job.position, choice, m.termination, m.details};
  });
}

}  // namespace qubic::tui
