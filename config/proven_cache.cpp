#include "proven_cache.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <vector>

#include "read_file.hpp"

namespace qubic {

namespace {

constexpr std::size_t kMaxCacheBytes = std::size_t{64} << 20;
constexpr std::size_t kMaxCacheValues = std::size_t{1} << 20;  // about 18 MB on disk

// Holds an exclusive lock on `path` while alive (none when the lock file cannot be made).
class FileLock {
 public:
  explicit FileLock(const std::string& path)
      : fd_(open(path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0600)) {
    if (fd_ >= 0) flock(fd_, LOCK_EX);
  }
  ~FileLock() {
    if (fd_ >= 0) close(fd_);  // closing releases the lock
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;

 private:
  int fd_;
};

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }

}  // namespace

std::string provenCachePath() {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::string base = cache && *cache == '/' ? cache
                           : home && *home        ? std::string(home) + "/.cache"
                                                  : "";
  return base.empty() ? "" : base + "/qubic/proven-values";
}

std::string provenCacheVersion() { return "qubic " QUBIC_VERSION ", values format 1"; }

std::string loadProvenCache(ProvenStore& store, const std::string& path) {
  if (path.empty() || !std::filesystem::exists(path)) return {};
  const Parsed<std::string> text = readRegularFile(path, kMaxCacheBytes);
  if (!text) return path + " ignored: " + text.error();
  const std::string why = store.addFrom(bytesOf(text.value()), provenCacheVersion());
  return why.empty() ? "" : path + " ignored: " + why;
}

std::string saveProvenCache(const ProvenStore& store, const std::string& path) {
  if (path.empty()) return "no cache directory ($XDG_CACHE_HOME and $HOME are unset)";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  // Something else at the cache's name (a directory, a FIFO, a link elsewhere) stays.
  if (const auto status = std::filesystem::symlink_status(path, ec);
      std::filesystem::exists(status) && !std::filesystem::is_regular_file(status))
    return path + " is not a regular file: left as it is, the values not kept";
  const FileLock lock(path + ".lock");
  // What other runs kept, then ours; a damaged or foreign file is simply replaced. Room for
  // some sixteen times the values, so that a full bucket (two values) drops almost none.
  const Parsed<std::string> old = readRegularFile(path, kMaxCacheBytes);
  const std::size_t values = (old ? old.value().size() / 18 : 0) + store.size() + 1024;
  ProvenStore merged(std::min(kMaxCacheValues, 16 * values));
  if (old) merged.addFrom(bytesOf(old.value()), provenCacheVersion());
  merged.addFrom(store.serialize(provenCacheVersion()), provenCacheVersion());
  const std::vector<std::uint8_t> bytes = merged.serialize(provenCacheVersion());
  const std::string fresh = path + ".new." + std::to_string(getpid());
  {
    std::ofstream out(fresh, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
    if (!out.flush()) {
      std::filesystem::remove(fresh, ec);
      return "cannot write " + fresh;
    }
  }
  std::filesystem::rename(fresh, path, ec);
  if (ec) {
    std::filesystem::remove(fresh, ec);
    return "cannot replace " + path;
  }
  return {};
}

}  // namespace qubic
