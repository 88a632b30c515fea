// A quiet win: a move that makes no three, after which every reply loses to a forcing
// sequence of threes. It is the kind of win a searcher with a threat extension finds
// first after threes alone (one quiet move, any reply, then threes), so a lost side's
// practical defence avoids allowing one when it can (engine/play/player).
#pragma once

#include <cstdint>

#include "threat_search.hpp"

namespace qubic {

struct QuietWin {
  int move = -1;            // the quiet move of the side to move; -1: none found
  std::uint64_t nodes = 0;  // the threat searches' positions
};

// The side to move's quiet moves in cell order, each first asked "would its threat win if
// the opponent passed?" (ThreatSearch's question with the defender to move), and if so
// every reply that can stop it: the cells its proof rests on (ThreatResult::zone) and the
// replies making a three. Each threat search stops at `limits`; one cut short counts
// against the win, so a move found wins (every reply outside the zone loses by the zone's
// claim), while none found proves nothing.
QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits);

}  // namespace qubic
