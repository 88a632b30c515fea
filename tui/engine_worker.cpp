#include "engine_worker.hpp"

namespace qubic::tui {

EngineWorker::EngineWorker(const PlayerOptions& options, std::shared_ptr<const Book> book)
    : player_(options), thread_([this] { run(); }) {
  // The thread touches the player only for a job, and start() hands jobs over under the
  // mutex, so this happens before any use.
  player_.setBook(std::move(book));
}

EngineWorker::~EngineWorker() {
  {
    std::lock_guard lock(mutex_);
    quitting_ = true;
    pending_.reset();
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

void EngineWorker::start(const EngineJob& job) {
  {
    std::lock_guard lock(mutex_);
    ++latestJob_;
    pending_ = job;
    result_.reset();
    if (runningJob_ != 0) stop_ = true;  // the thread clears it when it takes the new job
  }
  wake_.notify_all();
}

void EngineWorker::cancel() {
  std::lock_guard lock(mutex_);
  ++latestJob_;  // whatever is running is now stale
  pending_.reset();
  result_.reset();
  if (runningJob_ != 0) stop_ = true;
}

void EngineWorker::moveNow() {
  std::lock_guard lock(mutex_);
  if (runningJob_ != 0 && runningJob_ == latestJob_) stop_ = true;
}

bool EngineWorker::busy() const {
  std::lock_guard lock(mutex_);
  return pending_.has_value() || (runningJob_ != 0 && runningJob_ == latestJob_);
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

void EngineWorker::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return quitting_ || pending_.has_value(); });
    if (quitting_) return;
    const EngineJob job = *pending_;
    pending_.reset();
    const std::uint64_t number = latestJob_;
    runningJob_ = number;
    runningPurpose_ = job.purpose;
    runningSince_ = std::chrono::steady_clock::now();
    progress_ = MoveChoice{};
    stop_ = false;
    lock.unlock();

    // The player is used only on this thread; its progress reports come here too.
    if (job.newGame) player_.newGame();
    player_.setLevel(job.level);
    MoveLimits limits;
    limits.moveTime = job.moveTime;
    limits.stop = &stop_;
    const MoveChoice choice =
        chooseReportingErrors(player_, job.position, limits, [this](const MoveChoice& best) {
          std::lock_guard progressLock(mutex_);
          progress_ = best;
        });

    lock.lock();
    runningJob_ = 0;
    if (number == latestJob_) result_ = EngineResult{job.purpose, job.position, choice};
  }
}

}  // namespace qubic::tui
