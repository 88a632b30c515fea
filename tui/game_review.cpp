#include "game_review.hpp"

#include <algorithm>

namespace qubic::tui {

namespace {

SolverOptions reviewSolver() {
  SolverOptions options;
  options.tableMb = 64;  // memory is taken only as the search fills it
  options.threatEntries = std::size_t{1} << 18;
  return options;
}

}  // namespace

std::size_t ReviewState::covers(const Position& from, const std::vector<int>& moves) const {
  if (!finished() || !(from == start)) return 0;
  const std::size_t n = std::min(moves.size(), line.size());
  std::size_t same = 0;
  while (same < n && moves[same] == line[same]) ++same;
  return same;
}

GameReview::GameReview(std::shared_ptr<KnownValues> known)
    : known_(std::move(known)), solver_(reviewSolver()) {}

void GameReview::start(const Position& start, const std::vector<int>& line,
                       std::uint64_t perPosition) {
  std::uint64_t number = 0;
  {
    std::lock_guard lock(mutex_);
    state_ = ReviewState{start,
                         line,
                         {},
                         0,
                         2 * static_cast<int>(line.size()) + 2,
                         true,
                         std::chrono::steady_clock::now()};
    number = ++latest_;
  }
  jobs_.start([this, start, line, perPosition, number](const std::atomic<bool>& stop) {
    run(start, line, perPosition, number, stop);
  });
}

ReviewState GameReview::state() const {
  std::lock_guard lock(mutex_);
  return state_;
}

void GameReview::run(const Position& start, const std::vector<int>& line, std::uint64_t positions,
                     std::uint64_t number, const std::atomic<bool>& stop) {
  ReviewOptions options = reviewBudget(positions);
  options.stop = &stop;
  if (known_) known_->connect(options);
  options.progress = [&](int done, int total) {
    std::lock_guard lock(mutex_);
    if (number != latest_) return;
    state_.done = done;
    state_.total = total;
  };
  solver_.clear();  // each review starts afresh: the same game gets the same review
  std::vector<ReviewedMove> verdicts = reviewGame(solver_, start, line, options);
  std::lock_guard lock(mutex_);
  if (number != latest_ || stop) return;  // a newer review replaced this one
  state_.verdicts = std::move(verdicts);
  state_.running = false;
}

}  // namespace qubic::tui
