// The opening table (engine/book/opening_table): the enumeration against counts made
// without canonical(), the file format, lookups from every image, and the values that
// follow by the rules for fewer stones.
#include <catch2/catch.hpp>

#include <algorithm>
#include <array>
#include <set>
#include <vector>

#include "engine/book/opening_table.hpp"
#include "engine/core/checksum.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"

using namespace qubic;

namespace {

// The classes of positions with `xs` X stones and `os` O stones, counted by brute force: every
// placement, its least image as sorted cell lists under the 192 cell maps, counted once.
std::size_t bruteForceClasses(int xs, int os) {
  std::set<std::vector<int>> classes;
  std::vector<int> cells(xs + os);
  auto leastImage = [&] {
    std::vector<int> best;
    for (int s = 0; s < kSymmetries; ++s) {
      std::vector<int> x, o;
      for (int i = 0; i < xs + os; ++i) (i < xs ? x : o).push_back(mapCell(s, cells[i]));
      std::sort(x.begin(), x.end());
      std::sort(o.begin(), o.end());
      x.insert(x.end(), o.begin(), o.end());
      if (best.empty() || x < best) best = x;
    }
    return best;
  };
  // X cells increasing, O cells increasing, all distinct.
  auto place = [&](auto&& self, int i) -> void {
    if (i == xs + os) {
      classes.insert(leastImage());
      return;
    }
    const int from = (i == 0 || i == xs) ? 0 : cells[i - 1] + 1;
    for (int c = from; c < kCells; ++c) {
      if (std::find(cells.begin(), cells.begin() + i, c) != cells.begin() + i) continue;
      cells[i] = c;
      self(self, i + 1);
    }
  };
  place(place, 0);
  return classes.size();
}

// Burnside's lemma: the classes of 2 X and 2 O stones are the mean over the symmetries of the
// placements each one fixes (unions of its cycles), counted over the cycles' lengths.
std::size_t burnsideClassesOfFour() {
  std::uint64_t fixedSum = 0;
  for (int s = 0; s < kSymmetries; ++s) {
    std::vector<int> lengths;
    std::array<bool, kCells> seen{};
    for (int c = 0; c < kCells; ++c) {
      int length = 0;
      for (int d = c; !seen[d]; d = mapCell(s, d)) seen[d] = true, ++length;
      if (length) lengths.push_back(length);
    }
    // ways[x][o]: X and O sets of x and o cells, each a union of distinct cycles.
    std::uint64_t ways[3][3] = {{1}};
    for (const int l : lengths)
      for (int x = 2; x >= 0; --x)
        for (int o = 2; o >= 0; --o) {
          if (x >= l) ways[x][o] += ways[x - l][o];
          if (o >= l) ways[x][o] += ways[x][o - l];
        }
    fixedSum += ways[2][2];
  }
  REQUIRE(fixedSum % kSymmetries == 0);
  return fixedSum / kSymmetries;
}

Position at(const char* moves) { return playMoves(Position{}, moves).value(); }

}  // namespace

TEST_CASE("the canonical positions are as many as the classes counted without canonical()") {
  CHECK(canonicalPositions(0).size() == 1);
  CHECK(canonicalPositions(1).size() == bruteForceClasses(1, 0));
  CHECK(canonicalPositions(2).size() == bruteForceClasses(1, 1));
  CHECK(canonicalPositions(3).size() == bruteForceClasses(2, 1));
  CHECK(canonicalPositions(4).size() == burnsideClassesOfFour());
  // The counts docs/table.md quotes.
  CHECK(canonicalPositions(2).size() == 35);
  CHECK(canonicalPositions(3).size() == 757);
  CHECK(canonicalPositions(4).size() == 20851);
}

TEST_CASE("the canonical positions are canonical, distinct and in key order") {
  const std::vector<Position> all = canonicalPositions(3);
  for (std::size_t i = 0; i < all.size(); ++i) {
    const CanonicalForm c = canonical(all[i]);
    CHECK(Position::fromStones(c.x, c.o) == all[i]);
    if (i) CHECK(tableKey(canonical(all[i - 1])) < tableKey(c));
  }
}

TEST_CASE("an entry is found from every image of its position, and only then") {
  OpeningTable t;
  const Position p = at("1a1 2b3 4c2 1d4");
  t.add(p, {TableValue::XWins, 41, false, true});
  t.finish();
  for (int s = 0; s < kSymmetries; ++s) {
    const auto e = t.find(transform(s, p));
    REQUIRE(e);
    CHECK(e->plies == 41);
  }
  CHECK_FALSE(t.find(at("1a1 2b3 4c2 1d3")));
  CHECK_FALSE(t.find(Position{}));
  CHECK_FALSE(t.find(at("1a1 2b3 4c2 1d4 3c3")));  // more stones than the table holds
}

TEST_CASE("a table written to bytes reads back the same, and damage is refused") {
  OpeningTable t;
  t.add(at("1a1 2b3 4c2 1d4"), {TableValue::XWins, 41, false, true});
  t.add(at("1b1 2b2 3c3 1d4"), {TableValue::Draw, 0, false, false});
  t.add(at("1a1 4d4 2b2"), {TableValue::OWins, 12, true, false});
  t.add(Position{}, {TableValue::XWins, 31, false, true});
  t.finish();
  const std::vector<std::uint8_t> bytes = t.serialize();
  CHECK(bytes.size() == 32 + 4 * 6 + 8);
  const auto back = OpeningTable::fromBytes(bytes);
  REQUIRE(back);
  CHECK(back.value().size() == 4);
  CHECK(back.value().serialize() == bytes);
  CHECK(back.value().find(at("1a1 4d4 2b2")) == TableEntry{TableValue::OWins, 12, true, false});

  // Any one flipped bit fails the checksum (issue 68, 1: a flipped value byte made prove
  // claim O wins for the empty board).
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    auto flipped = bytes;
    flipped[i] ^= static_cast<std::uint8_t>(1 << (i % 8));
    INFO("byte " << i);
    CHECK_FALSE(OpeningTable::fromBytes(flipped));
  }
  auto damaged = bytes;
  damaged[32 + 3 * 6 + 3] ^= 3;
  CHECK_THAT(OpeningTable::fromBytes(damaged).error(), Catch::Contains("checksum"));
  damaged = bytes;
  damaged[0] = 'X';
  CHECK_THAT(OpeningTable::fromBytes(damaged).error(), Catch::Contains("QUBTAB"));
  damaged = bytes;
  damaged[7] = '1';  // the format before the checksum
  CHECK_THAT(OpeningTable::fromBytes(damaged).error(), Catch::Contains("another version"));
  damaged = bytes;
  damaged.pop_back();
  CHECK_THAT(OpeningTable::fromBytes(damaged).error(), Catch::Contains("not what its header says"));
  // What the checksum cannot see (a file written wrong, its checksum made right) the
  // reader still refuses.
  auto resealed = [](std::vector<std::uint8_t> b) {
    b.resize(b.size() - 8);
    putLittleEndian(b, fnv1a64(b), 8);
    return b;
  };
  damaged = bytes;
  damaged[32 + 3 * 6 + 3] = 0;  // a value of none
  CHECK_THAT(OpeningTable::fromBytes(resealed(damaged)).error(), Catch::Contains("not a value"));
  damaged = bytes;
  std::copy_n(&bytes[32 + 2 * 6], 3, &damaged[32 + 3 * 6]);  // a key twice
  CHECK_THAT(OpeningTable::fromBytes(resealed(damaged)).error(), Catch::Contains("out of order"));
  damaged = bytes;
  damaged[32 + 1 * 6 + 2] = 63;  // 1a1 4d4 and O on 4d4 as well
  CHECK_THAT(OpeningTable::fromBytes(resealed(damaged)).error(),
             Catch::Contains("not a canonical position"));
  damaged = bytes;
  damaged[32 + 0 * 6 + 5] = 64;  // no cell
  CHECK_THAT(OpeningTable::fromBytes(resealed(damaged)).error(), Catch::Contains("its move"));
  damaged = bytes;
  damaged[32 + 2 * 6 + 5] = bytes[32 + 2 * 6] >> 2;  // the cell of the key's first stone
  CHECK_THAT(OpeningTable::fromBytes(resealed(damaged)).error(), Catch::Contains("its move"));
}

TEST_CASE("an entry's move is a cell of the position asked about, from every image") {
  const Position p = at("1a1 2b3 4c2 1d4");
  const int win = parseMove("3c3").value();
  OpeningTable t;
  t.add(p, {TableValue::XWins, 41, false, true, win});
  t.add(at("1a1 4d4 2b2"), {TableValue::OWins, 12, true, true});  // no move
  t.finish();
  for (int s = 0; s < kSymmetries; ++s) {
    const auto e = t.find(transform(s, p));
    REQUIRE(e);
    CHECK(e->move == mapCell(s, win));
  }
  CHECK(t.find(at("1a1 4d4 2b2"))->move == -1);
  const auto back = OpeningTable::fromBytes(t.serialize());
  REQUIRE(back);
  CHECK(back.value().find(p)->move == win);
  CHECK(back.value().find(at("1a1 4d4 2b2"))->move == -1);
}

TEST_CASE("a table of the format before moves (QUBTAB02) is read, with no moves") {
  OpeningTable t;
  t.add(at("1a1 4d4 2b2"), {TableValue::OWins, 12, true, true, parseMove("1b2").value()});
  t.add(Position{}, {TableValue::XWins, 31, false, true, 0});
  t.finish();
  std::vector<std::uint8_t> bytes = t.serialize(), old(bytes.begin(), bytes.begin() + 32);
  old[7] = '2';
  for (std::size_t at = 32; at + 8 < bytes.size(); at += 6)  // each entry without its move
    old.insert(old.end(), &bytes[at], &bytes[at + 5]);
  putLittleEndian(old, fnv1a64(old), 8);
  const auto read = OpeningTable::fromBytes(old);
  REQUIRE(read);
  CHECK(read.value().find(Position{}) == TableEntry{TableValue::XWins, 31, false, true});
  CHECK(read.value().find(at("1a1 4d4 2b2")) == TableEntry{TableValue::OWins, 12, true, true});
}

TEST_CASE("values of fewer stones follow by the rules from their replies") {
  // O to move after 1a1 1b2 2b2: X wins when every reply is an X win, and the distance is
  // one more than the longest.
  const Position three = at("1a1 1b2 2b2");
  OpeningTable t;
  int longest = 0, reply = 0;
  for (Bitboard m = three.emptyCells(); m; m &= m - 1, ++reply) {
    Position child = three;
    child.play(lowestCell(m));
    const int plies = 20 + reply % 7;
    if (!t.find(child)) longest = std::max(longest, plies);
    t.add(child, {TableValue::XWins, plies, false, true});
    t.finish();
  }
  OpeningTable all = t;
  CHECK(all.deriveFewerStones() >= 1);
  const auto e = all.find(three);
  REQUIRE(e);
  CHECK(e->value == TableValue::XWins);
  CHECK(e->plies == longest + 1);
  CHECK(e->certified);
  Position longestDefence = three;  // O's move: a reply of the longest win
  longestDefence.play(e->move);
  CHECK(t.find(longestDefence)->plies == longest);
  // X to move before 2b2 plays it, the shortest win of those in the table (here the only one).
  const auto two = all.find(at("1a1 1b2"));
  REQUIRE(two);
  CHECK(two->value == TableValue::XWins);
  CHECK(two->plies == e->plies + 1);
  CHECK(two->move == parseMove("2b2").value());
  CHECK_FALSE(all.find(at("1a1")));  // O's other replies are not in the table

  // One reply missing (4d4, alone in its class): O may have a way out; nothing is derived.
  Position escape = three;
  escape.play(parseMove("4d4").value());
  OpeningTable partial;
  for (Bitboard m = three.emptyCells(); m; m &= m - 1) {
    Position child = three;
    child.play(lowestCell(m));
    if (canonical(child) != canonical(escape)) partial.add(child, *t.find(child));
  }
  partial.finish();
  partial.deriveFewerStones();
  CHECK_FALSE(partial.find(three));
  CHECK(partial.find(at("1a1 1b2 2b2 1c1")));

  // One reply O wins: O wins, by that reply.
  OpeningTable lost = t;
  lost.add(escape, {TableValue::OWins, 9, false, true});
  lost.finish();
  lost.deriveFewerStones();
  CHECK(lost.find(three) ==
        TableEntry{TableValue::OWins, 10, false, true, parseMove("4d4").value()});
}

TEST_CASE("a four-stone win's move transposes its win to the positions that meet it") {
  // X wins after 1a1 1b2 2b2 1c1 by 4d4; 2b2 1b2 4d4 1c1 and 1a1 1b2 4d4 1c1 reach the same
  // position by 1a1 and 2b2, and so win the same way.
  const Position p = at("1a1 1b2 2b2 1c1");
  const int win = parseMove("4d4").value();
  Position reached = p;
  reached.play(win);
  const std::array<std::pair<Position, int>, 2> others{
      std::pair{at("4d4 1b2 2b2 1c1"), parseMove("1a1").value()},
      std::pair{at("1a1 1b2 4d4 1c1"), parseMove("2b2").value()}};
  std::set<std::uint32_t> classes;  // the new ones, told apart by canonical form
  for (const auto& [other, move] : others)
    if (canonical(other) != canonical(p)) classes.insert(tableKey(canonical(other)));
  REQUIRE_FALSE(classes.empty());

  OpeningTable t;
  t.add(p, {TableValue::XWins, 17, true, true, win});
  t.finish();
  CHECK(t.deriveByTransposition() == classes.size());
  CHECK(t.size(4) == 1 + classes.size());
  for (const auto& [other, move] : others) {
    const auto e = t.find(other);
    REQUIRE(e);
    CHECK(e->value == TableValue::XWins);
    CHECK(e->plies == 17);
    CHECK_FALSE(e->exact);  // a bound: a shorter win may start otherwise
    CHECK(e->certified);
    Position next = other;  // its move reaches the win's position, up to a symmetry
    next.play(e->move);
    CHECK(canonical(next) == canonical(reached));
  }
  CHECK(t.deriveByTransposition() == 0);  // nothing more follows
  CHECK(transpositionConflicts(t).empty());

  // A value already held stays; where it contradicts the win, the conflict is named.
  OpeningTable held;
  held.add(p, {TableValue::XWins, 17, true, true, win});
  held.add(others[0].first, {TableValue::OWins, 30, false, true, -1});
  held.finish();
  const auto conflicts = transpositionConflicts(held);
  REQUIRE(conflicts.size() == 1);
  CHECK(canonical(conflicts[0].first) == canonical(others[0].first));
  CHECK(canonical(conflicts[0].second) == canonical(p));
  held.deriveByTransposition();
  CHECK(held.find(others[0].first)->value == TableValue::OWins);
  // The win the join adds (the other position) contradicts it as well.
  CHECK(transpositionConflicts(held).size() == 2);

  // A loss, or a win without its move, says nothing of other positions.
  for (const TableEntry& e : {TableEntry{TableValue::OWins, 20, false, true, win},
                              TableEntry{TableValue::XWins, 17, false, true, -1}}) {
    OpeningTable alone;
    alone.add(p, e);
    alone.finish();
    CHECK(alone.deriveByTransposition() == 0);
    CHECK(alone.size() == 1);
  }
}

TEST_CASE("the last reply missing from a position of fewer stones is listed, and only then") {
  // Every class of replies to O to move after 1a1 1b2 2b2 an X win, but for `escape`'s (4d4).
  const Position three = at("1a1 1b2 2b2");
  Position escape = three, other = three;
  escape.play(parseMove("4d4").value());
  other.play(parseMove("1c1").value());
  REQUIRE(canonical(other) != canonical(escape));
  auto repliesBut = [&](std::set<std::uint32_t> left) {
    OpeningTable t;
    for (Bitboard m = three.emptyCells(); m; m &= m - 1) {
      Position child = three;
      child.play(lowestCell(m));
      if (!left.count(tableKey(canonical(child))))
        t.add(child, {TableValue::XWins, 30, false, true});
    }
    t.finish();
    return t;
  };
  const std::uint32_t escapeKey = tableKey(canonical(escape));
  const OpeningTable oneLeft = repliesBut({escapeKey});
  const std::vector<Position> listed = lastMissingReplies(oneLeft, 4);
  REQUIRE(listed.size() == 1);
  CHECK(listed[0] == canonicalPosition(escape));
  CHECK_FALSE(oneLeft.find(escape));
  // Deciding it settles the position of three stones, as the rules derive it.
  OpeningTable decided = oneLeft;
  decided.add(escape, {TableValue::XWins, 30, false, true});
  decided.finish();
  decided.deriveFewerStones();
  CHECK(decided.find(three));
  CHECK(lastMissingReplies(decided, 4).empty());

  // Two classes left: neither settles anything alone.
  CHECK(lastMissingReplies(repliesBut({escapeKey, tableKey(canonical(other))}), 4).empty());
  // A reply O wins settles the position already: the one left out does not matter.
  OpeningTable won = oneLeft;
  won.add(other, {TableValue::OWins, 9, false, true});
  won.finish();
  CHECK(lastMissingReplies(won, 4).empty());
  // One stone: had 1a1 lost for X, 1b1 would be the last first move to decide; 1a1 wins.
  OpeningTable lostCorner;
  lostCorner.add(at("1a1"), {TableValue::OWins, 50, false, true});
  lostCorner.finish();
  const std::vector<Position> second = lastMissingReplies(lostCorner, 1);
  REQUIRE(second.size() == 1);
  CHECK(second[0] == canonicalPosition(at("1b1")));
  OpeningTable wonCorner;
  wonCorner.add(at("1a1"), {TableValue::XWins, 50, false, true});
  wonCorner.finish();
  CHECK(lastMissingReplies(wonCorner, 1).empty());
  CHECK(lastMissingReplies(wonCorner, 0).empty());
}
