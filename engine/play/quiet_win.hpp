// Whether the side to move wins with one quiet move and then threes: a move after which
// every reply of the defender leaves the attacker a forcing sequence of threes (Allis'
// threat-space search one quiet move deep). The lost side's practical defence
// (engine/play/player) avoids the moves that allow one: an opponent that searches a few
// plies finds such a win, though a threat search from the position alone does not.
#pragma once

#include <cstdint>

#include "engine/core/position.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

// `pos`: the attacker to move. A defender reply needs checking only where it can refute
// the attacker's sequence: in the sequence's zone, or a move that makes the defender a
// three (ThreatResult::zone's claim). `limits` bound each threat search; `nodes` adds up
// their work. False when a search hit its limit: the win is then not shown.
bool quietWinInTwo(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits,
                   std::uint64_t& nodes);

}  // namespace qubic
