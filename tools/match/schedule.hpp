// The order of a tournament's games: who plays whom with which colour from which
// opening. Deterministic for given settings, so a resumed run rebuilds the same list
// and recognises the games already played by their numbers.
#pragma once

#include <cstdint>
#include <vector>

#include "match_config.hpp"

namespace qubic::match {

struct ScheduledGame {
  int number = 0;    // 1-based position in the schedule; the record's Game tag
  int round = 0;     // 1-based
  int x = 0, o = 0;  // engine indices
  int opening = 0;   // index into the openings
};

// The pairs of engine indices that meet, first engine first.
// `poolLevels`: with Format::Pool, how many engines from the first are levels.
std::vector<std::pair<int, int>> pairings(Format format, int engineCount, int poolLevels = 0);

// Every game: for each round, for each pairing, `games` games; games 2k and 2k+1 of a
// pairing share an opening with the colours swapped. All pairings of a round play the
// same openings; the openings are taken in order, or in a shuffled order drawn from
// `seed` and drawn again each time the list is used up.
std::vector<ScheduledGame> makeSchedule(Format format, int engineCount, int games, int rounds,
                                        int openingCount, OpeningOrder order, std::uint64_t seed,
                                        int poolLevels = 0);

}  // namespace qubic::match
