#include "tui/modes/explanation.hpp"

#include "engine/core/notation.hpp"

namespace qubic::tui {

std::string explainStep(std::optional<Explanation>& explaining, const Position& pos,
                        const KeyMap& keys) {
  if (explaining && explaining->from == pos) {
    const std::size_t steps = explaining->quiet ? 1 : explaining->steps.size();
    if (++explaining->shown <= steps) return "";
    explaining.reset();
    return "End of the explanation: the board shows the game again.";
  }
  explaining.reset();
  if (pos.isGameOver()) return "The game is over.";
  const WinExplained win = explainWin(pos);
  if (!win.steps.empty()) {
    explaining = Explanation{pos, win.steps, 1, std::nullopt};
    return "";
  }
  const ProvenQuietWin& quiet = win.quiet;
  if (!quiet.proven)
    return sideName(pos.sideToMove()) +
           " has no win by threes alone here, and none was proven in a short search (" +
           keys.primaryKeyName(Action::Overlay) + " shows every move's proven value).";
  explaining = Explanation{pos, {}, 1, quiet};
  return "";
}

std::vector<StyledText> explanationLines(const std::optional<Explanation>& e,
                                         const ModeView& view) {
  const Position& pos = view.game.position();
  if (!e || !(e->from == pos)) return {};
  const Side us = pos.sideToMove();
  if (e->quiet)
    return {{describeQuietWin(*e->quiet, us), Style::Highlight, true},
            {view.key(Action::Explain) + ": back to the game", Style::Dim}};
  // Counted in the player's moves, as the hint counts them: a double threat is followed
  // by the move that completes a line, which the board does not show as a step.
  const ForcingStep& step = e->steps[e->shown - 1];
  const bool completes = e->steps.back().completesLine;
  const std::string total = std::to_string(e->steps.size() + (completes ? 0 : 1));
  const bool last = e->shown == e->steps.size();
  return {{"Forcing win in " + total + " moves (checked by the rules), move " +
               std::to_string(e->shown) + " of " + total + ": " + sideName(us) + " " +
               moveToken(step.move) + " " + describeStep(step, us) +
               (step.reply >= 0 ? " at " + moveToken(step.reply) : std::string()) + "." +
               (last && !completes ? " Move " + total + " completes a line." : ""),
           Style::Highlight, true},
          {view.key(Action::Explain) + ": next step (the board shows the line, not the game)",
           Style::Dim}};
}

}  // namespace qubic::tui
