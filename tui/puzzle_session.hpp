// Puzzle mode's data: the shipped puzzles (engine/study/puzzle), the one on the board (shown
// under a random one of the 192 symmetries, so a repeat looks new), the check of the
// player's first move on a JobThread, and which puzzles were solved (kept in
// $XDG_STATE_HOME/qubic/puzzles-solved, else ~/.local/state/qubic/).
#pragma once

#include <cstdint>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "background_job.hpp"
#include "engine/proof/solver.hpp"
#include "engine/study/puzzle.hpp"

namespace qubic::tui {

struct PuzzleAnswer {
  int move = -1;
  bool checked = false;  // false while the solver is still at it
  AnswerCheck check;
};

class PuzzleSession {
 public:
  PuzzleSession();
  ~PuzzleSession() = default;  // the JobThread stops a check in flight and joins
  PuzzleSession(const PuzzleSession&) = delete;
  PuzzleSession& operator=(const PuzzleSession&) = delete;

  // Reads the shipped puzzles and the solved list; the reason when there are no puzzles.
  std::string load();
  std::size_t count() const { return puzzles_.size(); }
  // Today's puzzle, the same all day (local date).
  std::size_t puzzleOfTheDay() const;
  // The first puzzle after `index` not solved yet (wrapping around; `index` itself when
  // all are solved).
  std::size_t nextUnsolved(std::size_t index) const;
  std::size_t solvedCount() const;

  // Puts puzzle `index` on the board under symmetry `symmetry` (0..191).
  void show(std::size_t index, int symmetry);
  const Puzzle& shown() const { return shown_; }
  std::size_t shownIndex() const { return index_; }
  int shownSymmetry() const { return symmetry_; }
  bool shownSolved() const;
  // Whether the shown puzzle was solved before it was shown (not by the answer just given).
  bool shownSolvedBefore() const { return solvedBefore_; }

  // Judges the player's first move on the job thread (a right answer is not yet a solve).
  void checkFirstMove(int move);
  // The shown puzzle was won: it is saved as solved (once).
  void markShownSolved();
  PuzzleAnswer answer() const;

 private:
  std::vector<Puzzle> puzzles_;
  std::vector<std::string> lines_;  // each puzzle as written in the file: its identity
  std::set<std::string> solved_;    // guarded by mutex_
  std::string solvedPath_;
  std::size_t index_ = 0;
  int symmetry_ = 0;
  bool solvedBefore_ = false;
  Puzzle shown_;
  Solver solver_;                      // used only on the job thread once made
  mutable std::mutex mutex_;           // guards solved_
  BackgroundJob<PuzzleAnswer> check_;  // last: its thread ends before what it uses
};

}  // namespace qubic::tui
