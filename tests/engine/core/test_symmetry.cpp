#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <vector>

#include "engine/core/symmetry.hpp"

using namespace qubic;

namespace {

// The image of a cell set, one cell at a time.
Bitboard referenceTransform(int sym, Bitboard b) {
  Bitboard image = 0;
  while (b) image |= bit(mapCell(sym, popLowest(b)));
  return image;
}

// The documented order of canonical forms: the board as a number with cell (x, y, z)
// at bit (x&1) | (y&1)<<1 | (z&1)<<2 | (x>>1)<<3 | (y>>1)<<4 | (z>>1)<<5.
Bitboard orderKey(Bitboard b) {
  Bitboard key = 0;
  while (b) {
    const int c = popLowest(b);
    const int x = fileOf(c), y = rankOf(c), z = levelOf(c);
    key |=
        bit((x & 1) | (y & 1) << 1 | (z & 1) << 2 | (x >> 1) << 3 | (y >> 1) << 4 | (z >> 1) << 5);
  }
  return key;
}

bool orderLess(Bitboard x1, Bitboard o1, Bitboard x2, Bitboard o2) {
  return orderKey(x1) != orderKey(x2) ? orderKey(x1) < orderKey(x2) : orderKey(o1) < orderKey(o2);
}

Bitboard randomBoard(std::mt19937_64& rng) { return rng() & rng(); }  // about 16 cells

// Positions from seeded random games, stopped after 0..maxPlies moves.
std::vector<Position> randomPositions(int count, int maxPlies, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    Position p;
    const int plies = std::uniform_int_distribution<int>(0, maxPlies)(rng);
    for (int i = 0; i < plies && !p.isGameOver(); ++i) {
      Bitboard empty = p.emptyCells();
      int pick = std::uniform_int_distribution<int>(0, popcount(empty) - 1)(rng);
      while (pick-- > 0) empty &= empty - 1;
      p.play(lowestCell(empty));
    }
    out.push_back(p);
  }
  return out;
}

// Positions that a random symmetry g fixes: stones are placed on whole orbits of g.
std::vector<Position> symmetricPositions(int count, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<Position> out;
  while (static_cast<int>(out.size()) < count) {
    const int g = std::uniform_int_distribution<int>(0, kSymmetries - 1)(rng);
    Bitboard stones[2] = {0, 0}, free = ~Bitboard{0};
    const int orbits = std::uniform_int_distribution<int>(0, 8)(rng);
    for (int i = 0; i < orbits && free; ++i) {
      Bitboard candidates = free;
      int pick = std::uniform_int_distribution<int>(0, popcount(candidates) - 1)(rng);
      while (pick-- > 0) candidates &= candidates - 1;
      Bitboard orbit = 0;
      for (int c = lowestCell(candidates); !(orbit & bit(c)); c = mapCell(g, c)) orbit |= bit(c);
      stones[rng() & 1] |= orbit;
      free &= ~orbit;
    }
    out.push_back(Position::fromStones(stones[0], stones[1]));
  }
  return out;
}

std::vector<int> bruteForceStabilizer(const Position& p) {
  std::vector<int> fixing;
  for (int s = 0; s < kSymmetries; ++s)
    if (transform(s, p.stones(Side::X)) == p.stones(Side::X) &&
        transform(s, p.stones(Side::O)) == p.stones(Side::O))
      fixing.push_back(s);
  return fixing;
}

}  // namespace

TEST_CASE("symmetry 0 is the identity and every map is a permutation of the cells") {
  for (int c = 0; c < kCells; ++c) CHECK(mapCell(kIdentity, c) == c);
  for (int s = 0; s < kSymmetries; ++s) {
    Bitboard image = 0;
    for (int c = 0; c < kCells; ++c) image |= bit(mapCell(s, c));
    CHECK(image == ~Bitboard{0});
  }
}

TEST_CASE("the cell maps follow the documented numbering") {
  // s = 32*axisOrder + 4*mirrors + inner, built here by composing the three steps.
  const int orders[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
  const int inner[4][4] = {{0, 1, 2, 3}, {0, 2, 1, 3}, {1, 0, 3, 2}, {1, 3, 0, 2}};
  int mismatches = 0;
  for (int s = 0; s < kSymmetries; ++s)
    for (int c = 0; c < kCells; ++c) {
      int v[3] = {fileOf(c), rankOf(c), levelOf(c)};
      int w[3];
      for (int a = 0; a < 3; ++a) w[a] = v[orders[s / 32][a]];
      for (int a = 0; a < 3; ++a)
        if ((s / 4) & (1 << a)) w[a] = 3 - w[a];
      for (int a = 0; a < 3; ++a) w[a] = inner[s % 4][w[a]];
      mismatches += mapCell(s, c) != cellAt(w[0], w[1], w[2]);
    }
  CHECK(mismatches == 0);
}

TEST_CASE("every symmetry sends every line to a line") {
  std::set<Bitboard> lines;
  for (int l = 0; l < kLines; ++l) lines.insert(lineMask(l));
  for (int s = 0; s < kSymmetries; ++s) {
    std::set<Bitboard> images;
    for (int l = 0; l < kLines; ++l) images.insert(referenceTransform(s, lineMask(l)));
    CHECK(images == lines);
  }
}

TEST_CASE("the 192 symmetries are distinct") {
  std::set<std::vector<int>> maps;
  for (int s = 0; s < kSymmetries; ++s) {
    std::vector<int> m(kCells);
    for (int c = 0; c < kCells; ++c) m[c] = mapCell(s, c);
    maps.insert(m);
  }
  CHECK(maps.size() == static_cast<std::size_t>(kSymmetries));
}

TEST_CASE("compose and inverse agree with the cell maps") {
  int wrong = 0;
  for (int a = 0; a < kSymmetries; ++a)
    for (int b = 0; b < kSymmetries; ++b) {
      const int ab = compose(a, b);
      if (ab < 0 || ab >= kSymmetries) {
        ++wrong;
        continue;
      }
      for (int c = 0; c < kCells; ++c) wrong += mapCell(ab, c) != mapCell(a, mapCell(b, c));
    }
  CHECK(wrong == 0);
  for (int s = 0; s < kSymmetries; ++s) {
    CHECK(compose(inverse(s), s) == kIdentity);
    CHECK(compose(s, inverse(s)) == kIdentity);
  }
  CHECK(inverse(kIdentity) == kIdentity);
}

TEST_CASE("symmetries keep the seven-line cells together") {
  for (int s = 0; s < kSymmetries; ++s) {
    CHECK(transform(s, kSevenLineCells) == kSevenLineCells);
    CHECK(referenceTransform(s, kSevenLineCells) == kSevenLineCells);
  }
}

TEST_CASE("transform agrees with the cell-by-cell image on random boards") {
  std::mt19937_64 rng(11);
  int wrong = 0, wrongPortable = 0;
  for (int i = 0; i < 20000; ++i) {
    const int s = static_cast<int>(rng() % kSymmetries);
    const Bitboard b = i < 64 ? bit(i) : randomBoard(rng);
    wrong += transform(s, b) != referenceTransform(s, b);
    wrongPortable += detail::transformBySwaps(s, b) != referenceTransform(s, b);
  }
  CHECK(wrong == 0);
  CHECK(wrongPortable == 0);
  for (int s = 0; s < kSymmetries; ++s) {
    CHECK(transform(s, 0) == 0);
    CHECK(transform(s, ~Bitboard{0}) == ~Bitboard{0});
  }
}

TEST_CASE("transform of a position maps both stone sets and keeps the line counts consistent") {
  for (const Position& p : randomPositions(200, 40, 5)) {
    const int s = static_cast<int>(p.key() % kSymmetries);
    const Position q = transform(s, p);
    CHECK(q.stones(Side::X) == transform(s, p.stones(Side::X)));
    CHECK(q.stones(Side::O) == transform(s, p.stones(Side::O)));
    CHECK(q.status() == p.status());
    CHECK(q.sideToMove() == p.sideToMove());
    CHECK(transform(inverse(s), q) == p);
  }
}

TEST_CASE("the canonical form is the least image, the same for every image") {
  std::vector<Position> positions = randomPositions(150, 40, 7);
  const std::vector<Position> symmetric = symmetricPositions(100, 8);
  positions.insert(positions.end(), symmetric.begin(), symmetric.end());
  positions.push_back(Position{});
  for (const Position& p : positions) {
    const CanonicalForm c = canonical(p);
    // symmetry maps p to (x, o), and is the least-numbered symmetry that does.
    CHECK(transform(c.symmetry, p.stones(Side::X)) == c.x);
    CHECK(transform(c.symmetry, p.stones(Side::O)) == c.o);
    bool least = true;
    int firstReaching = -1;
    for (int s = 0; s < kSymmetries; ++s) {
      const Bitboard x = transform(s, p.stones(Side::X)), o = transform(s, p.stones(Side::O));
      least &= !orderLess(x, o, c.x, c.o);
      if (firstReaching < 0 && x == c.x && o == c.o) firstReaching = s;
    }
    CHECK(least);
    CHECK(c.symmetry == firstReaching);
    CHECK(detail::canonicalBySwaps(p.stones(Side::X), p.stones(Side::O)) == c);
    CHECK(detail::canonicalByStones(p.stones(Side::X), p.stones(Side::O)) == c);
    // Every image has the same canonical boards and key.
    bool same = true;
    for (int s = 0; s < kSymmetries; ++s) {
      const Position q = transform(s, p);
      const CanonicalForm d = canonical(q);
      same &= d.x == c.x && d.o == c.o && canonicalKey(q) == canonicalKey(p);
      same &= transform(d.symmetry, q.stones(Side::X)) == c.x &&
              transform(d.symmetry, q.stones(Side::O)) == c.o;
    }
    CHECK(same);
  }
}

TEST_CASE("canonical keys differ between positions that are not equivalent") {
  std::set<std::pair<Bitboard, Bitboard>> forms;
  std::set<std::uint64_t> keys;
  for (const Position& p : randomPositions(5000, 20, 9)) {
    const CanonicalForm c = canonical(p);
    CHECK(canonicalKey(c) == canonicalKey(p));
    if (forms.insert({c.x, c.o}).second) keys.insert(canonicalKey(p));
  }
  CHECK(forms.size() > 4000);
  CHECK(keys.size() == forms.size());
}

TEST_CASE("the empty board has two non-equivalent first moves: a seven-line and a four-line cell") {
  const Bitboard moves = nonEquivalentMoves(Position{});
  REQUIRE(popcount(moves) == 2);
  CHECK(popcount(moves & kSevenLineCells) == 1);
  CHECK(stabilizer(Position{}).size == kSymmetries);
}

TEST_CASE("after a corner there are 12 non-equivalent replies") {
  Position p;
  p.play(cellAt(0, 0, 0));
  CHECK(popcount(nonEquivalentMoves(p)) == 12);
  CHECK(stabilizer(p).size == 12);  // 192 maps over a class of 16 seven-line cells
}

TEST_CASE("non-equivalent moves take exactly the least cell of every class of empty cells") {
  std::vector<Position> positions = symmetricPositions(300, 12);
  const std::vector<Position> games = randomPositions(100, 12, 13);
  positions.insert(positions.end(), games.begin(), games.end());
  int nontrivial = 0;
  for (const Position& p : positions) {
    const std::vector<int> fixing = bruteForceStabilizer(p);
    const SymmetryList stab = stabilizer(p);
    CHECK(std::vector<int>(stab.begin(), stab.end()) == fixing);
    nontrivial += fixing.size() > 1;

    const Bitboard moves = nonEquivalentMoves(p);
    CHECK((moves & ~p.emptyCells()) == 0);
    bool exact = true;
    for (int c = 0; c < kCells; ++c) {
      if (!p.isEmpty(c)) continue;
      Bitboard orbit = 0;
      for (int s : fixing) orbit |= bit(mapCell(s, c));
      exact &= popcount(orbit & moves) == 1 && (orbit & moves) == bit(lowestCell(orbit));
    }
    CHECK(exact);
  }
  CHECK(nontrivial > 250);
}
