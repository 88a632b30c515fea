#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/play/move_budget.hpp"
#include "engine/play/player.hpp"
#include "engine/play/reasons.hpp"
#include "engine/threats/threats.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::randomPosition;

namespace {

// A position of a random game in which nobody completes a line: each side blocks the
// opponent's three when it can and otherwise plays any cell that does not win, so the
// board can fill up with threes on it. Restarts when no such move is left.
Position longRandomGame(std::mt19937_64& rng, int stones) {
  return randomPosition(rng, stones, stones, [](const Position& p) {
    const Side us = p.sideToMove();
    const Bitboard blocks = threatCells(p, opponent(us)) & ~threatCells(p, us);
    return blocks ? blocks : p.emptyCells() & ~threatCells(p, us);
  });
}

}  // namespace

TEST_CASE("no level ever returns an illegal move: 10 000 random positions") {
  // 1000 positions a level, from random games (which end early, often with threes on the
  // board) and from games that avoid winning (which fill the board). Tight limits keep it
  // quick; the levels' own logic must find the move (not the last-resort first free cell),
  // take an immediate win and block a single three.
  std::mt19937_64 rng(10000);
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(20);
  limits.maxNodes = 3000;
  int withThrees = 0, nearlyFull = 0;
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    Player player({level, 1, static_cast<std::uint64_t>(level)});
    for (int i = 0; i < 1000; ++i) {
      const int stones = std::uniform_int_distribution<int>(0, kCells - 1)(rng);
      const Position p =
          i % 2 ? longRandomGame(rng, stones) : randomPosition(rng, std::min(stones, 40));
      const Side us = p.sideToMove();
      withThrees += (threatCells(p, us) | threatCells(p, opponent(us))) != 0;
      nearlyFull += p.moveCount() >= 56;
      const MoveChoice c = player.choose(p, limits);
      if (!p.isLegal(c.move) || c.reason == "plays the first free cell" ||
          (threatCells(p, us) && !p.completesLine(c.move, us)) ||
          (!threatCells(p, us) && popcount(threatCells(p, opponent(us))) == 1 &&
           !(threatCells(p, opponent(us)) & bit(c.move)))) {
        INFO("level " << level << " position " << positionString(p) << " move " << c.move << " ("
                      << c.reason << ")");
        FAIL("not a legal move of the level's own choosing");
      }
    }
  }
  INFO(withThrees << " positions with a three, " << nearlyFull << " with at most 8 empty cells");
  CHECK(withThrees >= 2000);
  CHECK(nearlyFull >= 500);
}

TEST_CASE("every level returns a legal move with a reason on random positions") {
  std::mt19937_64 rng(5);
  Player player({kMaxLevel, 4, 9});
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(3);
  for (int level = kMinLevel; level <= kMaxLevel; ++level) {
    player.setLevel(level);
    for (int i = 0; i < 60; ++i) {
      const Position p = randomPosition(rng, std::uniform_int_distribution<int>(0, 60)(rng));
      const MoveChoice c = player.choose(p, limits);
      INFO("level " << level << " position " << positionString(p));
      REQUIRE(p.isLegal(c.move));
      CHECK_FALSE(c.reason.empty());
    }
  }
}

TEST_CASE("a finished game has no move") {
  const Parsed<Position> won = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1 2c1 1d1");
  REQUIRE(won.ok());
  Player player;
  CHECK(player.choose(won.value(), {}).move == -1);
}

TEST_CASE("the top level wins at once, blocks, and finds a forced win") {
  Player player;
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(200);
  // X to move with a three on level 1.
  auto win = playMoves(Position{}, "1a1 4d4 1b1 4c4 1c1 4a1");
  REQUIRE(win.ok());
  MoveChoice c = player.choose(win.value(), limits);
  CHECK(moveToken(c.move) == "1d1");
  CHECK(c.verdict == Verdict::Win);
  CHECK(c.plies == 1);
  // O to move must block X's three.
  auto block = playMoves(Position{}, "1a1 4d4 1b1 4c4 1c1");
  REQUIRE(block.ok());
  c = player.choose(block.value(), limits);
  CHECK(moveToken(c.move) == "1d1");
  CHECK(c.reason == "blocks a three at 1d1");
  // X holds 1b1 1c1 and 2a1 3a1: 1a1 makes two threes at once.
  auto doubleThreat = playMoves(Position{}, "1b1 4d4 1c1 4c4 2a1 4b3 3a1 4a2");
  REQUIRE(doubleThreat.ok());
  c = player.choose(doubleThreat.value(), limits);
  CHECK(c.verdict == Verdict::Win);
  CHECK(c.plies <= 5);
}

TEST_CASE("a move-time budget is kept") {
  Player player;
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(50);
  const auto start = std::chrono::steady_clock::now();
  const MoveChoice c = player.choose(Position{}, limits);
  const auto elapsed = std::chrono::steady_clock::now() - start;
  CHECK(Position{}.isLegal(c.move));
  // Ten times the budget: a loaded machine may pause the thread, while a search that
  // ignored its budget would run on for seconds.
  CHECK(elapsed < std::chrono::milliseconds(500));
}

TEST_CASE("the top level beats the elementary tier with either colour") {
  // Node limits rather than time keep the games the same on any machine and load.
  MoveLimits limits;
  limits.moveTime = std::chrono::hours(1);
  limits.maxNodes = 100000;
  int winsAsX = 0, winsAsO = 0;
  const int seeds = 3;
  for (int seed = 1; seed <= seeds; ++seed)
    for (Side topSide : {Side::X, Side::O}) {
      Player top({kMaxLevel, 16, static_cast<std::uint64_t>(seed)});
      Player tier({8, 1, static_cast<std::uint64_t>(seed + 100)});  // the elementary rules
      Position p;
      while (!p.isGameOver()) {
        Player& mover = p.sideToMove() == topSide ? top : tier;
        const MoveChoice c = mover.choose(p, limits);
        REQUIRE(p.isLegal(c.move));
        p.play(c.move);
      }
      if (p.status() == (topSide == Side::X ? Status::XWins : Status::OWins))
        ++(topSide == Side::X ? winsAsX : winsAsO);
    }
  INFO("top level: " << winsAsX << " wins as X, " << winsAsO << " as O, of " << seeds << " each");
  CHECK(winsAsX == seeds);
  CHECK(winsAsO * 3 >= seeds * 2);
}

TEST_CASE("when nothing is proven the top level searches and reports depth, score and line") {
  Player player({kMaxLevel, 4, 1});
  MoveLimits limits;
  limits.moveTime = std::chrono::hours(1);
  limits.maxDepth = 3;  // also bounds the proof searches, so this is quick
  const Position p = playMoves(Position{}, "1a1 4d4").value();
  std::vector<MoveChoice> reports;
  const MoveChoice c = player.choose(p, limits, [&](const MoveChoice& m) { reports.push_back(m); });
  REQUIRE(p.isLegal(c.move));
  CHECK(c.verdict == Verdict::Unknown);
  CHECK(c.depth == 3);
  REQUIRE(c.pvLength >= 3);
  CHECK(c.pv[0] == c.move);
  Position line = p;
  for (int i = 0; i < c.pvLength; ++i) {
    REQUIRE(line.isLegal(c.pv[static_cast<std::size_t>(i)]));
    line.play(c.pv[static_cast<std::size_t>(i)]);
  }
  CHECK_THAT(c.reason, Catch::Contains("the best move a 3-ply search found"));
  // Progress: each completed depth, deepening, then the final answer.
  REQUIRE(reports.size() >= 3);
  for (std::size_t i = 1; i < reports.size(); ++i) CHECK(reports[i].depth >= reports[i - 1].depth);
  CHECK(reports.back().move == c.move);
}

TEST_CASE("the full engine thinks for the move's time: the forcing tier plays by rules") {
  // On the empty board nothing is proven, so the top thinks for (up to) its time.
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(400);
  Player low({13, 4, 1}), top({kMaxLevel, 4, 1});  // the forcing tier, the top
  const MoveChoice quick = low.choose(Position{}, limits), full = top.choose(Position{}, limits);
  CHECK(quick.seconds < 0.15);  // a preset order on the empty board (slack for a loaded machine)
  CHECK(full.seconds > 0.2);    // the proofs' 30 % and half of the rest at least
  CHECK(full.depth > quick.depth);
}

TEST_CASE("newGame forgets everything: the same question then costs what it cost a fresh player") {
  // UGI's uginewgame: all data of the previous game is cleared. Proofs kept in the table
  // would answer the repeated question with far fewer nodes.
  const Parsed<Position> p =
      playMoves(Position{}, "1a1 1b1 2b2 1c1");  // X wins: a proof of some 15 000 nodes
  REQUIRE(p);
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(600000);
  limits.maxNodes = 2000000;
  Player fresh({kMaxLevel, 16, 1});
  const MoveChoice first = fresh.choose(p.value(), limits);
  const MoveChoice again = fresh.choose(p.value(), limits);
  fresh.newGame();
  const MoveChoice afterNewGame = fresh.choose(p.value(), limits);
  Player other({kMaxLevel, 16, 1});
  const MoveChoice reference = other.choose(p.value(), limits);
  INFO("nodes: first " << first.nodes << ", again " << again.nodes << ", after newGame "
                       << afterNewGame.nodes);
  CHECK(first.verdict == Verdict::Win);
  CHECK(again.nodes < first.nodes);  // the table remembered
  CHECK(afterNewGame.nodes == reference.nodes);
  CHECK(afterNewGame.move == reference.move);
}

TEST_CASE(
    "a failure inside the player comes back from the threads' wrapper as an error, not a crash") {
  const Position pos = playMoves(Position{}, "1a1,4d4").value();
  Player player;
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(100);
  // The progress callback runs inside choose(); one that throws stands for any failure.
  const ProgressFn failing = [](const MoveChoice&) {
    throw std::runtime_error("the display broke");
  };
  const MoveChoice failed = chooseReportingErrors(player, pos, limits, failing);
  CHECK(failed.move == -1);
  CHECK(failed.error == "the display broke");
  // A good choice passes through unchanged.
  const MoveChoice good = chooseReportingErrors(player, pos, limits);
  CHECK(good.error.empty());
  CHECK(pos.isLegal(good.move));
}

TEST_CASE("a player's tables all fit in its hash budget") {
  // UGI's Hash is the engine's memory for tables, all of them: proofs, heuristic search,
  // every threat search.
  for (const std::size_t mb : {4, 16, 64, 256}) {
    for (const int threads : {1, 2}) {
      PlayerOptions options;
      options.hashMb = mb;
      options.threads = threads;
      const Player player(options);
      INFO(mb << " MB, " << threads << " threads: " << player.tableBytes() << " bytes");
      CHECK(player.tableBytes() <= (mb << 20));
      CHECK(player.tableBytes() >= (mb << 20) * 3 / 4);  // and the budget is used
    }
  }
}

TEST_CASE("a quiet move's reason says what it makes and blocks, not a score") {
  // Issue 41 (3): "rated best by a 1-ply search (+0.28 stones)" told a player nothing.
  // X: 1a1 1b1; O: 2a1 2a2; X to move. 1c1 makes a three (1a1-1d1) and a two or more.
  const Position p = playMoves(Position{}, "1a1,2a1,1b1,2a2").value();
  const std::string three = reasons::ratedBest(p, parseMove("1c1").value(), 2);
  CHECK(three.rfind("makes a three", 0) == 0);
  CHECK(three.find("at 1c1; the best move a 2-ply search found") != std::string::npos);
  CHECK(three.find("stones") == std::string::npos);
  // 2a3 blocks O's two on 2a1-2a4 (and makes no three).
  const std::string block = reasons::ratedBest(p, parseMove("2a3").value(), 2);
  CHECK(block.find("blocks a two of the opponent's") != std::string::npos);
  CHECK(block.find("three") == std::string::npos);
}

TEST_CASE("setSeed reaches every source of randomness: the tiers' preset orders too") {
  // Issue 45: players made with different seeds, then given the same one, played different
  // openings at levels 1-3 (the preset order was fixed when the player was made).
  MoveLimits limits;
  limits.maxNodes = 3000;
  // The three tiers unmixed (engine/play/level_mix): levels 8, 12 and 13 are bases 1, 2, 3.
  for (const auto& [level, tier] : {std::pair{8, 1}, std::pair{12, 2}, std::pair{13, 3}}) {
    REQUIRE(kLevelMixes[static_cast<std::size_t>(level)].base == tier);
    REQUIRE(kLevelMixes[static_cast<std::size_t>(level)].towardNext == 0);
    std::vector<int> openings, others;
    for (std::uint64_t made = 100; made < 108; ++made) {
      Player player({level, 1, made});
      others.push_back(player.choose(Position{}, limits).move);
      player.setSeed(1);
      player.newGame();
      openings.push_back(player.choose(Position{}, limits).move);
    }
    INFO("level " << level);
    CHECK(std::count(openings.begin(), openings.end(), openings[0]) == 8);
    CHECK(std::count(others.begin(), others.end(), others[0]) < 8);  // the seeds do differ
  }
}

TEST_CASE("every new game draws a seed of its own, the same sequence for the same seed") {
  // Issue 45: newGame() went back to the one seed, so a tier played the same opening and
  // the same replies in every game of a match, and the match's games were not independent.
  MoveLimits limits;
  limits.maxNodes = 3000;
  for (const int level : {0, 8, 12, 13}) {  // the anchor and the tiers
    Player a({level, 1, 5}), b({level, 1, 5});
    std::vector<int> firstMoves, again;
    for (int game = 0; game < 8; ++game) {
      a.newGame();
      b.newGame();
      firstMoves.push_back(a.choose(Position{}, limits).move);
      again.push_back(b.choose(Position{}, limits).move);
    }
    INFO("level " << level);
    CHECK(firstMoves == again);                                                  // reproducible
    CHECK(std::count(firstMoves.begin(), firstMoves.end(), firstMoves[0]) < 8);  // and varied
    // setSeed starts the sequence again.
    a.setSeed(5);
    a.newGame();
    CHECK(a.choose(Position{}, limits).move == firstMoves[0]);
  }
}

TEST_CASE(
    "the levels that never play the full engine play the same whatever the time: the same "
    "seed, the same moves") {
  // Issue 45: time-based levels played weaker on a loaded machine. Levels 0-13 play by rules
  // (the anchor and Citrenbaum's tiers, engine/play/level_mix), whose forcing searches are
  // limited in nodes: two players, one given ten times the other's time, choose the same
  // moves. Quiet positions: four-stone openings of the ladder's file.
  const std::vector<const char*> openings = {"1a1 2c3 4b2 3d4", "2b2 1d4 3a1 4c3",
                                             "1c2 4a4 2d1 3b3"};
  int byRules = 0;
  for (int level = kMinLevel; level < kMaxLevel; ++level) {
    const LevelMix& mix = kLevelMixes[static_cast<std::size_t>(level)];
    if (mix.base + (mix.towardNext > 0) == kTopBase) continue;  // plays the full engine too
    ++byRules;
    Player a({level, 1, 77}), b({level, 1, 77});
    MoveLimits shorter, longer;
    shorter.moveTime = std::chrono::milliseconds(30'000);
    longer.moveTime = std::chrono::milliseconds(300'000);
    for (int round = 0; round < 2; ++round)
      for (const char* opening : openings) {
        const Position p = playMoves(Position{}, opening).value();
        INFO("level " << level << " after " << opening);
        CHECK(a.choose(p, shorter).move == b.choose(p, longer).move);
      }
  }
  CHECK(byRules == 14);
}
