// Reading a file a user names, safely: a FIFO, a device, a directory or a huge file gets a
// clear error at once instead of a hang or an exhausted memory (issue 18's rule for
// every file any program reads: book, configuration, record, openings, proof).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"

namespace qubic {

// Size caps of the files the programs read, far above any real one.
constexpr std::size_t kMaxConfigBytes = std::size_t{1} << 20;
constexpr std::size_t kMaxRecordBytes = std::size_t{1} << 20;     // one game (the game's load key)
constexpr std::size_t kMaxRecordLogBytes = std::size_t{1} << 30;  // a tournament's record file
constexpr std::size_t kMaxOpeningsBytes = std::size_t{16} << 20;
constexpr std::size_t kMaxBookBytes = std::size_t{64} << 20;
constexpr std::size_t kMaxProofBytes = std::size_t{16} << 30;  // streamed, not held in memory

// Checks that `path` is a regular file of at most `maxBytes` without blocking on it. The
// error is the reason alone, for the caller to put after the file's name: "no such
// file", "not a regular file (a FIFO)", "3 GB, more than the 64 MB such a file may have".
// On success the value is the file's size.
Parsed<std::size_t> checkRegularFile(const std::string& path, std::size_t maxBytes);

// The whole content of a regular file of at most `maxBytes` (checked as above; a file
// that grows past the cap while read is refused too).
Parsed<std::string> readRegularFile(const std::string& path, std::size_t maxBytes);
// The same as bytes.
Parsed<std::vector<std::uint8_t>> readRegularBytes(const std::string& path, std::size_t maxBytes);

// A regular file (checked as above when opened) read piece by piece: for a large file of
// which a few parts are wanted, such as a certificates file's entry heads.
class RegularFile {
 public:
  static Parsed<RegularFile> open(const std::string& path, std::size_t maxBytes);
  RegularFile(RegularFile&& other) noexcept;
  RegularFile& operator=(RegularFile&&) = delete;
  ~RegularFile();
  std::size_t size() const { return size_; }
  // `count` bytes from `offset`; an error when the file holds fewer there.
  Parsed<std::vector<std::uint8_t>> readAt(std::size_t offset, std::size_t count) const;

 private:
  RegularFile(int fd, std::size_t size) : fd_(fd), size_(size) {}
  int fd_ = -1;
  std::size_t size_ = 0;
};

// Text from a file or the command line made fit for a message on a terminal: control
// bytes and bytes that are not printable ASCII as \xNN (a NUL no longer cuts the message
// short, an escape sequence no longer reaches the terminal), cut to `maxBytes` with "...".
std::string printableText(std::string_view text, std::size_t maxBytes = 200);

}  // namespace qubic
