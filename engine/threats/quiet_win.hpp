// A quiet win: a move that makes no three, after which every reply loses to a forcing
// sequence of threes. It is the kind of win a searcher with a threat extension finds
// first after threes alone (one quiet move, any reply, then threes), so a lost side's
// practical defence avoids allowing one when it can (engine/play/player). Asked of the
// side not to move ("would it win so were the other side to pass?"), it is λ-search's
// threat of order two (Thomsen 2000), whose zone a proof search's defender must play in.
#pragma once

#include <cstdint>

#include "threat_search.hpp"

namespace qubic {

struct QuietWin {
  int move = -1;  // the attacker's quiet move; -1: none found
  // The cells the win rests on: the move, every threat sequence's zone, and the cells where
  // a defender stone would make a three, both before the quiet move and after each reply
  // tried. A defender move elsewhere leaves each sequence winning (ThreatResult::zone's
  // claim), but two defender stones outside it (the move and the reply after the quiet
  // move) may together make a three the sequences did not meet: a search narrowed to it
  // must check the wins it finds by the rules (docs/proof-format.md), unless the zone is
  // QuietZone::Sound.
  Bitboard zone = 0;
  // Plies to the end after a defender move outside the zone, against any defence: the
  // quiet move, a reply, the longest sequence (the most over several wins).
  int plies = 0;
  int wins = 0;             // quiet wins found: 1, or with everyQuietWin all of them
  std::uint64_t nodes = 0;  // the threat searches' positions
};

// The side to move's quiet moves in cell order, each first asked "would its threat win if
// the opponent passed?" (ThreatSearch's question with the defender to move), and if so
// every reply that can stop it: the cells its proof rests on (ThreatResult::zone) and the
// replies making a three. Each threat search stops at `limits`; one cut short counts
// against the win, so a move found wins (every reply outside the zone loses by the zone's
// claim), while none found proves nothing.
QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, const ThreatLimits& limits);

// The same for `attacker`, to move or not: when the other side is to move, the quiet win
// it would have were that side to pass.
QuietWin findQuietWin(ThreatSearch& threats, const Position& pos, Side attacker,
                      const ThreatLimits& limits);

// A quiet win's zone as found, or grown by the cells where the defender's move and its reply
// to the quiet move could together make a three, so that every defender move outside it
// loses by the rules (given the threat sequences' own zone claims): larger, but a search
// narrowed to it needs no check.
enum class QuietZone : std::uint8_t { Unchecked, Sound };

// Every quiet win of `attacker` (move: the first in cell order), its zone the cells common to
// all their zones: the defender must stop each, so only a move in every zone can (Hex
// solvers' must-play region, the intersection over the opponent's threats).
QuietWin everyQuietWin(ThreatSearch& threats, const Position& pos, Side attacker,
                       const ThreatLimits& limits, QuietZone kind = QuietZone::Unchecked);

}  // namespace qubic
