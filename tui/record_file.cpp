#include "record_file.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>

#include "config/local_time.hpp"
#include "config/read_file.hpp"
#include "engine/notation.hpp"

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

std::string saveRecordFile(const std::string& path, const GameRecord& record, bool replace) {
  const int flags =
      O_WRONLY | O_CREAT | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK | (replace ? O_TRUNC : O_EXCL);
  const int fd = ::open(path.c_str(), flags, 0644);
  if (fd < 0) {
    if (errno == EEXIST) return path + " already exists; it is not overwritten (give another name)";
    if (errno == ELOOP) return path + " is a symbolic link; it is not followed (give another name)";
    return path + ": cannot write: " + std::strerror(errno);
  }
  struct stat st {};
  if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd);
    return path + ": cannot write: not a regular file";
  }
  const std::string text = recordToString(record);
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      close(fd);
      return path + ": writing failed: " + std::strerror(errno);
    }
    done += static_cast<std::size_t>(n);
  }
  if (close(fd) != 0) return path + ": writing failed: " + std::strerror(errno);
  return {};
}

std::string stateDirectory() {
  const char* state = std::getenv("XDG_STATE_HOME");
  const char* home = std::getenv("HOME");
  if (state && *state) return std::string(state) + "/qubic";
  if (home && *home) return std::string(home) + "/.local/state/qubic";
  return {};
}

std::string autosavePath() {
  const std::string dir = stateDirectory();
  return dir.empty() ? dir : dir + "/unfinished.qgn";
}

std::string writeAutosave(const GameRecord& record) {
  const std::string path = autosavePath();
  if (path.empty())
    return "no place for the unfinished game (neither XDG_STATE_HOME nor HOME is set)";
  std::error_code ec;
  std::filesystem::create_directories(std::filesystem::path(path).parent_path(), ec);
  const std::string fresh = path + ".new";
  std::filesystem::remove(fresh, ec);
  if (std::string error = saveRecordFile(fresh, record); !error.empty()) return error;
  std::filesystem::rename(fresh, path, ec);
  return ec ? path + ": " + ec.message() : std::string();
}

void removeAutosave() {
  if (const std::string path = autosavePath(); !path.empty()) {
    std::error_code ignored;
    std::filesystem::remove(path, ignored);
  }
}

namespace {

std::string gamesDirectory() {
  const char* data = std::getenv("XDG_DATA_HOME");
  const char* home = std::getenv("HOME");
  if (data && *data) return std::string(data) + "/qubic/games";
  if (home && *home) return std::string(home) + "/.local/share/qubic/games";
  return {};
}

}  // namespace

std::string suggestedRecordName() {
  const std::string name = "qubic-" + localTime("%Y-%m-%d-%H%M") + ".qgn";
  const std::string dir = gamesDirectory();
  return dir.empty() ? name : dir + "/" + name;
}

void prepareGamesDirectory(const std::string& path) {
  const std::string dir = gamesDirectory();
  if (dir.empty() || std::filesystem::path(path).parent_path() != std::filesystem::path(dir))
    return;
  std::error_code ignored;
  std::filesystem::create_directories(dir, ignored);
}

std::string recordDate() { return localTime("%Y.%m.%d"); }

}  // namespace qubic::tui
