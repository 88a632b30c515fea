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
  std::lock_guard lock(mutex_);
  externalName_ = command;
}

std::string EngineWorker::externalName() const {
  std::lock_guard lock(mutex_);
  return externalName_;
}

void EngineWorker::start(const EngineJob& job) {
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    number = ++latestJob_;
    result_.reset();
  }
  jobs_.start([this, job, number](const std::atomic<bool>& stop) { run(job, number, stop); });
}

void EngineWorker::cancel() {
  {
    std::lock_guard lock(mutex_);
    settledJob_ = ++latestJob_;  // whatever is running is now stale
    result_.reset();
  }
  jobs_.cancel();
}

void EngineWorker::moveNow() {
  std::lock_guard lock(mutex_);
  if (runningJob_ != 0 && runningJob_ == latestJob_) jobs_.stopCurrent();
}

bool EngineWorker::busy() const {
  std::lock_guard lock(mutex_);
  return settledJob_ != latestJob_;
}

EngineStatus EngineWorker::status() const {
  std::lock_guard lock(mutex_);
  EngineStatus s;
  s.thinking = runningJob_ != 0 && runningJob_ == latestJob_;
  if (!s.thinking) return s;
  s.purpose = runningPurpose_;
  s.elapsedSeconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - runningSince_).count();
  s.best = progress_;
  return s;
}

std::optional<EngineResult> EngineWorker::takeResult() {
  std::lock_guard lock(mutex_);
  std::optional<EngineResult> taken = std::move(result_);
  result_.reset();
  return taken;
}

void EngineWorker::run(const EngineJob& job, std::uint64_t number, const std::atomic<bool>& stop) {
  {
    std::lock_guard lock(mutex_);
    if (number != latestJob_) return;  // replaced before it began
    runningJob_ = number;
    runningPurpose_ = job.purpose;
    runningSince_ = std::chrono::steady_clock::now();
    progress_ = MoveChoice{};
  }
  if (job.purpose == JobPurpose::Move && job.external && !externalCommand_.empty())
    return runExternal(job, number, stop);
  // The player is used only on the job thread; its progress reports come here too.
  if (job.newGame) player_.newGame();
  player_.setStrength({job.level, job.towardNext});
  MoveLimits limits;
  limits.moveTime = job.moveTime;
  limits.stop = &stop;
  const MoveChoice choice =
      chooseReportingErrors(player_, job.position, limits, [this](const MoveChoice& best) {
        std::lock_guard progressLock(mutex_);
        progress_ = best;
      });
  std::lock_guard lock(mutex_);
  runningJob_ = 0;
  if (number != latestJob_) return;
  result_ = EngineResult{job.purpose, job.position, choice, {}, {}};
  settledJob_ = number;
}

void EngineWorker::runExternal(const EngineJob& job, std::uint64_t number,
                               const std::atomic<bool>& stop) {
  if (!external_)
    external_ = std::make_unique<ExternalEngine>(externalCommand_, externalOptions_, &stop);
  const ExternalMove m = external_->think(job.start, job.moves, job.moveTime, job.newGame);
  std::lock_guard lock(mutex_);
  externalName_ = external_->name();
  runningJob_ = 0;
  if (number != latestJob_) return;
  if (m.interrupted) {  // asked to move now: no answer to use; the game asks again
    settledJob_ = number;
    return;
  }
  MoveChoice choice;
  choice.move = m.move;
  choice.reason = m.reason;
  result_ = EngineResult{job.purpose, job.position, choice, m.termination, m.details};
  settledJob_ = number;
}

}  // namespace qubic::tui
