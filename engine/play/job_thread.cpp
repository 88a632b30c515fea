#include "job_thread.hpp"

#include <exception>

namespace qubic {

JobThread::JobThread() : thread_([this] { run(); }) {}

JobThread::~JobThread() {
  {
    std::lock_guard lock(mutex_);
    quitting_ = true;
    pending_.reset();
    stop_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

std::uint64_t JobThread::start(Job job) {
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    pending_ = std::move(job);
    stopNext_ = false;
    number = ++numbered_;
    if (running_) stop_ = true;  // the thread clears it when it takes the new job
  }
  wake_.notify_all();
  return number;
}

void JobThread::cancel() {
  std::lock_guard lock(mutex_);
  pending_.reset();
  if (running_) stop_ = true;
  idle_.notify_all();
}

void JobThread::stopCurrent() {
  std::lock_guard lock(mutex_);
  if (running_) stop_ = true;
  if (pending_) stopNext_ = true;
}

bool JobThread::stopping() const {
  std::lock_guard lock(mutex_);
  return (running_ && stop_) || (pending_ && stopNext_);
}

bool JobThread::busy() const {
  std::lock_guard lock(mutex_);
  return running_ || pending_.has_value();
}

void JobThread::wait() {
  std::unique_lock lock(mutex_);
  idle_.wait(lock, [this] { return !running_ && !pending_.has_value(); });
}

std::string JobThread::failure() const {
  std::lock_guard lock(mutex_);
  return failure_;
}

void JobThread::run() {
  std::unique_lock lock(mutex_);
  for (;;) {
    wake_.wait(lock, [this] { return quitting_ || pending_.has_value(); });
    if (quitting_) break;
    const Job job = std::move(*pending_);
    pending_.reset();
    running_ = true;
    stop_ = stopNext_;
    stopNext_ = false;
    lock.unlock();
    std::string failure;
    try {
      job(stop_);
    } catch (const std::exception& e) {
      failure = e.what();
    } catch (...) {
      failure = "unknown error";
    }
    lock.lock();
    running_ = false;
    if (!failure.empty()) failure_ = failure;
    idle_.notify_all();
  }
  running_ = false;
  idle_.notify_all();
}

}  // namespace qubic
