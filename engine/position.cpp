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

std::uint64_t Position::key() const {
  // Two rounds of a multiply-xorshift mix (splitmix64 finaliser constants) over both boards.
  auto mix = [](std::uint64_t z) {
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
  };
  return mix(stones_[0] ^ mix(stones_[1] + 0x9e3779b97f4a7c15ULL));
}

}  // namespace qubic
