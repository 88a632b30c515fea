#include "level_words.hpp"

#include <iterator>

#include "move_limits.hpp"

namespace qubic {

std::string_view levelWords(int level) {
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

}  // namespace qubic
