// The options of a proof search and what it knows of a node before searching below it:
// solved outright, or the moves worth trying. Shared by the search (engine/proof/pns) and
// the threads that evaluate children for it (engine/proof/parallel_eval).
#pragma once

#include <array>
#include <atomic>
#include <cstdint>

#include "engine/core/position.hpp"
#include "tt.hpp"

namespace qubic {

class KnownWins;
class ThreatSearch;
struct ThreatResult;

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
  // most of them lose at once to the attacker's threats (1 counts every reply). 5, with
  // forcedReplyCost 3, was the robust choice across table sizes (the measurements:
  // docs/history/experiments-2026-11.md).
  ProofNumber repliesPerDefence = 5;
  // Initial proof number of a defender node whose only move is blocking a three: such a
  // three did not win by force, so it is worth less than a quiet move with a few replies.
  ProofNumber forcedBlockPn = 2;
  // Added to the proof number of a defender node with a single reply, over its child's.
  // Without it a chain of threes, each forcing a block, costs nothing however long it
  // grows, and the search follows such chains deep into the board long after the threat
  // search has shown that threes alone do not win there. With 2 the empty board took
  // about a fifth of the positions of 0, and the depth-4 and depth-6 suites a third to a
  // quarter; 3 is part of the robust setting above (docs/history/experiments-2026-11.md).
  ProofNumber forcedReplyCost = 3;
  // At attacker nodes, once this many children are seen to restrict the defender (a threat
  // of a forced win, a three to block, or a win), the rest are not evaluated until the
  // search picks one; until then they count as quiet moves. Each evaluation is a threat
  // search, and quiet moves are seldom picked while restricting ones remain: the depth-2
  // suite needs about half the time with 6 (docs/history/experiments-2026-11.md). 0 evaluates every
  // child.
  int restrictingChildren = 6;
  std::uint64_t threatNodes = 20000;  // budget of one threat-sequence search
  // Budget of the defender's own threat-sequence search at a defender node (0: none). A
  // defender node it wins is disproven at once, where the search would otherwise have to
  // find the defender's forcing line move by move. It pays at a budget of positions (the
  // opening table's courses 10-19), not in time on the empty board, whose threat searches
  // it makes two thirds more costly (docs/history/proving-2026-12-05.md).
  std::uint64_t defenderThreatNodes = 0;
  // Proving only: at attacker nodes try only moves after which the attacker threatens a
  // forced win (when there are any). Sound for proofs; a "disproof" then proves nothing,
  // so prove() reports it as unknown.
  bool threatMovesOnly = false;
  // Positions other proofs have shown won for the side to move (engine/proof/known_wins):
  // the attacker's are proven at once, with the known move. The caller keeps them alive.
  const KnownWins* knownWins = nullptr;
  // The defender's known wins disprove its nodes at once (with knownWins).
  bool knownDefenderWins = true;
  // A seeded course (0: none): each defender node's replies are divided by one less than
  // repliesPerDefence, by it or by one more, drawn from the node's key and the seed. The
  // search then takes another order through the same tree, and a seed takes the same
  // one on every run: restarts in other courses decide hard positions that one long
  // search does not (docs/table-runs.md, "Courses").
  std::uint64_t courseSeed = 0;
  // A child refuted or proven by a threat sequence answers for its later siblings where
  // the sequence's zone allows (SiblingWin in engine/proof/pns.cpp): the same answer
  // without the search. The course changes only where a search would have been cut off
  // by its budget (docs/history/proving-2026-12-06.md).
  bool siblingWins = true;
  // Budget of each threat search of the attacker's quiet wins (engine/threats/quiet_win),
  // asked at a defender node that no threat sequence narrows (0: never): the defender's
  // replies are narrowed to the cells common to the wins' zones, as a threat sequence's
  // zone narrows them. The sound zone (QuietZone::Sound) is asked once the search has spent
  // quietWinWork positions under the node: most defender nodes are settled sooner, and for
  // them the quiet wins' threat searches cost more than they save (the table's courses
  // 30-39; on the empty board it saves nothing, docs/history/proving-2026-12-06.md).
  std::uint64_t quietWinNodes = 0;
  std::uint32_t quietWinWork = 16384;
  // Asked instead when the search first enters the node, with the zone as found, which may
  // miss a refutation of two defender stones: the search's wins then hold only once written
  // out and checked by the rules, as the opening table's jobs do (its courses 20-29,
  // docs/history/proving-2026-12-06.md).
  bool quietWinUnchecked = false;
  // A bound on the depth of each side's win, indexed by the attacker (0: none): a node with
  // at least this many stones that its evaluation does not settle counts as lost for the
  // attacker, so the search looks only at wins that end by then (most of the opening
  // table's O wins; docs/history/proving-2026-12-07.md). A proof found stays a proof; a
  // disproof then proves nothing, so prove() reports it as unknown.
  std::array<int, 2> stoneCap{};
};
enum class Answer : std::uint8_t { Proven, Disproven, Unknown };

// What a node is before any child is searched: solved outright, or the moves worth trying.
struct NodeEvaluation {
  Answer answer = Answer::Unknown;
  int distance = 0;   // plies to the end when solved
  int bestMove = -1;  // the first move of the win when the side to move wins
  Bitboard moves = 0;
  bool threatened = false;   // a defender node whose moves the attacker's threats restrict
  bool noThreatWin = false;  // the attacker has no threat-sequence win here (see kNoThreatWin)
};

// A threat sequence known to win for the side to move: what a node settled by it keeps.
struct KnownSequence {
  int firstMove = -1;
  int plies = 0;  // ThreatResult::plies
};

// The evaluation of `pos` for the question "does `attacker` win?", with the threat
// search's nodes added to `threatNodes`. A function of the position alone (and of the
// threat search's table), so another thread may compute it (engine/proof/parallel_eval).
// The search that settles the node outright is the side to move's own threat search (the
// attacker's, or the defender's with PnsOptions::defenderThreatNodes): `known`, a sequence
// known to win for the side to move here, stands in for it; `found` receives its result
// when it ran.
NodeEvaluation evaluateNode(const Position& pos, Side attacker, const PnsOptions& options,
                            ThreatSearch& threats, bool parentNoThreatWin,
                            std::uint64_t& threatNodes, const std::atomic<bool>* stop = nullptr,
                            const KnownSequence* known = nullptr, ThreatResult* found = nullptr);

}  // namespace qubic
