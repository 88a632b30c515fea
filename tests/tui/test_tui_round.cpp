// The game's state parts that need no terminal: a fresh Round and the prompt's line editing.
#include <catch2/catch.hpp>

#include "engine/core/notation.hpp"
#include "tui/modes/mode.hpp"
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
  CHECK(std::get_if<SurvivalRound>(&round.mode) == nullptr);
  round.game.play(1);
  CHECK(round.unsaved());
  CHECK(round.snapshot() != round.savedGame);

  Round survival = freshRound(SurvivalRound{false, false, 31, 12});
  REQUIRE(std::get_if<SurvivalRound>(&survival.mode) != nullptr);
  CHECK(survival.kind() == GameMode::Survival);
  CHECK(std::get<SurvivalRound>(survival.mode).longest == 31);
  CHECK(freshRound(OrdinaryGame{}).kind() == GameMode::Play);
}

TEST_CASE("each mode owns the new-game and players keys and what help costs") {
  auto onKey = [](const Round& r, Action a) {
    return r.withMode([&](const auto& m) { return m.onKey(a); });
  };
  const Round ordinary = freshRound(OrdinaryGame{});
  const Round puzzle = freshRound(PuzzleRound{});
  Round survival = freshRound(SurvivalRound{true, false, 31, 0});
  CHECK(onKey(ordinary, Action::NewGame) == Transition::NewGame);
  CHECK(onKey(ordinary, Action::Players) == Transition::NextPlayers);
  CHECK(onKey(puzzle, Action::NewGame) == Transition::NextPuzzle);
  CHECK(onKey(puzzle, Action::Players) == Transition::LeaveMode);
  CHECK(onKey(survival, Action::NewGame) == Transition::NextSurvival);
  CHECK(onKey(survival, Action::Players) == Transition::LeaveMode);
  CHECK(onKey(ordinary, Action::Undo) == Transition::None);
  // The engine plays ours, at the top, only where the mode asks for the best defence.
  auto best = [](const Round& r) {
    return r.withMode([](const auto& m) { return m.bestDefence(); });
  };
  CHECK_FALSE(best(ordinary));
  CHECK(best(puzzle));
  CHECK(best(survival));
  // A hint or a take-back ends survival's score, once, and changes nothing elsewhere.
  auto helped = [](Round& r) { return r.withMode([](auto& m) { return m.helped(); }); };
  CHECK(helped(survival));
  CHECK_FALSE(helped(survival));
  CHECK_FALSE(std::get<SurvivalRound>(survival.mode).counts);
  Round other = freshRound(OrdinaryGame{});
  CHECK_FALSE(helped(other));
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
