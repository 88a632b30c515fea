// The tournament's record file (docs/game-records.md format). Each finished game is
// appended with one write and flushed to the disk at once, so a crash or kill of the
// manager loses no finished game; a resumed tournament reads the file back.
//
// Every game the manager writes starts with the tag line kOwnTagLine. That line is how
// a file is known to be ours, and how a torn last game (the manager stopped in the
// middle of its write) is known to be one the manager was writing: nothing else is ever
// cut, and nothing is cut or written before the first game of this run is appended.
#pragma once

#include <sys/types.h>

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/record.hpp"

namespace qubic::match {

inline constexpr std::string_view kOwnTagName = "Manager";
inline constexpr std::string_view kOwnTagValue = "qubic-match";
inline constexpr std::string_view kOwnTagLine = "[Manager \"qubic-match\"]\n";

// Which file was judged, and what of it is kept.
struct RecordsFileState {
  bool exists = false;
  dev_t device = 0;
  ino_t inode = 0;
  std::size_t size = 0;  // the file's size when judged
  std::size_t keep = 0;  // the bytes of complete games; less than size when a game is torn
};

// A record file as judged, without changing it.
struct RecordsRead {
  std::vector<GameRecord> games;
  RecordsFileState file;
  std::string warning;  // set when a torn last game is to be cut off
};

// Reads the games of a record file. The file must be empty, absent, or ours: every game
// complete and ours, and what follows the last complete game, if anything, a torn game
// of ours. Anything else is refused with an error that names the file; nothing is
// modified here.
Parsed<RecordsRead> readRecordsForResume(const std::string& path);

// Where a torn game of ours starts in `text`, a file whose end is not a result token:
// the last line that is kOwnTagLine, when what follows it is a proper prefix of a game
// (its complete items parse as an unfinished game; a partial last item could start one).
// npos when the end is anything else: a user's note, a foreign game, a result followed
// by text.
std::size_t tornGameStart(std::string_view text);

class RecordLog {
 public:
  RecordLog() = default;
  ~RecordLog();
  RecordLog(const RecordLog&) = delete;
  RecordLog& operator=(const RecordLog&) = delete;

  // Checks that games can be appended to `path`, the file `judged` describes, without
  // writing anything (nor creating the file); returns an error message.
  std::string open(const std::string& path, const RecordsFileState& judged);
  // Appends the game followed by a blank line and waits until it is on the disk;
  // returns an error message. The first append creates the file, or cuts off the torn
  // game the file was judged with, once it has checked the file is still as judged.
  std::string append(const GameRecord& record);

 private:
  std::string prepare();

  std::string path_;
  RecordsFileState judged_;
  bool prepared_ = false;
  int fd_ = -1;
};

}  // namespace qubic::match
