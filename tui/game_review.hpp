// The game's proven review (engine/study/review) on a JobThread: asked for with a key, it judges
// every move of the game's line; the panel shows the verdict of the move on the board and
// the move list marks the mistakes.
#pragma once

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "background_job.hpp"
#include "engine/proof/solver.hpp"
#include "engine/study/review.hpp"
#include "known_values.hpp"

namespace qubic::tui {

struct ReviewState {
  Position start;
  std::vector<int> line;               // the moves reviewed
  std::vector<ReviewedMove> verdicts;  // one per move once finished, else empty
  int done = 0, total = 0;             // progress
  bool running = false;
  std::chrono::steady_clock::time_point started;

  bool finished() const { return !running && verdicts.size() == line.size() && !line.empty(); }
  // How many of `moves` (played from `from`) this review judged: their common prefix.
  std::size_t covers(const Position& from, const std::vector<int>& moves) const;
  // The position at the end of the line reviewed.
  Position end() const {
    Position p = start;
    for (const int m : line) p.play(m);
    return p;
  }
};

class GameReview {
 public:
  // `known`: the values shared with the overlay (read and added to).
  explicit GameReview(std::shared_ptr<KnownValues> known);
  ~GameReview() = default;  // the JobThread stops the review and joins
  GameReview(const GameReview&) = delete;
  GameReview& operator=(const GameReview&) = delete;

  // Reviews `line` played from `start`, stopping a review in flight. Each position gets
  // `perPosition` evaluated positions (a tenth of that for each other move judged): a
  // budget in positions, not time, so a game gets the same review on any machine.
  void start(const Position& start, const std::vector<int>& line, std::uint64_t perPosition);
  ReviewState state() const;

 private:
  void run(const Position& start, const std::vector<int>& line, std::uint64_t positions,
           const std::atomic<bool>& stop, const BackgroundJob<ReviewState>::Publish& publish);

  std::shared_ptr<KnownValues> known_;
  Solver solver_;                   // used only on the job thread once made
  BackgroundJob<ReviewState> job_;  // last: its thread ends before what it uses
};

}  // namespace qubic::tui
