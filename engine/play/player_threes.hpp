// What the player knows from threes alone: a line to complete, a position lost to two
// threes, the book's win or its longest defence, forced wins by threes and the bound they
// put on the opponent's win. Owns the player's own threat search and its table.
#pragma once

#include <cstdint>
#include <optional>

#include "engine/book/book.hpp"
#include "engine/threats/threat_search.hpp"
#include "move_limits.hpp"
#include "player.hpp"

namespace qubic {

class PlayerThrees {
 public:
  // Bounding an opponent's win that no proof measured: a threat search this large.
  static constexpr std::uint64_t kWinBoundThreatNodes = 200000;
  // A lost position's practical defence: the threat search of the opponent's forcing
  // sequence after each of our moves.
  static constexpr std::uint64_t kDefenceThreatNodes = 20000;

  explicit PlayerThrees(std::size_t threatEntries) : threats_(threatEntries) {}

  // A line to complete, or two threes of the opponent's: nothing to think about.
  static std::optional<MoveChoice> decidedAtOnce(const Position& pos);
  // The book's winning move; or, facing the book's winner, the defence that makes the win
  // longest, when every reply leads into the book or to a win by threes.
  std::optional<MoveChoice> fromBook(const Position& pos, const Book& book,
                                     const MoveLimits& limits);
  // The side to move's forced win by threes, the shortest one the budget finds.
  ThreatResult quickestForcedWin(const Position& pos, ThreatLimits limits, std::uint64_t& nodes);
  // After our `move`, the plies within which the opponent surely wins when no proof says
  // it: a threat sequence, or else the board's empty cells.
  int opponentWinBound(const Position& pos, int move, const MoveLimits& limits);

  ThreatSearch& search() { return threats_; }
  std::size_t bytes() const { return threats_.tableBytes(); }
  void clear() { threats_.clearTable(); }

 private:
  ThreatSearch threats_;
};

}  // namespace qubic
