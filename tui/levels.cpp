#include "levels.hpp"

#include <cstdio>
#include <fstream>

#include "config/read_file.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/level_words.hpp"
#include "engine/play/move_limits.hpp"
#include "record_file.hpp"

namespace qubic::tui {

std::string levelInWords(int level) {
  return std::string(levelName(level)) + " (Elo " +
         std::to_string(kLevelElo[static_cast<std::size_t>(level)]) +
         "): " + std::string(levelWords(level));
}

// The file holds "X O 0-15": the levels and the scale they are on. A file of an earlier
// scale is read as the nearest level of the same strength: "X O 0-17" (to 2026-11-27; its
// levels 13, 15 and 16 measured as strong as their neighbours against outside players)
// and "X O" (0-10, the scale before).
std::optional<std::array<int, 2>> rememberedLevels() {
  const std::string dir = stateDirectory();
  if (dir.empty()) return std::nullopt;
  const Parsed<std::string> text = readRegularFile(dir + "/levels", 64);
  if (!text) return std::nullopt;
  std::array<int, 2> levels{};
  int top = 0;
  char rest = 0;
  const int read =
      std::sscanf(text.value().c_str(), "%d %d 0-%d %c", &levels[0], &levels[1], &top, &rest);
  static constexpr std::array<int, 11> kFromTen = {0, 8, 12, 13, 13, 14, 14, 14, 14, 14, 15};
  static constexpr std::array<int, 18> kFromSeventeen = {0, 1,  2,  3,  4,  5,  6,  7,  8,
                                                         9, 10, 11, 12, 12, 13, 14, 14, 15};
  const auto translate = [&](const auto& table) -> std::optional<std::array<int, 2>> {
    for (int& level : levels) {
      if (level < 0 || level >= static_cast<int>(table.size())) return std::nullopt;
      level = table[static_cast<std::size_t>(level)];
    }
    return levels;
  };
  if (read == 2) return translate(kFromTen);
  if (read == 3 && top == 17) return translate(kFromSeventeen);
  if (read != 3 || top != kMaxLevel) return std::nullopt;
  for (const int level : levels)
    if (level < kMinLevel || level > kMaxLevel) return std::nullopt;
  return levels;
}

std::string rememberLevels(const std::array<int, 2>& levels) {
  const Parsed<std::string> dir = makeStateDirectory();
  if (!dir) return "no state directory: " + dir.error();
  std::ofstream out(dir.value() + "/levels", std::ios::trunc);
  out << levels[0] << ' ' << levels[1] << " 0-" << kMaxLevel << '\n';
  out.close();
  return out ? std::string() : "could not write " + dir.value() + "/levels";
}

}  // namespace qubic::tui
