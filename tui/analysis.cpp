#include "analysis.hpp"

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

BackgroundAnalysis::BackgroundAnalysis(MoveJudge judge) : judge_(std::move(judge)) {}

void BackgroundAnalysis::analyse(const Position& pos) {
  if (wanted_ && *wanted_ == pos) return;
  wanted_ = pos;
  BoardAnalysis fresh;
  fresh.positionKey = pos.key();
  fresh.toJudge = pos.isGameOver() ? 0 : popcount(pos.emptyCells());
  job_.start(fresh, [this, pos](const std::atomic<bool>& stop, const auto& publish) {
    // Cell after cell, each published as it comes, so the overlay fills in progressively.
    for (Bitboard empty = pos.isGameOver() ? 0 : pos.emptyCells(); empty && !stop;) {
      const int cell = popLowest(empty);
      const MoveJudgement judgement = judge_(pos, cell, stop);
      if (stop) return;
      const bool newest = publish([&](std::optional<BoardAnalysis>& analysis) {
        analysis->cells[static_cast<std::size_t>(cell)] = judgement;
        ++analysis->judged;
      });
      if (!newest) return;
    }
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
