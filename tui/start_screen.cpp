#include "start_screen.hpp"

#include "engine/play/elo_scale.hpp"
#include "engine/play/level_words.hpp"
#include "levels.hpp"
#include "view.hpp"

namespace qubic::tui {

namespace {

// "0: 0, 1: 125, ..." for levels `from` to `to`, on the scale of docs/strength.md.
std::string ratingsLine(int from, int to) {
  std::string line;
  for (int level = from; level <= to; ++level)
    line += std::to_string(level) + ": " +
            std::to_string(kLevelElo[static_cast<std::size_t>(level)]) + (level < to ? ", " : "");
  return line + (to < kMaxLevel ? "," : "");
}

// What will play: another engine, the rating asked for (--elo), else the level or each
// side's levels.
std::string engineLine(const Lineup& lineup, const std::string& external) {
  // Another UGI engine plays games (puzzles and survival stay ours).
  if (!external.empty()) return "Engine: " + external + " (--engine)";
  if (lineup.elo) {
    const Strength s = strengthForElo(*lineup.elo);
    return "Engine: Elo " + std::to_string(*lineup.elo) +
           (s.towardNext > 0 && s.level < kMaxLevel
                ? ", between levels " + std::to_string(s.level) + " and " +
                      std::to_string(s.level + 1)
                : ", level " + std::to_string(s.level));
  }
  if (lineup.levels[0] == lineup.levels[1])
    return "Engine level: " + std::to_string(lineup.levels[0]);
  return "Engine " + lineup.levelsText();
}

// What the engine's level (each side's, when they differ) is like, and its rating.
std::string levelWords(const Lineup& lineup) {
  if (lineup.elo) return "each move as one of those levels, at the rating asked for";
  const std::array<int, 2>& levels = lineup.levels;
  if (levels[0] == levels[1]) return levelInWords(levels[0]);
  // Two levels: the names and ratings alone, so that the line fits 80 columns.
  auto brief = [](int level) {
    return std::string(levelName(level)) + " (Elo " +
           std::to_string(kLevelElo[static_cast<std::size_t>(level)]) + ")";
  };
  return "X: " + brief(levels[0]) + "; O: " + brief(levels[1]);
}

}  // namespace

std::vector<StyledText> startScreenLines(const Lineup& lineup, const KeyMap& keys,
                                         const std::string& external, bool book) {
  const std::string_view who = lineup.seats.humanSide();
  auto choice = [&](char key, std::string_view side, const std::string& text) {
    return StyledText{std::string(who == side ? " > " : "   ") + key + "  " + text,
                      who == side ? Style::Highlight : Style::Normal, who == side};
  };
  std::vector<StyledText> lines{
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
      {engineLine(lineup, external) + "   (" + keys.primaryKeyName(Action::LevelUp) +
       " stronger, " + keys.primaryKeyName(Action::LevelDown) + " weaker)"},
      {"   Level ratings (Elo; 0 easiest, " + std::to_string(kMaxLevel) + " " +
           (book ? "never loses as X" : "strongest") + "; docs/strength.md):",
       Style::Dim},
      {"   " + ratingsLine(0, 5), Style::Dim},
      {"   " + ratingsLine(6, 11), Style::Dim},
      {"   " + ratingsLine(12, kMaxLevel), Style::Dim},
      {"1-7 starts that, Enter the marked game; in the game ? lists every key."},
  };
  // The level's words under its line, wrapped to fit 80 columns (issue 70, 14: level 14's
  // ended "...half its mov").
  std::vector<StyledText> words;
  for (const std::string& piece : wrapText(levelWords(lineup), 74))
    words.push_back({"   " + piece, Style::Dim});
  lines.insert(lines.begin() + 13, words.begin(), words.end());
  return lines;
}

std::string startScreenFooter(const KeyMap& keys) {
  return "1-7 or Enter start  " + keys.primaryKeyName(Action::LevelUp) +
         keys.primaryKeyName(Action::LevelDown) + " level  " + keys.primaryKeyName(Action::Help) +
         " help  " + keys.primaryKeyName(Action::Quit) + " quit";
}

}  // namespace qubic::tui
