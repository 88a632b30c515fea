// The analysis overlay's data: for every empty cell, what moving there is worth to the
// side to move (proven win, proven loss, draw, or unknown). The view only reads a
// BoardAnalysis; how a move is judged is a MoveJudge, so a solver can replace the
// current engine-based judge without touching the view or the thread.
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <vector>

#include "background_job.hpp"
#include "engine/book/book.hpp"
#include "engine/core/position.hpp"
#include "known_values.hpp"

namespace qubic::tui {

enum class MoveValue : std::uint8_t { Pending, Unknown, Win, Loss, Draw };

struct MoveJudgement {
  MoveValue value = MoveValue::Pending;
  int plies = 0;  // to the end of the game, counting the move itself, when proven
};

// Judges one legal move of the side to move in `pos`; should return soon after `stop` is set.
using MoveJudge =
    std::function<MoveJudgement(const Position& pos, int cell, const std::atomic<bool>& stop)>;

// The current judge: the engine's verdict on the position after the move, found with a
// small budget per cell (a Win for the opponent means the move loses, and so on).
// `threads`: of its proof searches (engine/proof/solver), as the settings' engine.threads.
// `known`: values shared with the review: one known for the position after a move judges
// it at once, and what the engine proves is added (as unchecked).
MoveJudge engineJudge(std::chrono::milliseconds perCell, std::shared_ptr<const Book> book = {},
                      int threads = 1, std::shared_ptr<KnownValues> known = {});
// The overlay's threads as the settings ask: `asked`, or every core the machine has for 0.
int overlayThreads(int asked);

struct BoardAnalysis {
  std::uint64_t positionKey = 0;
  std::array<MoveJudgement, 64> cells{};  // Pending until judged; occupied cells unused
  int judged = 0, toJudge = 0;
  bool complete() const { return judged == toJudge; }
};

// Judges every empty cell on a JobThread, publishing results as they come so the overlay
// fills in progressively: with several judges, each on a thread of its own takes the next
// cell (a judge is called from one thread only).
class BackgroundAnalysis {
 public:
  explicit BackgroundAnalysis(MoveJudge judge);
  explicit BackgroundAnalysis(std::vector<MoveJudge> judges);
  ~BackgroundAnalysis() = default;  // the JobThread stops the analysis and joins
  BackgroundAnalysis(const BackgroundAnalysis&) = delete;
  BackgroundAnalysis& operator=(const BackgroundAnalysis&) = delete;

  // Analyses `pos` unless it is already the position analysed; stops older work.
  void analyse(const Position& pos);
  void cancel();
  // The analysis so far, empty when none matches `pos`.
  std::optional<BoardAnalysis> snapshot(const Position& pos) const;

 private:
  std::vector<MoveJudge> judges_;   // at least one
  std::optional<Position> wanted_;  // the position asked for last (the caller's thread only)
  // The analysis of `wanted_` as far as it has come; none before the first or after cancel.
  BackgroundJob<std::optional<BoardAnalysis>> job_;  // last: its thread ends first
};

}  // namespace qubic::tui
