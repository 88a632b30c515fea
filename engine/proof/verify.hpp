// The rules-only proof checker: replays a proof file (docs/proof-format.md) with the
// rules core and the symmetry maps alone, so a win it accepts does not rest on the
// solver, the threat search or their pruning.
#pragma once

#include <cstdint>
#include <functional>
#include <istream>
#include <span>
#include <string>

#include "engine/core/position.hpp"

namespace qubic {

// Does `attacker`, to move in `pos`, win by playing `moves` (attacker move, forced reply,
// attacker move, ..., attacker move) against every defence? Each attacker move must
// complete a line, or leave the defender without an immediate win and facing one or more
// cells where the attacker completes a line: one such cell is the defender's only reply
// (which must be the next listed move), two or more win. Returns "" when it wins, else
// what goes wrong.
std::string checkForcingWin(Position pos, Side attacker, std::span<const std::uint8_t> moves);

struct VerifyResult {
  bool verified = false;
  Position root;      // the proof's position
  std::string error;  // the first faulty node: line number, position and reason
  std::uint64_t attackerNodes = 0, forcingWins = 0, references = 0, defenceReplies = 0;
  int plies =
      0;  // the longest game the proof allows from the root: its distance (docs/notation.md)
  int rootMove = -1;  // the attacker's first move when it is to move at the root, else -1
};

// Called for every attacker move in the proof that is not part of a forcing win, with
// the position before it and the plies to the win along the proof (what an opening book
// stores), once the move's subtree has been verified.
using ProvenMoveFn = std::function<void(const Position&, int move, int pliesToWin)>;

// Called for every forcing win in the proof (a "W" node), once checked: the position, the
// attacker to move, and the win's length in plies.
using ForcingWinFn = std::function<void(const Position&, int plies)>;

// Called for every attacker move the proof makes, with the position before it: its
// moves, every step of its forcing wins, and each default sequence once per reply it
// answers (a strategy for the proof's whole tree: engine/proof/certificate).
using AttackerMoveFn = std::function<void(const Position&, int move)>;

VerifyResult verifyProof(std::istream& in, const ProvenMoveFn& onProvenMove = {},
                         const ForcingWinFn& onForcingWin = {},
                         const AttackerMoveFn& onAttackerMove = {});

}  // namespace qubic
