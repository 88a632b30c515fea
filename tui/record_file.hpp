// Game records on disk: the file side of engine/record (which only handles text).
#pragma once

#include <string>

#include "engine/record.hpp"

namespace qubic::tui {

// Reads and checks a record; errors start with the path ("games/a.qgn: line 3: ...").
Parsed<GameRecord> loadRecordFile(const std::string& path);
// Writes the record; returns an error message, empty on success.
std::string saveRecordFile(const std::string& path, const GameRecord& record);
// A fresh file name for today's game, e.g. "qubic-2024-05-01-1530.qgn".
std::string suggestedRecordName();
// Today's date as record tags write it: "2024.05.01".
std::string recordDate();

}  // namespace qubic::tui
