// Starting threads where the system may refuse some (a user's process limit, no memory
// left for another stack): a refusal ends the starting, never the program. The callers
// work on with the threads they got and say how many that was.
#pragma once

#include <functional>
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
// the number of threads that worked (at least 1).
inline int workOnThreads(int threads, const std::function<void(int)>& work) {
  std::vector<std::thread> helpers;
  const int started = startThreads(helpers, threads - 1, [&](int i) { work(i + 1); });
  work(0);
  for (std::thread& t : helpers) t.join();
  return started + 1;
}

}  // namespace qubic
