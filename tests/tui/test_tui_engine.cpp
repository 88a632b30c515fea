// The game's two engine threads: the engine that moves and the analysis overlay.
#include <catch2/catch.hpp>

#include <array>
#include <atomic>
#include <chrono>
#include <thread>

#include "engine/core/notation.hpp"
#include "tui/analysis.hpp"
#include "tui/engine_worker.hpp"
#include "tui/game_review.hpp"

using namespace qubic;
using namespace qubic::tui;
using namespace std::chrono_literals;

namespace {

// X has 1a1 1b1 1c1: 1d1 wins at once.
Position xToWin() {
  Position pos;
  for (const char* move : {"1a1", "2a1", "1b1", "2b1", "1c1", "3c3"})
    pos.play(parseMove(move).value());
  return pos;
}

// Polls until `ready` holds, for up to a minute (a loaded machine is slow, never this slow).
template <class F>
bool eventually(F ready) {
  const auto deadline = std::chrono::steady_clock::now() + 60s;
  while (!ready()) {
    if (std::chrono::steady_clock::now() > deadline) return false;
    std::this_thread::sleep_for(1ms);
  }
  return true;
}

PlayerOptions smallPlayer() {
  PlayerOptions options;
  options.hashMb = 4;
  return options;
}

}  // namespace

TEST_CASE("engine_worker: the result of the latest job is handed out once") {
  EngineWorker worker(smallPlayer());
  EngineJob job;
  job.position = xToWin();
  job.level = 1;
  job.moveTime = 200ms;
  worker.start(job);
  std::optional<EngineResult> result;
  REQUIRE(eventually([&] { return (result = worker.takeResult()).has_value(); }));
  CHECK(result->choice.move == parseMove("1d1").value());
  CHECK(result->position == job.position);
  CHECK_FALSE(worker.busy());
  CHECK_FALSE(worker.takeResult().has_value());
}

TEST_CASE("engine_worker: a cancelled job's result is never handed out") {
  EngineWorker worker(smallPlayer());
  EngineJob job;
  job.moveTime = 60s;  // the empty board at the top level: thinks until stopped
  worker.start(job);
  REQUIRE(eventually([&] { return worker.status().thinking; }));
  worker.cancel();
  CHECK_FALSE(worker.busy());
  std::this_thread::sleep_for(50ms);
  CHECK_FALSE(worker.takeResult().has_value());
  // The next job runs and reports.
  EngineJob next;
  next.position = xToWin();
  next.moveTime = 200ms;
  worker.start(next);
  std::optional<EngineResult> result;
  REQUIRE(eventually([&] { return (result = worker.takeResult()).has_value(); }));
  CHECK(result->position == next.position);
}

TEST_CASE("engine_worker: move now ends a long think with a legal move") {
  EngineWorker worker(smallPlayer());
  EngineJob job;
  job.position.play(parseMove("1a1").value());
  job.moveTime = 60s;
  job.level = kMaxLevel;  // the top level takes its time
  worker.start(job);
  REQUIRE(eventually([&] { return worker.status().thinking; }));
  worker.moveNow();
  std::optional<EngineResult> result;
  REQUIRE(eventually([&] { return (result = worker.takeResult()).has_value(); }));
  CHECK(job.position.isLegal(result->choice.move));
}

TEST_CASE("analysis: every empty cell is judged, and a new position replaces the old") {
  std::atomic<int> calls{0};
  // A judge that calls a cell a win when its index is even: what the overlay shows must be
  // exactly what the judge said, cell by cell.
  BackgroundAnalysis analysis([&](const Position&, int cell, const std::atomic<bool>&) {
    ++calls;
    return MoveJudgement{cell % 2 == 0 ? MoveValue::Win : MoveValue::Loss, cell + 1};
  });
  const Position pos = xToWin();
  analysis.analyse(pos);
  std::optional<BoardAnalysis> seen;
  REQUIRE(eventually([&] { return (seen = analysis.snapshot(pos)) && seen->complete(); }));
  CHECK(seen->toJudge == 58);
  for (int cell = 0; cell < 64; ++cell) {
    if (!pos.isEmpty(cell)) continue;
    CHECK(seen->cells[cell].value == (cell % 2 == 0 ? MoveValue::Win : MoveValue::Loss));
    CHECK(seen->cells[cell].plies == cell + 1);
  }
  analysis.analyse(pos);  // the same position again: not judged again
  std::this_thread::sleep_for(20ms);
  CHECK(calls == 58);
  Position other = pos;
  other.play(parseMove("4d4").value());
  analysis.analyse(other);
  REQUIRE(eventually([&] {
    auto s = analysis.snapshot(other);
    return s && s->complete();
  }));
  CHECK_FALSE(analysis.snapshot(pos).has_value());
  analysis.cancel();
  CHECK_FALSE(analysis.snapshot(other).has_value());
}

TEST_CASE("analysis: several judges share the cells and each cell is judged once") {
  // Three judges, each on a thread of its own: every cell judged exactly once, by whichever
  // judge took it, and the overlay shows what that judge said.
  std::array<std::atomic<int>, 64> calls{};
  std::array<std::atomic<int>, 3> byJudge{};
  std::vector<MoveJudge> judges;
  for (int j = 0; j < 3; ++j)
    judges.push_back([&, j](const Position&, int cell, const std::atomic<bool>&) {
      ++calls[static_cast<std::size_t>(cell)];
      ++byJudge[static_cast<std::size_t>(j)];
      std::this_thread::sleep_for(1ms);  // long enough for the others to take cells too
      return MoveJudgement{cell % 3 == 0 ? MoveValue::Win : MoveValue::Loss, cell + 2};
    });
  BackgroundAnalysis analysis(std::move(judges));
  const Position pos = xToWin();
  analysis.analyse(pos);
  std::optional<BoardAnalysis> seen;
  REQUIRE(eventually([&] { return (seen = analysis.snapshot(pos)) && seen->complete(); }));
  CHECK(seen->judged == 58);
  for (int cell = 0; cell < 64; ++cell) {
    INFO("cell " << cell);
    CHECK(calls[static_cast<std::size_t>(cell)] == (pos.isEmpty(cell) ? 1 : 0));
    if (!pos.isEmpty(cell)) continue;
    CHECK(seen->cells[cell].value == (cell % 3 == 0 ? MoveValue::Win : MoveValue::Loss));
    CHECK(seen->cells[cell].plies == cell + 2);
  }
  CHECK(byJudge[0] + byJudge[1] + byJudge[2] == 58);
  CHECK_THROWS_AS(BackgroundAnalysis(std::vector<MoveJudge>{}), std::invalid_argument);
  CHECK(overlayThreads(3) == 3);
  CHECK(overlayThreads(0) >= 1);
}

TEST_CASE("game_review: the newest review replaces the one in flight and reports its verdicts") {
  auto known = std::make_shared<KnownValues>();
  GameReview review(known);
  // X had 1d1 to win and played 3d4; O completed 2a1-2d1.
  const Position start = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1 2c1").value();
  const std::vector<int> missed = {parseMove("3d4").value(), parseMove("2d1").value()};
  const std::vector<int> won = {parseMove("1d1").value()};
  review.start(start, missed, 10'000);
  review.start(start, won, 10'000);  // replaces the first at once
  REQUIRE(eventually([&] { return review.state().finished(); }));
  ReviewState s = review.state();
  CHECK(s.line == won);
  REQUIRE(s.verdicts.size() == 1);
  CHECK(s.verdicts[0].verdict == MoveVerdict::Won);
  CHECK(s.covers(start, won) == 1);
  CHECK(s.covers(start, missed) == 0);
  review.start(start, missed, 10'000);
  REQUIRE(eventually([&] { return review.state().finished(); }));
  s = review.state();
  REQUIRE(s.verdicts.size() == 2);
  CHECK(s.verdicts[0].verdict == MoveVerdict::MissedForcedWin);
  CHECK(s.verdicts[1].verdict == MoveVerdict::Won);
  // What the review proved is known to the overlay: X wins before 3d4 (checked), O after.
  const std::optional<ProvenValue> before = known->find(start, true);
  REQUIRE(before.has_value());
  CHECK(before->kind == ValueKind::Win);
  Position after = start;
  after.play(missed[0]);
  const std::optional<ProvenValue> lost = known->find(after, true);
  REQUIRE(lost.has_value());
  CHECK(lost->kind == ValueKind::Win);  // for O, to move: 2d1 completes the line
}

TEST_CASE("known values: a checked value stands, an unchecked one is only a hint") {
  KnownValues known;
  const Position pos = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1").value();
  ProvenValue loss;
  loss.kind = ValueKind::Loss;
  loss.plies = 1;
  known.add(pos, loss, false);
  CHECK_FALSE(known.find(pos, true).has_value());  // the review does not take it as proven
  REQUIRE(known.find(pos, false).has_value());
  ReviewOptions options;
  known.connect(options);
  CHECK(options.winnerHint(pos) == Side::X);  // O to move, lost: X is asked first
  CHECK_FALSE(options.known(pos).has_value());
  ProvenValue win;
  win.kind = ValueKind::Win;
  known.add(pos, win, true);
  known.add(pos, loss, false);  // never replaces a checked value
  REQUIRE(options.known(pos).has_value());
  CHECK(options.known(pos)->kind == ValueKind::Win);
}

TEST_CASE("the overlay judges a move at once by a value the review proved") {
  auto known = std::make_shared<KnownValues>();
  const Position pos = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1").value();
  Position after = pos;
  after.play(parseMove("4d4").value());  // O ignores the three: X wins next move
  ProvenValue xWins;
  xWins.kind = ValueKind::Win;
  xWins.plies = 13;  // not the true distance: shows the value came from the store
  known->add(after, xWins, true);
  const MoveJudge judge = engineJudge(std::chrono::milliseconds(50), nullptr, 1, known);
  std::atomic<bool> stop{false};
  const MoveJudgement j = judge(pos, parseMove("4d4").value(), stop);
  CHECK(j.value == MoveValue::Loss);
  CHECK(j.plies == 14);
}
