// qubic-solve --review: a game's moves judged with proofs (engine/study/review), as a table and a
// summary per side.
#pragma once

#include <atomic>
#include <string>

namespace qubic {

// `game`: a record file (docs/game-records.md; one game, or a tournament's many, of which
// `gameNumber` picks one, 0 for all) or a move list. `seconds`: each position's budget.
// Returns the exit status; bad input is reported on stderr with status 2.
int reviewMain(const std::string& game, int gameNumber, double seconds, double tableMb, int threads,
               const std::atomic<bool>& stop);

}  // namespace qubic
