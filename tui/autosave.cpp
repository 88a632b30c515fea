#include "autosave.hpp"

#include <fcntl.h>
#include <sys/file.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <vector>

#include "record_file.hpp"

namespace qubic::tui {

namespace fs = std::filesystem;

namespace {

constexpr const char* kLeftName = "unfinished";  // the directory of kept games

// Where one game from before this scheme was kept: taken over like any other.
std::string legacyPath() {
  const std::string dir = stateDirectory();
  return dir.empty() ? dir : dir + "/unfinished.qgn";
}

// The kept games, newest first.
std::vector<fs::path> keptGames(const std::string& dir) {
  std::vector<std::pair<fs::file_time_type, fs::path>> found;
  std::error_code ec;
  for (fs::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".qgn" && it->is_regular_file(ec))
      found.emplace_back(it->last_write_time(ec), it->path());
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a > b; });
  std::vector<fs::path> paths;
  for (auto& [time, path] : found) paths.push_back(std::move(path));
  return paths;
}

std::string uniqueName() {
  return "game-" + std::to_string(getpid()) + "-" +
         std::to_string(std::chrono::steady_clock::now().time_since_epoch().count()) + ".qgn";
}

// Removes the locks no game needs any more: NAME.qgn.lock without its NAME.qgn, held by
// nobody (a qubic ended by a signal before it had a game to keep, say).
void removeStaleLocks(const std::string& dir) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    const std::string lockPath = e.path().string();
    if (e.path().extension() != ".lock" || fs::path(lockPath).stem().extension() != ".qgn")
      continue;
    const std::string game = lockPath.substr(0, lockPath.size() - 5);
    if (fs::exists(fs::symlink_status(game, ec))) continue;
    const int fd = ::open(lockPath.c_str(), O_RDWR | O_CLOEXEC | O_NOFOLLOW);
    if (fd >= 0 && flock(fd, LOCK_EX | LOCK_NB) == 0) fs::remove(lockPath, ec);
    if (fd >= 0) close(fd);
  }
}

}  // namespace

std::string autosaveDirectory() {
  const std::string dir = stateDirectory();
  return dir.empty() ? dir : dir + "/" + kLeftName;
}

Autosave::~Autosave() { unlock(); }

std::string Autosave::lock(const std::string& path) {
  const int fd = ::open((path + ".lock").c_str(), O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0600);
  if (fd < 0) return {};
  if (flock(fd, LOCK_EX | LOCK_NB) != 0) {
    close(fd);
    return {};
  }
  unlock();
  lockFd_ = fd;
  return path;
}

void Autosave::unlock() {
  if (lockFd_ >= 0) close(lockFd_);
  lockFd_ = -1;
}

std::optional<GameRecord> Autosave::claimLeftGame() {
  const Parsed<std::string> made = makeStateDirectory(kLeftName);
  if (!made) return std::nullopt;
  const std::string& dir = made.value();
  std::error_code ec;
  if (const std::string old = legacyPath(); fs::exists(old, ec))
    fs::rename(old, dir + "/" + uniqueName(), ec);  // one process wins; the others see none
  removeStaleLocks(dir);
  for (const fs::path& kept : keptGames(dir)) {
    if (lock(kept.string()).empty()) continue;  // a running qubic's game
    path_ = kept.string();
    if (!fs::exists(kept, ec)) {  // removed by its owner just before the lock was taken
      remove();
      continue;
    }
    const Parsed<GameRecord> record = loadRecordFile(path_);
    if (!record) {
      moveAside(record.error());
      continue;
    }
    if (!record.value().moves.empty()) return record.value();
    remove();  // no move: nothing to offer
  }
  return std::nullopt;
}

std::string Autosave::write(const GameRecord& record) {
  if (path_.empty()) {
    const Parsed<std::string> dir = makeStateDirectory(kLeftName);
    if (!dir) return "no place for the unfinished game: " + dir.error();
    const std::string path = dir.value() + "/" + uniqueName();
    if (lock(path).empty()) return path + ": cannot lock it";
    path_ = path;
  }
  std::error_code ec;
  const std::string fresh = path_ + ".new";
  fs::remove(fresh, ec);
  if (std::string error = saveRecordFile(fresh, record); !error.empty()) return error;
  fs::rename(fresh, path_, ec);
  return ec ? path_ + ": " + ec.message() : std::string();
}

void Autosave::moveAside(const std::string& why) {
  // Never deleted: the player may want it, or a bug report may.
  const Parsed<std::string> made = makeStateDirectory(std::string(kLeftName) + "/unreadable");
  const std::string dir = made ? made.value() : std::string();
  std::error_code ec;
  std::string aside = dir + "/" + fs::path(path_).filename().string();
  for (int n = 1; fs::symlink_status(aside, ec).type() != fs::file_type::not_found; ++n)
    aside = dir + "/" + fs::path(path_).stem().string() + "-" + std::to_string(n) + ".qgn";
  if (!dir.empty()) fs::rename(path_, aside, ec);
  if (dir.empty() || ec) {
    setAside_ = "A kept game could not be read and was left in " + path_ + " (" + why + ").";
  } else {
    setAside_ = "A kept game could not be read (" + why + "); it was moved to " + aside + ".";
    fs::remove(path_ + ".lock", ec);
  }
  unlock();
  path_.clear();
}

void Autosave::remove() {
  if (path_.empty()) return;
  std::error_code ignored;
  fs::remove(path_, ignored);
  fs::remove(path_ + ".lock", ignored);
  unlock();
  path_.clear();
}

}  // namespace qubic::tui
