// The thread shell every front end thinks on: one job at a time, the newest wins.
#include <catch2/catch.hpp>

#include <atomic>
#include <stdexcept>
#include <thread>
#include <vector>

#include "engine/play/job_thread.hpp"

using namespace qubic;

namespace {

void spinUntil(const std::atomic<bool>& flag) {
  while (!flag) std::this_thread::yield();
}

}  // namespace

TEST_CASE("job_thread: jobs run one after another and wait() sees them finish") {
  JobThread jobs;
  std::vector<int> ran;  // touched by the job thread only until wait() returns
  for (int i = 0; i < 3; ++i) {
    jobs.start([&ran, i](const std::atomic<bool>&) { ran.push_back(i); });
    jobs.wait();
  }
  CHECK(ran == std::vector<int>{0, 1, 2});
  CHECK_FALSE(jobs.busy());
  CHECK(jobs.failure().empty());
}

TEST_CASE("job_thread: a new job stops the one in flight, and replaces one still waiting") {
  JobThread jobs;
  std::atomic<bool> firstStarted{false}, firstSawStop{false}, release{false}, secondRan{false};
  std::atomic<int> thirdRuns{0};
  jobs.start([&](const std::atomic<bool>& stop) {
    firstStarted = true;
    spinUntil(stop);  // runs until told to stop
    firstSawStop = true;
    spinUntil(release);  // so the second job is surely still waiting when the third comes
  });
  spinUntil(firstStarted);
  CHECK(jobs.busy());
  jobs.start([&](const std::atomic<bool>&) { secondRan = true; });
  jobs.start([&](const std::atomic<bool>&) { ++thirdRuns; });
  release = true;
  jobs.wait();
  CHECK(firstSawStop);
  CHECK_FALSE(secondRan);  // replaced before the thread took it
  CHECK(thirdRuns == 1);
}

TEST_CASE("job_thread: a stop asked for while a job waits reaches that job when it starts") {
  JobThread jobs;
  std::atomic<bool> release{false}, firstStarted{false}, secondStartedStopped{false};
  jobs.start([&](const std::atomic<bool>&) {
    firstStarted = true;
    spinUntil(release);  // ignores stop: the second job must wait behind it
  });
  spinUntil(firstStarted);
  jobs.start([&](const std::atomic<bool>& stop) { secondStartedStopped = stop.load(); });
  jobs.stopCurrent();
  CHECK(jobs.stopping());
  release = true;
  jobs.wait();
  CHECK(secondStartedStopped);
  CHECK_FALSE(jobs.stopping());
}

TEST_CASE("job_thread: cancel drops a waiting job and stops the running one") {
  JobThread jobs;
  std::atomic<bool> firstStarted{false}, release{false}, secondRan{false};
  jobs.start([&](const std::atomic<bool>&) {
    firstStarted = true;
    spinUntil(release);  // ignores stop, so the second job is surely still waiting
  });
  spinUntil(firstStarted);
  jobs.start([&](const std::atomic<bool>&) { secondRan = true; });
  jobs.cancel();
  release = true;
  jobs.wait();
  CHECK_FALSE(secondRan);
  CHECK_FALSE(jobs.busy());

  std::atomic<bool> thirdStarted{false};
  jobs.start([&](const std::atomic<bool>& stop) {
    thirdStarted = true;
    spinUntil(stop);  // ends only when cancel stops it
  });
  spinUntil(thirdStarted);
  jobs.cancel();
  jobs.wait();
  CHECK_FALSE(jobs.busy());
}

TEST_CASE("job_thread: an exception from a job is kept and the thread goes on") {
  JobThread jobs;
  jobs.start([](const std::atomic<bool>&) { throw std::runtime_error("disk on fire"); });
  jobs.wait();
  CHECK(jobs.failure() == "disk on fire");
  std::atomic<bool> ran{false};
  jobs.start([&](const std::atomic<bool>&) { ran = true; });
  jobs.wait();
  CHECK(ran);
}

TEST_CASE("job_thread: destroying it stops a job that runs until told to stop") {
  std::atomic<bool> started{false}, sawStop{false};
  {
    JobThread jobs;
    jobs.start([&](const std::atomic<bool>& stop) {
      started = true;
      spinUntil(stop);
      sawStop = true;
    });
    spinUntil(started);
  }
  CHECK(sawStop);
}
