// A forcing win told move by move, from the rules alone: which lines each attacker move
// makes a three on (and so the cell the defender must take), and how the last move wins
// (a completed line, or two or more threes at once). For `qubic-solve --explain`.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "position.hpp"

namespace qubic {

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

// What a step's move does, in words: "makes a three on 2a3-2d3; O must block", "makes 2
// threes at once: ...; O can block only one", "completes a line". `attacker`: who moves.
std::string describeStep(const ForcingStep& step, Side attacker);

}  // namespace qubic
