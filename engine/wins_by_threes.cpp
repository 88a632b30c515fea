#include "wins_by_threes.hpp"

#include <span>

#include "symmetry.hpp"
#include "threats.hpp"
#include "verify.hpp"

namespace qubic {

ClassKey classKeyOf(const Position& pos) {
  const CanonicalForm c = canonical(pos);
  return {c.x, c.o};
}

bool WinsByThrees::operator()(const Position& pos) {
  const ClassKey key = classKeyOf(pos);
  if (const auto it = known_.find(key); it != known_.end()) return it->second;
  const ThreatResult forced = threats_.forcedWin(pos, Side::X, {});
  const std::span<const std::uint8_t> line(forced.sequence.data(),
                                           static_cast<std::size_t>(forced.length));
  const bool wins = forced.win && checkForcingWin(pos, Side::X, line).empty();
  known_.emplace(key, wins);
  return wins;
}

bool WinsByThrees::beaten(const Position& pos) { return threatCells(pos, Side::X) || (*this)(pos); }

}  // namespace qubic
