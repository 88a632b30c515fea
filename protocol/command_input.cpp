#include "command_input.hpp"

#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>

namespace qubic {

InputLine CommandInput::next() {
  while (queue_.empty() && !ended_) read(-1);
  if (queue_.empty()) return {};
  InputLine line = std::move(queue_.front());
  queue_.pop_front();
  return line;
}

void CommandInput::read(int timeoutMs) {
  if (ended_) return;
  pollfd p{fd_, POLLIN, 0};
  const int ready = poll(&p, 1, timeoutMs);
  if (ready < 0 && errno == EINTR) return;
  if (ready == 0) return;
  char buffer[4096];
  const ssize_t n = ready < 0 ? -1 : ::read(fd_, buffer, sizeof buffer);
  if (n < 0 && (errno == EINTR || errno == EAGAIN)) return;
  if (n <= 0) return finish();  // end of input, or input that cannot be read: the same
  for (ssize_t i = 0; i < n; ++i) add(buffer[i]);
}

void CommandInput::add(char c) {
  if (c == '\n') {
    queue_.push_back({tooLong_ ? LineRead::TooLong : LineRead::Line, std::move(partial_)});
    partial_.clear();
    tooLong_ = false;
  } else if (partial_.size() < maxBytes_) {
    partial_.push_back(c);
  } else {
    tooLong_ = true;
  }
}

void CommandInput::finish() {
  // A last line without a newline is still a line.
  if (!partial_.empty() || tooLong_) add('\n');
  queue_.push_back({LineRead::End, {}});
  ended_ = true;
}

std::optional<InputLine> CommandInput::take(const std::function<bool(const InputLine&)>& pick) {
  const auto it = std::find_if(queue_.begin(), queue_.end(), pick);
  if (it == queue_.end()) return std::nullopt;
  InputLine line = std::move(*it);
  queue_.erase(it);
  return line;
}

}  // namespace qubic
