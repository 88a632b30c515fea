// Where the programs find their data files (the book, the default configuration): beside
// themselves first, as <prefix>/share/qubic for <prefix>/bin/<program> (installed, or the
// build tree, which mirrors that layout), then in the XDG data directories. No path of the
// source tree is compiled in, so an installed or moved copy finds its own files.
#pragma once

#include <string>
#include <vector>

namespace qubic {

// In the order searched: <program dir>/../share/qubic, $XDG_DATA_HOME/qubic (default
// ~/.local/share/qubic), then <dir>/qubic for each of $XDG_DATA_DIRS (default
// /usr/local/share:/usr/share).
std::vector<std::string> dataDirs();

// The first <dir>/<name> that is a regular file, or "" when there is none.
std::string findDataFile(const std::string& name);

// For --help: where `name` was looked for, one place a line, the one used marked.
std::string dataSearchReport(const std::string& name);

}  // namespace qubic
