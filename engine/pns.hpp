// Depth-first proof-number search (df-pn) answering "does `attacker` win from here?".
// The table is the caller's (allocated once); a search gets its limits and a stop flag
// from the caller and never allocates.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>

#include "position.hpp"
#include "tt.hpp"

namespace qubic {

class BusyMarks;
class EvaluationHelpers;
class ThreatSearch;

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

struct PnsOptions {
  int symmetryDepth = 8;  // positions with at most this many stones share entries with their images
  bool weakSums = true;   // defender-node pn = max + (children - 1): tames DAG over-counting
  double epsilon = 0.25;  // the 1+epsilon threshold trick; 0 gives plain df-pn
  bool threatSearch =
      true;  // prove attacker nodes by threat sequences, prune defender nodes by zones
  bool heuristicInit =
      true;  // evaluate children on expansion; initial numbers from their move counts
  // At attacker nodes, children with equal numbers are tried best-looking first rather
  // than by cell: the empty-board solve needs about a third of the nodes.
  bool orderMoves = true;
  // Initial proof number of a defender node: its candidate replies divided by this, as
  // most of them lose at once to the attacker's threats (1 counts every reply). On the
  // 21 positions after 1a1 4d4 1d1, 6 was 3 times faster than 3 and over 10 times
  // faster than 1; 5 (with forcedReplyCost 3) proves the empty board in 4.3-5.1 M
  // positions at every table size tried, where 6 (with 2) took 5.5-10 M or got lost
  // (docs/benchmarks.md, session 16).
  ProofNumber repliesPerDefence = 5;
  // Initial proof number of a defender node whose only move is blocking a three: such a
  // three did not win by force, so it is worth less than a quiet move with a few replies.
  ProofNumber forcedBlockPn = 2;
  // Added to the proof number of a defender node with a single reply, over its child's.
  // Without it a chain of threes, each forcing a block, costs nothing however long it
  // grows, and the search follows such chains deep into the board long after the threat
  // search has shown that threes alone do not win there. With 2 the empty board took
  // about a fifth of the positions of 0, and the depth-4 and depth-6 suites a third to a
  // quarter; 3 is part of the robust setting above (docs/benchmarks.md).
  ProofNumber forcedReplyCost = 3;
  // At attacker nodes, once this many children are seen to restrict the defender (a threat
  // of a forced win, a three to block, or a win), the rest are not evaluated until the
  // search picks one; until then they count as quiet moves. Each evaluation is a threat
  // search, and quiet moves are seldom picked while restricting ones remain: the depth-2
  // suite needs about half the time with 6 (docs/benchmarks.md). 0 evaluates every child.
  int restrictingChildren = 6;
  std::uint64_t threatNodes = 20000;  // budget of one threat-sequence search
  // Proving only: at attacker nodes try only moves after which the attacker threatens a
  // forced win (when there are any). Sound for proofs; a "disproof" then proves nothing,
  // so prove() reports it as unknown.
  bool threatMovesOnly = false;
};

enum class Answer : std::uint8_t { Proven, Disproven, Unknown };

struct PnsResult {
  Answer answer = Answer::Unknown;
  int bestMove = -1;  // the attacker's proving move, or the most promising one (-1 when none)
  int distance = 0;   // plies to the win along the proof found (an upper bound), when proven
  ProofNumber rootPn = 1, rootDn = 1;
  std::uint64_t nodes = 0;
  std::uint64_t positions = 0;  // positions evaluated (see SearchLimits::maxPositions)
  double seconds = 0;
};

// What a node is before any child is searched: solved outright, or the moves worth trying.
struct NodeEvaluation {
  Answer answer = Answer::Unknown;
  int distance = 0;   // plies to the end when solved
  int bestMove = -1;  // the first move of the win when the side to move wins
  Bitboard moves = 0;
  bool threatened = false;   // a defender node whose moves the attacker's threats restrict
  bool noThreatWin = false;  // the attacker has no threat-sequence win here (see kNoThreatWin)
};

// The evaluation of `pos` for the question "does `attacker` win?", with the threat
// search's nodes added to `threatNodes`. A function of the position alone (and of the
// threat search's table), so another thread may compute it (engine/eval_helper).
NodeEvaluation evaluateNode(const Position& pos, Side attacker, const PnsOptions& options,
                            ThreatSearch& threats, bool parentNoThreatWin,
                            std::uint64_t& threatNodes, const std::atomic<bool>* stop = nullptr);

class ProofSearch {
 public:
  // With `marks`, this search is one of several threads sharing `table` (which must then
  // be shared between threads): it marks the nodes on its path and steers away from the
  // children the others are in. Each thread has its own ProofSearch and ThreatSearch.
  // With `helpers`, new children are evaluated by several threads (engine/eval_helper);
  // their answers are used in the search's own order.
  ProofSearch(TranspositionTable& table, ThreatSearch& threats, PnsOptions options = {},
              BusyMarks* marks = nullptr, EvaluationHelpers* helpers = nullptr);

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
  Choice choose(const Frame& f, bool orNode, const BusyMarks* marks) const;
  NodeEvaluation evaluate(const Position& pos, bool parentNoThreatWin);
  TTEntry entryOf(const NodeEvaluation& eval, const Position& pos, std::uint64_t key,
                  int toImage) const;
  // Initial proof number of a defender node with this many candidate replies.
  ProofNumber defencePn(int choices) const;
  TTEntry expand(const Position& pos, std::uint64_t key, int toImage,
                 bool parentNoThreatWin = false);
  void keepThreateningMoves(Frame& f, TTEntry& node, int toImage);
  int solvedDistance(Position& pos, const Frame& f, TTEntry& node, bool orNode);
  bool limitReached();
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
  BusyMarks* marks_;
  EvaluationHelpers* helper_;
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
