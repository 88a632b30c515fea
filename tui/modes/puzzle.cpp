#include "tui/modes/puzzle.hpp"

#include "engine/core/notation.hpp"

namespace qubic::tui {

namespace {

// What the solver said of the player's first move in puzzle `p`.
StyledText answerLine(const Puzzle& p, const PuzzleAnswer& a, const std::string& wins,
                      const std::string& undoKey) {
  const std::string played = moveToken(a.move);
  if (!a.checked) return {"Checking " + played + " with the solver..."};
  switch (a.check.verdict) {
    case AnswerVerdict::Fastest:
      return {"Right: " + played + " wins, the fastest way (" + wins +
                  "). Now finish it against the engine.",
              Style::Win, true};
    case AnswerVerdict::Wins:
      return {"Right: " + played + " wins too, within " + std::to_string((a.check.plies + 1) / 2) +
                  " moves; " + moveToken(p.bestMove) + " is faster (" + wins + ").",
              Style::Win, true};
    case AnswerVerdict::DoesNotWin:
      return {"Not this one: after " + played + " " + sideName(p.position.sideToMove()) +
                  " cannot force a win. " + undoKey + " takes it back.",
              Style::Error, true};
    case AnswerVerdict::NotProven:
      break;
  }
  return {"The solver could not settle " + played + " within its budget."};
}

}  // namespace

Transition PuzzleRound::onKey(Action action) const {
  if (action == Action::NewGame) return Transition::NextPuzzle;
  if (action == Action::Players) return Transition::LeaveMode;
  return Transition::None;
}

void PuzzleRound::afterMove(const Game& game, bool byPlayer) {
  if (byPlayer && game.moves().size() == 1) session->checkFirstMove(game.moves()[0]);
  const Side us = session->shown().position.sideToMove();
  if (game.position().status() == (us == Side::X ? Status::XWins : Status::OWins) && !hintUsed)
    session->markShownSolved();
}

std::optional<std::string> PuzzleRound::engineSeat() const {
  return "Engine, level " + std::to_string(kMaxLevel) + " (best defence)";
}

void PuzzleRound::describe(GameSetup& setup) const {
  setup.puzzle = session->shownIndex();
  setup.symmetry = session->shownSymmetry();
  // The record gives the level the engine defends at, as its seat's tag does; read back,
  // a puzzle keeps the player's own levels (readSetupTags).
  setup.levels[index(opponent(session->shown().position.sideToMove()))] = kMaxLevel;
}

std::vector<StyledText> PuzzleRound::lines(const ModeView& view) const {
  const PuzzleSession& s = *session;
  const Puzzle& p = s.shown();
  const Side us = p.position.sideToMove();
  const Position& pos = view.game.position();
  const std::string wins =
      sideName(us) + " wins within " + std::to_string((p.plies + 1) / 2) + " moves";
  const std::string title = "Puzzle " + std::to_string(s.shownIndex() + 1) + " of " +
                            std::to_string(s.count()) + ", " + std::string(p.stars, '*');
  const std::string next = view.key(Action::NewGame) + ": next puzzle (solved " +
                           std::to_string(s.solvedCount()) + " of " + std::to_string(s.count()) +
                           ")   " + view.key(Action::Players) + ": leave puzzles";
  std::vector<StyledText> lines;
  if (pos.isGameOver()) {
    const bool won = pos.status() == (us == Side::X ? Status::XWins : Status::OWins);
    const std::string outcome =
        !won       ? ": not solved this time; " + view.key(Action::Undo) + " takes moves back."
        : hintUsed ? std::string(": won with hints, not counted.")
                   : ": solved, " + sideName(us) + " won.";
    lines.push_back({title + outcome, won ? Style::Win : Style::Error, true});
    lines.push_back({next, Style::Dim});
    return lines;
  }
  lines.push_back({title + (s.shownSolvedBefore() ? " (solved before)" : "") + ": " + sideName(us) +
                       " to move wins within " + std::to_string((p.plies + 1) / 2) +
                       " moves. Find a winning move.",
                   Style::Title, true});
  const PuzzleAnswer a = s.answer();
  const std::vector<int>& moves = view.game.moves();
  if (a.move >= 0 && !moves.empty() && moves[0] == a.move)
    lines.push_back(answerLine(p, a, wins, view.key(Action::Undo)));
  lines.push_back({next, Style::Dim});
  return lines;
}

}  // namespace qubic::tui
