// A compact certificate of a win (docs/proof-format.md, "Certificates"): only the
// attacker's moves the rules cannot supply, in the order a rules-only replay asks for
// them, each coded as its rank among the empty cells by a fixed score (range-coded). The replay
// answers every class of defender replies itself, plays the attacker's forced blocks, takes a
// position it has already proven (or an equivalent one) as won, and looks for a forcing win of a
// simple shape before it asks for a move; each of these it checks by the rules, as verifyProof
// does, with no solver and no pruning that could make it accept a position that is not won.
#pragma once

#include <cstdint>
#include <functional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/position.hpp"

namespace qubic {

// The forcing wins the replay finds itself: a sequence of threes, each after the first on
// a line through a stone the attacker has played in the sequence, each answered by its
// forced block, the last making two threats. A block that makes a three for the defender
// is answered by the attacker's block, which must itself make a three (on any line). The
// bound only guards the recursion: no sequence on 64 cells is longer.
constexpr int kCertificateThreatDepth = 32;

struct Certificate {
  std::uint32_t moves = 0;          // the attacker's moves it holds
  std::vector<std::uint8_t> bytes;  // their ranks, range-coded
};

struct CertificateResult {
  bool ok = false;
  std::string error;  // where the replay failed: the reason and the position
  // moves: the attacker's moves the certificate holds; attackerNodes: the positions
  // with the attacker to move the replay met, of which forcedBlocks blocked a three,
  // threatWins were forcing wins it found and transpositions were proven already.
  std::uint64_t moves = 0, attackerNodes = 0, forcedBlocks = 0, threatWins = 0, transpositions = 0;
};

// The attacker's move where it is to move in a position its win reaches, or -1.
using StrategyFn = std::function<int(const Position&)>;
// Told each position the replay proves won for the attacker to move there, with the move
// it played (a block, the certificate's move, or a forcing win's first): before the
// replay's verdict, so a caller keeps them only if the whole certificate is accepted.
using WinFn = std::function<void(const Position&, int)>;

// Makes the certificate of `attacker`'s win from `root` (either side to move) that follows
// `strategy`. Fails where the strategy has no move or does not win.
CertificateResult makeCertificate(const Position& root, Side attacker, const StrategyFn& strategy,
                                  Certificate& out);

// Replays a certificate by the rules: ok when it proves `attacker`'s win from `root` with
// exactly the moves it holds.
CertificateResult checkCertificate(const Position& root, Side attacker, const Certificate& c,
                                   const WinFn& onWin = {});

// The forcing win of the shape above that the replay finds for `attacker`, to move in
// `pos` with no three of either side on the board: attacker move, forced block, ..., the
// last attacker move (verifyProof's "W" form); empty when it finds none.
std::vector<std::uint8_t> threatSequenceWin(Position pos, Side attacker);

}  // namespace qubic
