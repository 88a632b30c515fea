// Writing a proof file (docs/proof-format.md): the win the solver found, spelled out so
// that verifyProof (engine/proof/verify) can check it with the rules alone.
#pragma once

#include <atomic>
#include <cstdint>
#include <ostream>
#include <string>

#include "engine/core/position.hpp"
#include "pns.hpp"

namespace qubic {

class ThreatSearch;

// A defender node of a proof: the replies that need an answer of their own, one per class
// of replies equivalent under the position's symmetries, leaving out every reply that the
// default sequence (the attacker's forcing win were the defender to pass; " a1 r1 ... ak",
// empty when there is none) still beats by the rules.
struct DefenceSplit {
  Bitboard replies = 0;
  std::string fallback;
};
DefenceSplit splitDefence(Position& pos, Side attacker, ThreatSearch& threats,
                          const std::atomic<bool>* stop);

struct ProofWriteResult {
  bool complete = false;
  std::string error;  // why the proof stopped, when it is not complete
  std::uint64_t attackerNodes = 0, forcingWins = 0, references = 0, listedReplies = 0;
};

// The forcing wins written at the attacker's nodes: a shortest one, so that the proof's
// plies are those of the player's line (the review, explanations and puzzles claim them),
// or the first one the threat search finds, several times faster: the proof is the same
// tree (the same nodes end in forcing wins), only its forcing wins may be longer.
enum class ForcingWins : std::uint8_t { Shortest, First };
// The threat-search nodes a proof's forcing win may take (beyond them, the node is
// proven by its table move instead).
constexpr std::uint64_t kProofThreatNodes = 1'000'000;

// Writes the proof that `attacker`, to move in `root`, wins. At the attacker's nodes the
// table's proving move is used (the solver is asked again, within `limits` per node, where
// the table has forgotten it); at the defender's nodes every reply is answered: the ones
// the default forcing sequence (always a shortest one) does not beat are listed, one per
// class of equivalent replies. Equivalent attacker nodes are written once and referenced
// afterwards.
ProofWriteResult writeProof(std::ostream& out, const Position& root, Side attacker,
                            ProofSearch& search, ThreatSearch& threats, const SearchLimits& limits,
                            ForcingWins wins = ForcingWins::Shortest);

}  // namespace qubic
