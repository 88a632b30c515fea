// The game's background work (tui/background_job): only the newest job's publications land,
// a reset drops what a job in flight publishes later, and the state is never seen half
// written (run under ThreadSanitizer by `make tsan`).
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "tui/background_job.hpp"

using qubic::tui::BackgroundJob;

namespace {

struct Counts {
  int job = -1;
  int steps = 0;
  bool done = false;
};

}  // namespace

TEST_CASE("only the newest background job writes the state, each write whole") {
  BackgroundJob<Counts> work;
  std::atomic<int> foreign{0};  // writes that found another job's state (Catch's checks stay
                                // on this thread: they are not thread-safe)
  for (int k = 0; k < 50; ++k)
    work.start(Counts{k, 0, false},
               [k, &foreign](const std::atomic<bool>& stop, const auto& publish) {
                 for (int step = 1; step <= 100 && !stop; ++step)
                   publish([&](Counts& c) {
                     if (c.job != k) ++foreign;
                     c.steps = step;
                   });
                 if (!stop) publish([](Counts& c) { c.done = true; });
               });
  // The interface reads while the jobs run: a state is always one job's, whole.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  Counts seen;
  while (!(seen = work.state()).done && std::chrono::steady_clock::now() < deadline) {
    CHECK(seen.job == 49);
    std::this_thread::yield();
  }
  CHECK(seen.job == 49);
  CHECK(seen.done);
  CHECK(seen.steps == 100);
  CHECK(foreign == 0);
}

TEST_CASE("a reset drops what a job in flight publishes afterwards") {
  BackgroundJob<Counts> work;
  std::atomic<bool> started{false}, resetDone{false}, staleWrote{false};
  work.start(Counts{1, 0, false}, [&](const std::atomic<bool>&, const auto& publish) {
    started = true;
    while (!resetDone) std::this_thread::yield();
    staleWrote = publish([](Counts& c) { c.steps = 99; });
  });
  while (!started) std::this_thread::yield();
  work.reset(Counts{7, 0, false});
  resetDone = true;
  // The job ends without writing: wait for it through a new job that publishes.
  work.start(Counts{8, 0, false}, [](const std::atomic<bool>&, const auto& publish) {
    publish([](Counts& c) { c.done = true; });
  });
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(20);
  while (!work.state().done && std::chrono::steady_clock::now() < deadline)
    std::this_thread::yield();
  CHECK(work.state().job == 8);
  CHECK(work.state().steps == 0);
  CHECK_FALSE(staleWrote);
}
