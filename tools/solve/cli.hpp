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

// A non-negative number given to `option`, or exit with an error naming it.
double number(const char* text, const char* option);
// A whole number from `min` to `max`; else the error names `option` and says `allowed`.
double wholeNumber(const char* text, const char* option, double min, double max,
                   const char* allowed);

// The commands with a file of their own; each returns the exit status.
int verifyCommand(const std::string& path);               // verify.cpp
int explainCommand(const Position& pos, double seconds);  // explain.cpp
// Prints prove's answer from the shipped opening table when it holds `pos` (table.cpp);
// false when it does not (or there is no usable table).
bool answerFromTable(const Position& pos);

}  // namespace qubic
