// qubic-solve's option reader: the solve and every other mode in the words of the options
// (options.cpp); the commands (main.cpp) translate into them.
#pragma once

#include <string>
#include <vector>

#include "engine/core/position.hpp"

namespace qubic {

// Runs qubic-solve with these arguments (without the program's name); returns the exit
// status (some errors exit at once with status 2).
int solveWithOptions(const std::vector<std::string>& args);

// "qubic-solve: MESSAGE" on stderr, then exit status 2 (bad arguments or files).
[[noreturn]] void failWith(const std::string& message);

// The commands with a file of their own; each returns the exit status.
int verifyCommand(const std::string& path);               // verify.cpp
int explainCommand(const Position& pos, double seconds);  // explain.cpp

}  // namespace qubic
