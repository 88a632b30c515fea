// The game's state parts that need no terminal: a fresh Round and the prompt's line editing.
#include <catch2/catch.hpp>

#include "engine/core/notation.hpp"
#include "tui/round.hpp"
#include "tui/screens.hpp"

using namespace qubic;
using namespace qubic::tui;

TEST_CASE("a fresh round is saved as started and knows its mode") {
  const Position start = parsePosition(
                             "x..............o/................/................/"
                             "................ x")
                             .value();
  Round round = freshRound(PuzzleRound{}, start);
  CHECK(round.kind() == GameMode::Puzzle);
  CHECK(round.game.start() == start);
  CHECK_FALSE(round.unsaved());
  CHECK(round.survival() == nullptr);
  round.game.play(1);
  CHECK(round.unsaved());
  CHECK(round.snapshot() != round.savedGame);

  Round survival = freshRound(SurvivalRound{false, false, 31, 12});
  REQUIRE(survival.survival() != nullptr);
  CHECK(survival.kind() == GameMode::Survival);
  CHECK(survival.survival()->longest == 31);
  CHECK(freshRound(OrdinaryGame{}).kind() == GameMode::Play);
}

TEST_CASE("the explanation's step is what the board shows, the game's position otherwise") {
  Round round = freshRound(OrdinaryGame{});
  round.game.play(0);
  int last = -1;
  CHECK(round.shownPosition(last) == round.game.position());
  CHECK(last == 0);
  Explanation e;
  e.from = round.game.position();
  e.steps = {ForcingStep{}, ForcingStep{}};
  e.steps[0].move = 21;
  e.steps[0].reply = 42;
  e.steps[1].move = 22;
  e.shown = 2;
  round.explaining = e;
  const Position shown = round.shownPosition(last);
  CHECK(last == 22);
  CHECK(shown.moveCount() == 4);  // 1a1, then 21, its reply 42, then 22
  for (const int cell : {21, 42, 22}) CHECK_FALSE(shown.isEmpty(cell));
  round.game.play(5);  // the game moved on: the explanation no longer applies
  CHECK(round.shownPosition(last) == round.game.position());
}

TEST_CASE("a prompt line edits as a shell does, and a move number takes digits only") {
  LinePrompt save{LinePrompt::Purpose::Save, "games/a.qgn", {}};
  CHECK(save.edit(127) == LinePrompt::Edit::Typing);
  CHECK(save.text == "games/a.qg");
  CHECK(save.edit('x') == LinePrompt::Edit::Typing);
  CHECK(save.text == "games/a.qgx");
  save.edit(21);  // Ctrl-U
  CHECK(save.text.empty());
  CHECK(save.edit('\n') == LinePrompt::Edit::Done);
  CHECK(save.edit(27) == LinePrompt::Edit::Cancelled);

  LinePrompt go{LinePrompt::Purpose::GoTo, {}, {}};
  for (const int key : {'1', 'a', '2', ' ', '-'}) go.edit(key);
  CHECK(go.text == "12");
  CHECK(isYes('y'));
  CHECK(isYes('Y'));
  CHECK_FALSE(isYes('n'));
}
