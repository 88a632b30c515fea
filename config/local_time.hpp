// The local date and time as text: the records' Date tag, file names, the ladder report.
// Reads the clock only; no other I/O.
#pragma once

#include <ctime>
#include <string>

namespace qubic {

// Now, formatted by strftime: "%Y.%m.%d" gives "2024.05.01".
inline std::string localTime(const char* format) {
  const std::time_t now = std::time(nullptr);
  std::tm parts{};
  localtime_r(&now, &parts);
  char text[64];
  std::strftime(text, sizeof text, format, &parts);
  return text;
}

}  // namespace qubic
