#include "tui/modes/survival.hpp"

#include <cstdlib>
#include <fstream>

#include "config/read_file.hpp"
#include "tui/record_file.hpp"

namespace qubic::tui {

std::optional<SurvivalRound> SurvivalRound::make(const Book* book, bool counts) {
  const std::optional<BookMove> opening = book ? book->find(Position{}) : std::nullopt;
  if (!opening) return std::nullopt;
  SurvivalRound round;
  round.counts = counts;
  round.longest = opening->pliesToWin;
  if (const std::string dir = stateDirectory(); !dir.empty())
    if (const Parsed<std::string> best = readRegularFile(dir + "/survival-best", 64))
      round.best = std::atoi(best.value().c_str());
  return round;
}

Transition SurvivalRound::onKey(Action action) const {
  if (action == Action::NewGame) return Transition::NextSurvival;
  if (action == Action::Players) return Transition::LeaveMode;
  return Transition::None;
}

void SurvivalRound::afterMove(const Game& game, bool) {
  if (scored || !game.position().isGameOver()) return;
  scored = true;
  const int plies = static_cast<int>(game.moves().size());
  if (!counts || plies <= best) return;
  best = plies;
  if (const Parsed<std::string> dir = makeStateDirectory())
    std::ofstream(dir.value() + "/survival-best") << plies << '\n';
}

std::vector<StyledText> SurvivalRound::lines(const ModeView& view) const {
  const int plies = static_cast<int>(view.game.moves().size());
  const std::string bestText =
      best > 0 ? " Your best: " + std::to_string(best) + "." : std::string();
  if (!view.game.position().isGameOver())
    return {{"Survival, O against perfect X: ply " + std::to_string(plies) + "; the proof ends " +
                 "the game by ply " + std::to_string(longest) + " at the latest." + bestText,
             Style::Title, true}};
  std::string text = "You survived " + std::to_string(plies) + " plies of the " +
                     std::to_string(longest) + " the proof allows at most." + bestText;
  if (!counts) text += " (Moves were taken back or hints used: not scored.)";
  return {{text, Style::Highlight, true},
          {view.key(Action::NewGame) + ": try again   " + view.key(Action::Players) +
               ": leave survival",
           Style::Dim}};
}

}  // namespace qubic::tui
