// qubic-solve table's commands (table.cpp, docs/table.md); each takes the arguments after
// its name and returns the exit status.
#pragma once

#include <string>
#include <vector>

namespace qubic {

int tableList(const std::vector<std::string>& args);
int tableJob(const std::vector<std::string>& args);
int tableJoin(const std::vector<std::string>& args);
int tableStatus(const std::vector<std::string>& args);
int tableInfo(const std::vector<std::string>& args);

}  // namespace qubic
