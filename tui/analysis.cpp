#include "analysis.hpp"

#include <algorithm>
#include <stdexcept>
#include <thread>

#include "engine/core/thread_start.hpp"
#include "engine/play/player.hpp"

namespace qubic::tui {

MoveJudge engineJudge(std::chrono::milliseconds perCell, std::shared_ptr<const Book> book,
                      int threads, std::shared_ptr<KnownValues> known) {
  // Its own small player: the game's player belongs to the engine thread.
  PlayerOptions options;
  options.hashMb = 16;
  options.threads = threads;
  auto player = std::make_shared<Player>(options);
  player->setBook(std::move(book));  // book positions are judged at once, and proven
  return [player, perCell, known](const Position& pos, int cell, const std::atomic<bool>& stop) {
    const Side mover = pos.sideToMove();
    if (pos.completesLine(cell, mover)) return MoveJudgement{MoveValue::Win, 1};
    Position after = pos;
    after.play(cell);
    if (after.isGameOver()) return MoveJudgement{MoveValue::Draw, 1};
    // The value after the move is the opponent's: its win is this move's loss.
    if (const std::optional<ProvenValue> v = known ? known->find(after, false) : std::nullopt) {
      if (v->kind == ValueKind::Win) return MoveJudgement{MoveValue::Loss, v->plies + 1};
      if (v->kind == ValueKind::Loss) return MoveJudgement{MoveValue::Win, v->plies + 1};
    }
    MoveLimits limits;
    limits.moveTime = perCell;
    limits.stop = &stop;
    const MoveChoice reply = chooseReportingErrors(*player, after, limits);
    if (stop) return MoveJudgement{MoveValue::Pending, 0};
    if (reply.verdict == Verdict::Unknown) return MoveJudgement{MoveValue::Unknown, 0};
    ProvenValue value;  // for the side to move after the move
    value.kind = reply.verdict == Verdict::Win ? ValueKind::Win : ValueKind::Loss;
    value.plies = reply.plies;
    if (known) known->add(after, value, false);
    return MoveJudgement{value.kind == ValueKind::Win ? MoveValue::Loss : MoveValue::Win,
                         reply.plies + 1};
  };
}

int overlayThreads(int asked) {
  return asked > 0 ? asked : std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
}

BackgroundAnalysis::BackgroundAnalysis(MoveJudge judge) : judges_{std::move(judge)} {}

BackgroundAnalysis::BackgroundAnalysis(std::vector<MoveJudge> judges) : judges_(std::move(judges)) {
  if (judges_.empty()) throw std::invalid_argument("BackgroundAnalysis: no judge");
}

void BackgroundAnalysis::analyse(const Position& pos) {
  if (wanted_ && *wanted_ == pos) return;
  wanted_ = pos;
  BoardAnalysis fresh;
  fresh.positionKey = pos.key();
  fresh.toJudge = pos.isGameOver() ? 0 : popcount(pos.emptyCells());
  job_.start(fresh, [this, pos](const std::atomic<bool>& stop, const auto& publish) {
    // Each judge on a thread of its own takes the next cell, the lowest first; each cell
    // is published as it comes, so the overlay fills in progressively.
    std::vector<int> cells;
    for (Bitboard empty = pos.isGameOver() ? 0 : pos.emptyCells(); empty;)
      cells.push_back(popLowest(empty));
    std::atomic<std::size_t> next{0};
    std::atomic<bool> done{false};  // stopped, or no longer the newest job
    const auto work = [&](int i) {
      const MoveJudge& judge = judges_[static_cast<std::size_t>(i)];
      for (std::size_t k = next++; k < cells.size() && !stop && !done; k = next++) {
        const int cell = cells[k];
        const MoveJudgement judgement = judge(pos, cell, stop);
        if (stop) return;
        if (!publish([&](std::optional<BoardAnalysis>& analysis) {
              analysis->cells[static_cast<std::size_t>(cell)] = judgement;
              ++analysis->judged;
            }))
          done = true;
      }
    };
    std::vector<std::thread> helpers;
    startThreads(helpers, static_cast<int>(judges_.size()) - 1, [&](int i) { work(i + 1); });
    work(0);
    for (std::thread& t : helpers) t.join();
  });
}

void BackgroundAnalysis::cancel() {
  wanted_.reset();
  job_.cancel(std::nullopt);
}

std::optional<BoardAnalysis> BackgroundAnalysis::snapshot(const Position& pos) const {
  std::optional<BoardAnalysis> analysis = job_.state();
  if (!analysis || analysis->positionKey != pos.key()) return std::nullopt;
  return analysis;
}

}  // namespace qubic::tui
