// A Qubic position: two bitboards plus per-line stone counts kept incrementally.
// play/undo touch only the 4 or 7 lines through the cell; nothing allocates.
#pragma once

#include <array>
#include <cstdint>

#include "bitboard.hpp"
#include "lines.hpp"

namespace qubic {

enum class Status : std::uint8_t { Ongoing, XWins, OWins, Draw };

class Position {
 public:
  Position() = default;  // the empty board, X to move

  // Builds a position from stone sets without checking that it is reachable;
  // parsePosition (engine/core/notation) is the checked entry point for outside input.
  static Position fromStones(Bitboard x, Bitboard o);

  Bitboard stones(Side s) const { return stones_[index(s)]; }
  Bitboard occupied() const { return stones_[0] | stones_[1]; }
  Bitboard emptyCells() const { return ~occupied(); }
  int moveCount() const { return popcount(occupied()); }
  Side sideToMove() const { return (moveCount() & 1) ? Side::O : Side::X; }
  bool isEmpty(int cell) const { return !(occupied() & bit(cell)); }

  // Stones of side s on a line (0..4).
  int lineCount(Side s, int line) const { return lineCount_[index(s)][line]; }
  // True when the line holds no stone of side s's opponent, so s can still complete it.
  bool isOpenFor(Side s, int line) const { return lineCount_[index(opponent(s))][line] == 0; }

  bool isGameOver() const { return winner_ != kNoWinner || moveCount() == kCells; }
  Status status() const;
  // Cells of every completed line (empty unless someone has won).
  Bitboard winningCells() const;

  bool isLegal(int cell) const {
    return cell >= 0 && cell < kCells && isEmpty(cell) && !isGameOver();
  }
  // Would side s complete a line by playing the empty cell?
  bool completesLine(int cell, Side s) const;
  // The empty cells where side s completes a line (its threes' open cells).
  Bitboard completionCells(Side s) const;

  // Precondition: isLegal(cell).
  void play(int cell);
  // Precondition: cell was the last move played.
  void undo(int cell);

  // A well-mixed 64-bit key of the exact position (not symmetry-reduced).
  std::uint64_t key() const { return keyOf(stones_[0], stones_[1]); }
  // The key of the position with these stones: a search keys a child without playing it.
  static std::uint64_t keyOf(Bitboard x, Bitboard o);

  friend bool operator==(const Position& a, const Position& b) { return a.stones_ == b.stones_; }

 private:
  static constexpr std::uint8_t kNoWinner = 0xff;

  std::array<Bitboard, 2> stones_{};
  std::array<std::array<std::uint8_t, kLines>, 2> lineCount_{};
  std::uint8_t winner_ = kNoWinner;  // index of the side that completed a line
};

// keyOf, play, undo and completesLine sit on the search's hot path, so they are inline.

inline bool Position::completesLine(int cell, Side s) const {
  const auto& counts = lineCount_[index(s)];
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i)
    if (counts[kLineTables.linesThrough[cell][i]] == 3) return true;
  return false;
}

inline Bitboard Position::completionCells(Side s) const {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (lineCount(s, l) == 3 && isOpenFor(s, l)) cells |= lineMask(l) & emptyCells();
  return cells;
}

inline std::uint64_t Position::keyOf(Bitboard x, Bitboard o) {
  // Two rounds of a multiply-xorshift mix (splitmix64 finaliser constants) over both boards.
  auto mix = [](std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  return mix(x ^ mix(o + 0x9e3779b97f4a7c15ULL));
}

inline void Position::play(int cell) {
  const Side s = sideToMove();
  auto& counts = lineCount_[index(s)];
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i)
    if (++counts[kLineTables.linesThrough[cell][i]] == 4)
      winner_ = static_cast<std::uint8_t>(index(s));
  stones_[index(s)] |= bit(cell);
}

inline void Position::undo(int cell) {
  const Side s = (stones_[0] & bit(cell)) ? Side::X : Side::O;
  auto& counts = lineCount_[index(s)];
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i) --counts[kLineTables.linesThrough[cell][i]];
  stones_[index(s)] &= ~bit(cell);
  winner_ = kNoWinner;  // play() refuses moves after a win, so the position before had none
}

}  // namespace qubic
