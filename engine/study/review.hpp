// Proven game review: for every move of a game, what the position was worth to the mover
// before and after it, and a verdict (kept the win, threw it away, walked into a forced
// loss, perhaps a longer defence, ...). Every win or loss it states rests on a proof that
// the rules-only checker (engine/proof/verify) accepted; what could not be proven within the
// budget is said to be not proven. Comparisons of losses compare proof lengths, which only
// bound how long a loss lasts, and "only move" rests on the solver's disproofs of the other
// moves: the words say so. For `qubic-solve --review` and the game's review.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "engine/book/opening_table.hpp"
#include "engine/core/position.hpp"
#include "engine/proof/solver.hpp"

namespace qubic {

enum class ValueKind : std::uint8_t { Unknown, Win, Loss, Draw };

// A position's value for its side to move.
struct ProvenValue {
  ValueKind kind = ValueKind::Unknown;
  // Win/Loss: plies to the end along the checked proof, against any defence (the longest
  // game that proof allows; docs/notation.md). The game-ending move counts.
  int plies = 0;
  int bestMove = -1;  // Win: the proof's first move
};

enum class MoveVerdict : std::uint8_t {
  Won,              // completed a line
  KeptWin,          // won before, still won after
  FoundWin,         // not proven won before, proven won after
  ThrewWinAway,     // won before; after it, not won (a draw, or a loss: see `after`)
  MissedForcedWin,  // as ThrewWinAway, where the win was by threes alone
  WalkedIntoLoss,   // shown not lost before (a win or a draw), lost after
  IntoLoss,         // not proven lost before, lost after (whether it was avoidable is unknown)
  BestDefence,      // lost either way; every other move is proven lost no later
  ShorterDefence,   // lost either way; another move is proven to last longer (`better`)
  LostEitherWay,    // lost either way; not every other move was proven lost within budget
  KeptDraw,         // drawn before and after (or the move that fills the board)
  NotProven,        // too little is proven to judge the move
};

struct ReviewedMove {
  int ply = 0;  // 0 for the first move of the record
  int move = -1;
  Side mover = Side::X;
  ProvenValue before;  // for the mover, before the move
  ProvenValue after;   // for the mover, after it
  MoveVerdict verdict = MoveVerdict::NotProven;
  int better = -1;        // a winning move missed, or the longer defence
  int betterPlies = 0;    // plies to the end from before the move, along the longer defence
  bool onlyMove = false;  // KeptWin: every other move was shown not to win
};

// The value the opening table holds for `pos`, for its side to move: a win or a loss only
// when certified (its proof was accepted by the rules-only checker), a draw as the solver
// proved it; bestMove, for a win, the table's move (a table without moves: the reply whose
// win it shows shortest; -1 when it holds none). Nothing when the table does not hold it.
std::optional<ProvenValue> tableValue(const OpeningTable& table, const Position& pos);

struct ReviewOptions {
  SolveLimits perPosition;     // budget of each position's solve (seconds or positions)
  SolveLimits perAlternative;  // budget of each other move judged (only move, longest defence)
  // In a game that ended in a win: the budget spent, beyond perPosition, on the loser's
  // last position not yet proven lost (the "frontier"), asked with doubling budgets until
  // it is proven lost (the frontier moves back a move) or won for the loser (the move
  // played there threw the win away): where the review's work decides something.
  // In units of perPosition's budget (0: none).
  int frontierBudgets = 0;
  const std::atomic<bool>* stop = nullptr;
  // Called as the review goes: steps done, of how many.
  std::function<void(int done, int total)> progress;
  // Values proven elsewhere (by the rules-checked proofs of an earlier review, say): used
  // as they are. And every value this review proves, handed back.
  std::function<std::optional<ProvenValue>(const Position&)> known;
  std::function<void(const Position&, const ProvenValue&)> learned;
  // The side thought to win `pos` on weaker grounds (an unchecked verdict): asked first.
  std::function<std::optional<Side>(const Position&)> winnerHint;
};

// The budget the game's review uses: `perPosition` evaluated positions for each position of
// the game, a tenth of that for each other move judged, and 4 times it at the frontier
// (docs/benchmarks.md, "review"). In positions, not time, so a game gets the same review
// on any machine.
ReviewOptions reviewBudget(std::uint64_t perPosition);
// The solver a review uses (the game's, the engine's `review`, `qubic-solve review
// --positions`): the same options, so a budget in positions gives the same review.
SolverOptions reviewSolverOptions();

// Does `attacker` win in `pos`? Proven only with a proof the rules-only checker accepted,
// `plies` its length (the longest game it allows); Disproven when the solver shows no win.
struct CheckedWin {
  Answer answer = Answer::Unknown;
  int plies = 0;
  int bestMove = -1;  // the proof's first move, when the attacker is to move
};
CheckedWin checkedWin(Solver& solver, const Position& pos, Side attacker,
                      const SolveLimits& limits);

// The value of `pos` for its side to move: X's win asked first (the side that usually has
// one), then O's; a claimed win is written as a proof and checked by the rules before it
// is returned. Draw when the solver shows that neither side wins.
ProvenValue provenValue(Solver& solver, const Position& pos, const SolveLimits& limits);
// The same, asking `first`'s win first (the side a later position shows winning).
ProvenValue provenValue(Solver& solver, const Position& pos, const SolveLimits& limits, Side first);

// Reviews `moves` (legal, in order) played from `start`.
std::vector<ReviewedMove> reviewGame(Solver& solver, const Position& start,
                                     std::span<const int> moves, const ReviewOptions& options);

// One short phrase for a verdict, e.g. "threw the win away".
std::string_view verdictName(MoveVerdict verdict);
// A move's verdict with what it names: "missed a forced win (1d1 wins)", "kept the win
// (only move, by the solver)", "perhaps a longer defence: 2b2's loss is proven within 54
// plies, this move's within 50 plies".
std::string describeVerdict(const ReviewedMove& r);
// A value for `mover`, said as who wins: "X wins, 7 plies", "O has won", "draw",
// "not proven".
std::string describeValue(const ProvenValue& v, Side mover);
// A mistake the proofs show: the move gave away a win, or walked into a loss that could
// have been avoided.
bool isMistake(MoveVerdict verdict);

// What a whole review can say, no more than its proofs do.
struct ReviewOutcome {
  std::vector<std::size_t> mistakes;  // the moves proven mistakes, in order
  // Every move's verdict rests on proven values on both sides of it (so "no mistake" is
  // a proven statement only when this holds and `mistakes` is empty).
  bool allSettled = false;
  // The game ended with a win, and counting back from the end every position was proven
  // lost for the loser down to the one after its move `lostAfter` (an index into the
  // review): from there on it was lost; whether an earlier move could have saved it is
  // not settled unless a mistake says so.
  std::optional<std::size_t> lostAfter;
  Side loser = Side::X;
  int unsettled = 0;  // moves whose verdict is not settled by the proofs
};
ReviewOutcome reviewOutcome(const std::vector<ReviewedMove>& review, const Position& end);

}  // namespace qubic
