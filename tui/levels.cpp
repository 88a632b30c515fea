#include "levels.hpp"

#include <cstdio>
#include <fstream>

#include "config/read_file.hpp"
#include "engine/play/move_limits.hpp"
#include "record_file.hpp"

namespace qubic::tui {

std::string_view levelDescription(int level) {
  // From engine/play/move_budget's profiles and strategy's tiers; ratings in docs/strength.md.
  static constexpr std::string_view kWords[] = {
      "completes and blocks threes, otherwise plays at random: the easiest",
      "a beginner: completes and blocks threes, else follows a fixed plan",
      "plays forcing sequences inside one plane",
      "plays forcing sequences anywhere in the cube, and stops yours",
      "proves short wins, looks one move ahead, often misjudges",
      "proves short wins, looks one move ahead",
      "proves wins, looks three moves ahead",
      "proves longer wins, looks five moves ahead",
      "proves and searches with a quarter of its time",
      "proves and searches with half of its time",
      "full strength: as X it plays the proven win",
  };
  return level >= kMinLevel && level <= kMaxLevel ? kWords[level] : std::string_view();
}

std::optional<std::array<int, 2>> rememberedLevels() {
  const std::string dir = stateDirectory();
  if (dir.empty()) return std::nullopt;
  const Parsed<std::string> text = readRegularFile(dir + "/levels", 64);
  if (!text) return std::nullopt;
  std::array<int, 2> levels{};
  char rest = 0;
  if (std::sscanf(text.value().c_str(), "%d %d %c", &levels[0], &levels[1], &rest) != 2)
    return std::nullopt;
  for (const int level : levels)
    if (level < kMinLevel || level > kMaxLevel) return std::nullopt;
  return levels;
}

std::string rememberLevels(const std::array<int, 2>& levels) {
  const std::string dir = makeStateDirectory();
  if (dir.empty()) return "no state directory";
  std::ofstream out(dir + "/levels", std::ios::trunc);
  out << levels[0] << ' ' << levels[1] << '\n';
  out.close();
  return out ? std::string() : "could not write " + dir + "/levels";
}

}  // namespace qubic::tui
