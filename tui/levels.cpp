#include "levels.hpp"

#include <cstdio>
#include <fstream>
#include <iterator>

#include "config/read_file.hpp"
#include "engine/play/move_limits.hpp"
#include "record_file.hpp"

namespace qubic::tui {

std::string_view levelDescription(int level) {
  // From engine/play/level_mix's table and the base players it mixes; ratings in
  // docs/strength.md.
  // At most 61 characters: with its rating the line fits 80 columns.
  static constexpr std::string_view kWords[] = {
      "completes and blocks threes, otherwise plays at random",
      "completes and blocks threes; plans 1 move in 12",
      "completes and blocks threes; plans 1 move in 5",
      "completes and blocks threes; plans 3 moves in 10",
      "completes and blocks threes; plans 9 moves in 20",
      "completes and blocks threes; plans 3 moves in 5",
      "completes and blocks threes; plans 3 moves in 4",
      "completes and blocks threes; plans 8 moves in 9",
      "makes and stops double threats, else follows a plan",
      "double threats; plane forcing sequences 3 moves in 10",
      "double threats; plane forcing sequences 11 moves in 20",
      "double threats; plane forcing sequences 4 moves in 5",
      "plays and stops forcing sequences inside one plane",
      "plane sequences; 7 moves in 10 anywhere in the cube",
      "plays forcing sequences anywhere in the cube, and stops yours",
      "proves short wins, looks one move ahead, in 4 moves of 5",
      "proves wins; looks five moves ahead in 3 moves of 5",
      "full strength: as X it plays the proven win",
  };
  static_assert(std::size(kWords) == kMaxLevel + 1);
  return level >= kMinLevel && level <= kMaxLevel ? kWords[level] : std::string_view();
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
