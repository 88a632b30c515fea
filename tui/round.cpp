#include "round.hpp"

#include "engine/core/notation.hpp"

namespace qubic::tui {

std::string gameText(const Position& start, const std::vector<int>& moves) {
  std::string text = positionString(start);
  for (const int m : moves) text += ' ' + moveToken(m);
  return text;
}

std::string Forfeit::sentence() const {
  const std::string winner = sideName(opponent(loser));
  if (termination == "time forfeit" && details.empty())  // the game's own clock
    return sideName(loser) + " lost on time: " + winner + " wins.";
  return sideName(loser) + " loses (" + termination + (details.empty() ? "" : ": " + details) +
         "): " + winner + " wins.";
}

std::string Round::snapshot() const { return gameText(game.start(), game.line()); }

Position Round::shownPosition(int& lastMove) const {
  lastMove = game.lastMove();
  if (!explaining || !(explaining->from == game.position())) return game.position();
  Position p = explaining->from;
  if (explaining->quiet) {
    p.play(explaining->quiet->move);
    lastMove = explaining->quiet->move;
    return p;
  }
  for (std::size_t k = 0; k < explaining->shown; ++k) {
    const ForcingStep& step = explaining->steps[k];
    p.play(step.move);
    lastMove = step.move;
    if (k + 1 < explaining->shown && step.reply >= 0) p.play(step.reply);
  }
  return p;
}

Round freshRound(RoundMode mode, const Position& start) {
  Round round;
  round.game.reset(start);
  round.mode = mode;
  round.savedGame = round.snapshot();
  return round;
}

}  // namespace qubic::tui
