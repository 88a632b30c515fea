#include "write_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>

namespace qubic {

namespace {

// The file a path names, through any symbolic links ("" when none is there).
std::string target(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec))) return {};
  const std::filesystem::path real = std::filesystem::weakly_canonical(path, ec);
  return ec ? path : real.string();
}

}  // namespace

std::string checkOutputFile(const std::string& path, const OutputKind& kind) {
  const std::string real = target(path);
  if (real.empty()) return {};  // a new file
  const int fd = ::open(real.c_str(), O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) return path + ": cannot read it to see what it holds: " + std::strerror(errno);
  struct stat st {};
  std::string head(kind.signature.size(), '\0');
  bool same = false;
  if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode)) {
    const ssize_t n = read(fd, head.data(), head.size());
    same = st.st_size == 0 || (n == static_cast<ssize_t>(head.size()) && head == kind.signature);
  }
  close(fd);
  if (!S_ISREG(st.st_mode))
    return path + " is not a regular file; it is not written over (name another file)";
  if (!same)
    return path + " exists and is not " +
           (std::string_view("aeiou").find(kind.name[0]) != std::string_view::npos ? "an " : "a ") +
           std::string(kind.name) + "; it is left as it is (name another file, or remove it first)";
  return {};
}

std::string writeOutputFile(const std::string& path, std::string_view content,
                            const OutputKind& kind) {
  if (std::string refused = checkOutputFile(path, kind); !refused.empty()) return refused;
  const std::string real = target(path).empty() ? path : target(path);
  const std::string fresh = real + ".new-" + std::to_string(getpid());
  const int fd = ::open(fresh.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) return fresh + ": cannot write: " + std::strerror(errno);
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = write(fd, content.data() + done, content.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const int error = done < content.size() ? errno : 0;
  if (close(fd) != 0 || error != 0 || done < content.size()) {
    unlink(fresh.c_str());
    return path + ": writing failed: " + std::strerror(error ? error : EIO);
  }
  if (rename(fresh.c_str(), real.c_str()) != 0) {
    const int e = errno;
    unlink(fresh.c_str());
    return path + ": cannot put the new file in place: " + std::strerror(e);
  }
  return {};
}

}  // namespace qubic
