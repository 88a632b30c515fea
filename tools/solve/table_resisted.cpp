#include "table_resisted.hpp"

#include <algorithm>
#include <filesystem>
#include <sstream>

#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"

namespace qubic {

namespace {

constexpr OutputKind kResistedFile{"resisted file", "qubic-table-resisted 1"};
constexpr std::size_t kMaxResistedBytes = std::size_t{16} << 20;

// One line: the position (its planes and side to move), the two budgets, the course.
Parsed<std::pair<std::pair<std::string, int>, ResistedBudget>> parseLine(const std::string& line) {
  using Result = Parsed<std::pair<std::pair<std::string, int>, ResistedBudget>>;
  std::istringstream in(line);
  std::string planes, side;
  ResistedBudget b;
  int course = -1;
  if (!(in >> planes >> side >> b.budget >> b.otherBudget >> course) || course < 0 ||
      course >= kTableCourses)
    return Result::failure("not \"POSITION BUDGET OTHER-BUDGET COURSE\"");
  const std::string position = planes + " " + side;
  if (const Parsed<Position> p = parsePosition(position); !p) return Result::failure(p.error());
  return Result::success({{position, course}, b});
}

}  // namespace

Parsed<ResistedRecord> readResisted(const std::string& path) {
  std::error_code ec;
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
    return Parsed<ResistedRecord>::success({});
  const Parsed<std::string> text = readRegularFile(path, kMaxResistedBytes);
  if (!text) return Parsed<ResistedRecord>::failure(path + ": " + text.error());
  if (text.value().rfind(kResistedFile.signature, 0) != 0)
    return Parsed<ResistedRecord>::failure(path + ": not a resisted file (no \"" +
                                           std::string(kResistedFile.signature) + "\" line)");
  ResistedRecord record;
  std::istringstream in(text.value());
  std::string line;
  std::getline(in, line);  // the signature
  for (int number = 2; std::getline(in, line); ++number) {
    if (line.empty() || line[0] == '#') continue;
    const auto entry = parseLine(line);
    if (!entry)
      return Parsed<ResistedRecord>::failure(path + ":" + std::to_string(number) + ": " +
                                             entry.error());
    ResistedBudget& held = record[entry.value().first];
    held.budget = std::max(held.budget, entry.value().second.budget);
    held.otherBudget = std::max(held.otherBudget, entry.value().second.otherBudget);
  }
  return Parsed<ResistedRecord>::success(std::move(record));
}

void addResisted(ResistedRecord& record, const JobResult& unknown) {
  ResistedBudget& held = record[{unknown.position, unknown.course}];
  held.budget = std::max(held.budget, unknown.budget);
  held.otherBudget = std::max(held.otherBudget, unknown.otherBudget);
}

std::string checkResistedOutput(const std::string& path) {
  return checkOutputFile(path, kResistedFile);
}

std::string writeResisted(const std::string& path, const ResistedRecord& record) {
  std::ostringstream out;
  out << kResistedFile.signature << "\n"
      << "# position, positions given to the side to move and to the other side, course\n";
  for (const auto& [key, b] : record)
    out << key.first << ' ' << b.budget << ' ' << b.otherBudget << ' ' << key.second << '\n';
  return writeOutputFile(path, out.str(), kResistedFile);
}

}  // namespace qubic
