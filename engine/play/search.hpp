// The heuristic search: what the player plays when nothing is proven. Iterative-deepening
// alpha-beta (negamax with principal-variation search and a transposition table) over a
// threat-aware evaluation.
//
// Every node first applies the rules that decide at once, which are exact:
//   - the side to move has a three: it wins next ply;
//   - the opponent has threes on two different cells: the side to move loses in two plies;
//   - the opponent has one three: the block is the only move, searched without using up
//     depth (so a threat sequence costs one ply per attacker move, not two);
//   - the side to move can make two threes at once: it wins in three plies;
//   - the side to move wins by a sequence of threes (engine/threats/threat_search, a small
//     node budget at each node of the main search): it wins at the sequence's end.
// Scores built only from these rules are proofs ("win N" / "loss N" plies); the rest are
// hundredths of a stone (centipawn-like) from the evaluation below. At the nominal depth
// a quiescence step lets the side to move still play a three (its block is forced)
// before the evaluation; late moves at a node are first searched a ply shallower.
//
// The table is allocated when the search object is made; a search gets its limits and a
// stop flag from the caller and never allocates.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <optional>
#include <vector>

#include "engine/core/large_array.hpp"
#include "engine/core/position.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

constexpr int kMaxSearchPly = kCells;                 // no game lasts longer
constexpr int kWinScore = 30000;                      // a win in n plies scores kWinScore - n
constexpr int kProvenScore = kWinScore - kCells - 1;  // beyond ±this a score is a proof

constexpr bool isProvenScore(int score) { return score > kProvenScore || score < -kProvenScore; }
// Plies to the end of the game for a proven score.
constexpr int pliesToEnd(int score) { return kWinScore - (score < 0 ? -score : score); }

// The static evaluation of a quiet position (neither side has a three), in hundredths of a
// stone for the side to move: open lines weighted by the stones on them, the side to move's
// twos weighted more (it can turn one into a three first), the opponent's double-threat
// cells (each one needs an answer) weighted heavily.
int evaluate(const Position& pos);

struct HeuristicLimits {
  int maxDepth = kMaxSearchPly;  // iterations, in plies (1..kMaxSearchPly)
  std::uint64_t maxNodes = UINT64_MAX;
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  const std::atomic<bool>* stop = nullptr;  // set by another thread to end the search
  Bitboard rootMoves = ~Bitboard{0};        // root moves allowed (the empty cells among them)
};

struct HeuristicResult {
  int move = -1;  // -1 only when the game is over or no root move is allowed
  int score = 0;  // for the side to move: hundredths of a stone, or a proven score
  int depth = 0;  // iterations completed (the move may come from a partial one)
  std::array<std::uint8_t, kMaxSearchPly> pv{};  // principal variation, pv[0] == move
  int pvLength = 0;
  std::uint64_t nodes = 0;
};

struct LineScan;  // what one pass over the lines finds (engine/play/search.cpp)

class HeuristicSearch {
 public:
  using Progress = std::function<void(const HeuristicResult&)>;

  // Allocates a transposition table of about `tableMb` megabytes (at least 1024 entries).
  explicit HeuristicSearch(std::size_t tableMb = 4,
                           std::size_t threatEntries = std::size_t{1} << 16);
  // The memory of its tables.
  std::size_t bytes() const { return table_.size() * sizeof(Entry) + threats_.tableBytes(); }

  // Searches `pos` (the game is not over) by iterative deepening until a limit is reached,
  // the depth limit is done or the result is proven; no iteration starts after half the
  // time to the deadline (it would rarely finish). `progress` hears each completed
  // iteration. The answer is the best move of the deepest iteration that produced one.
  HeuristicResult search(const Position& pos, const HeuristicLimits& limits,
                         const Progress& progress = {});

  // Forgets the previous game.
  void clear();

 private:
  struct Entry {
    std::uint64_t key = 0;
    std::int16_t score = 0;
    std::uint8_t depth = 0;
    std::uint8_t bound = 0;  // kExact, kLower or kUpper
    std::uint8_t move = 0xff;
  };
  struct MoveList;

  int negamax(int depth, int ply, int alpha, int beta);
  // negamax's steps (engine/play/search.cpp).
  std::optional<int> decidedByThrees(const LineScan& scan, int depth, int ply, int alpha, int beta);
  std::optional<int> probe(const Entry& entry, std::uint64_t key, int depth, int ply, int alpha,
                           int beta, int& ttMove) const;
  int searchMove(int i, int depth, int ply, int alpha, int beta);
  void noteCutoff(int me, int move, int depth, int ply);
  std::optional<int> threatWin(int ply);
  int quiescence(int standPat, Bitboard threeMakers, int depth, int ply, int alpha, int beta);
  int rootSearch(int depth, int alpha, int beta);
  void orderMoves(MoveList& moves, int ply, int ttMove, Bitboard theirDoubles) const;
  void updatePv(int ply, int move);
  bool outOfLimits();

  LargeArray<Entry> table_;
  std::uint64_t tableMask_ = 0;
  ThreatSearch threats_;

  // Search state, reset by each search.
  Position pos_;
  HeuristicLimits limits_;
  std::uint64_t nodes_ = 0;
  std::uint64_t nextCheck_ = 0;  // node count at which to look at the clock and the stop flag
  bool aborted_ = false;
  std::array<std::array<std::uint8_t, kMaxSearchPly + 1>, kMaxSearchPly + 1> pv_{};
  std::array<int, kMaxSearchPly + 1> pvLength_{};
  std::array<std::array<std::uint8_t, 2>, kMaxSearchPly + 1> killers_{};
  std::array<std::array<std::uint32_t, kCells>, 2> history_{};
  // Root moves, best first after each iteration.
  std::array<std::uint8_t, kCells> rootMoves_{};
  int rootCount_ = 0;
  int rootBest_ = -1, rootBestScore_ = 0;
  bool rootAnyDone_ = false;  // a root move of the current iteration was fully searched
};

}  // namespace qubic
