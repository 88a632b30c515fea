// The player's parts (Player::Impl, engine/play/player): its searches and their tables,
// sized from PlayerOptions::hashMb, and the stages of its move cascade, defined by concern:
// what is known (player_known.cpp), what is proven (player_proven.cpp), how a lost position
// is defended (player_defence.cpp), the cascade and the search (player_search.cpp).
#pragma once

#include <algorithm>
#include <bit>
#include <chrono>
#include <optional>
#include <random>

#include "engine/proof/solver.hpp"
#include "engine/threats/threat_search.hpp"
#include "move_budget.hpp"
#include "multipv.hpp"
#include "player.hpp"
#include "search.hpp"
#include "strategy.hpp"

namespace qubic {

struct Player::Impl {
  using Clock = std::chrono::steady_clock;
  // Bounding an opponent's win that no proof measured: a threat search this large.
  static constexpr std::uint64_t kWinBoundThreatNodes = 200000;
  // A lost position's practical defence: the threat search of the opponent's forcing
  // sequence after each of our moves.
  static constexpr std::uint64_t kDefenceThreatNodes = 20000;
  // ... and, among the moves it leaves, each threat search of the opponent's quiet wins.
  static constexpr std::uint64_t kQuietWinThreatNodes = 2000;

  std::mt19937_64 rng;
  Solver solver;         // the proof searches, on options.threads threads, and their table
  ThreatSearch threats;  // the player's own forcing-sequence searches
  HeuristicSearch heuristic;
  MultiPv multiPv;  // the MultiPV lines, over the searches above
  Strategy elementary, planar, forcing;
  Clock::time_point started;  // when the current choose() began, for the progress reports

  Impl(const PlayerOptions& o)
      : rng(o.seed),
        solver(solverOptions(o)),
        threats(threatEntries(o)),
        heuristic(searchTableMb(o), threatEntries(o)),
        multiPv(solver, heuristic, storeEntries(o)),
        elementary(Tier::Elementary, o.seed),
        planar(Tier::Planar, o.seed),
        forcing(Tier::Forcing, o.seed, threatEntries(o)) {}

  // Every source of randomness follows the seed: the tiers' preset orders too.
  void reseed(std::uint64_t seed) {
    rng.seed(seed);
    for (Strategy* tier : {&elementary, &planar, &forcing}) tier->reseed(seed);
  }

  std::size_t bytes() const {
    return solver.bytes() + threats.tableBytes() + heuristic.bytes() + forcing.bytes() +
           multiPv.bytes();
  }

  int hashfull() const { return static_cast<int>(solver.table().fill() * 1000); }
  // The first proof search: its table answers what the solves proved.
  ProofSearch& proofs() { return solver.search(); }
  PnsResult prove(const Position& pos, Side attacker, const SearchLimits& l) {
    SolveLimits limits;
    limits.seconds = l.maxTime == std::chrono::milliseconds::max()  // no time limit
                         ? 0
                         : std::chrono::duration<double>(l.maxTime).count();
    limits.maxNodes = l.maxNodes;
    limits.stop = l.stop;
    return solver.prove(pos, attacker, limits);
  }

  // All of the player's tables come out of PlayerOptions::hashMb: a quarter for the
  // heuristic search, a thirty-second for each of its four threat searches (the player's,
  // the heuristic search's, the forcing tier's and the proof search's, which its helper
  // threads share), a sixty-fourth for the proven values MultiPV keeps, the rest, at least
  // 1 MB, for the proof table.
  static constexpr std::size_t kThreatTables = 4;
  static std::size_t threatEntries(const PlayerOptions& o) {
    const std::size_t entries = (o.hashMb << 20) / 32 / sizeof(std::uint64_t);
    return std::clamp<std::size_t>(std::bit_floor(std::max<std::size_t>(entries, 1)),
                                   std::size_t{1} << 12, std::size_t{1} << 18);
  }
  static std::size_t searchTableMb(const PlayerOptions& o) { return o.hashMb / 4; }
  // The proven values kept for MultiPV's later looks: a sixty-fourth of the budget.
  static std::size_t storeEntries(const PlayerOptions& o) {
    return std::bit_floor(
        std::max<std::size_t>((o.hashMb << 20) / 64 / ProvenStore::kEntryBytes, 2));
  }

  static SolverOptions solverOptions(const PlayerOptions& o) {
    SolverOptions s;
    s.threads = std::clamp(o.threads, 1, kMaxSolveThreads);
    const std::size_t others = (searchTableMb(o) << 20) +
                               kThreatTables * threatEntries(o) * sizeof(std::uint64_t) +
                               storeEntries(o) * ProvenStore::kEntryBytes;
    s.tableMb =
        std::max<std::size_t>(1, ((o.hashMb << 20) - std::min(o.hashMb << 20, others)) >> 20);
    s.threatEntries = threatEntries(o);
    s.quickFirst = false;    // the player's table is small and kept between moves
    s.searchesApart = true;  // MultiPV proves a move per thread
    return s;
  }

  MoveChoice fromStrategy(Strategy& s, const Position& pos) {
    const StrategyMove m = s.choose(pos);
    MoveChoice c;
    c.move = m.move;
    c.reason = m.reason;
    return c;
  }

  std::optional<MoveChoice> fromBook(const Position& pos, const Book& book,
                                     const MoveLimits& limits);
  int opponentWinBound(const Position& pos, int move, const MoveLimits& limits);
  std::optional<MoveChoice> quickestKnownWin(const Position& pos, ThreatLimits limits,
                                             std::uint64_t& nodes);
  // The move cascade, each stage a function: decided at once (a win, or a lost position),
  // the book, a forced win by threes (or the one block), the proof searches, the
  // heuristic search. `book`: the opening book to play from, or null.
  MoveChoice think(const Position& pos, const Book* book, MoveBudget& budget,
                   const MoveLimits& limits, const ProgressFn& progress);
  std::optional<MoveChoice> decidedAtOnce(const Position& pos);
  std::optional<int> knownLossAfter(const Position& pos, int move, const Book* book);
  Bitboard longestKnownLosses(const Position& pos, Bitboard moves, const Book* book);
  Bitboard withoutQuietWins(const Position& pos, Bitboard moves, Clock::time_point until,
                            std::uint64_t nodesUntil, std::uint64_t& nodes,
                            const MoveLimits& limits);
  MoveChoice practicalDefence(const Position& pos, const MoveChoice& longest, const Book* book,
                              const MoveBudget& budget, const MoveLimits& limits,
                              const ProgressFn& progress);
  std::optional<MoveChoice> forcedWinOrBlock(const Position& pos, const MoveBudget& budget,
                                             std::uint64_t& nodes);
  // What the proof searches found: a decided move, or which moves are safe and losing.
  struct ProofVerdicts {
    std::optional<MoveChoice> decided;
    Bitboard safe = 0, losing = 0;
  };
  ProofVerdicts proveBothSides(const Position& pos, const MoveBudget& budget,
                               const MoveLimits& limits, const ProgressFn& progress,
                               std::uint64_t& nodes);
  MoveChoice searchRest(const Position& pos, Bitboard allowed, Clock::time_point deadline,
                        std::uint64_t maxNodes, const MoveLimits& limits, MoveChoice choice,
                        const ProgressFn& progress);
};

}  // namespace qubic
