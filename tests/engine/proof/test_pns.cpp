#include <catch2/catch.hpp>

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <new>
#include <random>
#include <thread>
#include <tuple>
#include <unordered_map>

#include "allocation_count.hpp"
#include "engine/core/large_array.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/node_evaluation.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::allocationCount;
using qubic::testing::randomPosition;

namespace {

// Plain memoised minimax over every legal move: the game value for the side to
// move (+1 win, 0 draw, -1 loss). Uses only the rules.
struct Minimax {
  std::unordered_map<std::uint64_t, int> memo;

  int value(Position& p) {
    if (p.isGameOver()) return p.status() == Status::Draw ? 0 : -1;  // the previous mover won
    const std::uint64_t k = p.key();
    if (auto it = memo.find(k); it != memo.end()) return it->second;
    int best = -1;
    for (Bitboard m = p.emptyCells(); m && best < 1;) {
      const int c = popLowest(m);
      p.play(c);
      best = std::max(best, -value(p));
      p.undo(c);
    }
    memo.emplace(k, best);
    return best;
  }
};

}  // namespace

TEST_CASE("df-pn agrees with plain minimax on positions with at most 12 empty cells") {
  // Each enhancement on its own and all together; a symmetry depth of 64 puts every
  // node through the canonical-key and stabilizer code.
  PnsOptions options;
  const int variant = GENERATE(0, 1, 2, 3, 4, 5, 6, 7);
  if (variant == 1) options.symmetryDepth = 64;
  if (variant == 2) options.threatSearch = false;
  if (variant == 3) options.weakSums = false, options.epsilon = 0;
  if (variant == 4) options.forcedReplyCost = 0;
  if (variant == 5) options.courseSeed = 0x5eed;
  if (variant == 6) options.defenderThreatNodes = 2000;
  if (variant == 7) options.siblingWins = false;
  INFO("variant " << variant);
  std::mt19937_64 rng(11 + variant);
  TranspositionTable table(16);
  ThreatSearch threats(1 << 12);
  int proven = 0, disproven = 0;
  for (int i = 0; i < 150; ++i) {
    const Position p = randomPosition(rng, 64 - std::uniform_int_distribution<int>(6, 12)(rng));
    Position copy = p;
    Minimax reference;
    const int value = reference.value(copy);
    for (Side attacker : {Side::X, Side::O}) {
      ProofSearch search(table, threats, options);
      const PnsResult r = search.prove(p, attacker, {});
      REQUIRE(r.answer != Answer::Unknown);
      const bool attackerWins = attacker == p.sideToMove() ? value == 1 : value == -1;
      INFO("position moves=" << p.moveCount() << " attacker=" << (attacker == Side::X ? 'x' : 'o'));
      CHECK((r.answer == Answer::Proven) == attackerWins);
      if (r.answer == Answer::Proven && attacker == p.sideToMove()) {
        // The proving move must itself be winning by the reference.
        REQUIRE(p.isLegal(r.bestMove));
        Position after = p;
        after.play(r.bestMove);
        CHECK((after.isGameOver() || Minimax{}.value(after) == -1));
      }
      (r.answer == Answer::Proven ? proven : disproven)++;
    }
  }
  CHECK(proven > 25);
  CHECK(disproven > 25);
}

namespace {

// Whether `attacker` wins from `p` with every line of the win ending before the position
// has `cap` stones, by the rules alone.
bool winsWithin(Position& p, Side attacker, int cap,
                std::unordered_map<std::uint64_t, bool>& memo) {
  if (p.isGameOver()) return p.status() != Status::Draw && opponent(p.sideToMove()) == attacker;
  if (p.moveCount() >= cap) return false;
  const std::uint64_t k = p.key();
  if (auto it = memo.find(k); it != memo.end()) return it->second;
  const bool attackerMoves = p.sideToMove() == attacker;
  bool wins = !attackerMoves;
  for (Bitboard m = p.emptyCells(); m && wins != attackerMoves;) {
    const int c = popLowest(m);
    p.play(c);
    wins = winsWithin(p, attacker, cap, memo);
    p.undo(c);
  }
  memo.emplace(k, wins);
  return wins;
}

}  // namespace

TEST_CASE("a bound on the win's depth finds every win within it and claims no other answer") {
  // The threat search may still prove a node at the bound, or a defender's reply its zone
  // leaves out by a sequence that ends past it: so the bounded search proves at least the
  // wins within the bound, and only wins.
  const int plies = GENERATE(1, 3, 5, 7);
  INFO("bound " << plies << " plies");
  std::mt19937_64 rng(29 + plies);
  TranspositionTable table(16);
  ThreatSearch threats(1 << 12);
  int within = 0, unknown = 0;
  for (int i = 0; i < 120; ++i) {
    const Position p = randomPosition(rng, 64 - std::uniform_int_distribution<int>(6, 12)(rng));
    for (Side attacker : {Side::X, Side::O}) {
      PnsOptions options;
      options.stoneCap[static_cast<int>(attacker)] = p.moveCount() + plies;
      ProofSearch search(table, threats, options);
      const PnsResult r = search.prove(p, attacker, {});
      REQUIRE(r.answer != Answer::Disproven);
      REQUIRE((r.answer == Answer::Proven || r.rootDn == 0));  // the search ended
      Position copy = p;
      std::unordered_map<std::uint64_t, bool> bounded;
      const bool wins = winsWithin(copy, attacker, p.moveCount() + plies, bounded);
      Position again = p;
      const int value = Minimax{}.value(again);
      const bool attackerWins = attacker == p.sideToMove() ? value == 1 : value == -1;
      INFO("position " << positionString(p) << " attacker " << (attacker == Side::X ? 'x' : 'o'));
      if (wins) CHECK(r.answer == Answer::Proven);
      if (r.answer == Answer::Proven) CHECK(attackerWins);
      within += wins;
      unknown += r.answer == Answer::Unknown;
    }
  }
  CHECK(within > 10);
  CHECK(unknown > 10);  // where no win lies within the bound, no loss was claimed
}

// "Does X win from the empty board?" under the given limits, with a fresh small table.
PnsResult proveEmptyBoard(const SearchLimits& limits, std::size_t tableMb) {
  TranspositionTable table(tableMb);
  ThreatSearch threats(1 << 12);
  ProofSearch search(table, threats);
  return search.prove(Position{}, Side::X, limits);
}

TEST_CASE("a defender node with a single reply costs its child's proof number plus the set cost") {
  // O must block X's three at 1d1; neither side has a forcing win, so a short search
  // leaves both the node and the block unsolved.
  const Position node = playMoves(Position{}, "1a1 4d4 1b1 3c3 1c1").value();
  REQUIRE(threatCells(node, Side::X) == bit(parseMove("1d1").value()));
  Position child = node;
  child.play(parseMove("1d1").value());
  for (const ProofNumber cost : {ProofNumber{0}, ProofNumber{2}, ProofNumber{5}}) {
    INFO("cost " << cost);
    TranspositionTable table(4);
    ThreatSearch threats(1 << 12);
    PnsOptions options;
    options.forcedReplyCost = cost;
    ProofSearch search(table, threats, options);
    SearchLimits limits;
    limits.maxPositions = 300;
    REQUIRE(search.prove(node, Side::X, limits).answer == Answer::Unknown);
    const std::optional<TTEntry> parent = search.lookup(node, Side::X);
    const std::optional<TTEntry> reply = search.lookup(child, Side::X);
    REQUIRE(parent);
    REQUIRE(reply);
    REQUIRE(!reply->isSolved());
    CHECK(parent->pn == reply->pn + cost);
    CHECK(parent->dn == reply->dn);
  }
}

TEST_CASE("a defender node the defender wins by a threat sequence is disproven at once") {
  // O to move plays 1a1, making two threes (1a1-1d1 and 1a1-1a4); X has no three and no
  // forcing line of its own, so without the defender's search the node is open.
  const Position node =
      parsePosition(".oo.o...o......./.......x..x...../.............x../..x.........x... o")
          .value();
  REQUIRE(!threatCells(node, Side::X));
  REQUIRE(!threatCells(node, Side::O));
  ThreatSearch threats(1 << 12);
  std::uint64_t threatNodes = 0;
  PnsOptions options;
  options.defenderThreatNodes = 2000;
  const NodeEvaluation with = evaluateNode(node, Side::X, options, threats, false, threatNodes);
  CHECK(with.answer == Answer::Disproven);
  CHECK(with.distance == 3);  // 1a1, X blocks one three, O completes the other
  options.defenderThreatNodes = 0;
  const NodeEvaluation without = evaluateNode(node, Side::X, options, threats, false, threatNodes);
  CHECK(without.answer == Answer::Unknown);
}

TEST_CASE("a child's threat-sequence win holds for a sibling outside its zone (sibling wins)") {
  // The claim the search's SiblingWin rests on: after the node's side to move plays m1,
  // the other side wins by the sequence S; then after any other move m2 of the node's
  // outside S's zone that would make no three for the mover after m1, S wins too. Checked
  // by the rules alone, move by move of S, wherever the child is not settled at once.
  std::mt19937_64 rng(2026'12'06);
  ThreatSearch threats(1 << 14);
  int checked = 0, barred = 0;
  for (int i = 0; i < 300; ++i) {
    const Position node = randomPosition(rng, 4, 24);
    const Side mover = node.sideToMove(), owner = opponent(mover);
    for (Bitboard firsts = node.emptyCells(); firsts;) {
      const int m1 = popLowest(firsts);
      Position first = node;
      first.play(m1);
      if (first.isGameOver()) continue;
      const ThreatResult s = threats.forcedWin(first, owner);
      if (!s.win) continue;
      const Bitboard out = s.zone | threeMakingCells(first, mover);
      const std::span<const std::uint8_t> moves(s.sequence.data(),
                                                static_cast<std::size_t>(s.length));
      for (Bitboard seconds = node.emptyCells() & ~bit(m1); seconds;) {
        const int m2 = popLowest(seconds);
        if (out & bit(m2)) {
          ++barred;
          continue;
        }
        Position second = node;
        second.play(m2);
        // A three of the owner's that m1 blocked wins at once: evaluateNode settles such
        // a child before any search, so no sequence stands in for it there.
        if (threatCells(second, owner)) continue;
        INFO(positionString(node) << " m1 " << moveToken(m1) << " m2 " << moveToken(m2));
        CHECK(checkForcingWin(second, owner, moves).empty());
        ++checked;
      }
      break;  // one sequence a node: the nodes vary more than the moves
    }
  }
  CHECK(checked > 1000);
  CHECK(barred > 1000);
}

TEST_CASE("a node limit ends the search with an unknown answer") {
  SearchLimits limits;
  limits.maxNodes = 500;
  const PnsResult r = proveEmptyBoard(limits, 1);
  CHECK(r.answer == Answer::Unknown);
  CHECK(r.nodes <= 500 + PnsOptions{}.threatNodes);  // a threat search in progress finishes
}

TEST_CASE("a position budget ends the search after exactly that many evaluations") {
  SearchLimits limits;
  limits.maxPositions = 20000;
  const PnsResult r = proveEmptyBoard(limits, 8);
  CHECK(r.answer == Answer::Unknown);
  CHECK(r.positions == 20000);
  CHECK(r.nodes > r.positions);  // the threat search's nodes are counted in nodes only
}

TEST_CASE("slicing a search by positions takes the same course whatever the threat table's size") {
  // The threat table changes how many threat-search nodes are spent, not what is found,
  // so a run cut every 500 positions must visit the same positions with either table.
  const Position start;  // far from solved within the 20 000 positions below
  auto run = [&](std::size_t threatEntries) {
    TranspositionTable table(8);
    ThreatSearch threats(threatEntries);
    ProofSearch search(table, threats);
    std::uint64_t positions = 0;
    PnsResult r;
    for (int slice = 0; slice < 40 && r.answer == Answer::Unknown; ++slice) {
      SearchLimits limits;
      limits.maxPositions = 500;
      r = search.prove(start, Side::X, limits);
      positions += r.positions;
    }
    return std::tuple{positions, r.rootPn, r.rootDn, r.bestMove, r.nodes};
  };
  const auto small = run(1 << 6);
  const auto large = run(1 << 16);
  CHECK(std::get<0>(small) == std::get<0>(large));
  CHECK(std::get<1>(small) == std::get<1>(large));
  CHECK(std::get<2>(small) == std::get<2>(large));
  CHECK(std::get<3>(small) == std::get<3>(large));
  CHECK(std::get<4>(small) >
        std::get<4>(large));  // the small table did cost more threat-search nodes
}

TEST_CASE("a seeded course is the same on every run, and not the unseeded one") {
  auto run = [](std::uint64_t seed) {
    TranspositionTable table(8);
    ThreatSearch threats(1 << 12);
    PnsOptions options;
    options.courseSeed = seed;
    ProofSearch search(table, threats, options);
    SearchLimits limits;
    limits.maxPositions = 20000;  // far from solving the empty board
    const PnsResult r = search.prove(Position{}, Side::X, limits);
    return std::tuple{r.rootPn, r.rootDn, r.bestMove, r.nodes};
  };
  const auto seeded = run(3);
  CHECK(run(3) == seeded);
  CHECK(run(0) != seeded);
  CHECK(run(4) != seeded);
}

TEST_CASE("a time limit of 50 ms is kept (within ten times that, for loaded machines)") {
  TranspositionTable table(8);
  ThreatSearch threats(1 << 12);
  ProofSearch search(table, threats);
  SearchLimits limits;
  limits.maxTime = std::chrono::milliseconds(50);
  const auto start = std::chrono::steady_clock::now();
  const PnsResult r = search.prove(Position{}, Side::X, limits);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(r.answer == Answer::Unknown);
  CHECK(elapsed < std::chrono::milliseconds(500));
}

TEST_CASE("a raised stop flag ends the search at once") {
  TranspositionTable table(1);
  ThreatSearch threats(1 << 12);
  ProofSearch search(table, threats);
  std::atomic<bool> stop{true};
  SearchLimits limits;
  limits.stop = &stop;
  const PnsResult r = search.prove(Position{}, Side::X, limits);
  CHECK(r.answer == Answer::Unknown);
  CHECK(r.nodes <= 1);
}

TEST_CASE("a search allocates nothing once the table exists") {
  TranspositionTable table(4);
  ThreatSearch threats(1 << 12);
  ProofSearch search(table, threats);
  SearchLimits limits;
  limits.maxNodes = 20000;
  const long before = allocationCount();
  const PnsResult r = search.prove(Position{}, Side::X, limits);
  const long made = allocationCount() - before;  // read before Catch records anything
  CHECK(made == 0);
  CHECK(r.nodes >= 20000);  // the search really ran
}

// Pointers stored here escape, so the compiler cannot drop the allocations below.
static void* volatile allocationSink;

TEST_CASE("the allocation count sees every form of new") {
  struct alignas(64) Wide {
    char bytes[64];
  };
  const long before = allocationCount();
  int* one = new int(1);
  allocationSink = one;
  delete one;
  int* many = new int[8];
  allocationSink = many;
  delete[] many;
  Wide* wide = new Wide;
  allocationSink = wide;
  const bool aligned = reinterpret_cast<std::uintptr_t>(wide) % alignof(Wide) == 0;
  delete wide;
  int* maybe = new (std::nothrow) int(2);
  allocationSink = maybe;
  delete maybe;
  const long made = allocationCount() - before;
  CHECK(made == 4);
  CHECK(aligned);
}

TEST_CASE("a large array starts zeroed and aligned, small or big") {
  for (const std::size_t size : {std::size_t{1}, std::size_t{1000}, std::size_t{1} << 19}) {
    LargeArray<std::uint64_t> a(size);
    REQUIRE(a.size() == size);
    CHECK(reinterpret_cast<std::uintptr_t>(a.data()) % 64 == 0);
    bool zero = true;
    for (std::size_t i = 0; i < size; ++i) zero &= a[i] == 0;
    CHECK(zero);
    a[size - 1] = 7;  // the whole range is usable
    CHECK(a[size - 1] == 7);
  }
}

TEST_CASE(
    "the table gives back what was stored: numbers, moves, flags, best move and a solved entry's "
    "distance") {
  TranspositionTable table(1);
  TTEntry open;
  open.key = 0x123456789abcdef1ULL;
  open.moves = 0x8000000000000001ULL;
  open.pn = 7;
  open.dn = 4000000000u;
  open.work = 1000;
  open.bestMove = 63;
  open.flags = kThreatened | kChildrenSeen | kNoThreatWin;
  table.store(open);
  std::optional<TTEntry> got = table.probe(open.key);
  REQUIRE(got);
  CHECK(got->moves == open.moves);
  CHECK(got->pn == 7);
  CHECK(got->dn == 4000000000u);
  CHECK(got->bestMove == 63);
  CHECK(got->flags == (kThreatened | kChildrenSeen | kNoThreatWin));
  CHECK(got->work >= 512);  // kept as a power of two, rounded down
  CHECK(got->work <= 1000);
  CHECK_FALSE(table.probe(open.key ^ (std::uint64_t{1} << 40)));  // another key is not this entry

  TTEntry proven;
  proven.key = 0xfedcba9876543211ULL;
  proven.pn = 0;
  proven.dn = kInfinity;
  proven.distance = 37;
  proven.moves = ~Bitboard{0};
  table.store(proven);
  got = table.probe(proven.key);
  REQUIRE(got);
  CHECK(got->pn == 0);
  CHECK(got->dn == kInfinity);
  CHECK(got->distance == 37);
  CHECK(got->bestMove == 0xff);
  TTEntry disproven = proven;
  disproven.key += 2;
  disproven.pn = kInfinity;
  disproven.dn = 0;
  disproven.distance = 12;
  table.store(disproven);
  got = table.probe(disproven.key);
  REQUIRE(got);
  CHECK(got->pn == kInfinity);
  CHECK(got->dn == 0);
  CHECK(got->distance == 12);
}

TEST_CASE("while threads store and probe at once, a probe gives a whole entry or none") {
  // Two threads keep rewriting the same few positions with new numbers while a third
  // reads them without a lock: every entry read must be one that was stored whole, never
  // one's moves with another's numbers. Each entry's moves are derived from its numbers,
  // so a mix shows.
  TranspositionTable table(1);
  table.shareBetweenThreads();
  constexpr int kKeys = 64;
  auto keyOf = [](int i) { return 0x9e3779b97f4a7c15ULL * static_cast<std::uint64_t>(i + 1); };
  auto movesOf = [](std::uint64_t key, ProofNumber pn, ProofNumber dn) {
    return key ^ (std::uint64_t{pn} << 32 | dn) ^ 0x5555aaaa5555aaaaULL;
  };
  std::atomic<bool> done{false};
  auto writer = [&](ProofNumber seed) {
    std::mt19937 rng(seed);
    for (int n = 0; n < 300000; ++n) {
      TTEntry e;
      e.key = keyOf(static_cast<int>(rng() % kKeys));
      e.pn = 1 + rng() % 1000000;
      e.dn = 1 + rng() % 1000000;
      e.moves = movesOf(e.key, e.pn, e.dn);
      e.work = 1;
      table.store(e);
    }
  };
  std::thread a(writer, 1), b(writer, 2);
  std::thread reader([&] {
    while (!done.load())
      for (int i = 0; i < kKeys; ++i)
        if (const std::optional<TTEntry> got = table.probe(keyOf(i)))
          if (got->moves != movesOf(keyOf(i), got->pn, got->dn)) done = true;  // a mixed entry
  });
  a.join();
  b.join();
  const bool mixed = done.exchange(true);
  reader.join();
  CHECK_FALSE(mixed);
  int found = 0;
  for (int i = 0; i < kKeys; ++i)
    if (const std::optional<TTEntry> got = table.probe(keyOf(i))) {
      CHECK(got->moves == movesOf(keyOf(i), got->pn, got->dn));
      ++found;
    }
  CHECK(found > kKeys / 2);  // the entries are there to be read
}

TEST_CASE("numbers summing past the thresholds' range do not stall the search") {
  // Every child of a quiet position gets a huge disproof number, so the root's sum would
  // reach the root's own threshold: the search must still go on evaluating positions.
  const Position root =
      playMoves(Position{}, "1a1 4d4 1d1 1b2 2c3 3b3 4a2 2d2 3c1").value();  // O to move
  ThreatSearch threats(1 << 12);
  REQUIRE_FALSE(threats.forcedWin(root, Side::O).win);
  REQUIRE_FALSE(threatCells(root, Side::X));
  TranspositionTable table(8);
  ProofSearch search(table, threats);
  SearchLimits first;
  first.maxPositions = 1 + popcount(root.emptyCells());  // the root and its children
  search.prove(root, Side::O, first);
  int raised = 0;
  for (Bitboard cells = root.emptyCells(); cells;) {
    Position child = root;
    child.play(popLowest(cells));
    if (std::optional<TTEntry> e = search.lookup(child, Side::O); e && !e->isSolved()) {
      e->dn = 0x80000000u;
      table.store(*e);
      ++raised;
    }
  }
  REQUIRE(raised > 10);
  SearchLimits limits;
  limits.maxPositions = 200;
  limits.maxTime = std::chrono::seconds(20);  // a stalled search would end only here
  const PnsResult r = search.prove(root, Side::O, limits);
  CHECK(r.positions == 200);
  CHECK(r.seconds < 20);
}
