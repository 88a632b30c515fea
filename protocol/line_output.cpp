#include "line_output.hpp"

#include <unistd.h>

#include <cerrno>

namespace qubic {

LineOutput::LineOutput(int fd) : fd_(fd), writer_([this] { run(); }) {}

LineOutput::~LineOutput() {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    closing_ = true;
  }
  changed_.notify_all();
  writer_.join();
}

void LineOutput::write(std::string_view line) {
  {
    const std::lock_guard<std::mutex> lock(mutex_);
    if (overflowed_ || failed_) return;
    pending_.emplace_back(line).push_back('\n');
    pendingBytes_ += line.size() + 1;
    overflowed_ = pendingBytes_ > kMaxPendingBytes;
  }
  changed_.notify_all();
}

bool LineOutput::overflowed() const {
  const std::lock_guard<std::mutex> lock(mutex_);
  return overflowed_;
}

bool LineOutput::finish(std::chrono::milliseconds deadline) {
  std::unique_lock<std::mutex> lock(mutex_);
  return changed_.wait_for(lock, deadline,
                           [this] { return failed_ || (pending_.empty() && !writing_); });
}

void LineOutput::run() {
  std::unique_lock<std::mutex> lock(mutex_);
  for (;;) {
    changed_.wait(lock, [this] { return closing_ || !pending_.empty(); });
    if (pending_.empty()) return;  // closing, all written
    std::string line = std::move(pending_.front());
    pending_.pop_front();
    writing_ = true;
    lock.unlock();
    std::size_t done = 0;
    bool ok = true;
    while (done < line.size()) {
      const ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n <= 0) {
        ok = false;  // the reader is gone (EPIPE): nothing more can be said
        break;
      }
      done += static_cast<std::size_t>(n);
    }
    lock.lock();
    writing_ = false;
    pendingBytes_ -= line.size();
    failed_ = failed_ || !ok;
    if (failed_) pending_.clear(), pendingBytes_ = 0;
    changed_.notify_all();
  }
}

}  // namespace qubic
