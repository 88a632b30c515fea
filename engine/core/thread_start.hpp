// Starting threads where the system may refuse some (a user's process limit, no memory
// left for another stack): a refusal ends the starting, never the program. The callers
// work on with the threads they got and say how many that was.
#pragma once

#include <exception>
#include <functional>
#include <mutex>
#include <system_error>
#include <thread>
#include <vector>

namespace qubic {

// Starts up to `count` threads, the i-th running `body(i)`, appending them to `threads`;
// returns how many started (the first refusal stops it, and nothing is thrown).
inline int startThreads(std::vector<std::thread>& threads, int count,
                        const std::function<void(int)>& body) {
  int started = 0;
  for (; started < count; ++started) {
    try {
      threads.emplace_back(body, started);
    } catch (const std::system_error&) {
      break;
    }
  }
  return started;
}

// Runs `work(0)` on this thread and `work(1)` ... `work(threads - 1)` on as many helpers as
// the system starts, and waits for all: the work is shared however many start. Returns
// the number of threads that worked (at least 1). An exception escaping a helper would end
// the program (std::terminate); the first one thrown on any thread is rethrown here once
// all have ended, so the caller can say what went wrong (out of memory, say).
inline int workOnThreads(int threads, const std::function<void(int)>& work) {
  std::mutex mutex;
  std::exception_ptr first;
  const auto guarded = [&](int i) {
    try {
      work(i);
    } catch (...) {
      const std::lock_guard<std::mutex> lock(mutex);
      if (!first) first = std::current_exception();
    }
  };
  std::vector<std::thread> helpers;
  const int started = startThreads(helpers, threads - 1, [&](int i) { guarded(i + 1); });
  guarded(0);
  for (std::thread& t : helpers) t.join();
  if (first) std::rethrow_exception(first);
  return started + 1;
}

}  // namespace qubic
