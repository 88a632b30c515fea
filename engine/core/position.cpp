#include "position.hpp"

namespace qubic {

Position Position::fromStones(Bitboard x, Bitboard o) {
  Position p;
  p.stones_ = {x, o};
  for (int side = 0; side < 2; ++side)
    for (int l = 0; l < kLines; ++l) {
      const int n = popcount(p.stones_[side] & lineMask(l));
      p.lineCount_[side][l] = static_cast<std::uint8_t>(n);
      if (n == 4 && p.winner_ == kNoWinner) p.winner_ = static_cast<std::uint8_t>(side);
    }
  return p;
}

Status Position::status() const {
  if (winner_ != kNoWinner) return winner_ == index(Side::X) ? Status::XWins : Status::OWins;
  return moveCount() == kCells ? Status::Draw : Status::Ongoing;
}

Bitboard Position::winningCells() const {
  Bitboard cells = 0;
  for (int l = 0; l < kLines; ++l)
    if (lineCount_[0][l] == 4 || lineCount_[1][l] == 4) cells |= lineMask(l);
  return cells;
}

}  // namespace qubic
