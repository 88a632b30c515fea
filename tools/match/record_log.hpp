// The tournament's record file (docs/game-records.md format). Each finished game is
// appended with one write and flushed to the disk at once, so a crash or kill of the
// manager loses no finished game; a resumed tournament reads the file back.
#pragma once

#include <string>
#include <vector>

#include "engine/core/record.hpp"

namespace qubic::match {

class RecordLog {
 public:
  RecordLog() = default;
  ~RecordLog();
  RecordLog(const RecordLog&) = delete;
  RecordLog& operator=(const RecordLog&) = delete;

  // Opens `path` for appending, creating it if needed; returns an error message.
  std::string open(const std::string& path);
  // Appends the game followed by a blank line and waits until it is on the disk;
  // returns an error message.
  std::string append(const GameRecord& record);

 private:
  std::string path_;
  int fd_ = -1;
};

struct RecordsRead {
  std::vector<GameRecord> games;
  std::string warning;  // set when an incomplete last game was cut off the file
};

// Reads the games of a record file to resume from. A last game that was only partly
// written (the machine stopped while writing it) is cut off the file, with a warning,
// so that appending goes on cleanly; any other error names the game and line. A file
// that does not exist holds no games.
Parsed<RecordsRead> readRecordsForResume(const std::string& path);

}  // namespace qubic::match
