#include <catch2/catch.hpp>

#include <random>
#include <set>
#include <sstream>
#include <string>

#include "engine/core/notation.hpp"
#include "engine/play/strategy.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"

using namespace qubic;

namespace {

Bitboard cells(const std::string& tokens) {
  std::istringstream in(tokens);
  Bitboard b = 0;
  for (std::string t; in >> t;) b |= bit(parseMove(t).value());
  return b;
}

Position stones(const std::string& x, const std::string& o) {
  return Position::fromStones(cells(x), cells(o));
}

int cell(const char* token) { return parseMove(token).value(); }

bool contains(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// Plays the game out from `pos` with the given strategies; returns the final status.
Status playOut(Position pos, Strategy& x, Strategy& o) {
  while (!pos.isGameOver()) {
    const StrategyMove m = (pos.sideToMove() == Side::X ? x : o).choose(pos);
    REQUIRE(pos.isLegal(m.move));
    pos.play(m.move);
  }
  return pos.status();
}

const Tier kTiers[] = {Tier::Elementary, Tier::Planar, Tier::Forcing};

}  // namespace

TEST_CASE("every tier completes its own three before blocking the opponent's") {
  // X: three on 1a1-1d1; O: three on 2a1-2d1. X to move.
  const Position pos = stones("1a1 1b1 1c1", "2a1 2b1 2c1");
  for (const Tier t : kTiers) {
    Strategy s(t, 1);
    const StrategyMove m = s.choose(pos);
    CHECK(m.move == cell("1d1"));
    CHECK(m.reason == "completes a line at 1d1");
  }
}

TEST_CASE("every tier blocks the opponent's three") {
  const Position pos = stones("4d4 3b2 2c4", "2a1 2b1 2c1");
  REQUIRE(threatCells(pos, Side::X) == 0);
  for (const Tier t : kTiers) {
    Strategy s(t, 2);
    const StrategyMove m = s.choose(pos);
    CHECK(m.move == cell("2d1"));
    CHECK(m.reason == "blocks a three at 2d1");
  }
}

TEST_CASE("every tier plays its related pair: a double threat") {
  // X twos 1a1-1b1 (rank 1) and 1d2-1d3 (file d) cross at the empty 1d1.
  const Position pos = stones("1a1 1b1 1d2 1d3", "4d4 4c4 4a1 3b2");
  REQUIRE(doubleThreatCells(pos, Side::X) == bit(cell("1d1")));
  REQUIRE(doubleThreatCells(pos, Side::O) == 0);
  for (const Tier t : kTiers) {
    Strategy s(t, 3);
    const StrategyMove m = s.choose(pos);
    CHECK(m.move == cell("1d1"));
    CHECK(m.reason == "makes a double threat (related pair at 1d1)");
  }
}

TEST_CASE("every tier takes the crossing of the opponent's related pair") {
  const Position pos = stones("4d4 2c4 3a1 2b3", "1a1 1b1 1d2 1d3");
  REQUIRE(doubleThreatCells(pos, Side::O) == bit(cell("1d1")));
  REQUIRE(doubleThreatCells(pos, Side::X) == 0);
  for (const Tier t : kTiers) {
    Strategy s(t, 4);
    const StrategyMove m = s.choose(pos);
    CHECK(m.move == cell("1d1"));
    CHECK(m.reason == "blocks the opponent's related pair at 1d1");
  }
}

TEST_CASE("the preset order puts the seven-line cells first, shuffled by the seed") {
  std::set<int> firstMoves;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    Strategy s(Tier::Elementary, seed);
    const auto& order = s.presetOrder();
    Bitboard seen = 0;
    for (int i = 0; i < kCells; ++i) {
      seen |= bit(order[i]);
      CHECK(((kSevenLineCells & bit(order[i])) != 0) == (i < 16));
    }
    CHECK(seen == ~Bitboard{0});  // a permutation

    const StrategyMove m = s.choose(Position{});
    CHECK(m.move == order[0]);
    CHECK((kSevenLineCells & bit(m.move)));
    CHECK(contains(m.reason, "on seven lines"));
    firstMoves.insert(m.move);
    CHECK(Strategy(Tier::Elementary, seed).presetOrder() == order);  // same seed, same order
  }
  CHECK(firstMoves.size() >= 5);
}

TEST_CASE("plane names say what the plane holds") {
  CHECK(planeName(0) == "file a");
  CHECK(planeName(5) == "rank 2");
  CHECK(planeName(8) == "level 1");
  CHECK(planeName(12) == "diagonal plane 1a1-1d4-4a1-4d4");
  std::set<std::string> names;
  for (int p = 0; p < kPlanes; ++p) names.insert(planeName(p));
  CHECK(names.size() == kPlanes);
}

TEST_CASE("Planar finds a forcing sequence inside an excess-three plane that Elementary misses") {
  // X leads 3-0 in level 1 with no related pair; 1d1 starts a six-move win in the plane.
  const Position pos = stones("1a1 1b1 1b2", "4d4 3c3 4b3");
  REQUIRE(doubleThreatCells(pos, Side::X) == 0);
  REQUIRE(forcingPlanes(pos, Side::X) == 1u << 8);

  Strategy elementary(Tier::Elementary, 5), planar(Tier::Planar, 5);
  CHECK(contains(elementary.choose(pos).reason, "takes"));
  const StrategyMove m = planar.choose(pos);
  CHECK(m.reason == "starts a forced win in 6 moves inside level 1");
  CHECK((kLineTables.planeMask[8] & bit(m.move)));
  CHECK(playOut(pos, planar, elementary) == Status::XWins);
}

TEST_CASE("Planar uses an outside two to raise an excess-two plane to three") {
  // Level 1 holds X 2, O 0. X's vertical two 2a2-3a2 has its empty cell 1a2 in level 1:
  // playing it forces O to 4a2, outside the plane, leaving X three stones ahead there.
  const Position pos = stones("1a1 1b2 2a2 3a2", "4d4 3d3 4b3 4a4");
  REQUIRE(doubleThreatCells(pos, Side::X) == 0);
  REQUIRE_FALSE(excessPlanes(pos, Side::X, 3) & (1u << 8));
  CHECK((forcingPlanes(pos, Side::X) & (1u << 8)));

  Strategy planar(Tier::Planar, 6), elementary(Tier::Elementary, 6);
  const StrategyMove m = planar.choose(pos);
  CHECK(m.move == cell("1a2"));
  CHECK(m.reason == "starts a forced win in 7 moves inside level 1");
  CHECK(playOut(pos, planar, elementary) == Status::XWins);
}

TEST_CASE("Planar breaks the opponent's plane forcing sequence") {
  const Position pos = stones("4d4 3c3 4b3", "1a1 1b1 1b2");
  REQUIRE(planeForcedWin(pos, Side::O).plane == 8);

  Strategy planar(Tier::Planar, 7);
  const StrategyMove m = planar.choose(pos);
  CHECK(contains(m.reason, "breaks the opponent's forcing sequence in level 1"));
  Position next = pos;
  next.play(m.move);
  CHECK(planeForcedWin(next, Side::O).plane < 0);
  CHECK(doubleThreatCells(next, Side::O) == 0);
}

TEST_CASE("Planar builds: it raises excess-two planes to excess three") {
  const Position pos = stones("1a1 1d4", "4b3 3c2");
  REQUIRE(excessPlanes(pos, Side::X, 3) == 0);

  Strategy planar(Tier::Planar, 8);
  const StrategyMove m = planar.choose(pos);
  CHECK(contains(m.reason, "builds at " + moveToken(m.move)));
  Position next = pos;
  next.play(m.move);
  CHECK(excessPlanes(next, Side::X, 3) != 0);
}

TEST_CASE("Forcing plays a whole-cube forced win that the plane rules miss") {
  const Position pos = stones("1c2 1a4 3d1 3b3", "2a4 4b3 4d3 4c4");
  REQUIRE(planeForcedWin(pos, Side::X).plane < 0);
  REQUIRE(doubleThreatCells(pos, Side::X) == 0);

  Strategy planar(Tier::Planar, 9), forcing(Tier::Forcing, 9);
  CHECK_FALSE(contains(planar.choose(pos).reason, "forced win"));
  const StrategyMove m = forcing.choose(pos);
  CHECK(contains(m.reason, "starts a forced win in "));
  Position next = pos;
  next.play(m.move);
  CHECK(threeCount(next, Side::X) == 1);
  CHECK(playOut(pos, forcing, planar) == Status::XWins);
}

TEST_CASE("Forcing breaks the opponent's whole-cube forced win, checked by searching again") {
  const Position pos = stones("2a4 4b3 4d3 4c4", "1c2 1a4 3d1 3b3");
  ThreatSearch search;
  REQUIRE(search.forcedWin(pos, Side::O).win);

  Strategy forcing(Tier::Forcing, 10), planar(Tier::Planar, 10);
  CHECK(contains(planar.choose(pos).reason, "takes"));  // the plane rules see nothing
  const StrategyMove m = forcing.choose(pos);
  CHECK(contains(m.reason, "breaks the opponent's forced win in "));
  Position next = pos;
  next.play(m.move);
  if (const Bitboard gains = threatCells(next, Side::X))
    next.play(lowestCell(gains));  // O's forced block
  CHECK_FALSE(search.forcedWin(next, Side::O).win);
}

TEST_CASE("a finished game has no move") {
  const Position won = stones("1a1 1b1 1c1 1d1", "2a1 2b1 2c1");
  for (const Tier t : kTiers) CHECK(Strategy(t, 1).choose(won).move == -1);
}

TEST_CASE("every tier returns a legal move in thousands of random positions") {
  std::mt19937_64 rng(2024);
  Strategy tiers[] = {Strategy(Tier::Elementary, 11), Strategy(Tier::Planar, 12),
                      Strategy(Tier::Forcing, 13)};
  int positions = 0;
  while (positions < 3000) {
    Position pos;
    const int plies = static_cast<int>(rng() % kCells);
    for (int i = 0; i < plies && !pos.isGameOver(); ++i) {
      int c;
      do c = static_cast<int>(rng() % kCells);
      while (!pos.isEmpty(c));
      pos.play(c);
    }
    if (pos.isGameOver()) continue;
    ++positions;
    for (Strategy& s : tiers) {
      const StrategyMove m = s.choose(pos);
      REQUIRE(pos.isLegal(m.move));
      REQUIRE_FALSE(m.reason.empty());
    }
  }
}

TEST_CASE("a higher tier beats a lower one in most games") {
  constexpr int kGames = 200;  // half with each colour
  const std::pair<Tier, Tier> pairings[] = {{Tier::Planar, Tier::Elementary},
                                            {Tier::Forcing, Tier::Planar},
                                            {Tier::Forcing, Tier::Elementary}};
  for (const auto& [higher, lower] : pairings) {
    int wins = 0, losses = 0, draws = 0, winsAsX = 0, winsAsO = 0;
    for (int g = 0; g < kGames; ++g) {
      Strategy strong(higher, 1000 + g), weak(lower, 5000 + g);
      const bool strongIsX = g % 2 == 0;
      const Status s =
          strongIsX ? playOut(Position{}, strong, weak) : playOut(Position{}, weak, strong);
      if (s == Status::Draw) {
        ++draws;
      } else if ((s == Status::XWins) == strongIsX) {
        ++wins;
        ++(strongIsX ? winsAsX : winsAsO);
      } else {
        ++losses;
      }
    }
    const double score = (wins + 0.5 * draws) / kGames;
    WARN("tier " << static_cast<int>(higher) << " vs tier " << static_cast<int>(lower) << ": +"
                 << wins << " -" << losses << " =" << draws << " (wins as X " << winsAsX << "/"
                 << kGames / 2 << ", as O " << winsAsO << "/" << kGames / 2 << "), score "
                 << 100 * score << "%");
    CHECK(score >= 0.6);
  }
}
