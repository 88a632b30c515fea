#include "review.hpp"

#include <cstdio>
#include <map>
#include <memory>
#include <new>
#include <vector>

#include "cli.hpp"
#include "config/program.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/record.hpp"
#include "engine/study/review.hpp"

namespace qubic {

namespace {

// In a game won, the loser's last position not proven lost gets up to this many times the
// budget of a position more, as in the game's review (engine/study/review reviewBudget).
constexpr int kFrontierBudgets = 4;

void printSummary(const std::vector<ReviewedMove>& review) {
  std::printf("summary\n");
  for (const Side side : {Side::X, Side::O}) {
    std::map<MoveVerdict, int> counts;
    int moves = 0;
    const ReviewedMove* firstMistake = nullptr;
    for (const ReviewedMove& r : review) {
      if (r.mover != side) continue;
      ++moves;
      ++counts[r.verdict];
      if (!firstMistake && isMistake(r.verdict)) firstMistake = &r;
    }
    std::string line;
    for (const auto& [verdict, count] : counts)
      line += (line.empty() ? "" : ", ") + std::string(verdictName(verdict)) + " " +
              std::to_string(count);
    std::printf("  %s: %d moves%s%s\n", sideName(side).c_str(), moves, line.empty() ? "" : ": ",
                line.c_str());
    if (firstMistake)
      std::printf("     first mistake: ply %d, %s, %s\n", firstMistake->ply + 1,
                  moveToken(firstMistake->move).c_str(),
                  std::string(verdictName(firstMistake->verdict)).c_str());
    else if (moves > 0)
      std::printf("     no mistake proven\n");
  }
}

// What the review can say of the whole game, no more than its proofs show.
void printOutcome(const std::vector<ReviewedMove>& review, const Position& end) {
  const ReviewOutcome outcome = reviewOutcome(review, end);
  if (outcome.mistakes.empty() && outcome.allSettled)
    std::printf("  every move is judged by proofs: no mistake\n");
  else if (outcome.unsettled > 0)
    std::printf("  %d of %zu moves not settled within the budget\n", outcome.unsettled,
                review.size());
  if (outcome.lostAfter)
    std::printf("  %s is proven lost from ply %zu (%s) on\n", sideName(outcome.loser).c_str(),
                *outcome.lostAfter + 1, moveToken(review[*outcome.lostAfter].move).c_str());
}

// One game's review: the table, the summary per side, what the proofs show of the game.
void reviewOne(Solver& solver, const Position& start, const std::vector<int>& moves,
               ReviewBudget budget, const std::atomic<bool>& stop) {
  ReviewOptions review = budget.positions ? reviewBudget(budget.positions) : ReviewOptions{};
  if (!budget.positions) {
    review.perPosition.seconds = budget.seconds;
    review.perAlternative.seconds = budget.seconds / 10;
    review.frontierBudgets = kFrontierBudgets;
  }
  review.stop = &stop;
  // The opening table's certified values are as checked as the review's own proofs.
  std::string tableProblem;
  const std::shared_ptr<const OpeningTable> table = shippedTableOrEmpty(&tableProblem);
  if (!tableProblem.empty())
    std::fprintf(stderr, "qubic-solve: warning: %s; reviewing without it\n", tableProblem.c_str());
  review.known = [table](const Position& pos) { return tableValue(*table, pos); };
  review.progress = [](int done, int total) {
    std::fprintf(stderr, "\rreviewing: %d/%d", done, total);
    if (done == total) std::fprintf(stderr, "\n");
  };
  char each[120];
  if (budget.positions)
    std::snprintf(each, sizeof each, "%llu positions, other moves within %llu positions",
                  static_cast<unsigned long long>(budget.positions),
                  static_cast<unsigned long long>(budget.positions / 10));
  else
    std::snprintf(each, sizeof each, "%g s, other moves within %g s", budget.seconds,
                  budget.seconds / 10);
  std::printf(
      "review: %zu moves; each position solved within %s; every win and loss below is proven "
      "and checked by the rules (\"only move\" rests on the solver's disproofs of the other "
      "moves, which the rules do not check)\n",
      moves.size(), each);
  const std::vector<ReviewedMove> reviewed = reviewGame(solver, start, moves, review);
  if (stop) std::printf("interrupted: yes (what follows was not finished)\n");
  std::printf("%4s  %-4s  %-4s  %-18s  %-18s  %s\n", "ply", "side", "move", "before", "after",
              "verdict");
  for (const ReviewedMove& r : reviewed)
    std::printf("%4d  %-4s  %-4s  %-18s  %-18s  %s\n", r.ply + 1, sideName(r.mover).c_str(),
                moveToken(r.move).c_str(), describeValue(r.before, r.mover).c_str(),
                describeValue(r.after, r.mover).c_str(), describeVerdict(r).c_str());
  printSummary(reviewed);
  Position end = start;
  for (const int m : moves) end.play(m);
  printOutcome(reviewed, end);
}

// The games `game` names: a record file's (all, or number `gameNumber`) or a move list.
Parsed<std::vector<GameRecord>> gamesToReview(const std::string& game, int gameNumber) {
  using Result = Parsed<std::vector<GameRecord>>;
  const Parsed<std::size_t> file = checkRegularFile(game, kMaxRecordBytes);
  if (!file) {
    const Parsed<std::vector<int>> list = readMoves(Position{}, game);
    if (!list)
      return Result::failure("--review takes a game record or a move list; '" +
                             printableText(game) +
                             "' is neither (as a file: " + printableText(file.error()) +
                             "; as moves: " + printableText(list.error()) + ")");
    if (gameNumber > 1) return Result::failure("--game: a move list is one game");
    GameRecord one;
    one.moves = list.value();
    return Result::success({one});
  }
  const Parsed<std::string> text = readRegularFile(game, kMaxRecordBytes);
  Parsed<std::vector<GameRecord>> records =
      text ? parseRecords(text.value()) : Result::failure(text.error());
  if (!records) return Result::failure(printableText(game) + ": " + printableText(records.error()));
  std::vector<GameRecord> games = records.value();
  if (games.empty()) return Result::failure(printableText(game) + ": no game in the file");
  if (gameNumber > static_cast<int>(games.size()))
    return Result::failure("--game " + std::to_string(gameNumber) + ": " + printableText(game) +
                           " holds " + std::to_string(games.size()) + " games");
  if (gameNumber > 0) games = {games[static_cast<std::size_t>(gameNumber - 1)]};
  return Result::success(games);
}

}  // namespace

int reviewMain(const std::string& game, int gameNumber, ReviewBudget budget, double tableMb,
               int threads, const std::atomic<bool>& stop) {
  const Parsed<std::vector<GameRecord>> games = gamesToReview(game, gameNumber);
  if (!games) {
    std::fprintf(stderr, "qubic-solve: %s\n", games.error().c_str());
    return 2;
  }
  for (const GameRecord& g : games.value())
    if (g.moves.empty()) {
      std::fprintf(stderr, "qubic-solve: the game to review has no moves\n");
      return 2;
    }
  // The review's own solver options (engine/study/review), so that a budget in positions
  // gives the game's and the engine's review.
  SolverOptions options = reviewSolverOptions();
  options.tableMb = static_cast<std::size_t>(tableMb);
  options.threads = threads;
  std::unique_ptr<Solver> solver;
  try {
    solver = std::make_unique<Solver>(options);
  } catch (const std::bad_alloc&) {
    std::fprintf(stderr, "qubic-solve: cannot allocate the table; try a smaller --hash\n");
    return 2;
  }
  const std::size_t count = games.value().size();
  for (std::size_t i = 0; i < count && !stop; ++i) {
    const GameRecord& g = games.value()[i];
    if (count > 1 || gameNumber > 0)
      std::printf("%sgame %d: %s (X) - %s (O) %s\n", i > 0 ? "\n" : "",
                  gameNumber > 0 ? gameNumber : static_cast<int>(i + 1),
                  printableText(g.tag("X")).c_str(), printableText(g.tag("O")).c_str(),
                  std::string(resultToken(g.result)).c_str());
    reviewOne(*solver, g.start, g.moves, budget, stop);
  }
  // Interrupted (Ctrl-C): said on both streams, and the exit status a shell expects.
  if (stop) {
    std::printf("interrupted: the review was stopped; moves not settled were not finished\n");
    std::fprintf(stderr, "qubic-solve: review interrupted\n");
    return 130;
  }
  return 0;
}

namespace {

int review(const CommandLine& line) {
  if (line.positional().size() != 1)
    throw UsageError(
        "review: RECORD|MOVES [--game N] [--time T | --positions N] [--hash MB] [--threads N]");
  const std::string& game = line.positional()[0];
  if (game.empty()) throw UsageError("review: RECORD|MOVES, not an empty one");
  const double gameNumber = line.count("--game", 0, 1, 1e9, "a whole number from 1 to 10^9");
  const double seconds = line.seconds("--time", 5);
  const double positions =
      line.count("--positions", 0, 1, 1e9, "a whole number of positions from 1 to 10^9");
  if (line.has("--time") && line.has("--positions"))
    throw UsageError("review: --time or --positions, not both");
  const double hashMb = line.count("--hash", 64, 1, 1 << 20, "a whole number of MB from 1");
  const double threads = line.count("--threads", 1, 1, kMaxSolveThreads,
                                    "a whole number from 1 to " + std::to_string(kMaxSolveThreads));
  static std::atomic<bool> interrupted{false};
  stopOnInterrupt(interrupted);
  const ReviewBudget budget{seconds > 0 ? seconds : 5, static_cast<std::uint64_t>(positions)};
  return reviewMain(game, static_cast<int>(gameNumber), budget, hashMb, static_cast<int>(threads),
                    interrupted);
}

}  // namespace

const Command kReview{
    "review",
    "RECORD|MOVES [--game N] [--time T | --positions N] [--hash MB] [--threads N]",
    "judge every move of a game with proofs",
    "  the value before and after each move, and a verdict (kept the win, threw it away,\n"
    "  walked into a forced loss, perhaps a longer defence, ...)\n"
    "  RECORD      a game record file, or a file of many games (qubic-match's records)\n"
    "  MOVES       or a move list, e.g. \"1a1 2a1 1b1\"\n"
    "  --game      only game N of the file (1 is the first)\n"
    "  --time      budget per position (default 5 s); in a game won, the loser's\n"
    "              last position not proven lost gets up to 4 budgets more\n"
    "  --positions budget per position in evaluated positions instead (other moves a\n"
    "              tenth): the same review on every machine, the game's and the\n"
    "              engine's (`review positions N`) at the same budget\n"
    "  --hash      the proof table's size in MB (default 64)\n"
    "  --threads   threads of the proof searches (default 1)\n",
    {{}, {"--game", "--time", "--positions", "--hash", "--threads"}},
    review};

}  // namespace qubic
