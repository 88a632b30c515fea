// Reading the GUI's commands a line at a time with a bound: a line without a newline
// would otherwise grow in memory as long as input comes (1 GB sent, 1 GB kept). What is
// past the bound is read and dropped up to the newline, and the line is reported too long.
#pragma once

#include <cstddef>
#include <istream>
#include <string>

namespace qubic {

// Longer than any command of the protocol (a position with 64 moves, a file path).
constexpr std::size_t kMaxCommandBytes = 64 * 1024;

enum class LineRead : unsigned char { Line, TooLong, End };

// Reads up to the next newline into `line` (without it). TooLong: the line had more than
// `maxBytes` bytes, `line` holds its first `maxBytes` and the rest was dropped. End: no
// more input (a last line without a newline is still returned as Line first).
LineRead readBoundedLine(std::istream& in, std::string& line,
                         std::size_t maxBytes = kMaxCommandBytes);

}  // namespace qubic
