// Draws a ViewState with curses: title, the four planes, the status panel, the move
// list, the message line and the key bar, or the help screen. Holds no game logic;
// everything it shows is prepared by the app.
#pragma once

#include <string>
#include <vector>

#include "config/settings.hpp"
#include "layout.hpp"
#include "marks.hpp"

namespace qubic::tui {

struct StyledText {
  std::string text;
  Style style = Style::Normal;
  bool bold = false;
};

struct ViewState {
  std::string title;
  std::array<CellLook, 64> cells{};
  int cursor = -1;      // the cell under the cursor, -1 to hide it
  int activeLevel = 0;  // its level's label is emphasised
  std::vector<StyledText> status;
  std::vector<std::string> moveTokens;
  int firstPly = 0;    // plies before the first token (a set-up start position)
  std::string result;  // "1-0", "0-1" or "1/2-1/2" after the moves once the game is over
  StyledText message;
  std::string keyBar;
  std::string prompt;   // non-empty: a one-line text entry on the message row
  bool typing = false;  // the prompt ends with what is being typed: it scrolls to its end
  std::vector<StyledText>
      help;  // non-empty: the help screen (or start screen) instead of the board
  std::string helpFooter = "Press any key to return to the game";
};

class View {
 public:
  // Colour pairs come from the [tui] colours; call after initscr().
  explicit View(const TuiSettings& colours);

  void draw(const ViewState& state, const Layout& layout) const;

 private:
  int attributes(Style style, bool bold) const;
  void drawPlaneLabels(const ViewState& state, const Layout& layout, int level) const;
  void drawPlanes(const ViewState& state, const Layout& layout) const;
  void drawStatus(const ViewState& state, const Rect& area) const;
  void drawMoves(const ViewState& state, const Rect& area) const;
  void drawHelp(const ViewState& state, const Layout& layout) const;
  void drawTooSmall(const Layout& layout) const;
  void drawMessage(const ViewState& state, const Layout& layout) const;
  void drawKeyBar(const ViewState& state, const Layout& layout) const;

  bool colour_ = false;
  bool mono_ = false;  // theme mono or NO_COLOR: attributes only
};

// Splits text into lines of at most `width` characters at spaces (long words are cut),
// ending a line at a phrase's end (a comma or semicolon) in its second half.
std::vector<std::string> wrapText(const std::string& text, int width);
// Ends a line that more text follows with "...", within `width`: text is never cut
// without a sign.
void markCut(std::string& line, int width);

}  // namespace qubic::tui
