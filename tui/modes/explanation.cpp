#include "tui/modes/explanation.hpp"

#include "engine/core/notation.hpp"
#include "engine/threats/threat_search.hpp"
#include "tui/game_context.hpp"

namespace qubic::tui {

namespace {

// The explanation of a win that needs a quiet move: evaluated positions of its proof search.
constexpr std::uint64_t kExplainPositions = 300'000;

// Not by threes alone: a short proof search may find a win that starts with a quiet move
// (a fraction of a second; the answer is checked by the rules).
QuietWin quietWin(const Position& pos) {
  SolverOptions options;
  options.tableMb = 32;
  options.threatEntries = std::size_t{1} << 16;
  Solver solver(options);
  SolveLimits budget;
  budget.maxPositions = kExplainPositions;
  return explainQuietWin(solver, pos, budget);
}

StyledText quietLine(const QuietWin& q, Side us) {
  std::string threat;
  for (std::size_t k = 0; k < q.threat.size(); k += 2)
    threat.append(" ").append(moveToken(q.threat[k]));
  return {sideName(us) + " wins within " + std::to_string((q.plies + 1) / 2) +
              " moves, but not by threes alone (a checked proof; " + std::to_string(q.choices) +
              " positions where " + sideName(us) + " chooses). The first move, " +
              moveToken(q.move) + ", makes no three" +
              (threat.empty() ? ": more quiet moves follow."
                              : "; were " + sideName(opponent(us)) + " to pass, " + sideName(us) +
                                    " would win by threes:" + threat + "."),
          Style::Highlight, true};
}

}  // namespace

void explainStep(GameContext& context) {
  const Position& pos = context.round.game.position();
  std::optional<Explanation>& explaining = context.round.explaining;
  if (explaining && explaining->from == pos) {
    const std::size_t steps = explaining->quiet ? 1 : explaining->steps.size();
    if (++explaining->shown <= steps) return;
    explaining.reset();
    return context.say("End of the explanation: the board shows the game again.");
  }
  explaining.reset();
  if (pos.isGameOver()) return context.say("The game is over.");
  ThreatSearch threats(std::size_t{1} << 16);
  if (const ForcingWin win = checkedForcingWin(threats, pos, 2'000'000); !win.moves.empty()) {
    explaining = Explanation{pos, explainForcingWin(pos, win.moves), 1, std::nullopt};
    return;
  }
  const QuietWin quiet = quietWin(pos);
  if (!quiet.proven)
    return context.say(sideName(pos.sideToMove()) +
                       " has no win by threes alone here, and none was proven in a short " +
                       "search (" + context.key(Action::Overlay) +
                       " shows every move's proven value).");
  explaining = Explanation{pos, {}, 1, quiet};
}

std::vector<StyledText> explanationLines(const GameContext& context) {
  const Position& pos = context.round.game.position();
  const std::optional<Explanation>& e = context.round.explaining;
  if (!e || !(e->from == pos)) return {};
  const Side us = pos.sideToMove();
  if (e->quiet)
    return {quietLine(*e->quiet, us),
            {context.key(Action::Explain) + ": back to the game", Style::Dim}};
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
          {context.key(Action::Explain) + ": next step (the board shows the line, not the game)",
           Style::Dim}};
}

}  // namespace qubic::tui
