// The engine's replies, written by a thread of their own: a controller that stops reading
// (a page that sends thousands of commands and never reads) blocks that thread, never the
// one that reads commands, so the end of input still ends the engine (issue 68, 10). What
// waits to be written is bounded: past kMaxPendingBytes the controller is taken to be gone.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <string>
#include <string_view>
#include <thread>

namespace qubic {

class LineOutput {
 public:
  static constexpr std::size_t kMaxPendingBytes = std::size_t{16} << 20;

  explicit LineOutput(int fd);
  // Writes what is queued, then ends the writer: only for a reader that reads (a writer
  // blocked on one that does not is left to the process's exit; see protocol/main.cpp).
  ~LineOutput();
  LineOutput(const LineOutput&) = delete;
  LineOutput& operator=(const LineOutput&) = delete;

  // Queues one line (a newline is added). Never blocks on the reader.
  void write(std::string_view line);
  // True once more than kMaxPendingBytes wait: the reader has stopped reading.
  bool overflowed() const;
  // Waits up to `deadline` for everything queued to be written; false if it was not.
  bool finish(std::chrono::milliseconds deadline);

 private:
  void run();

  const int fd_;
  mutable std::mutex mutex_;
  std::condition_variable changed_;
  std::deque<std::string> pending_;
  std::size_t pendingBytes_ = 0;
  bool writing_ = false, closing_ = false, overflowed_ = false, failed_ = false;
  std::thread writer_;
};

}  // namespace qubic
