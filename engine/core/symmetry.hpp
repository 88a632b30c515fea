// The 192 symmetries of the board: cell maps, fast transforms of cell sets,
// canonical forms (one representative per class of equivalent positions) and
// the moves that are not equivalent to one another. Tables beyond kCellMaps are
// built once, on first use (thread-safe); nothing here allocates afterwards.
#pragma once

#include <array>
#include <cstdint>
#include <utility>

#include "bitboard.hpp"
#include "position.hpp"

namespace qubic {

// The maps of the cells that send every line to a line: the 48 symmetries of the
// cube combined with one of four permutations of the coordinate values applied to
// all three coordinates at once.
constexpr int kSymmetries = 192;
constexpr int kIdentity = 0;

namespace detail {

// Symmetry s = 32*axisOrder + 4*mirrors + inner. Image coordinate a (0 file,
// 1 rank, 2 level) is inner(mirrored(v[order[a]])) where order is the axisOrder-th
// permutation of the axes in lexicographic order, mirrored(v) = 3-v when bit a of
// mirrors is set, and inner is one of the value permutations below.
constexpr int kAxisOrders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2},
                                   {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
constexpr int kInnerPermutations[4][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {1, 0, 3, 2}, {1, 3, 0, 2}};

using CellMap = std::array<std::uint8_t, kCells>;

constexpr std::array<CellMap, kSymmetries> buildCellMaps() {
  std::array<CellMap, kSymmetries> maps{};
  for (int s = 0; s < kSymmetries; ++s) {
    const int* order = kAxisOrders[s / 32];
    const int mirrors = (s / 4) % 8;
    const int* inner = kInnerPermutations[s % 4];
    for (int cell = 0; cell < kCells; ++cell) {
      const int v[3] = {fileOf(cell), rankOf(cell), levelOf(cell)};
      int w[3] = {};
      for (int a = 0; a < 3; ++a) {
        const int u = v[order[a]];
        w[a] = inner[(mirrors >> a) & 1 ? kSize - 1 - u : u];
      }
      maps[s][cell] = static_cast<std::uint8_t>(cellAt(w[0], w[1], w[2]));
    }
  }
  return maps;
}

}  // namespace detail

inline constexpr std::array<detail::CellMap, kSymmetries> kCellMaps = detail::buildCellMaps();

// The image of a cell under symmetry sym.
constexpr int mapCell(int sym, int cell) { return kCellMaps[sym][cell]; }

// The symmetry that undoes sym.
int inverse(int sym);
// The symmetry "apply b, then a": mapCell(compose(a, b), c) == mapCell(a, mapCell(b, c)).
int compose(int a, int b);

// The image of a cell set: one bit-gather instruction with AVX-512 BITALG, otherwise
// at most 11 delta swaps; no per-cell loop.
Bitboard transform(int sym, Bitboard b);
// The image of a position: both stone sets mapped, same side to move.
Position transform(int sym, const Position& p);

// The least image of a position (X stones x, O stones o) over the group, which is the
// same for all equivalent positions. Order: X boards first, then O boards, each compared
// as the 64-bit number in which cell (x, y, z) weighs 2^i with
// i = (x&1) | (y&1)<<1 | (z&1)<<2 | (x>>1)<<3 | (y>>1)<<4 | (z>>1)<<5 (low bits of the
// coordinates, then high bits: the layout the fast path works in). Only the comparison
// uses that weighting; the boards returned are ordinary bitboards.
// symmetry: the least-numbered symmetry with transform(symmetry, p) == (x, o).
struct CanonicalForm {
  Bitboard x = 0, o = 0;
  int symmetry = kIdentity;
  friend bool operator==(const CanonicalForm&, const CanonicalForm&) = default;
};
CanonicalForm canonical(Bitboard x, Bitboard o);
inline CanonicalForm canonical(const Position& p) {
  return canonical(p.stones(Side::X), p.stones(Side::O));
}
// The canonical form as a position: the one member of `p`'s class that stands for it.
inline Position canonicalPosition(const Position& p) {
  const CanonicalForm c = canonical(p);
  return Position::fromStones(c.x, c.o);
}

// A class's key in hash maps: its canonical form's X and O stones (the hash takes any pair
// of stone sets). Equal for equivalent positions.
using ClassKey = std::pair<Bitboard, Bitboard>;
struct ClassKeyHash {
  std::size_t operator()(const ClassKey& k) const noexcept {
    return static_cast<std::size_t>((k.first * 0x9E3779B97F4A7C15ULL) ^ (k.second >> 1));
  }
};
inline ClassKey classKeyOf(const Position& p) {
  const CanonicalForm c = canonical(p);
  return {c.x, c.o};
}

// A well-mixed 64-bit key of the canonical form: equal for equivalent positions. (Not
// Position::key() of the canonical position; the two kinds of key never mix.) The second
// form saves a search that needs both the form and the key from computing the form twice.
std::uint64_t canonicalKey(const Position& p);
std::uint64_t canonicalKey(const CanonicalForm& c);

// A set of symmetries listed in increasing order; fixed capacity, no allocation.
struct SymmetryList {
  int size = 0;
  std::array<std::uint8_t, kSymmetries> syms{};
  const std::uint8_t* begin() const { return syms.data(); }
  const std::uint8_t* end() const { return syms.data() + size; }
};

// The symmetries that map the position onto itself (always contains the identity).
SymmetryList stabilizer(const Position& p);

// One empty cell per class of empty cells that the stabilizer of p maps onto one
// another, the lowest cell of each class; all empty cells when only the identity fixes p.
Bitboard nonEquivalentMoves(const Position& p);

namespace detail {
// The portable paths (delta swaps; for the canonical form also the stones' images, which
// canonical() uses where the build has no AVX-512). transform() and canonical() use
// AVX-512 where the build allows; these give the same results everywhere, and the tests
// check all of them.
Bitboard transformBySwaps(int sym, Bitboard b);
CanonicalForm canonicalBySwaps(Bitboard x, Bitboard o);
CanonicalForm canonicalByStones(Bitboard x, Bitboard o);
}  // namespace detail

}  // namespace qubic
