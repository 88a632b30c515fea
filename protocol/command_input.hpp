// The GUI's commands, read from a file descriptor a line at a time with a bound, into a
// queue the engine can look ahead in: while a command waits for a timed search, the
// lines behind it are still read, so `stop`, `isready`, `quit` and the end of input are
// seen at once (docs/protocol.md). A line without a newline would otherwise grow in
// memory as long as input comes (1 GB sent, 1 GB kept): what is past the bound is
// dropped up to the newline, and the line is reported too long.
#pragma once

#include <cstddef>
#include <deque>
#include <functional>
#include <optional>
#include <string>

namespace qubic {

// Longer than any command of the protocol (a position with 64 moves, a file path).
constexpr std::size_t kMaxCommandBytes = 64 * 1024;

enum class LineRead : unsigned char { Line, TooLong, End };

struct InputLine {
  LineRead kind = LineRead::End;
  std::string text;  // without its newline; for TooLong, the first maxBytes bytes
};

class CommandInput {
 public:
  explicit CommandInput(int fd, std::size_t maxBytes = kMaxCommandBytes)
      : fd_(fd), maxBytes_(maxBytes) {}

  // The next line, waiting for it as long as it takes. After the End line, End again.
  InputLine next();
  // Reads what arrives within `timeoutMs` (-1: until something does) into the queue.
  void read(int timeoutMs);
  // Takes the first queued line for which `pick` holds (the End line counts), if any.
  std::optional<InputLine> take(const std::function<bool(const InputLine&)>& pick);

 private:
  void add(char c);
  void finish();

  int fd_;
  std::size_t maxBytes_;
  std::deque<InputLine> queue_;
  std::string partial_;
  bool tooLong_ = false;
  bool ended_ = false;
};

}  // namespace qubic
