// The distances the engine claims (docs/notation.md): plies to the end of the game along
// the line the engine will play, against any defence. Checked against a brute-force
// search built from the rules alone, and by playing the engine's line out against every
// defence.
#include <catch2/catch.hpp>

#include <algorithm>
#include <fstream>
#include <map>
#include <random>
#include <string>
#include <vector>

#include "brute_force.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/player.hpp"
#include "engine/proof/solver.hpp"
#include "engine/study/review.hpp"
#include "engine/threats/threats.hpp"
#include "played_moves.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::completions;
using qubic::testing::fromMoves;
using qubic::testing::shortestWin;
using qubic::testing::winsWithin;

namespace {

MoveLimits nodeLimits(std::uint64_t nodes) {
  MoveLimits limits;
  limits.moveTime = std::chrono::milliseconds(600000);  // nodes decide, not the clock
  limits.maxNodes = nodes;
  return limits;
}

// A position of a random game that is not over and where the side to move faces no
// immediate decision (no three of either side), so that the claims come from searches.
Position quietRandomPosition(std::mt19937_64& rng, int stones) {
  for (;;) {
    const Position p = qubic::testing::randomPosition(rng, stones);
    if (!completions(p, Side::X) && !completions(p, Side::O)) return p;
  }
}

// Plays the engine's line from `p` (the engine to move, claiming a win within `left`
// plies) against every defence. Returns "" when every game ends in the engine's win
// within the claim and no later claim promises more; counts the engine's moves.
std::string playOut(Player& engine, Position& p, int left, const MoveLimits& limits, int& moves) {
  ++moves;
  const MoveChoice c = engine.choose(p, limits);
  if (c.verdict != Verdict::Win) return "the win is no longer claimed at " + positionString(p);
  if (c.plies > left)
    return "claims " + std::to_string(c.plies) + " plies where " + std::to_string(left) +
           " were left at " + positionString(p);
  const Side me = p.sideToMove();
  p.play(c.move);
  std::string fault;
  if (p.isGameOver()) {
    if (p.status() != (me == Side::X ? Status::XWins : Status::OWins))
      fault = "the game ended undecided";
  } else if (c.plies < 3) {
    fault = "the game goes on past the claim at " + positionString(p);
  } else {
    for (Bitboard r = p.emptyCells(); r && fault.empty();) {
      const int reply = popLowest(r);
      p.play(reply);
      fault = p.isGameOver() ? "a defence ended the game at " + positionString(p)
                             : playOut(engine, p, c.plies - 2, limits, moves);
      p.undo(reply);
    }
  }
  p.undo(c.move);
  return fault;
}

}  // namespace

TEST_CASE("the reference search agrees with hand-made positions") {
  // X has 1a1 1b1 1c1: 1d1 wins at once.
  CHECK(shortestWin(fromMoves("1a1 2a1 1b1 2b1 1c1 2c1"), 7) == 1);
  // X has two stones, both on one line: no move makes two threes, so no win in 3.
  CHECK(shortestWin(fromMoves("1a1 2a1 1b1 2b1"), 3) == -1);
  // X has 1b1 1c1 and 1a2 1a3: 1a1 makes two threes (gain cells 1d1 and 1a4).
  const Position twoThrees = fromMoves("1b1 4d4 1c1 3c3 1a2 2b3 1a3 4a4");
  CHECK(shortestWin(twoThrees, 1) == -1);
  CHECK(shortestWin(twoThrees, 7) == 3);
}

TEST_CASE("the reproduction of issue 16: a double threat is a win in 3 plies, not 1") {
  const Position p = fromMoves(
      "1a1 2b2 1d1 2c2 1b2 1c3 1a4 2a2 2d2 1c2 1c1 1b1 3c1 4d1 2c1 4c1 4a1 3b1 4d4 3d3 2a1 3a1 3c4 "
      "2b4 2b1 2d1 "
      "1a2 1a3 3c2 3c3 3a2 2a3 3b2 3d2 1d4 2c3 4c3 4b2 1b4 1c4 3d4 2d4 3a4 3b4 1d3 1d2 2b3 4b1 3b3 "
      "3d1 4b3 1b3 4a3 "
      "4d3");
  REQUIRE(shortestWin(p, 7) == 3);
  Player player({kMaxLevel, 8, 1});
  const MoveChoice c = player.choose(p, nodeLimits(100000));
  CHECK(c.verdict == Verdict::Win);
  CHECK(c.plies == 3);
  Position line = p;
  int moves = 0;
  CHECK(playOut(player, line, c.plies, nodeLimits(100000), moves).empty());
}

TEST_CASE("claimed wins are never shorter than the shortest one and hold against every defence") {
  // Random middle and late positions; the engine's claim is compared with the rules-only
  // search where that is cheap, and its line is played out against every reply.
  std::mt19937_64 rng(1616);
  Player player({kMaxLevel, 8, 1});
  const MoveLimits limits = nodeLimits(60000);
  int claims = 0, exact = 0, playedOut = 0, engineMoves = 0, longest = 0, byProof = 0;
  for (int i = 0; i < 400 && claims < 60; ++i) {
    const Position p = quietRandomPosition(rng, std::uniform_int_distribution<int>(18, 40)(rng));
    player.newGame();
    const MoveChoice c = player.choose(p, limits);
    if (c.verdict != Verdict::Win) continue;
    ++claims;
    byProof += c.reason.find("proven win") != std::string::npos;
    INFO(positionString(p) << " claim " << c.plies << " (" << c.reason << ")");
    REQUIRE(c.plies % 2 == 1);
    const int bruteLimit = popcount(p.emptyCells()) <= 34 ? 7 : 5;
    if (c.plies <= bruteLimit) {
      const int shortest = shortestWin(p, c.plies);
      CHECK(shortest > 0);  // a win within the claim exists
      exact += shortest == c.plies;
    }
    if (c.plies <= 11) {
      Position line = p;
      int moves = 0;
      const std::string fault = playOut(player, line, c.plies, limits, moves);
      INFO(fault);
      CHECK(fault.empty());
      ++playedOut;
      engineMoves += moves;
      longest = std::max(longest, c.plies);
    }
  }
  CHECK(claims >= 30);
  CHECK(playedOut >= 20);
  WARN(claims << " claimed wins (" << byProof << " by the proof search), " << exact
              << " exactly the shortest; " << playedOut << " played out against every "
              << "defence (" << engineMoves << " engine moves, longest claim " << longest
              << " plies)");
}

TEST_CASE("wins found by the proof search (quiet moves, 20-50 plies) hold against many defences") {
  // Too long to play out against every defence: each claim is played out against 24
  // defenders, random among the replies that do not lose at once, and against the
  // engine's own longest defence. Every game must end in the claimed win within the claim.
  // The proof search on one thread, then on two (engine/proof/solver): claims must hold either way.
  const int threads = GENERATE(1, 2);
  std::mt19937_64 rng(1618);
  PlayerOptions options{kMaxLevel, 8, 1};
  options.threads = threads;
  Player attacker(options);
  Player defender({kMaxLevel, 8, 2});
  const MoveLimits limits = nodeLimits(60000);
  int claims = 0, games = 0;
  for (int i = 0; i < 400 && claims < 6; ++i) {
    const Position start = quietRandomPosition(rng, std::uniform_int_distribution<int>(8, 24)(rng));
    attacker.newGame();
    const MoveChoice first = attacker.choose(start, limits);
    if (first.verdict != Verdict::Win || first.reason.find("proven win") == std::string::npos)
      continue;
    ++claims;
    const Side winner = start.sideToMove();
    for (int game = 0; game < 25; ++game) {
      Position p = start;
      std::string moves;
      int promisedEnd = start.moveCount() + first.plies;
      while (!p.isGameOver()) {
        int move;
        if (p.sideToMove() == winner) {
          const MoveChoice c = attacker.choose(p, limits);
          INFO(positionString(start)
               << " moves " << moves << ": " << c.plies << " plies claimed (" << c.reason << ")");
          REQUIRE(c.verdict == Verdict::Win);
          REQUIRE(p.moveCount() + c.plies <= promisedEnd);
          promisedEnd = p.moveCount() + c.plies;
          move = c.move;
        } else if (game == 0) {
          move = defender.choose(p, limits).move;
        } else {
          const Bitboard threats = completions(p, winner);
          Bitboard choices = popcount(threats) == 1 ? threats : p.emptyCells();
          for (int k = std::uniform_int_distribution<int>(0, popcount(choices) - 1)(rng); k > 0;
               --k)
            choices &= choices - 1;
          move = lowestCell(choices);
        }
        p.play(move);
        moves += moveToken(move) + ' ';
      }
      INFO(positionString(start) << " claimed " << first.plies << " plies; game " << moves);
      CHECK(p.status() == (winner == Side::X ? Status::XWins : Status::OWins));
      CHECK(p.moveCount() <= start.moveCount() + first.plies);
      ++games;
    }
  }
  CHECK(claims >= 6);
  WARN(claims << " wins claimed by the proof search on " << threads << " thread(s), " << games
              << " games played out");
}

TEST_CASE("claimed losses are never shorter than the opponent's shortest win after the move") {
  // Lost positions: the engine's winning move played in random positions where it
  // claims a win; then the engine defends the other side.
  std::mt19937_64 rng(1617);
  Player player({kMaxLevel, 8, 1});
  const MoveLimits limits = nodeLimits(60000);
  int claims = 0, checked = 0;
  for (int i = 0; i < 600 && checked < 30; ++i) {
    Position p = quietRandomPosition(rng, std::uniform_int_distribution<int>(18, 40)(rng));
    player.newGame();
    const MoveChoice win = player.choose(p, limits);
    if (win.verdict != Verdict::Win || win.plies < 3) continue;
    p.play(win.move);
    const MoveChoice c = player.choose(p, limits);
    if (c.verdict != Verdict::Loss) continue;
    ++claims;
    INFO(positionString(p) << " claims a loss in " << c.plies << " with " << moveToken(c.move)
                           << " (" << c.reason << ")");
    REQUIRE(c.plies % 2 == 0);
    Position after = p;
    after.play(c.move);
    REQUIRE(!after.isGameOver());
    if (c.plies - 1 > (popcount(after.emptyCells()) <= 34 ? 7 : 5)) continue;
    CHECK(winsWithin(after, c.plies - 1));  // the opponent's win fits in the claim
    ++checked;
  }
  CHECK(checked >= 20);
  WARN(claims << " claimed losses, " << checked << " checked by the rules-only search");
}

TEST_CASE("MultiPV lines: distinct legal moves, the chosen one first, every proven value true") {
  // Each ranked line's claim is checked by the rules-only search: a win in N means the
  // opponent, after the move, cannot avoid losing within N - 1 plies; a loss in N means
  // the opponent, after the move, wins within N - 1.
  std::mt19937_64 rng(1619);
  Player player({kMaxLevel, 8, 1});
  MoveLimits limits = nodeLimits(30000);
  limits.multiPv = 6;
  int positions = 0, wins = 0, losses = 0, unknown = 0, lines = 0;
  for (int i = 0; i < 60; ++i) {
    const Position p = quietRandomPosition(rng, std::uniform_int_distribution<int>(20, 40)(rng));
    player.newGame();
    const MoveChoice c = player.choose(p, limits);
    INFO(positionString(p));
    // The moves judged while the budget lasts: at least one besides the move chosen.
    REQUIRE(c.ranked.size() >= 2);
    REQUIRE(c.ranked.size() <= 6);
    lines += static_cast<int>(c.ranked.size());
    CHECK(c.ranked.front().move == c.move);
    Bitboard seen = 0;
    for (const MoveChoice& line : c.ranked) {
      INFO("line " << moveToken(line.move) << " verdict " << static_cast<int>(line.verdict)
                   << " plies " << line.plies);
      REQUIRE(p.isLegal(line.move));
      CHECK_FALSE(seen & bit(line.move));
      seen |= bit(line.move);
      CHECK(line.ranked.empty());
      if (line.verdict == Verdict::Unknown) {
        ++unknown;
        continue;
      }
      Position after = p;
      after.play(line.move);
      if (line.verdict == Verdict::Win) {
        ++wins;
        if (after.isGameOver()) {
          CHECK(line.plies == 1);
          continue;
        }
        if (line.plies > 7) continue;
        bool allLose = true;  // every reply of the opponent leaves us a win within plies - 2
        for (Bitboard r = after.emptyCells(); r && allLose;) {
          const int reply = popLowest(r);
          if (after.completesLine(reply, after.sideToMove())) allLose = false;
          after.play(reply);
          allLose = allLose && !after.isGameOver() && winsWithin(after, line.plies - 2);
          after.undo(reply);
        }
        CHECK(allLose);
      } else {
        ++losses;
        REQUIRE_FALSE(after.isGameOver());
        if (line.plies - 1 <= 7) CHECK(winsWithin(after, line.plies - 1));
      }
    }
    ++positions;
  }
  CHECK(wins >= 10);
  CHECK(losses >= 10);
  CHECK(lines >= 300);  // most positions got all six lines
  WARN(positions << " positions ranked: " << wins << " proven wins, " << losses
                 << " proven losses, " << unknown << " by score");
}

TEST_CASE("MultiPV proves more values with more nodes, and every value it proves has a proof") {
  // Positions of the analysis benchmark (X to move after 8 stones of engine games). With
  // nodes left once every move is judged, further passes prove values the first left
  // unknown; the side each of those names the winner is then proven to win again from
  // scratch, its proof written and checked by the rules-only verifier. (The distances come
  // from the same proof table as the first pass's, checked by the tests above.)
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/data/analysis-positions.txt");
  std::vector<Position> positions;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#' && std::count(line.begin(), line.end(), 'x') == 4 &&
        positions.size() < 3)
      positions.push_back(parsePosition(line).value());
  REQUIRE(positions.size() == 3);
  Player player({kMaxLevel, 64, 1});
  SolverOptions solverOptions;
  solverOptions.tableMb = 64;
  Solver solver(solverOptions);
  int gained = 0, checked = 0;
  for (const Position& p : positions) {
    INFO(positionString(p));
    std::size_t ranked = 0;
    auto proven = [&](std::uint64_t nodes) {
      player.newGame();
      MoveLimits limits = nodeLimits(nodes);
      limits.multiPv = kCells;
      std::map<int, MoveChoice> values;
      const MoveChoice choice = player.choose(p, limits);
      ranked = choice.ranked.size();
      for (const MoveChoice& c : choice.ranked)
        if (c.verdict != Verdict::Unknown) values[c.move] = c;
      return values;
    };
    // Enough for the first pass over every move; then four times as many.
    const auto first = proven(3'000'000);
    REQUIRE(ranked == static_cast<std::size_t>(popcount(p.emptyCells())));
    const auto more = proven(12'000'000);
    CHECK(more.size() >= first.size());
    for (const auto& [move, c] : more) {
      if (first.count(move)) continue;
      ++gained;
      if (checked >= 12) continue;
      ++checked;
      Position after = p;
      after.play(move);
      const Side winner = c.verdict == Verdict::Win ? p.sideToMove() : after.sideToMove();
      SolveLimits limits;
      limits.maxPositions = 2'000'000;
      const CheckedWin w = checkedWin(solver, after, winner, limits);
      INFO(moveToken(move) << " claimed " << (c.verdict == Verdict::Win ? "win" : "loss") << " in "
                           << c.plies);
      CHECK(w.answer == Answer::Proven);
      solver.clear();
    }
  }
  CHECK(gained >= 5);
  WARN(gained << " values proven by the later passes, " << checked << " checked by proofs");
}

TEST_CASE("MultiPV on two threads proves a move per thread and every value it proves holds") {
  // Issue 57 (1): the passes over the unproven moves hand each thread the next move, each
  // with a search of its own over the shared table. Whatever the threads' timing, every
  // line is a distinct legal move, and each value proven beyond the first few plies is
  // proven again from scratch, its proof written and checked by the rules-only verifier.
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/data/analysis-positions.txt");
  std::vector<Position> positions;
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && line[0] != '#' && positions.size() < 2)
      positions.push_back(parsePosition(line).value());
  REQUIRE(positions.size() == 2);
  PlayerOptions options;
  options.threads = 2;
  Player player(options);
  REQUIRE(player.proofThreads() == 2);
  Solver solver(SolverOptions{});
  int proven = 0, checked = 0;
  for (const Position& p : positions) {
    INFO(positionString(p));
    MoveLimits limits = nodeLimits(6'000'000);
    limits.multiPv = kCells;
    const MoveChoice choice = player.choose(p, limits);
    REQUIRE(choice.ranked.size() == static_cast<std::size_t>(popcount(p.emptyCells())));
    Bitboard seen = 0;
    for (const MoveChoice& c : choice.ranked) {
      REQUIRE(p.isLegal(c.move));
      CHECK_FALSE(seen & bit(c.move));
      seen |= bit(c.move);
      if (c.verdict == Verdict::Unknown) continue;
      ++proven;
      if (c.plies <= 3 || checked >= 10) continue;
      ++checked;
      Position after = p;
      after.play(c.move);
      const Side winner = c.verdict == Verdict::Win ? p.sideToMove() : after.sideToMove();
      SolveLimits solve;
      solve.maxPositions = 2'000'000;
      INFO(moveToken(c.move) << " claimed " << (c.verdict == Verdict::Win ? "win" : "loss")
                             << " in " << c.plies);
      CHECK(checkedWin(solver, after, winner, solve).answer == Answer::Proven);
      solver.clear();
    }
  }
  CHECK(checked >= 5);
  WARN(proven << " values proven on two threads, " << checked << " checked by proofs");
}

TEST_CASE("a block that only delays a forced win claims the loss, and the claim holds") {
  // Issue 57 (4): the engine said cp 0 with "blocks a three" in positions it knew were
  // lost. Random positions where the side to move must block a three; where the engine
  // claims the loss, the rules-only search confirms the opponent's win after the block.
  std::mt19937_64 rng(1621);
  Player player({kMaxLevel, 8, 1});
  const MoveLimits limits = nodeLimits(20000);
  int blocks = 0, claims = 0, checked = 0;
  for (int i = 0; i < 4000 && checked < 25; ++i) {
    Position p = quietRandomPosition(rng, std::uniform_int_distribution<int>(14, 36)(rng));
    // Give the opponent a three to block: one more of their stones, if that makes one.
    const Side them = opponent(p.sideToMove());
    Position threatened = p;
    threatened.play(lowestCell(p.emptyCells()));  // ours, somewhere
    if (threatened.isGameOver() || threatCells(threatened, threatened.sideToMove())) continue;
    const Bitboard makesThree = [&] {
      Bitboard cells = 0;
      for (Bitboard m = threatened.emptyCells(); m;) {
        const int cell = popLowest(m);
        Position q = threatened;
        q.play(cell);
        if (!q.isGameOver() && popcount(threatCells(q, them)) == 1 &&
            !threatCells(q, q.sideToMove()))
          cells |= bit(cell);
      }
      return cells;
    }();
    if (!makesThree) continue;
    threatened.play(lowestCell(makesThree));
    player.newGame();
    const MoveChoice c = player.choose(threatened, limits);
    if (c.reason.find("blocks a three") == std::string::npos) continue;
    ++blocks;
    if (c.verdict != Verdict::Loss) continue;
    ++claims;
    INFO(positionString(threatened) << ": " << c.reason << ", a loss in " << c.plies);
    Position after = threatened;
    after.play(c.move);
    if (c.plies - 1 > 7) continue;
    CHECK(winsWithin(after, c.plies - 1));
    ++checked;
  }
  CHECK(claims >= 10);
  CHECK(checked >= 10);
  WARN(blocks << " forced blocks, " << claims << " claimed lost, " << checked
              << " checked by the rules-only search");
}
