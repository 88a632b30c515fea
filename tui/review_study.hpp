// The proven review of the game's line (tui/game_review on its job thread), as the player
// meets it: the review key starts it and then goes from mistake to mistake, the panel
// says the verdict of the move on the board, and the move list marks the mistakes.
#pragma once

#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "tui/game.hpp"
#include "tui/game_review.hpp"
#include "tui/known_values.hpp"
#include "tui/lineup.hpp"
#include "tui/shown.hpp"
#include "tui/view.hpp"
#include "tui/voice.hpp"

namespace qubic::tui {

class ReviewStudy {
 public:
  explicit ReviewStudy(std::shared_ptr<KnownValues> known) : known_(std::move(known)) {}

  // The review key: starts the review of the game's line or, once it is done, says the
  // next mistake after the move on the board. Returns how many moves of the line to show
  // (the loop goes there, the engine paused), if any.
  std::optional<std::size_t> press(const Game& game, const Lineup& lineup, Voice voice);
  // Once the review has finished, says so (the "Reviewing..." text goes) and what the
  // next press of the review key does.
  void poll(Voice voice);
  // The review's progress or its verdict on the move on the board, and its marks.
  ReviewShown shown(const Game& game) const;

 private:
  // Says what the review knows when it proved no mistake: never more than the proofs show.
  std::optional<std::size_t> sayNoMistake(Voice voice, const ReviewOutcome& outcome);

  std::shared_ptr<KnownValues> known_;
  std::unique_ptr<GameReview> review_;  // made at the first review
  bool pending_ = false;                // a review was started, its end not said
};

}  // namespace qubic::tui
