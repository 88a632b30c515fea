#include "game_review.hpp"

#include <algorithm>

namespace qubic::tui {

std::size_t ReviewState::covers(const Position& from, const std::vector<int>& moves) const {
  if (!finished() || !(from == start)) return 0;
  const std::size_t n = std::min(moves.size(), line.size());
  std::size_t same = 0;
  while (same < n && moves[same] == line[same]) ++same;
  return same;
}

GameReview::GameReview(std::shared_ptr<KnownValues> known)
    : known_(std::move(known)), solver_(reviewSolverOptions()) {}

void GameReview::start(const Position& start, const std::vector<int>& line,
                       std::uint64_t perPosition) {
  job_.start(ReviewState{start,
                         line,
                         {},
                         0,
                         2 * static_cast<int>(line.size()) + 2,
                         true,
                         std::chrono::steady_clock::now()},
             [this, start, line, perPosition](const std::atomic<bool>& stop,
                                              const BackgroundJob<ReviewState>::Publish& publish) {
               run(start, line, perPosition, stop, publish);
             });
}

ReviewState GameReview::state() const { return job_.state(); }

void GameReview::run(const Position& start, const std::vector<int>& line, std::uint64_t positions,
                     const std::atomic<bool>& stop,
                     const BackgroundJob<ReviewState>::Publish& publish) {
  ReviewOptions options = reviewBudget(positions);
  options.stop = &stop;
  if (known_) known_->connect(options);
  options.progress = [&](int done, int total) {
    publish([&](ReviewState& s) {
      s.done = done;
      s.total = total;
    });
  };
  solver_.clear();  // each review starts afresh: the same game gets the same review
  std::vector<ReviewedMove> verdicts = reviewGame(solver_, start, line, options);
  if (stop) return;  // stopped or replaced: what it has is not the review
  publish([&](ReviewState& s) {
    s.verdicts = std::move(verdicts);
    s.running = false;
  });
}

}  // namespace qubic::tui
