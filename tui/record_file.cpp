#include "record_file.hpp"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "config/read_file.hpp"
#include "engine/local_time.hpp"

namespace qubic::tui {

Parsed<GameRecord> loadRecordFile(const std::string& path) {
  const Parsed<std::string> text = readRegularFile(path, kMaxRecordBytes);
  if (!text) return Parsed<GameRecord>::failure(path + ": cannot load: " + text.error());
  Parsed<GameRecord> record = parseRecord(text.value());
  if (!record) return Parsed<GameRecord>::failure(path + ": " + record.error());
  return record;
}

std::string saveRecordFile(const std::string& path, const GameRecord& record) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return path + ": cannot write: " + std::strerror(errno);
  out << recordToString(record);
  out.close();
  if (!out) return path + ": writing failed";
  return {};
}

std::string suggestedRecordName() { return "qubic-" + localTime("%Y-%m-%d-%H%M") + ".qgn"; }

std::string recordDate() { return localTime("%Y.%m.%d"); }

}  // namespace qubic::tui
