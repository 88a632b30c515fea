#include "panel.hpp"

#include <cstdio>

#include "engine/core/enum_text.hpp"
#include "engine/core/notation.hpp"

namespace qubic::tui {

namespace {

// Help descriptions short enough for two columns at 80 characters.
std::string_view shortDescription(Action action) {
  // The actions whose help text is too long for a column; the others are short enough.
  static constexpr EnumText<Action> kShort[] = {
      {Action::Help, "this help"},
      {Action::NewGame, "new game (puzzle: next one)"},
      {Action::Undo, "undo (with the engine's reply)"},
      {Action::Redo, "redo"},
      {Action::Hint, "hint: engine suggests a move"},
      {Action::MoveNow, "engine: move now"},
      {Action::SwapSides, "swap sides with the engine"},
      {Action::Players, "who plays; ends puzzle/survival"},
      {Action::LevelUp, "engine level up"},
      {Action::LevelDown, "engine level down"},
      {Action::Threats, "show threes and double threats"},
      {Action::Overlay, "analysis overlay (W, L, ?)"},
      {Action::ExpectedLine, "proven claims, expected line"},
      {Action::Review, "proven review, next mistake"},
      {Action::Explain, "explain the win, step by step"},
      {Action::GoToMove, "go to move N of the game"},
      {Action::Lines, "lines through the cursor"},
      {Action::CubeView, "cube view / levels side by side"},
      {Action::Step, "paused engine: one move"}};
  return textOf(kShort, action, describe(action));
}

std::string keyList(const KeyMap& keys, Action action) {
  std::string names;
  for (int key : keys.keysFor(action)) {
    if (!names.empty()) names += ' ';
    names += keyName(key);
  }
  return names.empty() ? "-" : names;
}

std::string padded(std::string text, std::size_t width) {
  if (text.size() < width) text.append(width - text.size(), ' ');
  return text;
}

}  // namespace

std::string verdictText(Side toMove, Verdict verdict, int plies) {
  if (verdict == Verdict::Unknown) return {};
  const bool moverWins = verdict == Verdict::Win;
  const Side winner = moverWins ? toMove : opponent(toMove);
  if (plies <= 0 || plies > kCells)
    return sideName(winner) + " can force a win";  // proven, distance unknown
  const int moves = moverWins ? (plies + 1) / 2 : plies / 2;
  // Exact only when the game ends at the next move (a line completed now, or a double
  // threat the mover cannot stop). Longer, it is where the engine's line ends at the
  // latest against any defence, and the engine may find a faster way: a bound.
  return sideName(winner) + (plies <= 2 ? " wins in " : " wins within ") + std::to_string(moves) +
         (moves == 1 ? " move" : " moves");
}

std::string overlayVerdict(Side toMove, int wins, int losses, int empties, bool complete) {
  if (wins > 0) return sideName(toMove) + " can force a win (proven): the W cells win.";
  if (complete && empties > 0 && losses == empties)
    return "Every move loses: " + sideName(opponent(toMove)) + " can force a win (proven).";
  return {};
}

std::string winningLineName(const Position& pos) {
  const Bitboard cells = pos.winningCells();
  for (int line = 0; line < kLines; ++line)
    if ((lineMask(line) & cells) == lineMask(line)) return lineName(line);
  return {};
}

std::string secondsText(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", seconds);
  return text;
}

std::string shortCount(std::uint64_t n) {
  char text[32];
  if (n < 10000)
    std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(n));
  else if (n < 1000000)
    std::snprintf(text, sizeof text, "%.1fk", static_cast<double>(n) / 1e3);
  else
    std::snprintf(text, sizeof text, "%.1fM", static_cast<double>(n) / 1e6);
  return text;
}

std::string keyBar(const KeyMap& keys, bool watching, bool levels) {
  std::string bar;
  auto add = [&](Action action, const std::string& what) {
    const std::string name = keys.primaryKeyName(action);
    if (!name.empty()) bar += (bar.empty() ? "" : "  ") + name + " " + what;
  };
  add(Action::Help, "help");
  add(Action::Quit, "quit");
  if (watching) {
    add(Action::Pause, "pause");
    add(Action::Step, "step");
  }
  add(Action::NewGame, "new");
  add(Action::Undo, "undo");
  add(Action::Hint, "hint");
  const std::string up = keys.primaryKeyName(Action::LevelUp),
                    down = keys.primaryKeyName(Action::LevelDown);
  if (levels && !up.empty() && !down.empty()) bar += "  " + up + down + " level";
  add(Action::SwapSides, "swap sides");
  add(Action::Players, "players");
  add(Action::Threats, "threats");
  add(Action::Overlay, "overlay");
  return bar;
}

std::vector<StyledText> helpScreen(const KeyMap& keys) {
  std::vector<StyledText> lines;
  auto line = [&](std::string text, Style style = Style::Normal, bool bold = false) {
    lines.push_back({std::move(text), style, bold});
  };
  line("QUBIC - 4x4x4 tic-tac-toe", Style::Title, true);
  line("X and O take turns on a 4x4x4 cube, drawn as four levels side by side.");
  line("Four in a line wins: a row, column or diagonal of one level, or a line through");
  line("all four levels, straight up or slanting (76 lines). A full cube is a draw.");
  line("");
  line("Board  arrows or h j k l move the cursor; Tab or ] next level, [ previous");
  line("       Enter, Space or a click plays; or type level, file, rank: 2c3");
  line("Marks  [X] last move   =X= winning line   !x! X completes a line here");
  line("       +x+ X makes two threes at once here (a related pair: a double threat)");
  line("       overlay, for the side to move: W wins by force, L loses, ? not proven");
  line("Keys (set them in the [tui] section of the config file; qubic --print-config)",
       Style::Title, true);
  constexpr std::size_t kColumn = 39;
  std::string row;
  for (int a = 1; a <= kConfigurableActions; ++a) {
    const auto action = static_cast<Action>(a);
    const std::string entry =
        padded(keyList(keys, action), 6) + " " + std::string(shortDescription(action));
    if (row.empty()) {
      row = padded(entry, kColumn);
    } else {
      line(row + entry);
      row.clear();
    }
  }
  if (!row.empty()) line(row);
  return lines;
}

}  // namespace qubic::tui
