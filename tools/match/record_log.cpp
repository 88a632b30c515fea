#include "record_log.hpp"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include "config/read_file.hpp"

namespace qubic::match {

namespace {

constexpr std::string_view kResultTokens[] = {"1-0", "0-1", "1/2-1/2", "*"};

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

// Every game the manager writes ends with a result token of its own (not the end of a
// Result tag cut short).
bool endsWithResult(std::string_view text) {
  const std::size_t last = text.find_last_not_of(" \t\r\n");
  text = text.substr(0, last + 1);
  for (std::string_view token : kResultTokens) {
    const std::size_t at = text.size() - token.size();
    if (text.size() >= token.size() && text.substr(at) == token &&
        (at == 0 || text[at - 1] == ' ' || text[at - 1] == '\n'))
      return true;
  }
  return false;
}

// Whether `item`, the last and possibly partial item of a torn game's moves, could be the
// start of an item the writer writes: a move token, a move number or a result token.
bool couldStartItem(std::string_view item) {
  static constexpr std::string_view kMovePattern[] = {"1234", "abcd", "1234"};
  bool move = item.size() <= 3;
  for (std::size_t i = 0; move && i < item.size(); ++i)
    move = kMovePattern[i].find(item[i]) != std::string_view::npos;
  const std::size_t digits = item.find_first_not_of("0123456789");
  const bool number =
      digits != 0 && (digits == std::string_view::npos ||
                      item.find_first_not_of('.', digits) == std::string_view::npos);
  bool result = false;
  for (std::string_view token : kResultTokens) result = result || startsWith(token, item);
  return move || number || result;
}

// Whether `tail`, which starts with kOwnTagLine, is a proper prefix of a game.
bool isTornGame(std::string_view tail) {
  const std::size_t blank = tail.find("\n\n");
  std::size_t cut;
  if (blank == std::string_view::npos) {  // torn among the tags: a partial tag line at most
    cut = tail.rfind('\n') + 1;
    if (cut < tail.size() && tail[cut] != '[') return false;
  } else {
    // A comment cut short starts at the first '{' after the last '}' (a '{' inside a
    // comment is text; braces never nest).
    const std::size_t close = tail.rfind('}');
    const std::size_t closed = close != std::string_view::npos && close > blank ? close + 1 : blank;
    if (const std::size_t open = tail.find('{', closed); open != std::string_view::npos) {
      cut = open;
    } else {
      cut = std::max(tail.find_last_of(" \n") + 1, closed);
      if (!couldStartItem(tail.substr(cut))) return false;
    }
  }
  // Without its Result tag (written with the tags), the game read has a result only when
  // its moves end in one: then it was complete, and is not torn.
  std::string judged(tail.substr(0, cut));
  const std::size_t tag = judged.find("\n[Result \"");
  if (tag != std::string::npos && tag < blank)
    judged.erase(tag + 1, judged.find('\n', tag + 1) - tag);
  const Parsed<GameRecord> game = parseRecord(judged);
  return game.ok() && game.value().result == GameResult::Unfinished;
}

std::string notOurs(const std::string& path, const std::string& why) {
  return path + ": not a record file of qubic-match (" + why +
         "); it is left as it is: name another file with -records";
}

}  // namespace

std::size_t tornGameStart(std::string_view text) {
  for (std::size_t at = text.rfind(kOwnTagLine); at != std::string_view::npos;
       at = at == 0 ? std::string_view::npos : text.rfind(kOwnTagLine, at - 1))
    if (at == 0 || text[at - 1] == '\n') return isTornGame(text.substr(at)) ? at : text.npos;
  return std::string_view::npos;
}

Parsed<RecordsRead> readRecordsForResume(const std::string& path) {
  using Result = Parsed<RecordsRead>;
  RecordsRead read;
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return Result::success(read);  // a new file, made at the first game
    return Result::failure(path + ": cannot read the record file: " + std::strerror(errno));
  }
  const Parsed<std::string> content = readRegularFile(path, kMaxRecordLogBytes);
  if (!content) return Result::failure(path + ": cannot read the record file: " + content.error());
  const std::string& text = content.value();
  read.file = {true, st.st_dev, st.st_ino, text.size(), text.size()};
  if (text.find_first_not_of(" \t\r\n") == std::string::npos) return Result::success(read);

  if (!endsWithResult(text)) {
    read.file.keep = tornGameStart(text);
    if (read.file.keep == std::string::npos)
      return Result::failure(notOurs(path,
                                     "it does not end with a game's result, nor with a "
                                     "game qubic-match was writing"));
    read.warning = path +
                   ": the last game was incomplete (the manager stopped while writing it); it "
                   "is cut off and played again";
  }
  Parsed<std::vector<GameRecord>> games =
      parseRecords(std::string_view(text).substr(0, read.file.keep));
  if (!games) return Result::failure(notOurs(path, games.error()));
  for (std::size_t i = 0; i < games.value().size(); ++i) {
    const GameRecord& game = games.value()[i];
    const std::string which = "its game " + std::to_string(i + 1);
    if (game.tag(kOwnTagName) != kOwnTagValue)
      return Result::failure(notOurs(path, which + " has no [Manager \"qubic-match\"] tag"));
    if (game.result == GameResult::Unfinished)
      return Result::failure(notOurs(path, which + " has no result"));
  }
  read.games = std::move(games.value());
  return Result::success(std::move(read));
}

RecordLog::~RecordLog() {
  if (fd_ >= 0) close(fd_);
}

std::string RecordLog::open(const std::string& path, const RecordsFileState& judged) {
  path_ = path;
  judged_ = judged;
  if (!judged.exists) {
    // Made at the first game; its folder must let it be made.
    const std::size_t slash = path.rfind('/');
    const std::string dir = slash == std::string::npos ? "."
                            : slash == 0               ? "/"
                                                       : path.substr(0, slash);
    if (access(dir.c_str(), W_OK | X_OK) != 0)
      return path + ": cannot make the record file: " + std::strerror(errno);
    return {};
  }
  // Without blocking and without creating: the file judged must be the one written.
  fd_ = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC | O_NONBLOCK | O_NOCTTY);
  if (fd_ < 0) return path + ": cannot open the record file for writing: " + std::strerror(errno);
  return {};
}

std::string RecordLog::prepare() {
  prepared_ = true;
  if (fd_ < 0) {
    fd_ =
        ::open(path_.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_EXCL | O_CLOEXEC | O_NOCTTY, 0644);
    if (fd_ < 0) return path_ + ": cannot make the record file: " + std::strerror(errno);
    return {};
  }
  struct stat st {};
  if (fstat(fd_, &st) != 0 || !S_ISREG(st.st_mode) || st.st_dev != judged_.device ||
      st.st_ino != judged_.inode || static_cast<std::size_t>(st.st_size) != judged_.size)
    return path_ + ": the record file changed since it was read; it is left as it is";
  if (judged_.keep < judged_.size &&
      (ftruncate(fd_, static_cast<off_t>(judged_.keep)) != 0 || fdatasync(fd_) != 0))
    return path_ + ": cannot cut off the incomplete last game: " + std::strerror(errno);
  return {};
}

std::string RecordLog::append(const GameRecord& record) {
  if (!prepared_)
    if (std::string problem = prepare(); !problem.empty()) return problem;
  if (fd_ < 0) return path_ + ": the record file could not be opened";
  GameRecord own = record;  // the own tag first, whatever the caller set
  std::erase_if(own.tags, [](const RecordTag& t) { return t.name == kOwnTagName; });
  own.tags.insert(own.tags.begin(), RecordTag{std::string(kOwnTagName), std::string(kOwnTagValue)});
  const std::string text = recordToString(own) + "\n";
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

}  // namespace qubic::match
