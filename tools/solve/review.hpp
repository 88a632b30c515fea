// qubic-solve --review: a game's moves judged with proofs (engine/study/review), as a table and a
// summary per side.
#pragma once

#include <atomic>
#include <string>

namespace qubic {

// `game`: a record file (docs/game-records.md; one game, or a tournament's many, of which
// `gameNumber` picks one, 0 for all) or a move list. Each position's budget: `positions`
// evaluated positions when not 0 (the game's and the engine's review: the same verdicts on
// any machine), else `seconds`. Returns the exit status; bad input is reported on stderr
// with status 2.
struct ReviewBudget {
  double seconds = 5;
  std::uint64_t positions = 0;
};
int reviewMain(const std::string& game, int gameNumber, ReviewBudget budget, double tableMb,
               int threads, const std::atomic<bool>& stop);

}  // namespace qubic
