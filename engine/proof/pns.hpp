// Depth-first proof-number search (df-pn) answering "does `attacker` win from here?".
// The table is the caller's (allocated once); a search gets its limits and a stop flag
// from the caller and never allocates.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "engine/core/position.hpp"
#include "node_evaluation.hpp"
#include "tt.hpp"

namespace qubic {

class VirtualLoss;
struct QuietWin;
class ParallelEvaluation;

struct SearchLimits {
  std::uint64_t maxNodes = UINT64_MAX;
  // Positions the proof search evaluates, not counting the threat search's nodes: a budget
  // that does not depend on the threat search's speed, so a run cut into slices of it
  // takes the same course whatever the threat search costs.
  std::uint64_t maxPositions = UINT64_MAX;
  std::chrono::milliseconds maxTime = std::chrono::milliseconds::max();
  const std::atomic<bool>* stop = nullptr;  // set by another thread to end the search early
  // Moves of the attacker at the root the search may not play (known not to win).
  Bitboard excludedRootMoves = 0;
};

struct PnsResult {
  Answer answer = Answer::Unknown;
  int bestMove = -1;  // the attacker's proving move, or the most promising one (-1 when none)
  int distance = 0;   // plies to the win along the proof found (an upper bound), when proven
  // rootDn 0 with an unknown answer: a restricted search (PnsOptions::threatMovesOnly,
  // stoneCap) found no win, which claims nothing.
  ProofNumber rootPn = 1, rootDn = 1;
  std::uint64_t nodes = 0;
  std::uint64_t positions = 0;  // positions evaluated (see SearchLimits::maxPositions)
  double seconds = 0;
};

class ProofSearch {
 public:
  // With `marks`, this search is one of several threads sharing `table` (which must then
  // be shared between threads): it marks the nodes on its path and steers away from the
  // children the others are in. Each thread has its own ProofSearch and ThreatSearch.
  // With `helpers`, new children are evaluated by several threads (engine/proof/parallel_eval);
  // their answers are used in the search's own order.
  ProofSearch(TranspositionTable& table, ThreatSearch& threats, PnsOptions options = {},
              VirtualLoss* marks = nullptr, ParallelEvaluation* helpers = nullptr);

  // Does `attacker` win from `start` against every defence? The table keeps what
  // was learned, so asking again (or asking about a successor) reuses the work.
  PnsResult prove(const Position& start, Side attacker, const SearchLimits& limits);

  // What the table knows about `pos` for the question "does `attacker` win?", or nullptr.
  // Changes nothing in the search.
  std::optional<TTEntry> lookup(const Position& pos, Side attacker) const;

  std::uint64_t nodes() const { return nodes_; }
  const TranspositionTable& table() const { return table_; }

 private:
  struct Frame;
  struct Choice;

  // Near the root the table is keyed by canonical images, so the moves it stores are
  // kept in the image's coordinates: `toImage` maps `pos` onto the image `key` stands for.
  void mid(Position& pos, std::uint64_t key, int toImage, ProofNumber thPn, ProofNumber thDn);
  // mid's steps: the node's children in the order they are tried, their first numbers
  // (false when a limit stopped the evaluation), the chosen child's thresholds.
  void gatherChildren(Position& pos, const TTEntry& node, int toImage, Frame& f);
  bool numberChildren(Position& pos, const TTEntry& node, Frame& f);
  std::pair<ProofNumber, ProofNumber> childThresholds(const Choice& c, bool orNode,
                                                      ProofNumber thPn, ProofNumber thDn) const;
  Choice choose(const Frame& f, bool orNode, const VirtualLoss* marks) const;
  NodeEvaluation evaluate(const Position& pos, bool parentNoThreatWin,
                          const KnownSequence* known = nullptr, ThreatResult* found = nullptr);
  // A known win of the attacker's (PnsOptions::knownWins) at `pos`, whose image is `toImage`.
  std::optional<NodeEvaluation> knownWin(const Position& pos, int toImage) const;
  void takeKnownRoot(const Position& pos, std::uint64_t key, int toImage);
  TTEntry entryOf(const NodeEvaluation& eval, const Position& pos, std::uint64_t key,
                  int toImage) const;
  // A defender node's first proof number: its `choices` replies over `divisor`.
  ProofNumber defencePn(int choices, ProofNumber divisor) const;
  // PnsOptions::repliesPerDefence, at least 1: the divisor of course 0.
  ProofNumber baseDivisor() const;
  // The divisor for the defender node `key` (PnsOptions::courseSeed).
  ProofNumber replyDivisor(std::uint64_t key) const;
  // `known` and `found`: see evaluateNode.
  TTEntry expand(const Position& pos, std::uint64_t key, int toImage,
                 bool parentNoThreatWin = false, const KnownSequence* known = nullptr,
                 ThreatResult* found = nullptr);
  void keepThreateningMoves(Frame& f, TTEntry& node, int toImage);
  void narrowToQuietWin(const Position& pos, TTEntry& node, int toImage);
  // The attacker's quiet wins at defender node `pos` (PnsOptions::quietWinNodes).
  QuietWin quietWins(const Position& pos);
  int solvedDistance(Position& pos, const Frame& f, TTEntry& node, bool orNode, int toImage);
  bool limitReached();
  int stoneCap(Side attacker) const { return options_.stoneCap[static_cast<int>(attacker)]; }
  std::uint64_t keyOf(const Position& pos) const { return keyOf(pos, attacker_); }
  std::uint64_t keyOf(const Position& pos, Side attacker) const;
  // The table key of the position with these stones, and the symmetry mapping it onto
  // the image the key stands for (the identity beyond PnsOptions::symmetryDepth).
  struct Keyed {
    std::uint64_t key;
    int toImage;
  };
  Keyed keyed(Bitboard x, Bitboard o, Side attacker) const;

  TranspositionTable& table_;
  ThreatSearch& threats_;
  PnsOptions options_;
  VirtualLoss* marks_;
  ParallelEvaluation* helper_;
  Side attacker_ = Side::X;
  SearchLimits limits_;
  int rootStones_ = 0;
  std::chrono::steady_clock::time_point deadline_;
  std::uint64_t nodes_ = 0;
  std::uint64_t positions_ = 0;
  std::uint32_t limitChecks_ = 0;
  bool aborted_ = false;
};

}  // namespace qubic
