// Sections "engine", "search" and "levels": the Player as the front ends use it.
//   engine  time kept with a move time (overrun distribution over 1000 moves), games on
//           a 1 s + 10 ms clock (no loss on time), nodes/s of the top level;
//   search  the heuristic search against the fallback it replaced (the forcing tier's
//           move), 200 games at equal node limits from varied openings;
//   levels  levels 2 and 3 against the one below, 4 to 10 against level 3, at a fixed
//           move time.
#include <algorithm>
#include <array>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <random>
#include <vector>

#include "bench.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/random_game.hpp"
#include "engine/play/player.hpp"
#include "engine/play/timeman.hpp"

namespace qubic::bench {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

double msSince(Clock::time_point start) {
  return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

// The value at quantile q (0..1) of sorted samples.
double quantile(const std::vector<double>& sorted, double q) {
  const auto i = static_cast<std::size_t>(q * static_cast<double>(sorted.size() - 1) + 0.5);
  return sorted[std::min(i, sorted.size() - 1)];
}

// Plays one game from `start`; `move(player, position)` gives each move. Returns the
// final position.
template <class MoveFn>
Position playGame(Position p, Player& x, Player& o, MoveFn&& move) {
  x.newGame();
  o.newGame();
  while (!p.isGameOver()) {
    Player& mover = p.sideToMove() == Side::X ? x : o;
    const int cell = move(mover, p);
    if (!p.isLegal(cell)) {
      std::printf("illegal move %d in %s\n", cell, positionString(p).c_str());
      break;
    }
    p.play(cell);
  }
  return p;
}

struct Score {
  int wins = 0, draws = 0, losses = 0;  // of the first player named
  int games() const { return wins + draws + losses; }
  double points() const { return wins + 0.5 * draws; }
};

void tally(Score& s, const Position& end, Side firstPlaysAs) {
  const Status st = end.status();
  if (st == Status::Draw || st == Status::Ongoing)
    ++s.draws;
  else if ((st == Status::XWins) == (firstPlaysAs == Side::X))
    ++s.wins;
  else
    ++s.losses;
}

// Elo difference from a score fraction (clamped away from 0 and 1).
double eloOf(const Score& s) {
  const double f = std::clamp(s.points() / s.games(), 0.5 / s.games(), 1 - 0.5 / s.games());
  return -400 * std::log10(1 / f - 1);
}

// `openings` openings of 2 random plies, each played with both colours: first vs second.
Score match(const PlayerOptions& first, const PlayerOptions& second, const MoveLimits& limits,
            int openings, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  Player a(first), b(second);
  Score s;
  for (int i = 0; i < openings; ++i) {
    const Position start = randomPosition(rng, 2);
    for (Side aSide : {Side::X, Side::O}) {
      Player& x = aSide == Side::X ? a : b;
      Player& o = aSide == Side::X ? b : a;
      const Position end = playGame(
          start, x, o, [&](Player& p, const Position& pos) { return p.choose(pos, limits).move; });
      tally(s, end, aSide);
    }
  }
  return s;
}

void printScore(const char* what, const Score& s) {
  std::printf("%-44s +%d =%d -%d  (%.1f/%d, %+.0f Elo)\n", what, s.wins, s.draws, s.losses,
              s.points(), s.games(), eloOf(s));
}

struct Overruns {
  std::vector<double> overMoveTime;  // time used minus the move time asked for (ms), sorted
  std::vector<double> overBudget;    // time used minus the budget the player was given (ms), sorted
};

// Moves at a fixed move time from self-play games at `level`, timed from calling the player
// to its answer. The player gets the budget qubic-engine gives it for `go movetime T`: T
// minus the default MoveOverhead of 10 ms.
Overruns movetimeOverruns(int moves, int level) {
  Player player({level, 64, 7});
  std::mt19937_64 rng(11);
  Overruns out;
  static constexpr int kMoveTimes[] = {10, 20, 30, 40, 50};
  while (static_cast<int>(out.overMoveTime.size()) < moves) {
    player.newGame();
    Position p = randomPosition(rng, 2);
    while (!p.isGameOver() && static_cast<int>(out.overMoveTime.size()) < moves) {
      GoLimits go;
      go.moveTimeMs = kMoveTimes[out.overMoveTime.size() % std::size(kMoveTimes)];
      MoveLimits limits;
      limits.moveTime = moveBudget(go, p.sideToMove(), popcount(p.emptyCells()), milliseconds(10));
      const auto start = Clock::now();
      const MoveChoice c = player.choose(p, limits);
      const double used = msSince(start);
      out.overMoveTime.push_back(used - static_cast<double>(*go.moveTimeMs));
      out.overBudget.push_back(used - static_cast<double>(limits.moveTime.count()));
      p.play(c.move);
    }
  }
  std::sort(out.overMoveTime.begin(), out.overMoveTime.end());
  std::sort(out.overBudget.begin(), out.overBudget.end());
  return out;
}

void printOverruns(const char* what, const std::vector<double>& sorted) {
  std::printf("%-40s p50 %6.2f  p90 %6.2f  p99 %6.2f  max %6.2f\n", what, quantile(sorted, 0.5),
              quantile(sorted, 0.9), quantile(sorted, 0.99), sorted.back());
}

// Games on a clock of `baseMs` + `incMs` per move, both sides the top level, the budget
// from engine/play/timeman as qubic-engine computes it (MoveOverhead 10 ms). Returns the
// number of games lost on time; prints the least time either side had left.
int clockGames(int games, std::int64_t baseMs, std::int64_t incMs) {
  Player x({kMaxLevel, 64, 3}), o({kMaxLevel, 64, 4});
  std::mt19937_64 rng(12);
  int lostOnTime = 0;
  double leastLeft = 1e18;
  for (int g = 0; g < games; ++g) {
    std::array<double, 2> clock = {static_cast<double>(baseMs), static_cast<double>(baseMs)};
    bool flagged = false;
    playGame(randomPosition(rng, 2), x, o, [&](Player& player, const Position& pos) {
      const Side side = pos.sideToMove();
      GoLimits go;
      go.clockMs = {static_cast<std::int64_t>(clock[0]), static_cast<std::int64_t>(clock[1])};
      go.incrementMs = {incMs, incMs};
      MoveLimits limits;
      limits.moveTime = moveBudget(go, side, popcount(pos.emptyCells()), milliseconds(10));
      const auto start = Clock::now();
      const int move = player.choose(pos, limits).move;
      clock[index(side)] -= msSince(start);
      leastLeft = std::min(leastLeft, clock[index(side)]);
      if (clock[index(side)] < 0) flagged = true;
      clock[index(side)] += static_cast<double>(incMs);
      return move;
    });
    lostOnTime += flagged;
  }
  std::printf("clock %lld ms + %lld ms: %d games, %d lost on time, least time left %.1f ms\n",
              static_cast<long long>(baseMs), static_cast<long long>(incMs), games, lostOnTime,
              leastLeft);
  return lostOnTime;
}

}  // namespace

int benchEngine() {
  std::printf(
      "== engine: top level, movetime 10-50 ms, 1000 moves of self-play; ms over the time ==\n");
  const Overruns top = movetimeOverruns(1000, kMaxLevel);
  printOverruns("over movetime (MoveOverhead 10 ms):", top.overMoveTime);
  printOverruns("over the budget (movetime - 10 ms):", top.overBudget);
  bool kept = quantile(top.overMoveTime, 0.99) <= 10;
  std::printf("p99 over movetime <= 10 ms: %s\n", kept ? "yes" : "NO");
  std::printf("== engine: the other levels, 100 moves each; ms over movetime ==\n");
  for (int level = kMinLevel; level < kMaxLevel; ++level) {
    const Overruns o = movetimeOverruns(100, level);
    char what[32];
    std::snprintf(what, sizeof what, "level %d:", level);
    printOverruns(what, o.overMoveTime);
    kept = kept && quantile(o.overMoveTime, 0.99) <= 10;
  }
  std::printf("== engine: clock games, top level against itself ==\n");
  const int flagged = clockGames(6, 1000, 10);

  std::printf("== engine: nodes/s at the top level, 1 s per position ==\n");
  static constexpr const char* kPositions[] = {"", "1a1", "1a1 4d4 2b2", "1a1 4d4 2b2 3c3 1d1 4a4",
                                               "2b2 2c3 3b3 3c2 1a4 4d1 1d4 4a1"};
  Player player({kMaxLevel, 64, 1});
  std::uint64_t nodes = 0;
  double seconds = 0;
  for (const char* moves : kPositions) {
    MoveLimits limits;
    limits.moveTime = milliseconds(1000);
    const MoveChoice c = player.choose(playMoves(Position{}, moves).value(), limits);
    std::printf("%-34s move %s depth %2d nodes %9llu  %8.0f nodes/s\n",
                *moves ? moves : "(empty board)", moveToken(c.move).c_str(), c.depth,
                static_cast<unsigned long long>(c.nodes), static_cast<double>(c.nodes) / c.seconds);
    nodes += c.nodes;
    seconds += c.seconds;
  }
  std::printf("total: %.0f nodes/s\n", static_cast<double>(nodes) / seconds);
  return kept && flagged == 0 ? 0 : 1;
}

int benchLevels() {
  MoveLimits limits;
  limits.moveTime = milliseconds(50);
  std::printf("== levels: %lld ms a move; each level against the one below ==\n",
              static_cast<long long>(limits.moveTime.count()));
  for (int level = kMinLevel + 1; level <= kMaxLevel; ++level) {
    const int other = level - 1;
    const int openings = 30;
    char what[64];
    std::snprintf(what, sizeof what, "level %d vs level %d, %d openings x 2", level, other,
                  openings);
    printScore(what, match({level, 16, 5}, {other, 16, 6}, limits, openings,
                           100 + static_cast<std::uint64_t>(level)));
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace qubic::bench
