#include "tui/review_study.hpp"

#include <algorithm>
#include <chrono>

#include "engine/core/notation.hpp"

namespace qubic::tui {

namespace {

// The proven review's budget per position, per millisecond of the engine's move time.
constexpr std::uint64_t kReviewPositionsPerMs = 500;

// A move's mark in the move list once reviewed: ?? gave away a win or walked into a
// loss, ? perhaps a longer defence, ! the only winning move (by the solver's disproofs).
const char* reviewMark(const ReviewedMove& r) {
  if (isMistake(r.verdict)) return "??";
  if (r.verdict == MoveVerdict::ShorterDefence) return "?";
  return r.onlyMove ? "!" : "";
}

}  // namespace

std::optional<std::size_t> ReviewStudy::press(const Game& game, const Lineup& lineup, Voice voice) {
  const std::vector<int> line = game.line();
  const Position& start = game.start();
  if (line.empty()) return voice.say("Nothing to review yet: play some moves first."), std::nullopt;
  if (!review_) review_ = std::make_unique<GameReview>(known_);
  const ReviewState state = review_->state();
  if (state.running && state.start == start && state.line == line)
    return voice.say("The review is still running."), std::nullopt;
  if (state.covers(start, line) < line.size()) {
    // The engine's time per move sets each position's budget: about what one thread
    // evaluates in that time (docs/benchmarks.md, the empty board's solve).
    review_->start(start, line,
                   static_cast<std::uint64_t>(lineup.moveTime.count()) * kReviewPositionsPerMs);
    pending_ = true;
    voice.say("Reviewing the game with proofs; " + voice.key(Action::Review) +
              " again then goes to each mistake.");
    return std::nullopt;
  }
  // Done: the next mistake after the move on the board, from the start again at the end.
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, state.end());
  if (outcome.mistakes.empty()) return sayNoMistake(voice, outcome);
  const std::size_t shown = game.moves().size();
  const auto after = std::find_if(outcome.mistakes.begin(), outcome.mistakes.end(),
                                  [&](std::size_t i) { return i + 1 > shown; });
  const std::size_t target = after != outcome.mistakes.end() ? *after : outcome.mistakes.front();
  const std::string step = voice.key(Action::Undo) + "/" + voice.key(Action::Redo) + " step";
  voice.say("Mistake at move " + std::to_string(target + 1) + " (" +
            moveToken(state.verdicts[target].move) + "); " +
            (lineup.seats.anyEngine()
                 ? "engine paused: " + step + ", " + voice.key(Action::Pause) + " resumes."
                 : step + "."));
  return target + 1;
}

void ReviewStudy::poll(Voice voice) {
  if (!pending_ || !review_ || review_->state().running) return;
  pending_ = false;
  const ReviewState state = review_->state();
  if (!state.finished()) return;
  const ReviewOutcome outcome = reviewOutcome(state.verdicts, state.end());
  const std::string key = voice.key(Action::Review);
  voice.say(outcome.mistakes.empty()
                ? "Review done: no mistake proven; " + key + " says what the proofs show."
                : "Review done: " + countOf(outcome.mistakes.size(), "mistake") + " proven; " +
                      key + " goes to each.");
}

std::optional<std::size_t> ReviewStudy::sayNoMistake(Voice voice, const ReviewOutcome& outcome) {
  if (outcome.allSettled) {
    voice.say("The proofs show no mistake in this game: every move is judged by them.");
    return std::nullopt;
  }
  const std::string unsettled = countOf(static_cast<std::size_t>(outcome.unsettled), "move") +
                                " not settled within the review's budget";
  if (!outcome.lostAfter) {
    voice.say("No mistake is proven; " + unsettled + ".");
    return std::nullopt;
  }
  const std::size_t i = *outcome.lostAfter;
  voice.say("No mistake is proven. " + sideName(outcome.loser) +
            "'s position is proven lost after move " + std::to_string(i + 1) + " (" +
            moveToken(review_->state().line[i]) +
            "); whether an earlier move could have saved it is not settled (" + unsettled + ").");
  return i + 1;
}

namespace {

std::vector<StyledText> reviewLines(const ReviewState& state, const Game& game) {
  const std::vector<int>& moves = game.moves();
  if (state.running) {
    if (!(state.start == game.start())) return {};
    std::string text = "Reviewing the game with proofs: " + std::to_string(state.done) + "/" +
                       std::to_string(state.total);
    // An estimate from the pace so far: the steps near the end, where proofs are cheap,
    // come first, so it errs short at first and grows honest as the review goes.
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - state.started;
    if (state.done >= 2)
      text += ", about " +
              std::to_string(static_cast<long>(
                  spent.count() / state.done * (state.total - state.done) + 0.5)) +
              " s left (estimated)";
    return {{text}};
  }
  if (moves.empty() || state.covers(game.start(), moves) < moves.size()) return {};
  const ReviewedMove& r = state.verdicts[moves.size() - 1];
  return {{"Review, move " + std::to_string(moves.size()) + " " + moveToken(r.move) + " (" +
               sideName(r.mover) + "): " + describeVerdict(r) + ".",
           isMistake(r.verdict) ? Style::Error : Style::Highlight, true},
          {"  before: " + describeValue(r.before, r.mover) +
               "; after: " + describeValue(r.after, r.mover),
           Style::Dim}};
}

}  // namespace

ReviewShown ReviewStudy::shown(const Game& game) const {
  if (!review_) return {};
  const ReviewState state = review_->state();
  ReviewShown shown;
  shown.lines = reviewLines(state, game);
  const std::size_t reviewed = state.covers(game.start(), game.moves());
  for (std::size_t i = 0; i < reviewed; ++i) shown.marks.push_back(reviewMark(state.verdicts[i]));
  return shown;
}

}  // namespace qubic::tui
