// A forcing win told move by move, from the rules alone: which lines each attacker move
// makes a three on (and so the cell the defender must take), and how the last move wins
// (a completed line, or two or more threes at once). For `qubic-solve --explain`.
#pragma once

#include <atomic>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "engine/core/position.hpp"
#include "engine/proof/solver.hpp"

namespace qubic {

class ThreatSearch;

struct Three {
  int line = -1;  // index into the 76 lines
  int cell = -1;  // its empty cell: where the attacker completes it, the defender must block
};

struct ForcingStep {
  int move = -1;
  int reply = -1;             // the defender's block; -1 after the last move
  std::vector<Three> threes;  // the threes this move makes
  bool completesLine = false;
};

// The steps of `moves` (attacker move, forced reply, ..., attacker move) played from
// `pos`, the attacker to move. Precondition: checkForcingWin(pos, attacker, moves) == "".
std::vector<ForcingStep> explainForcingWin(Position pos, std::span<const std::uint8_t> moves);

// The side to move's forcing win by threes, found by the threat search within `maxNodes`
// (the shortest one when `shortest`) and checked by the rules.
struct ForcingWin {
  std::vector<std::uint8_t> moves;  // attacker move, reply, ..., last move; empty: none
  int plies = 0;                    // to the end of the game against any defence
};
ForcingWin checkedForcingWin(ThreatSearch& threats, const Position& pos, std::uint64_t maxNodes,
                             bool shortest = true, const std::atomic<bool>* stop = nullptr);

// A win that needs a quiet move first (one that makes no three, or after which more than
// threes are needed): the proof search finds it, the rules-only checker checks its proof.
struct ProvenQuietWin {
  bool proven = false;               // only with a proof the checker accepted
  int plies = 0;                     // that proof's length (the longest game it allows)
  int move = -1;                     // its first move
  std::uint64_t choices = 0;         // positions of the proof where the winner chooses a move
  std::vector<std::uint8_t> threat;  // the forcing win the move threatens were the opponent
                                     // to pass (attacker, reply, ...); empty when none
};
ProvenQuietWin explainQuietWin(Solver& solver, const Position& pos, const SolveLimits& limits);

// How the side to move wins, as the game's explain and the engine's `explain` tell it: a
// forcing win by threes (found within kExplainThreatNodes), else a win that needs a quiet
// move (proven within kExplainQuietPositions, a fraction of a second), else neither.
constexpr std::uint64_t kExplainThreatNodes = 2'000'000;
constexpr std::uint64_t kExplainQuietPositions = 300'000;
struct WinExplained {
  std::vector<ForcingStep> steps;  // the forcing win's steps; empty: none
  int plies = 0;                   // the forcing win's length, against any defence
  ProvenQuietWin quiet;            // when there is no forcing win: quiet.proven, or neither
};
WinExplained explainWin(const Position& pos, const std::atomic<bool>* stop = nullptr);

// A quiet win in words: "X wins within 9 moves, but not by threes alone (a checked proof;
// 40 positions where X chooses). The first move, 2b2, makes no three; were O to pass, X
// would win by threes: 2c2 2d2."
std::string describeQuietWin(const ProvenQuietWin& q, Side attacker);

// What a step's move does, in words: "makes a three on 2a3-2d3; O must block", "makes 2
// threes at once: ...; O can block only one", "completes a line". `attacker`: who moves.
std::string describeStep(const ForcingStep& step, Side attacker);

}  // namespace qubic
