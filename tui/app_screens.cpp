// The screens over the board: the start screen, the help, the tour, the prompts and the
// questions; each key on them ends in a transition or stays with the screen.
#include <curses.h>

#include <cstdlib>

#include "app.hpp"
#include "board_keys.hpp"
#include "levels.hpp"
#include "record_file.hpp"
#include "tour.hpp"

namespace qubic::tui {

void App::handleScreenKey(int key) {
  Screen& screen = screens_.back();
  if (std::holds_alternative<HelpScreen>(screen)) {
    close();  // any key closes the help; l opens the tour of the lines
    return key == 'l' ? openTour() : void();
  }
  if (TourScreen* tour = std::get_if<TourScreen>(&screen)) {
    if (key != 27 && key != 'q' && ++tour->step < tourSteps().size()) return;
    context_.display.cube = tour->cubeBefore;
    close();
    return relayout();
  }
  if (std::holds_alternative<StartScreen>(screen)) return handleStartKey(key);
  if (Question* question = std::get_if<Question>(&screen)) {
    // Only y or n answers: a key meant for the board (the first of a move, typed before
    // the question was seen) must not decide it.
    if (!isYes(key) && !isNo(key)) return void(question->reminded = true);
    const Question asked = *question;
    close();
    return answer(asked, isYes(key));
  }
  LinePrompt& prompt = std::get<LinePrompt>(screen);
  const LinePrompt::Edit edit = prompt.edit(key);
  if (edit == LinePrompt::Edit::Typing) return;
  const LinePrompt done = prompt;
  close();
  if (edit == LinePrompt::Edit::Cancelled) return context_.say("Cancelled.");
  finishLine(done);
}

void App::handleStartKey(int key) {
  static constexpr const char* kSides[] = {"x", "o", "both", "none"};
  if (key == '7') return openTour();
  if (key == '5' || key == '6') {
    close();
    return key == '5' ? startPuzzle(std::nullopt) : startSurvival();
  }
  if (key >= '1' && key <= '4') {
    context_.lineup.seats = Seats::fromHumanSide(kSides[key - '1']);
    key = '\n';
  }
  if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
    close();
    // A level is remembered when a game is played with it, not when it was looked at.
    rememberLevels(context_.lineup.levels);
    begin(freshRound(OrdinaryGame{}));
    return context_.say(context_.lineup.seats.anyHuman()
                            ? "X moves first. Press ? for help."
                            : "The engines are playing. Press ? for help.");
  }
  const Action action = context_.keys.actionFor(key);
  if (action == Action::LevelUp) return changeLevel(+1, true);
  if (action == Action::LevelDown) return changeLevel(-1, true);
  if (action == Action::Quit) quit_ = true;
  if (action == Action::Help) open(HelpScreen{});
}

void App::openTour() {
  open(TourScreen{0, context_.display.cube});
  context_.display.cube = true;
  relayout();
}

void App::answer(const Question& question, bool yes) {
  switch (question.purpose) {
    case Question::Purpose::Resume:
      if (yes) return resume(*question.unfinished);
      files_.forget();
      if (context_.settings.tui.startScreen) open(StartScreen{});
      return context_.say("Started afresh; the unfinished game is gone.");
    case Question::Purpose::Leave:
      if (yes) return leaveGame(question.leaving);
      return context_.say("Kept the game.");
    case Question::Purpose::Replace:
      if (yes) return save(question.path, true);
      return context_.say("Not saved; " + question.path + " is as it was.");
    case Question::Purpose::Players:
      if (yes)
        return changeSeats(context_, engine_, context_.lineup.seats.next(), "Players changed.");
      return context_.say("Kept who plays.");
  }
}

void App::finishLine(const LinePrompt& prompt) {
  const std::string& text = prompt.text;
  if (prompt.purpose == LinePrompt::Purpose::GoTo) {
    const std::size_t moves = context_.round.game.line().size();
    char* end = nullptr;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || n < 0 || static_cast<std::size_t>(n) > moves)
      return context_.say("Give a move number from 0 to " + std::to_string(moves) + ".",
                          Style::Error);
    goToPly(context_, engine_, static_cast<std::size_t>(n));
    return context_.say("At move " + std::to_string(n) + " of " + std::to_string(moves) + "; " +
                        context_.key(Action::Undo) + "/" + context_.key(Action::Redo) + " step" +
                        (context_.lineup.seats.anyEngine()
                             ? ", the engine is paused (" + context_.key(Action::Pause) + ")."
                             : "."));
  }
  if (text.empty()) return context_.say("No file name given.");
  if (prompt.purpose == LinePrompt::Purpose::Save) return save(withRecordExtension(text));
  load(text);
}

void App::leaveOrAsk(Action action) {
  // A finished game is not asked about: nothing is left to play in it.
  const Round& round = context_.round;
  if (round.game.moves().empty() || round.game.position().isGameOver() || !round.unsaved())
    return leaveGame(action);
  open(Question{Question::Purpose::Leave, action, {}, std::nullopt});
}

void App::leaveGame(Action action) {
  if (action == Action::NewGame) {
    begin(freshRound(OrdinaryGame{}));
    context_.say("New game. " + std::string(context_.lineup.seats.anyHuman()
                                                ? "X moves first."
                                                : "The engines are playing."));
  }
  if (action == Action::Load) open(loadPrompt(context_.round.file));
  if (action == Action::Quit) {
    quit_ = true;
    files_.forget();  // left on purpose: nothing to offer next time
  }
}

bool App::choosingGame() const {
  for (const Screen& screen : screens_) {
    const Question* q = std::get_if<Question>(&screen);
    if (std::holds_alternative<StartScreen>(screen) ||
        (q && q->purpose == Question::Purpose::Resume))
      return true;
  }
  return false;
}

void App::offerUnfinishedGame() {
  std::optional<GameRecord> unfinished = files_.claimLeftGame();
  if (!files_.setAside().empty()) context_.say(files_.setAside(), Style::Error);
  if (!unfinished) return;
  screens_.clear();  // the question is asked on the board, not over the start screen
  open(Question{Question::Purpose::Resume, Action::None, {}, std::move(unfinished)});
}

}  // namespace qubic::tui
