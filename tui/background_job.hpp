// One shape for the game's work in the background (the review, the check of a puzzle's
// answer, the overlay's analysis, the engine's moves and hints): a state that a job thread fills in
// while the interface reads it, a new job replacing the one in flight, and only the newest job
// allowed to write. The state is read and written under one lock, so the interface never sees half
// an update.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <mutex>
#include <utility>

#include "engine/play/job_thread.hpp"

namespace qubic::tui {

template <class State>
class BackgroundJob {
 public:
  // publish(f): f(state) under the lock while the job is the newest; false when it is not.
  using Publish = std::function<bool(const std::function<void(State&)>&)>;
  using Work = std::function<void(const std::atomic<bool>& stop, const Publish& publish)>;

  // Sets the state to `fresh` and runs `work` on the job thread, stopping the job in flight.
  void start(State fresh, Work work) {
    std::uint64_t number = 0;
    {
      std::lock_guard lock(mutex_);
      state_ = std::move(fresh);
      number = ++latest_;
    }
    jobs_.start([this, number, work = std::move(work)](const std::atomic<bool>& stop) {
      work(stop, [this, number](const std::function<void(State&)>& update) {
        std::lock_guard lock(mutex_);
        if (number != latest_) return false;
        update(state_);
        return true;
      });
    });
  }
  // Replaces the state; what a job in flight publishes from now on is dropped.
  void reset(State fresh) {
    std::lock_guard lock(mutex_);
    state_ = std::move(fresh);
    ++latest_;
  }
  // As reset, and the job in flight is asked to stop.
  void cancel(State fresh) {
    reset(std::move(fresh));
    jobs_.cancel();
  }
  State state() const {
    std::lock_guard lock(mutex_);
    return state_;
  }
  // f(state) under the lock, from the owner's side (to take a result out, say).
  template <class F>
  auto update(F&& f) {
    std::lock_guard lock(mutex_);
    return f(state_);
  }
  // Asks the job in flight to finish now; it still runs and publishes.
  void stopCurrent() { jobs_.stopCurrent(); }

 private:
  mutable std::mutex mutex_;
  State state_{};
  std::uint64_t latest_ = 0;  // the newest job's number: only it writes state_
  JobThread jobs_;            // last: destroyed first, so the thread ends before what it uses
};

}  // namespace qubic::tui
