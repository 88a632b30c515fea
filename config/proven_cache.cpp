#include "proven_cache.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/file.h>
#include <sys/random.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <thread>
#include <vector>

#include "read_file.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

constexpr std::size_t kMaxCacheBytes = std::size_t{64} << 20;
constexpr std::size_t kMaxCacheValues = std::size_t{1} << 20;  // about 18 MB on disk
// How long a save waits for another process's lock before it gives up (issue 68, 9).
constexpr auto kLockWait = std::chrono::milliseconds(2000);

std::vector<std::uint8_t> bytesOf(const std::string& text) { return {text.begin(), text.end()}; }
std::string reason() { return std::strerror(errno); }

// An exclusive lock on `path`, taken within kLockWait; error() says why not. The lock file
// is opened without following a link, so a link planted there creates nothing elsewhere.
class FileLock {
 public:
  explicit FileLock(const std::string& path) {
    fd_ = open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK, 0600);
    struct stat st {};
    if (fd_ < 0 || fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
      error_ = "cannot take the lock " + path + ": " +
               (fd_ < 0 ? (errno == ELOOP ? std::string("it is a link") : reason())
                        : std::string("not a regular file"));
      return;
    }
    const auto deadline = std::chrono::steady_clock::now() + kLockWait;
    while (flock(fd_, LOCK_EX | LOCK_NB) != 0) {
      if (errno != EWOULDBLOCK && errno != EINTR) {
        error_ = "cannot take the lock " + path + ": " + reason();
        return;
      }
      if (std::chrono::steady_clock::now() > deadline) {
        error_ = "the lock " + path + " is held by another process";
        return;
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
    }
  }
  ~FileLock() {
    if (fd_ >= 0) close(fd_);  // closing releases the lock
  }
  FileLock(const FileLock&) = delete;
  FileLock& operator=(const FileLock&) = delete;
  const std::string& error() const { return error_; }

 private:
  int fd_ = -1;
  std::string error_;
};

// The key as the file at `path` holds it: 16 bytes, a regular file of this user's that
// nobody else may read or write. Anything else is no key.
Parsed<SipKey> readKey(const std::string& path) {
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0)
    return Parsed<SipKey>::failure(errno == ENOENT ? "no key (" + path + ")"
                                                   : path + ": " + reason());
  if (!S_ISREG(st.st_mode) || st.st_uid != geteuid() || (st.st_mode & 077) != 0)
    return Parsed<SipKey>::failure("the key " + path +
                                   " is not a private file of this user's (mode 0600)");
  const Parsed<std::string> text = readRegularFile(path, 64);
  if (!text || text.value().size() != sizeof(SipKey))
    return Parsed<SipKey>::failure("the key " + path + " is not 16 bytes");
  SipKey key{};
  std::memcpy(key.data(), text.value().data(), key.size());
  return Parsed<SipKey>::success(key);
}

// A fresh random key at `path`, made only where nothing is (O_EXCL, no link followed).
Parsed<SipKey> makeKey(const std::string& path) {
  SipKey key{};
  if (getrandom(key.data(), key.size(), 0) != static_cast<ssize_t>(key.size()))
    return Parsed<SipKey>::failure("no random bytes for a key: " + reason());
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return Parsed<SipKey>::failure("cannot make the key " + path + ": " + reason());
  const bool written = write(fd, key.data(), key.size()) == static_cast<ssize_t>(key.size());
  close(fd);
  if (!written) {
    unlink(path.c_str());
    return Parsed<SipKey>::failure("cannot write the key " + path);
  }
  return Parsed<SipKey>::success(key);
}

// Removes what saves killed midway left: NAME.new.<pid> of processes that are gone (a link
// is removed itself, never what it points to).
void removeStaleTemporaries(const fs::path& store) {
  const std::string prefix = store.filename().string() + ".new.";
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(store.parent_path(), ec)) {
    const std::string name = e.path().filename().string();
    if (name.rfind(prefix, 0) != 0) continue;
    char* end = nullptr;
    const long pid = std::strtol(name.c_str() + prefix.size(), &end, 10);
    if (pid > 0 && *end == '\0' && kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH)
      unlink(e.path().c_str());
  }
}

// Writes `bytes` to a new file `path` (made here, mode 0600, no link followed).
std::string writeNewFile(const std::string& path, const std::vector<std::uint8_t>& bytes) {
  const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
  if (fd < 0) return "cannot make " + path + ": " + reason();
  std::size_t done = 0;
  while (done < bytes.size()) {
    const ssize_t n = write(fd, bytes.data() + done, bytes.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<std::size_t>(n);
  }
  const bool ok = done == bytes.size();
  close(fd);
  if (ok) return {};
  unlink(path.c_str());
  return "cannot write " + path;
}

}  // namespace

std::string provenCachePath() {
  const char* cache = std::getenv("XDG_CACHE_HOME");
  const char* home = std::getenv("HOME");
  const std::string base = cache && *cache == '/' ? cache
                           : home && *home        ? std::string(home) + "/.cache"
                                                  : "";
  return base.empty() ? "" : base + "/qubic/proven-values";
}

std::string provenCacheVersion() { return "qubic " QUBIC_VERSION ", values format 2"; }

std::string loadProvenCache(ProvenStore& store, const std::string& path) {
  if (path.empty()) return {};
  struct stat st {};
  if (lstat(path.c_str(), &st) != 0 && errno == ENOENT) return {};
  // A link is not this installation's store, wherever it points (saves refuse it too).
  if (S_ISLNK(st.st_mode)) return path + " ignored: it is a link, not a regular file";
  const Parsed<std::string> text = readRegularFile(path, kMaxCacheBytes);
  if (!text) return path + " ignored: " + text.error();
  const Parsed<SipKey> key = readKey(path + ".key");
  if (!key) return path + " ignored: " + key.error() + "; values not written here are not trusted";
  const std::string why = store.addFrom(bytesOf(text.value()), provenCacheVersion(), key.value());
  return why.empty() ? "" : path + " ignored: " + why;
}

std::string saveProvenCache(const ProvenStore& store, const std::string& path) {
  if (path.empty()) return "no cache directory ($XDG_CACHE_HOME and $HOME are unset)";
  const std::string notSaved = "; the values were not saved";
  std::error_code ec;
  fs::create_directories(fs::path(path).parent_path(), ec);
  if (ec)
    return "cannot make " + fs::path(path).parent_path().string() + ": " + ec.message() + notSaved;
  // Something else at the store's name (a directory, a FIFO, a link) stays as it is.
  if (const auto status = fs::symlink_status(path, ec);
      fs::exists(status) && !fs::is_regular_file(status))
    return path + " is not a regular file: left as it is" + notSaved;
  const FileLock lock(path + ".lock");
  if (!lock.error().empty()) return lock.error() + notSaved;
  // What other runs kept, then ours. A store that cannot be read (another owner's, say)
  // is never replaced; one that is damaged or not written with this key is.
  const Parsed<std::string> old = readRegularFile(path, kMaxCacheBytes);
  if (!old && old.error() != "no such file")
    return "cannot read " + path + " (" + old.error() + "): left as it is" + notSaved;
  Parsed<SipKey> key = readKey(path + ".key");
  if (!key) {
    struct stat st {};
    if (lstat((path + ".key").c_str(), &st) == 0) return key.error() + notSaved;
    key = makeKey(path + ".key");
    if (!key) return key.error() + notSaved;
  }
  // Room for some sixteen times the values, so that a full bucket (two values) drops few.
  const std::size_t values = (old ? old.value().size() / 18 : 0) + store.size() + 1024;
  ProvenStore merged(std::min(kMaxCacheValues, 16 * values));
  if (old) merged.addFrom(bytesOf(old.value()), provenCacheVersion(), key.value());
  merged.merge(store);
  removeStaleTemporaries(path);
  const std::string fresh = path + ".new." + std::to_string(getpid());
  unlink(fresh.c_str());  // a leftover of a process of our pid, under our lock
  if (std::string e = writeNewFile(fresh, merged.serialize(provenCacheVersion(), key.value()));
      !e.empty())
    return e + notSaved;
  if (rename(fresh.c_str(), path.c_str()) != 0) {
    unlink(fresh.c_str());
    return "cannot replace " + path + ": " + reason() + notSaved;
  }
  return {};
}

}  // namespace qubic
