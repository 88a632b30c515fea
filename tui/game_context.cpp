#include "game_context.hpp"

#include "engine/core/notation.hpp"

namespace qubic::tui {

GameContext startingContext(const Settings& settings, const KeyMap& keys) {
  const TuiSettings& tui = settings.tui;
  GameContext context;
  context.settings = settings;
  context.keys = keys;
  context.lineup.seats = Seats::fromHumanSide(tui.humanSide);
  context.lineup.levels = {tui.levelX >= 0 ? tui.levelX : tui.level,
                           tui.levelO >= 0 ? tui.levelO : tui.level};
  if (settings.engine.limitStrength) context.lineup.elo = settings.engine.elo;
  context.lineup.moveTime = std::chrono::milliseconds(tui.moveTimeMs);
  context.round = freshRound(OrdinaryGame{});
  context.cursor = cellAt(1, 1, 0);
  context.display.threats = tui.showThreats;
  context.display.overlay = tui.showOverlay;
  // The setting was checked when it was read (config/settings: a tc= with a clock).
  if (const Parsed<TimeControl> clock = parseTimeControl(tui.clock); clock && !tui.clock.empty())
    context.clock.set(clock.value());
  return context;
}

}  // namespace qubic::tui
