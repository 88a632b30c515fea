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

// The file holds "X O 0-17": the levels and the scale they are on. A file of the scale
// before it had 18 levels ("X O", 0-10) is read as the level of the same base player.
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
  if (read == 2) {
    static constexpr std::array<int, 11> kFromOldScale = {0, 8, 12, 14, 14, 15, 16, 16, 16, 16, 17};
    for (int& level : levels) {
      if (level < 0 || level > 10) return std::nullopt;
      level = kFromOldScale[static_cast<std::size_t>(level)];
    }
    return levels;
  }
  if (read != 3 || top != kMaxLevel) return std::nullopt;
  for (const int level : levels)
    if (level < kMinLevel || level > kMaxLevel) return std::nullopt;
  return levels;
}

std::string rememberLevels(const std::array<int, 2>& levels) {
  const std::string dir = makeStateDirectory();
  if (dir.empty()) return "no state directory";
  std::ofstream out(dir + "/levels", std::ios::trunc);
  out << levels[0] << ' ' << levels[1] << " 0-" << kMaxLevel << '\n';
  out.close();
  return out ? std::string() : "could not write " + dir + "/levels";
}

}  // namespace qubic::tui
