#include "read_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <utility>

namespace qubic {

namespace {

std::string kindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  if (S_ISSOCK(mode)) return "a socket";
  return "not a plain file";
}

std::string sizeText(std::size_t bytes) {
  if (bytes >= (std::size_t{1} << 20)) return std::to_string(bytes >> 20) + " MB";
  return std::to_string(bytes) + " bytes";
}

// Opens without blocking (a FIFO with no writer would block an ordinary open) and checks
// the kind and size; returns the descriptor or -1 with `error` set.
int openRegular(const std::string& path, std::size_t maxBytes, std::string& error,
                std::size_t& size) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    error = (errno == ENOENT ? std::string("no such file") : std::strerror(errno));
    return -1;
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = "not a regular file (" + kindOf(st.st_mode) + ")";
    close(fd);
    return -1;
  }
  size = static_cast<std::size_t>(st.st_size);
  if (size > maxBytes) {
    error = sizeText(size) + ", more than the " + sizeText(maxBytes) + " such a file may have";
    close(fd);
    return -1;
  }
  return fd;
}

}  // namespace

Parsed<std::size_t> checkRegularFile(const std::string& path, std::size_t maxBytes) {
  std::string error;
  std::size_t size = 0;
  const int fd = openRegular(path, maxBytes, error, size);
  if (fd < 0) return Parsed<std::size_t>::failure(error);
  close(fd);
  return Parsed<std::size_t>::success(size);
}

namespace {

// The whole content into `Bytes` (a std::string or a byte vector).
template <class Bytes>
Parsed<Bytes> readWhole(const std::string& path, std::size_t maxBytes) {
  std::string error;
  std::size_t size = 0;
  const int fd = openRegular(path, maxBytes, error, size);
  if (fd < 0) return Parsed<Bytes>::failure(error);
  Bytes text;
  text.resize(size + 1);  // one byte more shows a file that grew while being read
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = read(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      error = std::string("read error: ") + std::strerror(errno);
      break;
    }
    if (n == 0) break;
    done += static_cast<std::size_t>(n);
    if (done > maxBytes) {
      error = "it grew past the " + sizeText(maxBytes) + " such a file may have";
      break;
    }
    if (done == text.size()) text.resize(std::min(text.size() * 2, maxBytes + 1));
  }
  close(fd);
  if (!error.empty()) return Parsed<Bytes>::failure(error);
  text.resize(done);
  return Parsed<Bytes>::success(std::move(text));
}

}  // namespace

Parsed<std::string> readRegularFile(const std::string& path, std::size_t maxBytes) {
  return readWhole<std::string>(path, maxBytes);
}

Parsed<std::vector<std::uint8_t>> readRegularBytes(const std::string& path, std::size_t maxBytes) {
  return readWhole<std::vector<std::uint8_t>>(path, maxBytes);
}

Parsed<RegularFile> RegularFile::open(const std::string& path, std::size_t maxBytes) {
  std::string error;
  std::size_t size = 0;
  const int fd = openRegular(path, maxBytes, error, size);
  if (fd < 0) return Parsed<RegularFile>::failure(error);
  return Parsed<RegularFile>::success(RegularFile(fd, size));
}

RegularFile::RegularFile(RegularFile&& other) noexcept
    : fd_(std::exchange(other.fd_, -1)), size_(other.size_) {}

RegularFile::~RegularFile() {
  if (fd_ >= 0) close(fd_);
}

Parsed<std::vector<std::uint8_t>> RegularFile::readAt(std::size_t offset, std::size_t count) const {
  using Result = Parsed<std::vector<std::uint8_t>>;
  std::vector<std::uint8_t> bytes(count);
  std::size_t done = 0;
  while (done < count) {
    const ssize_t n =
        pread(fd_, bytes.data() + done, count - done, static_cast<off_t>(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Result::failure(std::string("read error: ") + std::strerror(errno));
    if (n == 0)
      return Result::failure("cut short: it ends before byte " + std::to_string(offset + count));
    done += static_cast<std::size_t>(n);
  }
  return Result::success(std::move(bytes));
}

std::string printableText(std::string_view text, std::size_t maxBytes) {
  constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (out.size() >= maxBytes) return out + "...";
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += text[i];
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  return out;
}

}  // namespace qubic
