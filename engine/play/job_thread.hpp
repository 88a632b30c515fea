// One thread that runs the engine's long jobs (a move choice, an analysis) one at a time,
// so that a front end stays responsive. A new job stops the one in flight: the newest job
// is the only one that matters. The game's engine, its analysis overlay and the UGI
// engine's search all think on one of these.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace qubic {

class JobThread {
 public:
  // A job runs on the thread; it should return soon after `stop` is set. It reports its own
  // results (and errors); an exception that escapes it is kept for failure().
  using Job = std::function<void(const std::atomic<bool>& stop)>;

  JobThread();
  ~JobThread();  // stops the job in flight, drops a waiting one, joins
  JobThread(const JobThread&) = delete;
  JobThread& operator=(const JobThread&) = delete;

  // Queues `job` and stops the one in flight (a job still waiting is replaced). Returns the
  // job's number: increasing, so that results of older jobs can be told apart.
  std::uint64_t start(Job job);
  // Stops the job in flight and drops a waiting one.
  void cancel();
  // Asks the job in flight (or the one waiting) to finish now; it still runs and reports.
  void stopCurrent();
  // True while the job in flight or waiting has been asked to stop.
  bool stopping() const;
  // True while a job waits or runs.
  bool busy() const;
  // Blocks until no job waits or runs. Do not call it from a job, nor while holding a lock
  // that a job takes.
  void wait();
  // The message of the last exception that escaped a job; empty when none.
  std::string failure() const;

 private:
  void run();

  std::atomic<bool> stop_{false};
  mutable std::mutex mutex_;
  std::condition_variable wake_, idle_;
  bool quitting_ = false, running_ = false;
  bool stopNext_ = false;  // the waiting job starts stopped
  std::optional<Job> pending_;
  std::uint64_t numbered_ = 0;
  std::string failure_;
  std::thread thread_;  // last, so it starts after everything it uses exists
};

}  // namespace qubic
