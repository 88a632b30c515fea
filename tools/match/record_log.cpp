#include "record_log.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/read_file.hpp"

namespace qubic::match {

namespace {

// Every game the manager writes ends with a result token; a file that ends otherwise
// was cut short while a game was being written.
bool endsWithCompleteGame(std::string_view text) {
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  if (last == std::string_view::npos) return true;  // only white space: no game at all
  text = text.substr(0, last + 1);
  for (std::string_view token : {"1-0", "0-1", "1/2-1/2", "*"})
    if (text.size() >= token.size() && text.substr(text.size() - token.size()) == token)
      return true;
  return false;
}

// Whether `tail`, the start of a game cut short while it was written, begins with at
// least one complete tag line and all its complete lines before the moves are valid tags.
bool startsAsRecord(std::string_view tail) {
  std::size_t tagsEnd = 0;  // just past the last complete tag line
  for (std::size_t at = 0; at < tail.size() && tail[at] == '[';) {
    const std::size_t eol = tail.find('\n', at);
    if (eol == std::string_view::npos) break;  // a partial line: not judged
    tagsEnd = eol + 1;
    at = eol + 1;
  }
  if (tagsEnd == 0) return false;
  return parseRecord(tail.substr(0, tagsEnd)).ok();
}

}  // namespace

RecordLog::~RecordLog() {
  if (fd_ >= 0) close(fd_);
}

std::string RecordLog::open(const std::string& path) {
  path_ = path;
  // Without blocking: a FIFO with no reader must give an error, not a hang.
  fd_ =
      ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC | O_NONBLOCK | O_NOCTTY, 0644);
  if (fd_ < 0) return path + ": cannot open the record file for writing: " + std::strerror(errno);
  struct stat st {};
  if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode)) {
    close(fd_);
    fd_ = -1;
    return path + ": cannot write the records there: not a regular file";
  }
  return {};
}

std::string RecordLog::append(const GameRecord& record) {
  const std::string text = recordToString(record) + "\n";
  std::size_t done = 0;
  while (done < text.size()) {
    const ssize_t n = write(fd_, text.data() + done, text.size() - done);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return path_ + ": cannot write a game: " + std::strerror(errno);
    done += static_cast<std::size_t>(n);
  }
  if (fdatasync(fd_) != 0)
    return path_ + ": cannot flush a game to the disk: " + std::strerror(errno);
  return {};
}

Parsed<RecordsRead> readRecordsForResume(const std::string& path) {
  using Result = Parsed<RecordsRead>;
  RecordsRead read;
  std::error_code ignored;
  if (!std::filesystem::exists(path, ignored) && !std::filesystem::is_symlink(path, ignored))
    return Result::success(read);
  const Parsed<std::string> content = readRegularFile(path, kMaxRecordLogBytes);
  if (!content) return Result::failure(path + ": cannot read the record file: " + content.error());
  std::string text = content.value();
  // A file that is not a record file of ours is never modified: it must be empty or
  // start with a tag line, as every record does.
  const std::size_t first = text.find_first_not_of(" \t\r\n");
  if (first != std::string::npos && text[first] != '[')
    return Result::failure(
        path +
        ": not a record file of qubic-match (it does not start with a [Tag \"...\"] line); "
        "it is left as it is: name another file with -records");

  // Cut back to the end of the last complete game (games are separated by "\n\n["),
  // but only when the file positively reads as records: the games kept parse, and the
  // part cut off starts as a game of ours (its tag lines parse). Anything else, a
  // one-section TOML file say, is refused and left byte for byte as it was.
  const bool incomplete = !endsWithCompleteGame(text);
  if (incomplete) {
    const std::size_t lastStart = text.rfind("\n\n[");
    const std::size_t cut = lastStart == std::string::npos ? 0 : lastStart + 2;
    if (!startsAsRecord(std::string_view(text).substr(cut)))
      return Result::failure(path +
                             ": not a record file of qubic-match (its last game is neither "
                             "complete nor a game cut short); it is left as it is: name another "
                             "file with -records");
    text.resize(cut);
  }
  Parsed<std::vector<GameRecord>> games = parseRecords(text);
  if (!games) return Result::failure(path + ": " + games.error() + "; the file is left as it is");
  if (incomplete) {
    std::filesystem::resize_file(path, text.size(), ignored);
    if (ignored)
      return Result::failure(path +
                             ": cannot cut off an incomplete last game: " + ignored.message());
    read.warning =
        path +
        ": the last game was incomplete (the manager stopped while writing it); it is played again";
  }
  read.games = games.value();
  return Result::success(std::move(read));
}

}  // namespace qubic::match
