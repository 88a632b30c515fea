// The player's parts (Player::Impl, engine/play/player): the stages of its move cascade,
// each an object owning its search and table, all sized from PlayerOptions::hashMb: what
// threes decide (player_threes), what is proven (player_proofs), how a lost position is
// defended (player_defence), the heuristic search in the time left (player_search).
// Player::Impl composes them; think() is the cascade (player.cpp).
#pragma once

#include <algorithm>
#include <bit>
#include <optional>
#include <random>

#include "move_budget.hpp"
#include "multipv.hpp"
#include "player.hpp"
#include "player_defence.hpp"
#include "player_proofs.hpp"
#include "player_search.hpp"
#include "player_threes.hpp"
#include "strategy.hpp"

namespace qubic {

struct Player::Impl {
  std::mt19937_64 rng;
  PlayerThrees threes;  // the player's own forcing-sequence searches
  PlayerProofs proofs;  // the proof searches, on options.threads threads, and their table
  PlayerSearch search;  // the heuristic search
  PlayerDefence defence;
  MultiPv multiPv;  // the MultiPV lines, over the searches above
  Strategy elementary, planar, forcing;

  Impl(const PlayerOptions& o)
      : rng(o.seed),
        threes(threatEntries(o)),
        proofs(solverOptions(o), threes),
        search(searchTableMb(o), threatEntries(o)),
        defence(threes, proofs, search),
        multiPv(proofs.solver(), search.heuristic(), storeEntries(o)),
        elementary(Tier::Elementary, o.seed),
        planar(Tier::Planar, o.seed),
        forcing(Tier::Forcing, o.seed, threatEntries(o)) {}

  // Every source of randomness follows the seed: the tiers' preset orders too.
  void reseed(std::uint64_t seed) {
    rng.seed(seed);
    for (Strategy* tier : {&elementary, &planar, &forcing}) tier->reseed(seed);
  }

  std::size_t bytes() const {
    return proofs.bytes() + threes.bytes() + search.bytes() + forcing.bytes() + multiPv.bytes();
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

  // The move cascade, each stage an object's: decided at once (a win, or a lost position),
  // the book, the opening table's winning move, a forced win by threes (or the one block), the
  // proof searches, the heuristic search. `book`, `table`: the opening book and table to play from,
  // or null.
  MoveChoice think(const Position& pos, const Book* book, const OpeningTable* table,
                   MoveBudget& budget, const MoveLimits& limits, const ProgressFn& progress);
};

}  // namespace qubic
