#include "symmetry.hpp"

#include <algorithm>
#include <bit>
#include <cstdlib>
#include <cstring>
#include <utility>

// The fast path needs GFNI (permute the bits of every byte), AVX512BW (permute the
// bytes of every word) and BITALG (gather any 64 bits); other builds use delta swaps on
// the widest vectors they have.
#if defined(__GFNI__) && defined(__AVX512BW__) && defined(__AVX512BITALG__)
#define QUBIC_SYMMETRY_AVX512 1
#include <immintrin.h>
#else
#define QUBIC_SYMMETRY_AVX512 0
#endif

namespace qubic {

namespace {

using detail::CellMap;

// ---- Delta swaps ------------------------------------------------------------------
// Every symmetry is affine on the six bits of a cell index: image = L(cell) ^ k for a
// permutation L of the index bits and a constant k. On a bitboard, exchanging two
// index bits or flipping one is a single delta swap, so any symmetry is a few of them.

// Exchanges the bits at p and p + delta for every p in mask (mask and mask << delta disjoint).
template <class Boards, class Mask>
inline Boards deltaSwap(Boards b, int delta, Mask mask) {
  const Boards t = ((b >> delta) ^ b) & mask;
  return b ^ t ^ (t << delta);
}

// Cells whose index has bit setBit set (ignored when negative) and bit clearBit clear.
constexpr Bitboard cellsWithIndexBits(int setBit, int clearBit) {
  Bitboard m = 0;
  for (int c = 0; c < kCells; ++c)
    if ((setBit < 0 || (c >> setBit) & 1) && !((c >> clearBit) & 1)) m |= bit(c);
  return m;
}

template <int i, int j, class Boards>
inline Boards exchangeIndexBits(Boards b) {
  static_assert(i < j);
  return deltaSwap(b, (1 << j) - (1 << i), cellsWithIndexBits(i, j));
}

template <int j, class Boards>
inline Boards flipIndexBit(Boards b) {
  return deltaSwap(b, 1 << j, cellsWithIndexBits(-1, j));
}

struct Swap {
  Bitboard mask = 0;  // 0: the swap changes nothing
  int delta = 0;
};

// An affine map of the cells as at most 5 index-bit exchanges and 6 flips.
struct SwapProgram {
  std::array<Swap, 11> swaps{};
  Bitboard apply(Bitboard b) const {
    for (const Swap& s : swaps) b = deltaSwap(b, s.delta, s.mask);
    return b;
  }
};

constexpr SwapProgram programFor(const CellMap& map) {
  SwapProgram program;
  int n = 0;
  const int k = map[0];
  int at[6] = {0, 1, 2, 3, 4, 5};  // at[q]: the source index bit now at position q
  for (int target = 0; target < 6; ++target) {
    int q = target;
    while ((map[1 << at[q]] ^ k) != 1 << target)
      if (++q == 6) std::abort();  // not affine
    if (q == target) continue;
    program.swaps[n++] = {cellsWithIndexBits(target, q), (1 << q) - (1 << target)};
    std::swap(at[q], at[target]);
  }
  for (int j = 0; j < 6; ++j)
    if ((k >> j) & 1) program.swaps[n++] = {cellsWithIndexBits(-1, j), 1 << j};
  return program;
}

// ---- The order layout ----------------------------------------------------------------
// Canonical forms compare boards in the order layout (see symmetry.hpp): the low bits
// of the three coordinates pick the bit within a byte and the high bits pick the byte.
// Every symmetry then keeps or exchanges those two halves, which the AVX-512 scan needs.
constexpr int orderIndex(int cell) {
  const int x = fileOf(cell), y = rankOf(cell), z = levelOf(cell);
  return (x & 1) | (y & 1) << 1 | (z & 1) << 2 | (x >> 1) << 3 | (y >> 1) << 4 | (z >> 1) << 5;
}

constexpr CellMap kToOrder = [] {
  CellMap m{};
  for (int c = 0; c < kCells; ++c) m[c] = static_cast<std::uint8_t>(orderIndex(c));
  return m;
}();

constexpr CellMap kFromOrder = [] {
  CellMap m{};
  for (int c = 0; c < kCells; ++c) m[orderIndex(c)] = static_cast<std::uint8_t>(c);
  return m;
}();

constexpr SwapProgram kToOrderProgram = programFor(kToOrder);

// ---- The scans -------------------------------------------------------------------------
// A scan writes the 192 images of a board in the order layout: image (step, m), for step
// 0..23 and mirror combination m 0..7, at flat index 8 * step + m of the lanes of
// consecutive vectors. Which symmetry each flat index applies is read off once by
// scanning single cells. Both scans start with the identity at index 0.

// As many boards per vector as the widest registers hold: GCC/Clang vector extensions
// turn the operators below into AVX-512, AVX2 or SSE2 instructions.
#if defined(__AVX512F__)
constexpr int kLanes = 8;
#elif defined(__AVX2__)
constexpr int kLanes = 4;
#else
constexpr int kLanes = 2;
#endif
// Lanes values only pass between functions of this file, so the ABI notes that GCC and
// Clang give for wide vectors do not matter here.
#pragma GCC diagnostic ignored "-Wpsabi"
using Lanes = std::uint64_t __attribute__((vector_size(8 * kLanes)));
constexpr int kScanSteps = 24, kMirrors = 8;
constexpr int kVectors = kSymmetries / kLanes;
using Images = std::array<Lanes, kVectors>;

struct ScanTables {
  // By flat index: the symmetry (64 bits wide, to load as lanes), and the cells c it
  // sends to a lower cell.
  std::array<Bitboard, kSymmetries> symmetry{}, lowered{};
#if QUBIC_SYMMETRY_AVX512
  // Per (step, lane): the 8x8 bit matrix that permutes the bits of each byte, and the
  // byte-shuffle control that permutes the bytes.
  alignas(64) std::array<std::array<Bitboard, kLanes>, kScanSteps> bitMatrix{};
  alignas(64) std::array<std::array<Bitboard, kLanes>, kScanSteps> byteShuffle{};
#endif
};

// Portable scan. In the order layout the file bits are index bits 0 and 3, rank 1 and 4,
// level 2 and 5. The lanes start as the 8 mirror images (in 8 / kLanes groups); each step
// then applies one cheap symmetry to all lanes: the 6 axis orders come from alternating
// exchanges (file-rank, rank-level), and between those runs the inner value permutations
// follow the Gray order swap, pair, swap. 24 steps of 8 reach all 192 images.
template <class Boards>
inline Boards exchangeFilesAndRanks(Boards b) {
  return exchangeIndexBits<3, 4>(exchangeIndexBits<0, 1>(b));
}
template <class Boards>
inline Boards exchangeRanksAndLevels(Boards b) {
  return exchangeIndexBits<4, 5>(exchangeIndexBits<1, 2>(b));
}
// Values 1 <-> 2 on every axis: the two bits of every coordinate trade places.
template <class Boards>
inline Boards swapInnerValues(Boards b) {
  return exchangeIndexBits<2, 5>(exchangeIndexBits<1, 4>(exchangeIndexBits<0, 3>(b)));
}
// Values 0 <-> 1 and 2 <-> 3 on every axis: the low bit of every coordinate flips.
template <class Boards>
inline Boards pairInnerValues(Boards b) {
  return flipIndexBit<2>(flipIndexBit<1>(flipIndexBit<0>(b)));
}

// kMirrorMasks[j][m]: mirror combination m mirrors axis a (flips index bits a and a + 3)
// when bit a of m is set.
constexpr auto kMirrorMasks = [] {
  std::array<std::array<Bitboard, kMirrors>, 6> masks{};
  for (int j = 0; j < 6; ++j)
    for (int m = 0; m < kMirrors; ++m)
      masks[j][m] = (m >> (j % 3)) & 1 ? cellsWithIndexBits(-1, j) : 0;
  return masks;
}();

struct SwapScan {
  static Bitboard toOrderLayout(Bitboard b) { return kToOrderProgram.apply(b); }

  static void images(Bitboard b, const ScanTables&, Images& out) {
    static_assert(kScanSteps == 4 * 6);         // 4 runs of inner permutations, 6 axis orders each
    constexpr int kGroups = kMirrors / kLanes;  // vectors per step
    for (int group = 0; group < kGroups; ++group) {
      Lanes v = Lanes{} + b;
      for (int j = 0; j < 6; ++j) {
        Lanes mask;
        std::memcpy(&mask, kMirrorMasks[j].data() + group * kLanes, sizeof mask);
        v = deltaSwap(v, 1 << j, mask);
      }
      for (int run = 0; run < 4; ++run) {
        for (int k = 0; k < 6; ++k) {
          out[(6 * run + k) * kGroups + group] = v;
          if (k < 5) v = k % 2 == 0 ? exchangeFilesAndRanks(v) : exchangeRanksAndLevels(v);
        }
        if (run < 3) v = run == 1 ? pairInnerValues(v) : swapInnerValues(v);
      }
    }
  }
};

#if QUBIC_SYMMETRY_AVX512
// AVX-512 scan: each image is independent of the others, two instructions per eight.
// A symmetry that keeps the halves of the order layout permutes the bits within every
// byte alike (one GF(2) affine instruction with a permutation matrix) and permutes the
// bytes (one byte shuffle). The other half of the group exchanges the halves: those
// images start from the transposed board, whose bytes are the old bit columns.
constexpr Bitboard kUnitBytes = 0x8040201008040201ULL;  // byte j = 1 << j

// The cell map of that transpose: data cell (byte q, bit p) lands on (byte p, bit 7 - q).
constexpr int transposedCell(int cell) { return 8 * (cell & 7) + 7 - (cell >> 3); }

// One instruction gathers all 64 bits: bit i of the result is bit from[i] of b.
inline Bitboard gatherBits(Bitboard b, const CellMap& from) {
  const __m512i board = _mm512_set1_epi64(static_cast<long long>(b));
  return _cvtmask64_u64(_mm512_bitshuffle_epi64_mask(board, _mm512_loadu_si512(from.data())));
}

struct GfniScan {
  static_assert(kLanes == 8 && kVectors == kScanSteps);
  static Bitboard toOrderLayout(Bitboard b) { return gatherBits(b, kFromOrder); }

  static void images(Bitboard b, const ScanTables& t, Images& out) {
    const __m512i board = _mm512_set1_epi64(static_cast<long long>(b));
    const __m512i units = _mm512_set1_epi64(static_cast<long long>(kUnitBytes));
    const __m512i transposed = _mm512_gf2p8affine_epi64_epi8(units, board, 0);
#pragma GCC unroll 24
    for (int step = 0; step < kScanSteps; ++step) {
      const __m512i bits = _mm512_load_si512(t.bitMatrix[step].data());
      const __m512i bytes = _mm512_load_si512(t.byteShuffle[step].data());
      const __m512i from = step < kScanSteps / 2 ? board : transposed;
      out[step] = reinterpret_cast<Lanes>(
          _mm512_shuffle_epi8(_mm512_gf2p8affine_epi64_epi8(from, bits, 0), bytes));
    }
  }
};
using FastScan = GfniScan;
#else
using FastScan = SwapScan;
#endif

// ---- Tables ----------------------------------------------------------------------------
struct Tables {
  std::array<std::uint8_t, kSymmetries> inverse{};
  std::array<std::array<std::uint8_t, kSymmetries>, kSymmetries> compose{};
  std::array<SwapProgram, kSymmetries> program{};
  std::array<CellMap, kSymmetries> gather{};  // gather[s][i]: the cell that s sends to i
  ScanTables swapScan, fastScan;
  // byStone[c][w], byte j: the order index (see symmetry.hpp) of the image of cell c
  // under symmetry 8 * w + j.
  std::array<std::array<std::uint64_t, kSymmetries / 8>, kCells> byStone{};
};

// A map of the group is fixed by the image k of cell 0 and where it sends index bits 0
// and 2 (that fixes the third coordinate's bits too); this numbers those choices, or
// gives -1 for a map that cannot be one of the group.
int affineKey(const CellMap& map) {
  const unsigned k = map[0], d0 = map[1] ^ k, d2 = map[4] ^ k;
  if (!std::has_single_bit(d0) || !std::has_single_bit(d2)) return -1;
  return (static_cast<int>(k) * 6 + std::countr_zero(d0)) * 6 + std::countr_zero(d2);
}

class SymmetryFinder {
 public:
  SymmetryFinder() {
    bySymmetryKey_.fill(kNone);
    for (int s = 0; s < kSymmetries; ++s) {
      const int key = affineKey(kCellMaps[s]);
      if (key < 0 || bySymmetryKey_[key] != kNone) std::abort();
      bySymmetryKey_[key] = static_cast<std::uint8_t>(s);
    }
  }
  // The symmetry that is this map (which must be one).
  int operator()(const CellMap& map) const {
    const int key = affineKey(map);
    if (key < 0 || bySymmetryKey_[key] == kNone || kCellMaps[bySymmetryKey_[key]] != map)
      std::abort();
    return bySymmetryKey_[key];
  }
  // The symmetry "b, then a", from the images of cells 0, 1 and 4 alone.
  int compose(int a, int b) const {
    CellMap ab{};
    for (int c : {0, 1, 4}) ab[c] = kCellMaps[a][kCellMaps[b][c]];
    return bySymmetryKey_[affineKey(ab)];
  }

 private:
  static constexpr std::uint8_t kNone = 0xff;
  std::array<std::uint8_t, kCells * 6 * 6> bySymmetryKey_{};
};

// Runs the scan on every single cell to learn which symmetry each flat index applies.
template <class Scan>
void learnScanSymmetries(ScanTables& t, const SymmetryFinder& find) {
  std::array<CellMap, kSymmetries> maps{};
  for (int c = 0; c < kCells; ++c) {
    Images images;
    Scan::images(bit(orderIndex(c)), t, images);
    for (int i = 0; i < kSymmetries; ++i)
      maps[i][c] = kFromOrder[lowestCell(images[i / kLanes][i % kLanes])];
  }
  std::array<bool, kSymmetries> seen{};
  for (int i = 0; i < kSymmetries; ++i) {
    const int s = find(maps[i]);
    if (seen[s]) std::abort();  // a scan visits every symmetry exactly once
    seen[s] = true;
    t.symmetry[i] = static_cast<Bitboard>(s);
    for (int c = 0; c < kCells; ++c)
      if (kCellMaps[s][c] < c) t.lowered[i] |= bit(c);
  }
  if (t.symmetry[0] != kIdentity) std::abort();
}

#if QUBIC_SYMMETRY_AVX512
// Gives (step, lane) a symmetry in increasing order, the ones that keep the halves of the
// order layout in steps 0..11, and sets its bit matrix and byte shuffle.
void planGfniScan(ScanTables& t) {
  int placed[2] = {0, 0};
  for (int s = 0; s < kSymmetries; ++s) {
    CellMap m{};  // the map to realise, in the order layout
    for (int c = 0; c < kCells; ++c)
      m[orderIndex(c)] = static_cast<std::uint8_t>(orderIndex(kCellMaps[s][c]));
    const bool exchanged = (m[1] ^ m[0]) >= 8;  // bit 0 of the index moves into the byte number
    if (exchanged) {  // start from the transposed board instead: m after undoing the transpose
      CellMap undone{};
      for (int c = 0; c < kCells; ++c) undone[transposedCell(c)] = m[c];
      m = undone;
    }
    const int index = placed[exchanged]++, lane = index % kLanes;
    if (index >= kSymmetries / 2) std::abort();  // each kind must fill exactly half the steps
    const int step = index / kLanes + (exchanged ? kScanSteps / 2 : 0);
    Bitboard bits = 0, bytes = 0;
    for (int p = 0; p < 8; ++p) {
      // Result bit m(p) of every byte comes from bit p: matrix row 7 - m(p) selects bit p.
      bits |= Bitboard{1} << (p + 8 * (7 - (m[p] & 7)));
      // Result byte m(8q) / 8 comes from byte q (indices count within the 16-byte lane).
      bytes |= Bitboard(8 * (lane & 1) + p) << (8 * (m[8 * p] >> 3));
    }
    for (int c = 0; c < kCells; ++c)
      if (m[c] != (m[c & ~7] & ~7) + (m[c & 7] & 7))
        std::abort();  // halves must move independently
    t.bitMatrix[step][lane] = bits;
    t.byteShuffle[step][lane] = bytes;
  }
}

#endif

Tables buildTables() {
  Tables t;
  const SymmetryFinder find;
  for (int a = 0; a < kSymmetries; ++a)
    for (int b = 0; b < kSymmetries; ++b) {
      t.compose[a][b] = static_cast<std::uint8_t>(find.compose(a, b));
      if (t.compose[a][b] == kIdentity) t.inverse[b] = static_cast<std::uint8_t>(a);
    }
  for (int s = 0; s < kSymmetries; ++s) {
    t.program[s] = programFor(kCellMaps[s]);
    for (int c = 0; c < kCells; ++c) {
      t.gather[s][kCellMaps[s][c]] = static_cast<std::uint8_t>(c);
      t.byStone[c][s / 8] |= Bitboard(orderIndex(kCellMaps[s][c])) << (8 * (s % 8));
    }
  }
  learnScanSymmetries<SwapScan>(t.swapScan, find);
#if QUBIC_SYMMETRY_AVX512
  planGfniScan(t.fastScan);
  learnScanSymmetries<GfniScan>(t.fastScan, find);
#else
  t.fastScan = t.swapScan;
#endif
  return t;
}

const Tables& tables() {
  static const Tables t = buildTables();  // thread-safe one-time initialisation
  return t;
}

// ---- Canonical form and stabilizer -----------------------------------------------------
// Both look at the X board first: one scan gives its 192 images. Only when several
// symmetries give the wanted X image does a second scan bring in the O board.

inline Lanes minimum(Lanes a, Lanes b) { return a < b ? a : b; }

// Lane i of the result is lane i ^ d of v: one butterfly step of a reduction across lanes.
template <int d, std::size_t... i>
inline Lanes butterfly(Lanes v, std::index_sequence<i...>) {
  return __builtin_shufflevector(v, v, (i ^ (d % kLanes))...);
}

// Every lane gets op folded over all lanes of v.
template <class Op>
inline Lanes acrossLanes(Lanes v, Op op) {
  constexpr auto lanes = std::make_index_sequence<kLanes>{};
  if (kLanes > 4) v = op(v, butterfly<4>(v, lanes));
  if (kLanes > 2) v = op(v, butterfly<2>(v, lanes));
  return op(v, butterfly<1>(v, lanes));
}

// The least of image(i) over all vectors and lanes, in every lane. Pairwise, because a
// chain of dependent minimums would take longer than computing the images.
template <class Image>
Lanes leastOver(Image image) {
  std::array<Lanes, kVectors / 2> v;
  for (int i = 0; i < kVectors / 2; ++i) v[i] = minimum(image(i), image(i + kVectors / 2));
  for (int n = kVectors / 4; n >= 3; n /= 2)
    for (int i = 0; i < n; ++i) v[i] = minimum(v[i], v[i + n]);
  return acrossLanes(minimum(v[0], minimum(v[1], v[2])), minimum);
}

// The flat indices i (see the scans) where isMatch(vector) has lane i % kLanes set, as
// 192 bits.
using Matches = std::array<std::uint64_t, kSymmetries / 64>;

template <class IsMatch>
Matches matchesWhere(IsMatch isMatch) {
  constexpr int kPerWord = 64 / kLanes;
  Lanes laneBits{};
  for (int lane = 0; lane < kLanes; ++lane) laneBits[lane] = Bitboard{1} << lane;
  Matches words{};
  for (int w = 0; w < static_cast<int>(words.size()); ++w) {
    Lanes hits{};
    for (int i = 0; i < kPerWord; ++i)
      hits |= isMatch(kPerWord * w + i) ? laneBits << (kLanes * i) : Lanes{};
    words[w] = acrossLanes(hits, [](Lanes a, Lanes b) { return a | b; })[0];
  }
  return words;
}

int count(const Matches& m) {
  int n = 0;
  for (std::uint64_t w : m) n += popcount(w);
  return n;
}

template <class Visit>
void forEachMatch(const Matches& m, const ScanTables& table, Visit&& visit) {
  for (int w = 0; w < static_cast<int>(m.size()); ++w)
    for (std::uint64_t bits = m[w]; bits;)
      visit(static_cast<int>(table.symmetry[64 * w + popLowest(bits)]));
}

// When several images share the least X board: the least-numbered symmetry among those
// that also give the least O board. Kept out of line: it runs only for positions whose
// X stones have symmetries of their own.
template <class Scan>
[[gnu::noinline]] int leastOAmong(const Images& xs, Lanes leastX, Bitboard o,
                                  const ScanTables& table) {
  Images os;
  Scan::images(Scan::toOrderLayout(o), table, os);
  const Lanes leastO = leastOver([&](int i) { return xs[i] == leastX ? os[i] : ~Lanes{}; });
  return static_cast<int>(leastOver([&](int i) {
    Lanes symmetry;
    std::memcpy(&symmetry, &table.symmetry[i * kLanes], sizeof symmetry);
    return ((xs[i] == leastX) & (os[i] == leastO)) ? symmetry : ~Lanes{};
  })[0]);
}

template <class Scan>
CanonicalForm leastImage(Bitboard x, Bitboard o, const ScanTables& table) {
  Images xs;
  Scan::images(Scan::toOrderLayout(x), table, xs);
  const Lanes leastX = leastOver([&](int i) { return xs[i]; });
  const Matches found = matchesWhere([&](int i) { return xs[i] == leastX; });
  int best = kSymmetries;
  if (count(found) == 1)
    forEachMatch(found, table, [&](int s) { best = s; });
  else
    best = leastOAmong<Scan>(xs, leastX, o, table);
  return {transform(best, x), transform(best, o), best};
}

// Among the images equal to the X board, those whose O image equals the O board too.
template <class Scan>
[[gnu::noinline]] Matches fixingOAmong(const Images& xs, Bitboard xk, Bitboard ok,
                                       const ScanTables& table) {
  Images os;
  Scan::images(ok, table, os);
  return matchesWhere([&](int i) { return (xs[i] == xk) & (os[i] == ok); });
}

// The flat indices of the symmetries that fix both boards.
template <class Scan>
Matches fixingSymmetries(Bitboard x, Bitboard o, const ScanTables& table) {
  Images xs;
  const Bitboard xk = Scan::toOrderLayout(x);
  Scan::images(xk, table, xs);
  const Matches found = matchesWhere([&](int i) { return xs[i] == xk; });
  // Usually only the identity fixes X; otherwise O must be fixed too.
  return count(found) == 1 ? found : fixingOAmong<Scan>(xs, xk, Scan::toOrderLayout(o), table);
}

// ---- The canonical form by stones ---------------------------------------------------------
// Without wide vectors the 192 images cost more than the stones do: the least image has
// the lowest highest cell (in the order layout), so the symmetries that send X's highest
// stone lowest are found a byte each, eight to a word, from a table of every cell's
// images; only those few get whole images.
constexpr int kByteWords = kSymmetries / 8;
constexpr std::uint64_t kHighBits = 0x8080808080808080ULL, kLowBits = 0x0101010101010101ULL;

// Bytes where a >= b: 0xff, else 0 (bytes below 128).
inline std::uint64_t atLeast(std::uint64_t a, std::uint64_t b) {
  return ((((a | kHighBits) - b) & kHighBits) >> 7) * 0xff;
}
inline std::uint64_t byteMax(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t m = atLeast(a, b);
  return (a & m) | (b & ~m);
}
inline std::uint64_t byteMin(std::uint64_t a, std::uint64_t b) {
  const std::uint64_t m = atLeast(a, b);
  return (b & m) | (a & ~m);
}
// The high bit of every byte where a == b (bytes below 128).
inline std::uint64_t equalBytes(std::uint64_t a, std::uint64_t b) {
  return ~(((a ^ b) | kHighBits) - kLowBits) & kHighBits;
}

// The image of a board under symmetry s, a stone at a time: cheaper than the delta swaps
// for the few stones of an opening or middle game.
inline Bitboard imageByStones(int s, Bitboard b) {
  Bitboard image = 0;
  while (b) image |= bit(kCellMaps[s][popLowest(b)]);
  return image;
}

// The image of a board under symmetry s, in the order layout.
inline Bitboard orderImage(const Tables& t, Bitboard b, int s) {
  Bitboard image = 0;
  while (b) image |= bit(static_cast<int>(t.byStone[popLowest(b)][s / 8] >> (8 * (s % 8))) & 63);
  return image;
}

CanonicalForm leastImageByStones(Bitboard x, Bitboard o) {
  const Tables& t = tables();
  std::array<std::uint64_t, kByteWords> top{};  // per symmetry, X's highest image cell
  for (Bitboard b = x; b;) {
    const auto& images = t.byStone[popLowest(b)];
    for (int w = 0; w < kByteWords; ++w) top[w] = byteMax(top[w], images[w]);
  }
  std::uint64_t lowest = top[0];
  for (int w = 1; w < kByteWords; ++w) lowest = byteMin(lowest, top[w]);
  std::uint64_t least = lowest & 0xff;
  for (int j = 1; j < 8; ++j) least = std::min(least, (lowest >> (8 * j)) & 0xff);
  // The symmetries with the least X image among those, in increasing order.
  std::array<std::uint8_t, kSymmetries> ties{};
  int tied = 0;
  Bitboard leastX = ~Bitboard{0};
  for (int w = 0; w < kByteWords; ++w)
    for (std::uint64_t hits = equalBytes(top[w], least * kLowBits); hits; hits &= hits - 1) {
      const int s = 8 * w + std::countr_zero(hits) / 8;
      const Bitboard image = orderImage(t, x, s);
      if (image > leastX) continue;
      if (image < leastX) tied = 0;
      leastX = image;
      ties[tied++] = static_cast<std::uint8_t>(s);
    }
  int best = ties[0];
  Bitboard leastO = orderImage(t, o, best);
  for (int i = 1; i < tied; ++i)
    if (const Bitboard image = orderImage(t, o, ties[i]); image < leastO) {
      leastO = image;
      best = ties[i];
    }
  return {imageByStones(best, x), imageByStones(best, o), best};
}

std::uint64_t mix(std::uint64_t z) {
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace

int inverse(int sym) { return tables().inverse[sym]; }

int compose(int a, int b) { return tables().compose[a][b]; }

Bitboard detail::transformBySwaps(int sym, Bitboard b) { return tables().program[sym].apply(b); }

Bitboard transform(int sym, Bitboard b) {
#if QUBIC_SYMMETRY_AVX512
  return gatherBits(b, tables().gather[sym]);
#else
  return detail::transformBySwaps(sym, b);
#endif
}

Position transform(int sym, const Position& p) {
  return Position::fromStones(transform(sym, p.stones(Side::X)), transform(sym, p.stones(Side::O)));
}

CanonicalForm canonical(Bitboard x, Bitboard o) {
#if QUBIC_SYMMETRY_AVX512
  return leastImage<FastScan>(x, o, tables().fastScan);
#else
  return detail::canonicalByStones(x, o);
#endif
}

CanonicalForm detail::canonicalBySwaps(Bitboard x, Bitboard o) {
  return leastImage<SwapScan>(x, o, tables().swapScan);
}

CanonicalForm detail::canonicalByStones(Bitboard x, Bitboard o) {
  // With no X stone every symmetry ties on X (a position set up with O's stones alone).
  return x ? leastImageByStones(x, o) : leastImage<SwapScan>(x, o, tables().swapScan);
}

std::uint64_t canonicalKey(const CanonicalForm& c) {
  return mix(c.x ^ mix(c.o + 0x9e3779b97f4a7c15ULL));
}

std::uint64_t canonicalKey(const Position& p) { return canonicalKey(canonical(p)); }

SymmetryList stabilizer(const Position& p) {
  const ScanTables& table = tables().fastScan;
  const Matches fixing = fixingSymmetries<FastScan>(p.stones(Side::X), p.stones(Side::O), table);
  SymmetryList list;
  if (count(fixing) == 1) {  // the usual case: only the identity
    list.syms[list.size++] = kIdentity;
    return list;
  }
  std::array<bool, kSymmetries> fixes{};
  forEachMatch(fixing, table, [&](int s) { fixes[s] = true; });
  for (int s = 0; s < kSymmetries; ++s)
    if (fixes[s]) list.syms[list.size++] = static_cast<std::uint8_t>(s);
  return list;
}

Bitboard nonEquivalentMoves(const Position& p) {
  // A cell is the least of its class exactly when no symmetry of the stabilizer lowers it.
  const ScanTables& table = tables().fastScan;
  const Matches fixing = fixingSymmetries<FastScan>(p.stones(Side::X), p.stones(Side::O), table);
  Bitboard lowered = 0;
  for (int w = 0; w < static_cast<int>(fixing.size()); ++w)
    for (std::uint64_t bits = fixing[w]; bits;) lowered |= table.lowered[64 * w + popLowest(bits)];
  return p.emptyCells() & ~lowered;
}

}  // namespace qubic
