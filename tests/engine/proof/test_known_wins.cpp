#include <catch2/catch.hpp>

#include <sstream>
#include <string>
#include <vector>

#include "engine/core/checksum.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/known_wins.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"

using namespace qubic;

namespace {

Position at(const char* moves) { return playMoves({}, moves).value(); }

KnownWins sealed(KnownWins k) {
  k.seal();
  return k;
}

// Known wins holding one entry: `move` wins `pos` for its side to move.
KnownWins oneWin(const Position& pos, int move) {
  KnownWins k;
  k.add(pos, move);
  return sealed(k);
}

struct Proof {
  PnsResult result;
  std::string text;
};

// Proves `pos` for its side to move on fresh tables, with `known` when given, and writes
// the proof (each node asked within `perNode`).
Proof proveAndWrite(const Position& pos, const KnownWins* known, const SearchLimits& perNode = {}) {
  TranspositionTable table(64);
  ThreatSearch threats(1 << 16);
  PnsOptions options;
  options.knownWins = known;
  ProofSearch search(table, threats, options);
  SearchLimits limits;
  limits.maxPositions = 2'000'000;
  Proof p{search.prove(pos, pos.sideToMove(), limits), {}};
  if (p.result.answer != Answer::Proven) return p;
  std::ostringstream out;
  if (writeProof(out, pos, pos.sideToMove(), search, threats, perNode, ForcingWins::First).complete)
    p.text = out.str();
  return p;
}

}  // namespace

TEST_CASE("a known win is found from every image of its position, its move mapped") {
  const Position p = at("1a1 1b2 2b2 1c1");
  const int move = parseMove("1d1").value();
  const KnownWins known = oneWin(p, move);
  REQUIRE(known.size() == 1);
  CHECK(known.countOf(4) == 1);
  for (int s = 0; s < kSymmetries; s += 7) {
    const std::optional<int> found = known.winningMove(transform(s, p));
    REQUIRE(found);
    CHECK(*found == mapCell(s, move));
  }
  CHECK_FALSE(known.winningMove(at("1a1 1b2 2b2 1d1")));
}

TEST_CASE("a known-wins file reads back as written and is refused when damaged") {
  KnownWins k;
  k.add(at("1a1 1b2 2b2 1c1"), parseMove("1d1").value());
  k.add(at("1a1 1b2"), parseMove("2b2").value());
  k.add(at("1a1 1b2"), parseMove("2b2").value());  // a repeat is kept once
  const KnownWins known = sealed(k);
  CHECK(known.size() == 2);
  std::vector<std::uint8_t> bytes = known.toBytes();
  const Parsed<KnownWins> back = KnownWins::fromBytes(bytes);
  REQUIRE(back);
  CHECK(back.value().size() == 2);
  CHECK(back.value().winningMove(at("1a1 1b2")) == parseMove("2b2").value());

  std::vector<std::uint8_t> flipped = bytes;
  flipped[30] ^= 1;
  CHECK_THAT(KnownWins::fromBytes(flipped).error(), Catch::Contains("checksum"));
  const std::vector<std::uint8_t> cut(bytes.begin(), bytes.end() - 5);
  CHECK_THAT(KnownWins::fromBytes(cut).error(), Catch::Contains("wrong length"));
  CHECK_THAT(KnownWins::fromBytes(std::vector<std::uint8_t>(40, 'q')).error(),
             Catch::Contains("not a known-wins file"));
  // The two entries swapped, the checksum made good: out of order, so refused (a binary
  // search would miss entries).
  std::vector<std::uint8_t> swapped = bytes;
  const std::size_t first = 19 + 8;
  std::swap_ranges(swapped.begin() + first, swapped.begin() + first + 17,
                   swapped.begin() + first + 17);
  swapped.resize(swapped.size() - 8);
  putLittleEndian(swapped, fnv1a64(swapped), 8);
  CHECK_THAT(KnownWins::fromBytes(swapped).error(), Catch::Contains("malformed entry"));
}

TEST_CASE("a search takes what another proof holds as proven, and its proof still checks") {
  const Position p = at("1a1 1b2 2b2 1c1");
  const Proof alone = proveAndWrite(p, nullptr);
  REQUIRE(alone.result.answer == Answer::Proven);
  REQUIRE_FALSE(alone.text.empty());
  // The proof's nodes below the root, as a finished job's proof gives them to the next.
  KnownWins below;
  std::istringstream in(alone.text);
  REQUIRE(verifyProof(in, [&](const Position& pos, int move, int) {
            if (!(pos == p)) below.add(pos, move);
          }).verified);
  below.seal();
  REQUIRE(below.size() > 10);

  const Proof helped = proveAndWrite(p, &below);
  REQUIRE(helped.result.answer == Answer::Proven);
  CHECK(helped.result.positions * 4 < alone.result.positions);
  REQUIRE_FALSE(helped.text.empty());
  std::istringstream written(helped.text);
  const VerifyResult v = verifyProof(written);
  CHECK(v.verified);
  CHECK(v.root == p);
}

TEST_CASE("a false known win is taken by the search but no proof of it can be written") {
  // O wins this (docs/table.md): an entry saying X wins by 1a2 is false.
  const Position p =
      parsePosition("oxx.........o.../................/................/................ x")
          .value();
  const KnownWins bogus = oneWin(p, parseMove("1a2").value());
  SearchLimits perNode;
  perNode.maxPositions = 20'000;
  const Proof p2 = proveAndWrite(p, &bogus, perNode);
  CHECK(p2.result.answer == Answer::Proven);  // the search trusts its known wins
  CHECK(p2.text.empty());                     // the proof writer does not
}

TEST_CASE("a known win's move the caller excludes at the root is not taken") {
  const Position p = at("1a1 1b2 2b2 1c1");
  const int move = parseMove("1d1").value();
  const KnownWins known = oneWin(p, move);
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  PnsOptions options;
  options.knownWins = &known;
  ProofSearch search(table, threats, options);
  SearchLimits limits;
  limits.maxPositions = 100;
  limits.excludedRootMoves = bit(move);
  const PnsResult r = search.prove(p, Side::X, limits);
  CHECK(r.bestMove != move);
  CHECK(r.positions > 0);  // searched, not taken from the known wins
}

TEST_CASE("a known win of the defender's disproves its node at once") {
  // O to move with a related pair crossing at 1d1 (1a1-1d1 and 1d1-1d4): O wins in three
  // plies, which the attacker's search does not see from the node's own evaluation. Known
  // wins are looked up near the root only: here up to nine stones.
  const Position q = at("4a4 1b1 4b3 1c1 3c2 1d2 2a3 1d3 3d4");
  REQUIRE(q.sideToMove() == Side::O);
  const Proof oWins = proveAndWrite(q, nullptr);  // the entry below is true
  REQUIRE(oWins.result.answer == Answer::Proven);
  const KnownWins known = oneWin(q, oWins.result.bestMove);
  auto xSearch = [&](const Position& pos, bool defenderWins) {
    TranspositionTable table(16);
    ThreatSearch threats(1 << 16);
    PnsOptions options;
    options.symmetryDepth = 9;
    options.knownWins = &known;
    options.knownDefenderWins = defenderWins;
    ProofSearch search(table, threats, options);
    SearchLimits limits;
    limits.maxPositions = 1;
    return search.prove(pos, Side::X, limits);
  };
  const PnsResult taken = xSearch(q, true);
  CHECK(taken.answer == Answer::Disproven);
  CHECK(taken.positions == 1);
  CHECK(xSearch(transform(77, q), true).answer == Answer::Disproven);  // from an image too
  CHECK(xSearch(q, false).answer == Answer::Unknown);  // the node's evaluation alone
}

TEST_CASE(
    "sealing now and then, or joining sealed sets, makes the file one seal at the end makes") {
  // Random positions and moves, many of them repeated with other moves: each way of
  // gathering must keep one entry a position, the smallest move, in the same bytes.
  std::uint64_t seed = 12345;
  auto next = [&] { return seed = seed * 6364136223846793005ULL + 1442695040888963407ULL; };
  std::vector<std::pair<Position, int>> wins;
  for (int n = 0; n < 3000; ++n) {
    Position p;
    const int stones = static_cast<int>(next() >> 60) % 7;
    for (int k = 0; k < stones; ++k) {
      const Bitboard empty = p.emptyCells();
      int cell = static_cast<int>((next() >> 40) % kCells);
      while (!(empty & bit(cell))) cell = (cell + 1) % kCells;
      p.play(cell);
    }
    int move = static_cast<int>((next() >> 40) % kCells);
    while (!(p.emptyCells() & bit(move))) move = (move + 1) % kCells;
    wins.push_back({p, move});
    if (n % 3 == 0) {  // a repeat, with another move where there is one
      int other = (move + 1) % kCells;
      while (!(p.emptyCells() & bit(other))) other = (other + 1) % kCells;
      wins.push_back({p, other});
    }
  }
  KnownWins once, often, joined, part;
  std::vector<KnownWins> parts(3);
  for (std::size_t i = 0; i < wins.size(); ++i) {
    once.add(wins[i].first, wins[i].second);
    often.add(wins[i].first, wins[i].second);
    if (i % 97 == 0) often.seal();
    parts[i % 3].add(wins[i].first, wins[i].second);
    if (i % 211 == 0) parts[i % 3].seal();
  }
  once.seal();
  often.seal();
  for (KnownWins& p : parts) joined.merge(std::move(p));
  CHECK(once.size() < wins.size());  // the repeats were dropped
  CHECK(often.toBytes() == once.toBytes());
  CHECK(joined.toBytes() == once.toBytes());
  CHECK(parts[0].size() == 0);  // moved out
  for (const auto& [pos, move] : wins) {
    const std::optional<int> found = once.winningMove(pos);
    REQUIRE(found);
    CHECK(pos.isLegal(*found));
  }
}
