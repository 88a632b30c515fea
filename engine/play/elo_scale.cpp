#include "elo_scale.hpp"

#include <algorithm>

namespace qubic {

Strength strengthForElo(int elo) {
  elo = std::clamp(elo, kMinElo, kMaxElo);
  Strength s;
  for (int level = kMinLevel; level < kMaxLevel; ++level) {
    const int low = kLevelElo[static_cast<std::size_t>(level)];
    const int high = kLevelElo[static_cast<std::size_t>(level + 1)];
    if (elo < high) {
      s.level = level;
      s.towardNext = static_cast<double>(elo - low) / static_cast<double>(high - low);
      return s;
    }
  }
  return s;  // the top
}

}  // namespace qubic
