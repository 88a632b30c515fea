#include "lineup.hpp"

namespace qubic::tui {

std::string Lineup::levelsText() const {
  if (levels[0] == levels[1]) return "level " + std::to_string(levels[0]);
  return "levels: X " + std::to_string(levels[0]) + ", O " + std::to_string(levels[1]);
}

}  // namespace qubic::tui
