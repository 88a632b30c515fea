// MultiPV: every root move's value, for the protocol's MultiPV and the game's analysis.
// Each move is judged on its own: proven when the opening table, the book or a small proof
// search knows it (distances as in docs/notation.md), else a small heuristic search of it
// alone; the time left then goes to proving the values still unknown, pass after pass. The
// searches are the player's own, so their tables keep what each pass learned; every value
// proven is kept for the run (engine/play/proven_store) and shown again at once.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <vector>

#include "engine/book/book.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/proof/solver.hpp"
#include "move_limits.hpp"
#include "player.hpp"
#include "proven_store.hpp"
#include "search.hpp"

namespace qubic {

// The opening table's value of the move c.move, when `table` holds the position after it:
// sets c's verdict and plies (one more than the table's, which count from after the move).
bool valueFromTable(const OpeningTable* table, const Position& pos, MoveChoice& c);
// The opening table's move for pos's side to move when the table holds pos as its win,
// certified, with the move: the verdict, the plies (a bound) and the move at once.
std::optional<MoveChoice> winFromTable(const OpeningTable* table, const Position& pos);

class MultiPv {
 public:
  // `storeEntries`: the values kept for later looks (engine/play/proven_store).
  MultiPv(Solver& solver, HeuristicSearch& heuristic, std::size_t storeEntries)
      : solver_(solver), heuristic_(heuristic), store_(storeEntries) {}
  std::size_t bytes() const { return store_.bytes(); }
  ProvenStore& store() { return store_; }
  void setOpeningTable(const OpeningTable* table) { table_ = table; }

  // The chosen move first, then the others best first: proven wins (quickest first),
  // unproven moves by score, proven losses (longest first); `limits.multiPv` of them.
  // Moves are judged best-looking first while time and nodes last; those left unjudged are
  // not ranked. `book`: the opening book whose wins count as proven, or null. Adds the
  // nodes spent to `nodes`.
  std::vector<MoveChoice> rank(const Position& pos, const MoveChoice& best,
                               const MoveLimits& limits,
                               std::chrono::steady_clock::time_point deadline, const Book* book,
                               std::uint64_t& nodes);

 private:
  MoveChoice judgeMove(const Position& pos, int move, int depth, const MoveLimits& limits,
                       const Book* book);
  Answer proveMoveValue(ProofSearch& search, const Position& pos, MoveChoice& c,
                        const SearchLimits& limits);
  static std::uint64_t passBudget(int k);
  void onEverySearch(const std::function<void(ProofSearch&)>& work);
  static Side favouredSide(const Position& pos, const MoveChoice& c);
  ProofNumber nearestProof(const Position& pos, const MoveChoice& c);
  bool valueFromStore(const Position& pos, MoveChoice& c);
  void remember(const Position& pos, const std::vector<MoveChoice>& lines);
  void proveUnknownLines(const Position& pos, std::vector<MoveChoice>& lines,
                         const MoveLimits& limits, std::chrono::steady_clock::time_point deadline,
                         std::uint64_t& nodes);

  Solver& solver_;
  HeuristicSearch& heuristic_;
  const OpeningTable* table_ = nullptr;
  ProvenStore store_;  // every line proven in this run (engine/play/proven_store)
};

}  // namespace qubic
