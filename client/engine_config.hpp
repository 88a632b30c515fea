// An engine as a UGI client starts and speaks to it: its name, the command that runs it,
// the options it is given, and how long a client waits for its moves. Plain data.
#pragma once

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "config/time_control.hpp"

namespace qubic::client {

struct EngineConfig {
  std::string name;     // unique in the tournament; the record's X / O tag
  std::string command;  // a path, or a program name found on PATH
  std::vector<std::string> args;
  std::vector<std::pair<std::string, std::string>> options;  // UGI setoption name/value, in order
  TimeControl timeControl;
  std::int64_t timeMarginMs = 1000;       // over the allowed time before a move is a time forfeit
  std::int64_t untimedTimeoutMs = 60000;  // the longest wait for a move limited by nodes only
};

}  // namespace qubic::client
