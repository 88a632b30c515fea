// Section "review": the game's proven review of a game lost by the player, with the
// game's budget (engine/study/review reviewBudget at the default move time, 1 s: 500 000
// positions a position), of two games lost by the player (X) to the top level. Prints each
// part's time, the mistakes proven and the first position proven lost for the loser.
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench.hpp"
#include "engine/core/notation.hpp"
#include "engine/study/review.hpp"

namespace qubic::bench {

namespace {

constexpr const char* kLostGames[] = {
    // X at level 1 against O at level 10 from the empty board, 300 ms a move.
    "1a4 1b2 4a1 3b2 4d1 3c2 1d4 2b2 4b2 1a2 4d2 1d2 1c2 4a2 2c2 3a2 2a2 3d2",
    // After 1a1 4a4 2b2 4d4 1d1 1d4, X at level 3 played 1b1 and lost to level 10.
    "1a1 4a4 2b2 4d4 1d1 1d4 1b1 1c1 4c4 4d1 4d3 4b3 4c2 4c1 4a1 2c1 3c1 2c4 3b4 2c3 2c2 3c2 "
    "1c4 2b3 1a4 2d3 3d2 2a3",
};
constexpr std::uint64_t kPerPosition = 500'000;  // the game's budget at a 1 s move time

int reviewOne(const char* game) {
  std::vector<int> moves;
  Position end;
  for (const char* p = game; *p;) {
    while (*p == ' ') ++p;
    const Parsed<int> m = parseMove(std::string_view(p, 3));
    if (!m || !end.isLegal(m.value())) return 1;
    moves.push_back(m.value());
    end.play(m.value());
    p += 3;
  }
  SolverOptions options;
  options.tableMb = 64;  // as the game's review
  options.threatEntries = std::size_t{1} << 18;
  Solver solver(options);
  const auto start = std::chrono::steady_clock::now();
  ReviewOptions budget = reviewBudget(kPerPosition);
  // The time of each part: the values backwards, the frontier, the moves' closer look.
  const int values = static_cast<int>(moves.size()) + 1;
  budget.progress = [&](int done, int total) {
    if (done != values && done != values + 1 && done != total) return;
    const std::chrono::duration<double> at = std::chrono::steady_clock::now() - start;
    std::printf("  %-34s %6.2f s\n",
                done == values  ? "positions valued (backwards):"
                : done == total ? "moves judged (alternatives):"
                                : "frontier pushed back:",
                at.count());
  };
  const std::vector<ReviewedMove> review = reviewGame(solver, Position{}, moves, budget);
  const std::chrono::duration<double> seconds = std::chrono::steady_clock::now() - start;
  const ReviewOutcome outcome = reviewOutcome(review, end);
  std::printf("review of a %zu-ply lost game (%llu positions a position): %.2f s\n", moves.size(),
              static_cast<unsigned long long>(kPerPosition), seconds.count());
  std::printf("  mistakes proven: %zu", outcome.mistakes.size());
  for (const std::size_t i : outcome.mistakes)
    std::printf("  move %zu %s (%s)", i + 1, moveToken(review[i].move).c_str(),
                describeVerdict(review[i]).c_str());
  std::printf("\n  moves not settled: %d; %s proven lost after move %s\n", outcome.unsettled,
              sideName(outcome.loser).c_str(),
              outcome.lostAfter ? std::to_string(*outcome.lostAfter + 1).c_str() : "none");
  return 0;
}

}  // namespace

int benchReview() {
  int status = 0;
  for (const char* game : kLostGames) status |= reviewOne(game);
  return status;
}

}  // namespace qubic::bench
