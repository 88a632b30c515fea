// Basic vocabulary of the board: cells, sides and 64-bit cell sets.
#pragma once

#include <bit>
#include <cstdint>

namespace qubic {

// One bit per cell; bit i is cell i = 16*level + 4*rank + file (all 0..3).
using Bitboard = std::uint64_t;

constexpr int kCells = 64;
constexpr int kSize = 4;  // cells along each axis

enum class Side : std::uint8_t { X = 0, O = 1 };

constexpr Side opponent(Side s) { return s == Side::X ? Side::O : Side::X; }
constexpr int index(Side s) { return static_cast<int>(s); }

constexpr int cellAt(int file, int rank, int level) { return 16 * level + 4 * rank + file; }
constexpr int fileOf(int cell) { return cell & 3; }
constexpr int rankOf(int cell) { return (cell >> 2) & 3; }
constexpr int levelOf(int cell) { return cell >> 4; }

constexpr Bitboard bit(int cell) { return Bitboard{1} << cell; }
constexpr int popcount(Bitboard b) { return std::popcount(b); }
constexpr int lowestCell(Bitboard b) { return std::countr_zero(b); }

// Removes and returns the lowest cell of a non-empty set: `while (b) use(popLowest(b));`
constexpr int popLowest(Bitboard& b) {
  const int cell = lowestCell(b);
  b &= b - 1;
  return cell;
}

}  // namespace qubic
