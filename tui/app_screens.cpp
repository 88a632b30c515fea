// The screens over the board: the start screen, the help, the prompts and questions.
#include <curses.h>

#include <cstdlib>

#include "app.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/level_words.hpp"
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
    cubeView_ = tour->cubeBefore;
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
  if (edit == LinePrompt::Edit::Cancelled) return say("Cancelled.");
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
    seats_ = Seats::fromHumanSide(kSides[key - '1']);
    key = '\n';
  }
  if (key == '\n' || key == '\r' || key == KEY_ENTER || key == ' ') {
    close();
    // A level is remembered when a game is played with it, not when it was looked at.
    rememberLevels(levels_);
    begin(freshRound(OrdinaryGame{}));
    return say(seats_.anyHuman() ? "X moves first. Press ? for help."
                                 : "The engines are playing. Press ? for help.");
  }
  const Action action = keys_.actionFor(key);
  if (action == Action::LevelUp) return changeLevel(+1);
  if (action == Action::LevelDown) return changeLevel(-1);
  if (action == Action::Quit) quit_ = true;
  if (action == Action::Help) open(HelpScreen{});
}

std::vector<StyledText> App::startScreenLines() const {
  const std::string_view who = seats_.humanSide();
  auto choice = [&](char key, std::string_view side, const std::string& text) {
    return StyledText{std::string(who == side ? " > " : "   ") + key + "  " + text,
                      who == side ? Style::Highlight : Style::Normal, who == side};
  };
  return {
      {"QUBIC - 4x4x4 tic-tac-toe", Style::Title, true},
      {"X and O take turns on a 4x4x4 cube; four in a line wins. X moves first."},
      {""},
      {"Who plays?"},
      choice('1', "x", "you play X against the engine (you move first)"),
      choice('2', "o", "you play O against the engine"),
      choice('3', "both", "two players at this keyboard"),
      choice('4', "none", "watch the engine play itself"),
      {"   5  solve a puzzle: find the winning move (today's puzzle first)"},
      {"   6  survive as O against perfect X: how long can you last?"},
      {"   7  a short tour: how the lines run across the levels"},
      {""},
      {engineLine() + "   (" + keys_.primaryKeyName(Action::LevelUp) + " stronger, " +
       keys_.primaryKeyName(Action::LevelDown) + " weaker)"},
      {"   " + levelWords(), Style::Dim},
      {"   Level ratings (Elo; 0 easiest, " + std::to_string(kMaxLevel) + " " +
           (book_ ? "never loses as X" : "strongest") + "; docs/strength.md):",
       Style::Dim},
      {"   " + ratingsLine(0, 5), Style::Dim},
      {"   " + ratingsLine(6, 11), Style::Dim},
      {"   " + ratingsLine(12, kMaxLevel), Style::Dim},
      {"1-7 starts that, Enter the marked game; in the game ? lists every key."},
  };
}

// "0: 0, 1: 125, ..." for levels `from` to `to`, on the scale of docs/strength.md.
std::string App::ratingsLine(int from, int to) const {
  std::string line;
  for (int level = from; level <= to; ++level)
    line += std::to_string(level) + ": " +
            std::to_string(kLevelElo[static_cast<std::size_t>(level)]) + (level < to ? ", " : "");
  return line + (to < kMaxLevel ? "," : "");
}

// What will play: the rating asked for (--elo), else the level or each side's levels.
std::string App::engineLine() const {
  // Another UGI engine plays games (puzzles and survival stay ours).
  if (!settings_.tui.engine.empty()) return "Engine: " + engine_.externalName() + " (--engine)";
  if (elo_) {
    const Strength s = strengthForElo(*elo_);
    return "Engine: Elo " + std::to_string(*elo_) +
           (s.towardNext > 0 && s.level < kMaxLevel
                ? ", between levels " + std::to_string(s.level) + " and " +
                      std::to_string(s.level + 1)
                : ", level " + std::to_string(s.level));
  }
  if (levels_[0] == levels_[1]) return "Engine level: " + std::to_string(levels_[0]);
  return "Engine " + levelsText();
}

// What the engine's level (each side's, when they differ) is like, and its rating.
std::string App::levelWords() const {
  if (elo_) return "each move as one of those levels, at the rating asked for";
  if (levels_[0] == levels_[1]) return levelInWords(levels_[0]);
  // Two levels: the names and ratings alone, so that the line fits 80 columns.
  auto brief = [](int level) {
    return std::string(levelName(level)) + " (Elo " +
           std::to_string(kLevelElo[static_cast<std::size_t>(level)]) + ")";
  };
  return "X: " + brief(levels_[0]) + "; O: " + brief(levels_[1]);
}

void App::openTour() {
  open(TourScreen{0, cubeView_});
  cubeView_ = true;
  relayout();
}

void App::answer(const Question& question, bool yes) {
  switch (question.purpose) {
    case Question::Purpose::Resume:
      if (yes) return resume(*question.unfinished);
      autosave_.remove();
      if (settings_.tui.startScreen) open(StartScreen{});
      return say("Started afresh; the unfinished game is gone.");
    case Question::Purpose::Leave:
      if (yes) return leaveGame(question.leaving);
      return say("Kept the game.");
    case Question::Purpose::Replace:
      if (yes) return save(question.path, true);
      return say("Not saved; " + question.path + " is as it was.");
  }
}

void App::finishLine(const LinePrompt& prompt) {
  const std::string& text = prompt.text;
  if (prompt.purpose == LinePrompt::Purpose::GoTo) {
    const std::size_t moves = round_.game.line().size();
    char* end = nullptr;
    const long n = std::strtol(text.c_str(), &end, 10);
    if (text.empty() || *end != '\0' || n < 0 || static_cast<std::size_t>(n) > moves)
      return say("Give a move number from 0 to " + std::to_string(moves) + ".", Style::Error);
    goToPly(static_cast<std::size_t>(n));
    return say("At move " + std::to_string(n) + " of " + std::to_string(moves) + "; " +
               keys_.primaryKeyName(Action::Undo) + "/" + keys_.primaryKeyName(Action::Redo) +
               " step" +
               (seats_.anyEngine()
                    ? ", the engine is paused (" + keys_.primaryKeyName(Action::Pause) + ")."
                    : "."));
  }
  if (text.empty()) return say("No file name given.");
  if (prompt.purpose == LinePrompt::Purpose::Save) return save(withRecordExtension(text));
  load(text);
}

void App::leaveOrAsk(Action action) {
  // A finished game is not asked about: nothing is left to play in it.
  const Game& game = round_.game;
  if (game.moves().empty() || game.position().isGameOver() || !round_.unsaved())
    return leaveGame(action);
  open(Question{Question::Purpose::Leave, action, {}, std::nullopt});
}

void App::leaveGame(Action action) {
  if (action == Action::NewGame) newGame();
  if (action == Action::Load) openLoadPrompt();
  if (action == Action::Quit) {
    quit_ = true;
    autosave_.remove();  // left on purpose: nothing to offer next time
    autosaved_.clear();
  }
}

void App::openSavePrompt() {
  open(LinePrompt{
      LinePrompt::Purpose::Save, round_.file.empty() ? suggestedRecordName() : round_.file, {}});
}

// This game's file, else the games directory, with the newest saved games named.
void App::openLoadPrompt() {
  const std::string dir = gamesDirectory();
  std::string list;
  for (const std::string& name : savedGameNames(6)) list += (list.empty() ? "" : ", ") + name;
  const std::string where = dir.empty() ? std::string("the games directory") : dir;
  open(LinePrompt{LinePrompt::Purpose::Load,
                  !round_.file.empty() ? round_.file
                  : dir.empty()        ? std::string()
                                       : dir + "/",
                  list.empty() ? "No saved games in " + where + " yet."
                               : "Saved games, newest first: " + list + "."});
}

void App::openGoToPrompt() {
  if (round_.game.line().empty()) return say("No moves to go to yet.");
  open(LinePrompt{LinePrompt::Purpose::GoTo, {}, {}});
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
  std::optional<GameRecord> unfinished = autosave_.claimLeftGame();
  if (!autosave_.setAside().empty()) say(autosave_.setAside(), Style::Error);
  if (!unfinished) return;
  screens_.clear();  // the question is asked on the board, not over the start screen
  open(Question{Question::Purpose::Resume, Action::None, {}, std::move(unfinished)});
}

}  // namespace qubic::tui
