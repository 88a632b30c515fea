#include "record_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "config/local_time.hpp"
#include "config/read_file.hpp"
#include "engine/core/notation.hpp"

namespace qubic::tui {

Parsed<GameRecord> loadRecordFile(const std::string& path) {
  const Parsed<std::string> text = readRegularFile(path, kMaxRecordBytes);
  if (!text) return Parsed<GameRecord>::failure(path + ": cannot load: " + text.error());
  Parsed<GameRecord> record = parseRecord(text.value());
  if (record) return record;
  // Only a file that starts like a record (a tag line or a move) gets the detailed
  // error, which quotes it: any other file's content stays off the screen.
  const std::string& content = text.value();
  const std::size_t first = content.find_first_not_of(" \t\r\n");
  const std::size_t end = content.find_first_of(" \t\r\n,", first);
  const bool looksLikeRecord =
      first != std::string::npos &&
      (content[first] == '[' ||
       parseMove(content.substr(first, end == std::string::npos ? end : end - first)).ok());
  if (!looksLikeRecord) return Parsed<GameRecord>::failure(path + ": not a game record");
  return Parsed<GameRecord>::failure(path + ": " + record.error());
}

namespace {

// Writes `text` to a new file at `path` (never an existing one, never through a link).
// `sync`: on the disk before it returns (before a rename over an older file), which can
// take long on a busy disk; the autosave, written at every move, does without.
std::string writeNewFile(const std::string& path, const std::string& text, bool sync) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0644);
  if (fd < 0) {
    if (errno == EEXIST) return path + " already exists; it is not overwritten (give another name)";
    return path + ": cannot write: " + std::strerror(errno);
  }
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      const std::string error = path + ": writing failed: " + std::strerror(errno);
      close(fd);
      unlink(path.c_str());
      return error;
    }
    done += static_cast<std::size_t>(n);
  }
  if ((sync && fsync(fd) != 0) || close(fd) != 0) {
    unlink(path.c_str());
    return path + ": writing failed: " + std::strerror(errno);
  }
  return {};
}

}  // namespace

std::string saveRecordFile(const std::string& path, const GameRecord& record, bool replace) {
  const std::string text = recordToString(record);
  if (!replace) return writeNewFile(path, text, false);
  // Replacing: only a regular file, and through a new file renamed over it, so a failure
  // part-way leaves the old game whole.
  struct stat st {};
  if (lstat(path.c_str(), &st) == 0 && S_ISLNK(st.st_mode))
    return path + " is a symbolic link; it is not followed (give another name)";
  if (lstat(path.c_str(), &st) == 0 && !S_ISREG(st.st_mode))
    return path + ": cannot write: not a regular file";
  const std::string fresh = path + ".qubic-" + std::to_string(getpid());
  if (std::string error = writeNewFile(fresh, text, true); !error.empty()) return error;
  if (rename(fresh.c_str(), path.c_str()) != 0) {
    const std::string error = path + ": cannot replace: " + std::strerror(errno);
    unlink(fresh.c_str());
    return error;
  }
  return {};
}

std::string stateDirectory() {
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  if (state && *state) return std::string(state) + "/qubic";
  if (home && *home) return std::string(home) + "/.local/state/qubic";
  return {};
}

Parsed<std::string> makeStateDirectory(const std::string& sub) {
  using Result = Parsed<std::string>;
  const std::string dir = stateDirectory();
  if (dir.empty()) return Result::failure("neither XDG_STATE_HOME nor HOME is set");
  const char* state = std::getenv("XDG_STATE_HOME");
  std::error_code ec;
  if (!(state && *state) && !std::filesystem::is_directory(std::getenv("HOME"), ec))
    return Result::failure("HOME (" + std::string(std::getenv("HOME")) + ") is not a directory");
  const std::string path = sub.empty() ? dir : dir + "/" + sub;
  std::filesystem::create_directories(path, ec);
  // Our own subdirectories are never links: what is moved inside them stays ours.
  const auto made = std::filesystem::symlink_status(path, ec).type();
  if (!sub.empty() && made == std::filesystem::file_type::symlink)
    return Result::failure(path + " is a symbolic link; it is not followed");
  if (made != std::filesystem::file_type::directory && !std::filesystem::is_directory(path, ec))
    return Result::failure(path + " is not a directory");
  if (access(path.c_str(), W_OK | X_OK) != 0)
    return Result::failure(path + ": " + std::strerror(errno));
  return Result::success(path);
}

std::string gamesDirectory() {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (data && *data) return std::string(data) + "/qubic/games";
  if (home && *home) return std::string(home) + "/.local/share/qubic/games";
  return {};
}

std::vector<std::string> savedGameNames(std::size_t most) {
  std::vector<std::pair<std::filesystem::file_time_type, std::string>> found;
  std::error_code ec;
  const std::string dir = gamesDirectory();
  if (dir.empty()) return {};
  for (std::filesystem::directory_iterator it(dir, ec), end; !ec && it != end; it.increment(ec))
    if (it->path().extension() == ".qgn" && it->is_regular_file(ec))
      found.emplace_back(it->last_write_time(ec), it->path().filename().string());
  std::sort(found.begin(), found.end(), [](const auto& a, const auto& b) { return a > b; });
  std::vector<std::string> names;
  for (std::size_t i = 0; i < found.size() && i < most; ++i) names.push_back(found[i].second);
  return names;
}

std::string withRecordExtension(const std::string& path) {
  const std::string name = std::filesystem::path(path).filename().string();
  const std::size_t dot = name.rfind('.');
  return dot == std::string::npos || dot == 0 ? path + ".qgn" : path;
}

std::string suggestedRecordName() {
  const std::string dir = gamesDirectory();
  const std::string stem = (dir.empty() ? "" : dir + "/") + "qubic-" + localTime("%Y-%m-%d-%H%M");
  std::string name = stem + ".qgn";
  std::error_code ec;
  for (int n = 2;
       std::filesystem::symlink_status(name, ec).type() != std::filesystem::file_type::not_found;
       ++n)
    name = stem + "-" + std::to_string(n) + ".qgn";
  return name;
}

void prepareGamesDirectory(const std::string& path) {
  const std::string dir = gamesDirectory();
  if (dir.empty() || std::filesystem::path(path).parent_path() != std::filesystem::path(dir))
    return;
  // Only under a home that exists (or a data directory the user named): a HOME pointing
  // nowhere never gets a tree made for it.
  const char* data = std::getenv("XDG_DATA_HOME");
  std::error_code ignored;
  if (!(data && *data) && !std::filesystem::is_directory(std::getenv("HOME"), ignored)) return;
  std::filesystem::create_directories(dir, ignored);
}

std::string recordDate() { return localTime("%Y.%m.%d"); }

}  // namespace qubic::tui
