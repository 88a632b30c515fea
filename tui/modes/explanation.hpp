// The explanation of the side to move's forcing win, shown on the board a step a press:
// from a threat search checked by the rules, or a short proof search for a win that needs
// a quiet move. The board shows the line, not the game, until the last step.
#pragma once

#include <cstddef>
#include <optional>
#include <vector>

#include "engine/study/explain.hpp"
#include "tui/modes/mode.hpp"
#include "tui/view.hpp"

namespace qubic::tui {

// A forcing win being shown, kept in the round (Round::explaining).
struct Explanation {
  Position from;  // the game's position when it was asked for
  std::vector<ForcingStep> steps;
  std::size_t shown = 0;                // steps on the board
  std::optional<ProvenQuietWin> quiet;  // a win that needs a quiet move: one step, that move
};

// The explain key at `pos`: the next step of `explaining`, its end, or a new one. Returns
// what to tell the player ("" for nothing).
std::string explainStep(std::optional<Explanation>& explaining, const Position& pos,
                        const KeyMap& keys);
// The step on the board, in words.
std::vector<StyledText> explanationLines(const std::optional<Explanation>& explaining,
                                         const ModeView& view);

}  // namespace qubic::tui
