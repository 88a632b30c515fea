// Game records on disk: the file side of engine/core/record (which only handles text).
#pragma once

#include <string>
#include <vector>

#include "engine/core/record.hpp"

namespace qubic::tui {

// Reads and checks a record; errors start with the path ("games/a.qgn: line 3: ...").
// A file that does not look like a record is named as such, its content not echoed.
Parsed<GameRecord> loadRecordFile(const std::string& path);
// Writes the record; returns an error message, empty on success. Never follows a
// symbolic link, and replaces an existing file only when `replace` is set (the file
// this game was saved to or loaded from); otherwise nothing of the user's is overwritten.
std::string saveRecordFile(const std::string& path, const GameRecord& record, bool replace = false);
// The game's state directory: $XDG_STATE_HOME/qubic, else ~/.local/state/qubic ("" when
// neither variable is set).
std::string stateDirectory();
// Creates the state directory (and `sub` inside it, when given) and returns its path, or
// why there is no place for it: neither variable set, HOME names no directory (a state
// tree is never made where no home exists), the path is not a writable directory, or
// `sub` is a symbolic link (never followed: files are moved inside it).
Parsed<std::string> makeStateDirectory(const std::string& sub = {});

// A fresh file name for today's game in the games directory, e.g.
// "/home/ann/.local/share/qubic/games/qubic-2024-05-01-1530.qgn" ($XDG_DATA_HOME/qubic/games,
// else ~/.local/share/qubic/games; a bare name when neither variable is set), with "-2",
// "-3"... added when a file of that name exists.
std::string suggestedRecordName();
// A name to save to with the records' extension: "mygame" becomes "mygame.qgn"; a name
// with an extension of its own (".qgn", ".txt", ...) is kept as it is.
std::string withRecordExtension(const std::string& path);
// The games directory: $XDG_DATA_HOME/qubic/games, else ~/.local/share/qubic/games ("" when
// neither variable is set).
std::string gamesDirectory();
// The names of the games saved there, newest first, at most `most`.
std::vector<std::string> savedGameNames(std::size_t most);
// Creates the directory a path names, if it is the games directory (a path the user
// typed is never given directories of its own).
void prepareGamesDirectory(const std::string& path);
// Today's date as record tags write it: "2024.05.01".
std::string recordDate();

}  // namespace qubic::tui
