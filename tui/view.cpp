#include "view.hpp"

#include <curses.h>

#include <algorithm>
#include <cstdlib>

namespace qubic::tui {

namespace {

// "? help  s swap sides" as "? help s swap": one space between entries, short words.
std::string compactKeyBar(std::string bar) {
  for (std::size_t at; (at = bar.find("  ")) != std::string::npos;) bar.erase(at, 1);
  if (const std::size_t at = bar.find("swap sides"); at != std::string::npos)
    bar.replace(at, 10, "swap");
  return bar;
}

enum Pair : short { kPairX = 1, kPairO, kPairHighlight, kPairWin, kPairLoss, kPairError };

short colourNumber(const std::string& name) {
  if (name == "black") return COLOR_BLACK;
  if (name == "red") return COLOR_RED;
  if (name == "green") return COLOR_GREEN;
  if (name == "yellow") return COLOR_YELLOW;
  if (name == "blue") return COLOR_BLUE;
  if (name == "magenta") return COLOR_MAGENTA;
  if (name == "cyan") return COLOR_CYAN;
  if (name == "white") return COLOR_WHITE;
  return -1;  // "default": the terminal's own foreground
}

// Writes at most `width` characters of text.
void put(int row, int col, const std::string& text, int width) {
  if (width <= 0) return;
  mvaddnstr(row, col, text.c_str(), std::min<int>(width, static_cast<int>(text.size())));
}

std::string pairText(int number, const std::string& first, const std::string& second) {
  return std::to_string(number) + ". " + first + (second.empty() ? "" : " " + second);
}

// A prompt longer than the line scrolls: its label stays (without its hints in brackets
// when room is short) and the end of what is typed, where the cursor is and the name
// ends, stays in sight after "..."; one column is left for the cursor.
std::string promptShown(const std::string& prompt, int width, bool typing) {
  const std::size_t room = static_cast<std::size_t>(std::max(24, width - 1));
  if (!typing || prompt.size() <= room) return prompt;
  const std::size_t colon = prompt.find(": ");
  std::string label = colon == std::string::npos ? "" : prompt.substr(0, colon + 2);
  const std::string text = prompt.substr(label.size());
  // The hints in brackets go first: what is typed matters more (issue 70, 14: at 80
  // columns the save prompt kept its hints and showed only "...c-2026-11-28-1236.qgn").
  if (label.size() + text.size() > room && label.find(" (") != std::string::npos)
    label = label.substr(0, label.find(" (")) + ": ";
  if (label.size() + 3 + 20 > room) label.clear();
  if (label.size() + text.size() <= room) return label + text;
  return label + "..." + text.substr(text.size() - (room - label.size() - 3));
}

// The prompt's lines on the message rows: a text being typed scrolls on one line; a
// question wraps over two (issue 70, 14: at 80 columns the resume question lost its end).
std::vector<std::string> promptLines(const ViewState& state, int width) {
  if (state.typing) return {promptShown(state.prompt, width, true)};
  std::vector<std::string> lines = wrapText(state.prompt, width - 1);
  if (lines.empty()) lines.emplace_back();
  if (lines.size() > 2) {
    lines.resize(2);
    markCut(lines.back(), width - 1);
  }
  return lines;
}

}  // namespace

void markCut(std::string& line, int width) {
  const auto room = static_cast<std::size_t>(std::max(width, 3));
  if (line.size() + 3 > room) line.resize(room - 3);
  line += "...";
}

namespace {

// Where `line` may end: after its last ',' or ';' followed by a space, when that is in
// its second half; else its whole length. (Not after ':', which ends a key's name.)
std::size_t phraseEnd(const std::string& line) {
  for (std::size_t i = line.size(); i-- > line.size() / 2;)
    if ((line[i] == ',' || line[i] == ';') && i + 1 < line.size() && line[i + 1] == ' ')
      return i + 1;
  return line.size();
}

}  // namespace

std::vector<std::string> wrapText(const std::string& text, int width) {
  std::vector<std::string> lines;
  if (width <= 0) return lines;
  if (static_cast<int>(text.size()) <= width) return {text};  // keeps its spacing as written
  std::string line;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    std::size_t end = text.find(' ', i);
    if (end == std::string::npos) end = text.size();
    std::string word = text.substr(i, end - i);
    i = end;
    if (word.empty()) break;
    while (static_cast<int>(word.size()) > width) {  // a word longer than the line
      if (!line.empty()) lines.push_back(std::move(line)), line.clear();
      lines.push_back(word.substr(0, width));
      word.erase(0, width);
    }
    if (!line.empty() && static_cast<int>(line.size() + 1 + word.size()) > width) {
      // A line ends at a phrase's end where one is in its second half: "a click," and
      // not "or type a" (the rest of the phrase goes on with the next line).
      const std::size_t cut = phraseEnd(line);
      lines.push_back(line.substr(0, cut));
      line = cut < line.size() ? line.substr(cut + 1) : std::string();
      if (static_cast<int>(line.size() + 1 + word.size()) > width) {
        if (!line.empty()) lines.push_back(std::move(line));
        line.clear();
      }
    }
    line += (line.empty() ? "" : " ") + word;
  }
  if (!line.empty() || lines.empty()) lines.push_back(line);
  return lines;
}

View::View(const TuiSettings& colours) {
  // NO_COLOR (no-color.org): the user asks for no colour, whatever the configuration.
  const char* noColor = std::getenv("NO_COLOR");
  if (colours.theme == "mono" || (noColor && *noColor)) {
    mono_ = true;
    return;
  }
  if (!has_colors()) return;
  start_color();
  use_default_colors();
  colour_ = true;
  if (colours.theme == "light") {
    // Dark inks for a light background: no yellow or cyan, which fade on white.
    init_pair(kPairX, COLOR_BLUE, -1);
    init_pair(kPairO, COLOR_RED, -1);
    init_pair(kPairHighlight, COLOR_BLACK, -1);
    init_pair(kPairWin, COLOR_GREEN, -1);
    init_pair(kPairLoss, COLOR_MAGENTA, -1);
    init_pair(kPairError, COLOR_MAGENTA, -1);
    return;
  }
  if (colours.theme == "colorblind") {
    // Blue against yellow stays apart in every common colour-vision deficiency; wins and
    // losses are then told by blue and magenta, not green and red.
    init_pair(kPairX, COLOR_BLUE, -1);
    init_pair(kPairO, COLOR_YELLOW, -1);
    init_pair(kPairHighlight, COLOR_CYAN, -1);
    init_pair(kPairWin, COLOR_BLUE, -1);
    init_pair(kPairLoss, COLOR_MAGENTA, -1);
    init_pair(kPairError, COLOR_MAGENTA, -1);
    return;
  }
  init_pair(kPairX, colourNumber(colours.colorX), -1);
  init_pair(kPairO, colourNumber(colours.colorO), -1);
  init_pair(kPairHighlight, colourNumber(colours.colorHighlight), -1);
  init_pair(kPairWin, COLOR_GREEN, -1);
  init_pair(kPairLoss, COLOR_MAGENTA, -1);
  // Errors in a colour neither side's stones use, so a message never reads as a move.
  short error = COLOR_RED;
  for (const short candidate : {COLOR_RED, COLOR_MAGENTA, COLOR_YELLOW, COLOR_WHITE})
    if (candidate != colourNumber(colours.colorX) && candidate != colourNumber(colours.colorO)) {
      error = candidate;
      break;
    }
  init_pair(kPairError, error, -1);
}

int View::attributes(Style style, bool bold) const {
  int a = bold ? A_BOLD : A_NORMAL;
  auto colour = [&](short pair) { return colour_ ? static_cast<int>(COLOR_PAIR(pair)) : 0; };
  switch (style) {
    case Style::Normal:
      break;
    case Style::Dim:
      a |= A_DIM;
      break;
    case Style::X:
      a |= colour(kPairX) | (mono_ ? A_BOLD : 0);  // in mono, X by weight as well as glyph
      break;
    case Style::O:
      a |= colour(kPairO);
      break;
    case Style::Highlight:
      a |= colour(kPairHighlight) | A_BOLD;
      break;
    case Style::Win:
      a |= colour(kPairWin) | (mono_ ? A_UNDERLINE : 0);
      break;
    case Style::Loss:
      a |= colour(kPairLoss) | (mono_ ? A_DIM : 0);
      break;
    case Style::Title:
      a |= A_BOLD;
      break;
    case Style::Error:
      a |= colour(kPairError) | A_BOLD | (mono_ ? A_UNDERLINE : 0);
      break;
  }
  return a;
}

void View::draw(const ViewState& state, const Layout& layout) const {
  erase();
  curs_set(0);
  if (layout.tooSmall) {
    drawTooSmall(layout);
  } else if (!state.help.empty()) {
    drawHelp(state, layout);
  } else {
    attrset(attributes(Style::Title, true));
    // A narrow window gets the title up to its colon rather than a sentence cut short.
    const std::string title = static_cast<int>(state.title.size()) <= layout.title.width
                                  ? state.title
                                  : state.title.substr(0, state.title.find(':'));
    put(layout.title.top, layout.title.left, title, layout.title.width);
    attrset(A_NORMAL);
    drawPlanes(state, layout);
    drawStatus(state, layout.status);
    drawMoves(state, layout.moves);
    drawMessage(state, layout);
    drawKeyBar(state, layout);
    if (!state.prompt.empty()) {
      curs_set(1);
      const std::vector<std::string> shown = promptLines(state, layout.cols - 2);
      move(layout.messageRow + static_cast<int>(shown.size()) - 1,
           1 + std::min<int>(layout.cols - 3, static_cast<int>(shown.back().size())));
    }
  }
  refresh();
}

void View::drawTooSmall(const Layout& layout) const {
  const auto [minRows, minCols] = minimumSize(layout.cols);
  const std::string text =
      "Qubic needs a larger window: at least " + std::to_string(std::max(minCols, layout.cols)) +
      "x" + std::to_string(minRows) + " at this width, and never fewer than " +
      std::to_string(minCols) + " columns (now " + std::to_string(layout.cols) + "x" +
      std::to_string(layout.rows) + "; 80x24 is plenty)";
  int row = 0;
  for (const std::string& piece : wrapText(text, layout.cols)) put(row++, 0, piece, layout.cols);
}

// The prompt being typed, or the message in at most two lines (cut visibly).
void View::drawMessage(const ViewState& state, const Layout& layout) const {
  const int width = layout.cols - 2;
  if (!state.prompt.empty()) {
    attrset(A_BOLD);
    const std::vector<std::string> lines = promptLines(state, width);
    for (std::size_t i = 0; i < lines.size(); ++i)
      put(layout.messageRow + static_cast<int>(i), 1, lines[i], width);
    attrset(A_NORMAL);
    return;
  }
  attrset(attributes(state.message.style, state.message.bold));
  std::vector<std::string> lines = wrapText(state.message.text, width);
  if (lines.size() > 2) {
    lines.resize(2);
    markCut(lines.back(), width);
  }
  for (std::size_t i = 0; i < lines.size(); ++i)
    put(layout.messageRow + static_cast<int>(i), 1, lines[i], width);
  attrset(A_NORMAL);
}

void View::drawKeyBar(const ViewState& state, const Layout& layout) const {
  const int width = layout.cols - 2;
  attrset(A_REVERSE);
  mvhline(layout.keysRow, 0, ' ', layout.cols);
  // Too wide: a compact form (single spaces, short words, the whole row), so that at
  // 80 columns every key shows; narrower still, cut between entries, never inside one.
  std::string bar = state.keyBar;
  int barLeft = 1, barWidth = width;
  if (static_cast<int>(bar.size()) > width) {
    bar = compactKeyBar(bar);
    barLeft = 0;
    barWidth = layout.cols;
  }
  if (static_cast<int>(bar.size()) > barWidth) {
    const std::size_t cut = bar.rfind(' ', static_cast<std::size_t>(barWidth));
    bar.resize(cut == std::string::npos ? static_cast<std::size_t>(barWidth) : cut);
    // A cut may fall between a key and its word: drop a dangling key.
    if (const std::size_t last = bar.rfind(' ');
        last != std::string::npos && bar.size() - last <= 3)
      bar.resize(last);
  }
  put(layout.keysRow, barLeft, bar, barWidth);
  attrset(A_NORMAL);
}

void View::drawPlaneLabels(const ViewState& state, const Layout& layout, int level) const {
  const Rect& r = layout.cells[level];
  const int w = layout.cellWidth, h = layout.cellHeight;
  attrset(level == state.activeLevel && state.cursor >= 0 ? A_REVERSE | A_BOLD : A_BOLD);
  if (layout.cube) {
    const char name[] = {'L', static_cast<char>('1' + level), '\0'};
    put(r.top + h / 2, 1, name, 2);
  } else {
    const std::string label = " level " + std::to_string(level + 1) + " ";
    put(r.top - 1, r.left + (r.width - static_cast<int>(label.size())) / 2, label, r.width);
  }
  attrset(A_DIM);
  for (int rank = 0; rank < 4; ++rank)
    mvaddch(r.top + (3 - rank) * h + h / 2, r.left - 2 + rank * layout.shear,
            static_cast<chtype>('1' + rank));
  if (!layout.cube || level == 0)
    for (int file = 0; file < 4; ++file)
      mvaddch(r.top + 4 * h, r.left + file * w + w / 2, static_cast<chtype>('a' + file));
  attrset(A_NORMAL);
}

void View::drawPlanes(const ViewState& state, const Layout& layout) const {
  for (int level = 0; level < 4; ++level) {
    drawPlaneLabels(state, layout, level);
    const int w = layout.cellWidth, h = layout.cellHeight;
    for (int rank = 0; rank < 4; ++rank)
      for (int file = 0; file < 4; ++file) {
        const int cell = cellAt(file, rank, level);
        const CellLook& look = state.cells[cell];
        const ScreenPoint p = cellOnScreen(layout, cell);
        int a = attributes(look.style, look.bold);
        if (cell == state.cursor) a = (a & ~A_DIM) | A_REVERSE;
        attrset(a);
        // The look in the middle of the cell's box; the rest blank, in the same attributes
        // (so the cursor covers the whole box).
        const std::string pad(static_cast<std::size_t>((w - kCellWidth) / 2), ' ');
        const std::string blank(static_cast<std::size_t>(w), ' ');
        for (int dy = 0; dy < h; ++dy) {
          if (dy != h / 2) {
            mvaddnstr(p.row + dy, p.col, blank.c_str(), w);
            continue;
          }
          const std::string middle = pad + std::string(look.text.data(), kCellWidth) + pad;
          mvaddnstr(p.row + dy, p.col, middle.c_str(), w);
        }
      }
    attrset(A_NORMAL);
  }
}

void View::drawStatus(const ViewState& state, const Rect& area) const {
  std::vector<StyledText> rows;
  for (const StyledText& line : state.status)
    for (const std::string& piece : wrapText(line.text, area.width))
      rows.push_back({piece, line.style, line.bold});
  if (static_cast<int>(rows.size()) > area.height && area.height > 0) {
    rows.resize(static_cast<std::size_t>(area.height));
    markCut(rows.back().text, area.width);  // never cut without a sign
  }
  int row = area.top;
  for (const StyledText& piece : rows) {
    attrset(attributes(piece.style, piece.bold));
    put(row++, area.left, piece.text, area.width);
  }
  attrset(A_NORMAL);
}

void View::drawMoves(const ViewState& state, const Rect& area) const {
  attrset(A_BOLD);
  put(area.top, area.left, "Moves", area.width);
  attrset(A_NORMAL);
  // Pairs "12. 1a1 2b2" in as many columns as fit; the newest rows when they overflow.
  std::vector<std::string> pairs;
  const std::vector<std::string>& t = state.moveTokens;
  std::size_t i = 0;
  int number = state.firstPly / 2 + 1;
  if (state.firstPly % 2 == 1 && !t.empty()) pairs.push_back(pairText(number++, "...", t[i++]));
  for (; i < t.size(); i += 2)
    pairs.push_back(pairText(number++, t[i], i + 1 < t.size() ? t[i + 1] : ""));
  if (!state.result.empty()) pairs.push_back(state.result);
  if (pairs.empty()) {
    attrset(A_DIM);
    put(area.top + 1, area.left, "(none yet)", area.width);
    attrset(A_NORMAL);
    return;
  }
  // Room for the widest pair (reviewed moves carry marks such as "??") and a space.
  std::size_t widest = 11;
  for (const std::string& pair : pairs) widest = std::max(widest, pair.size());
  const int kPairWidth = static_cast<int>(widest) + 2;
  const int columns = std::max(1, (area.width + 1) / kPairWidth);
  const int rows = std::max(1, area.height - 1);
  const int neededRows = static_cast<int>((pairs.size() + columns - 1) / columns);
  const int firstRow = std::max(0, neededRows - rows);
  for (int r = firstRow; r < neededRows; ++r)
    for (int c = 0; c < columns; ++c) {
      const std::size_t k = static_cast<std::size_t>(r * columns + c);
      if (k >= pairs.size()) break;
      if (k + 1 == pairs.size()) attrset(A_BOLD);
      put(area.top + 1 + r - firstRow, area.left + c * kPairWidth, pairs[k],
          std::min(kPairWidth, area.width));
      attrset(A_NORMAL);
    }
}

void View::drawHelp(const ViewState& state, const Layout& layout) const {
  // Help lines are laid out by the app (aligned columns), so they are cut, never wrapped.
  int row = 0;
  for (const StyledText& line : state.help) {
    if (row >= layout.keysRow) break;
    attrset(attributes(line.style, line.bold));
    put(row++, 1, line.text, layout.cols - 2);
    attrset(A_NORMAL);
  }
  attrset(A_REVERSE);
  mvhline(layout.keysRow, 0, ' ', layout.cols);
  put(layout.keysRow, 1, state.helpFooter, layout.cols - 2);
  attrset(A_NORMAL);
}

}  // namespace qubic::tui
