// qubic-solve's option reader: the solve and every other mode in the words of the options
// (solve.cpp); the commands (solve_commands.cpp) translate into them.
#pragma once

#include <string>
#include <vector>

namespace qubic {

// Runs qubic-solve with these arguments (without the program's name); returns the exit
// status (some errors exit at once with status 2).
int solveWithOptions(const std::vector<std::string>& args);

}  // namespace qubic
