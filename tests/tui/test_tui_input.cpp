// The terminal game's pure parts: key bindings, key-to-command mapping, screen geometry,
// the game with undo/redo, board marks and panel wording. No terminal needed.
#include <catch2/catch.hpp>

#include <curses.h>

#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "tui/game.hpp"
#include "tui/input.hpp"
#include "tui/keymap.hpp"
#include "tui/layout.hpp"
#include "tui/marks.hpp"
#include "tui/panel.hpp"
#include "tui/tour.hpp"
#include "tui/view.hpp"

using namespace qubic;
using namespace qubic::tui;

namespace {

int cell(const char* token) { return parseMove(token).value(); }

KeyMap defaultKeys() { return KeyMap::fromSettings(TuiSettings{}).value(); }

}  // namespace

TEST_CASE("key names are read and printed back") {
  CHECK(parseKeyName("u").value() == 'u');
  CHECK(parseKeyName("?").value() == '?');
  CHECK(parseKeyName("C-z").value() == 26);
  CHECK(parseKeyName("F1").value() == KEY_F(1));
  CHECK(parseKeyName("f12").value() == KEY_F(12));
  CHECK(parseKeyName("pgdn").value() == KEY_NPAGE);
  CHECK_FALSE(parseKeyName("F13").ok());
  CHECK_FALSE(parseKeyName("shift").ok());
  CHECK_FALSE(parseKeyName("").ok());
  for (const char* name : {"u", "?", "C-z", "F1", "F12", "del", "home", "esc"})
    CHECK(keyName(parseKeyName(name).value()) == name);
  CHECK(keyName(' ') == "space");
}

TEST_CASE("the default bindings") {
  const KeyMap keys = defaultKeys();
  CHECK(keys.actionFor('?') == Action::Help);
  CHECK(keys.actionFor(KEY_F(1)) == Action::Help);
  CHECK(keys.actionFor('u') == Action::Undo);
  CHECK(keys.actionFor('+') == Action::LevelUp);
  CHECK(keys.actionFor('=') == Action::LevelUp);
  CHECK(keys.actionFor('q') == Action::Quit);
  CHECK(keys.actionFor('h') == Action::CursorLeft);
  CHECK(keys.actionFor(KEY_UP) == Action::CursorUp);
  CHECK(keys.actionFor('\t') == Action::PlaneNext);
  CHECK(keys.actionFor('[') == Action::PlanePrev);
  CHECK(keys.actionFor('\n') == Action::Play);
  CHECK(keys.actionFor(' ') == Action::Play);
  CHECK(keys.actionFor('Z') == Action::None);
  CHECK(keys.primaryKeyName(Action::Help) == "?");
  // Every configurable action has a default key.
  for (int a = 1; a <= kConfigurableActions; ++a)
    CHECK_FALSE(keys.keysFor(static_cast<Action>(a)).empty());
}

TEST_CASE("bindings come from the [tui] settings and bad ones are reported") {
  TuiSettings s;
  s.keyUndo = "C-z  backspace-not-a-key";
  s.keyRedo = std::string(1, 'j');  // (a one-letter literal trips a false -Wrestrict in g++ 12)
  s.keyHint = std::string(1, 'q');
  const auto bad = KeyMap::fromSettings(s);
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error().find("tui.key_undo: unknown key name \"backspace-not-a-key\"") !=
        std::string::npos);
  CHECK(bad.error().find("tui.key_redo: \"j\" is a fixed key of the board") != std::string::npos);
  CHECK(bad.error().find("tui.key_quit: \"q\" is already bound to: hint") != std::string::npos);

  TuiSettings good;
  good.keyUndo = "C-z U";
  good.keyHint = "";
  const KeyMap keys = KeyMap::fromSettings(good).value();
  CHECK(keys.actionFor(26) == Action::Undo);
  CHECK(keys.actionFor('U') == Action::Undo);
  CHECK(keys.actionFor('u') == Action::None);
  CHECK(keys.actionFor('t') == Action::None);
  CHECK(keys.primaryKeyName(Action::Hint).empty());

  // Issue 42 (9): quit and help cannot be left without a key.
  TuiSettings noQuit;
  noQuit.keyQuit = "";
  CHECK(KeyMap::fromSettings(noQuit).error() ==
        "tui.key_quit: needs a key: without one there is no way to quit");
  TuiSettings noHelp;
  noHelp.keyHelp = std::string(1, ' ');  // (see above: -Wrestrict)
  CHECK_FALSE(KeyMap::fromSettings(noHelp));
}

TEST_CASE("typed move tokens become moves") {
  const KeyMap keys = defaultKeys();
  InputMapper input(keys);
  CHECK(input.feed('2').cell == -1);
  CHECK(input.pendingToken() == "2");
  CHECK(input.feed('C').cell == -1);  // upper case is fine
  const Command played = input.feed('3');
  CHECK(played.cell == cell("2c3"));
  CHECK(played.action == Action::None);
  CHECK(input.pendingToken().empty());

  SECTION("backspace edits and Esc abandons") {
    input.feed('1');
    input.feed('a');
    input.feed(KEY_BACKSPACE);
    CHECK(input.pendingToken() == "1");
    input.feed('d');
    input.feed(27);
    CHECK(input.pendingToken().empty());
  }
  SECTION("a key that cannot continue the token is an error, not an action") {
    input.feed('4');
    const Command wrong = input.feed('q');
    CHECK(wrong.action == Action::None);
    CHECK(wrong.error.find("\"4\" is not finished") != std::string::npos);
    CHECK(input.pendingToken().empty());
    input.feed('1');
    input.feed('b');
    CHECK_FALSE(input.feed('5').error.empty());
  }
  SECTION("outside a token, letters are commands: a-d are free to bind") {
    CHECK(input.feed('a').action == Action::Overlay);
    CHECK(input.feed('u').action == Action::Undo);
    CHECK(input.feed('5').action == Action::None);
  }
}

TEST_CASE("the layout puts four planes in a row when they fit, else in a 2x2 grid") {
  const Layout wide = computeLayout(24, 80);
  CHECK_FALSE(wide.tooSmall);
  CHECK_FALSE(wide.planesInGrid);
  CHECK_FALSE(wide.panelBeside);
  for (int level = 1; level < 4; ++level) {
    CHECK(wide.cells[level].top == wide.cells[0].top);
    CHECK(wide.cells[level].left > wide.cells[level - 1].left + wide.cells[level - 1].width);
  }
  CHECK(wide.cells[3].left + wide.cells[3].width <= 80);
  CHECK(wide.status.top > wide.cells[0].top + 4);
  CHECK(wide.keysRow == 23);
  CHECK(wide.status.height >= 8);

  const Layout huge = computeLayout(40, 140);
  CHECK(huge.panelBeside);
  CHECK(huge.status.left > huge.cells[3].left + huge.cells[3].width);

  const Layout narrow = computeLayout(30, 50);
  CHECK_FALSE(narrow.tooSmall);
  CHECK(narrow.planesInGrid);
  CHECK(narrow.cells[1].top == narrow.cells[0].top);
  CHECK(narrow.cells[2].top > narrow.cells[0].top + 4);
  CHECK(narrow.cells[2].left == narrow.cells[0].left);

  CHECK(computeLayout(8, 20).tooSmall);
  CHECK(computeLayout(24, 30).tooSmall);
}

TEST_CASE("cells grow on big terminals, and everything still fits") {
  CHECK(computeLayout(24, 80).cellWidth == 3);
  CHECK(computeLayout(24, 80).cellHeight == 1);
  const Layout big = computeLayout(60, 200);
  CHECK(big.cellWidth > 3);
  CHECK(big.cellHeight > 1);
  for (const auto& [rows, cols] :
       {std::pair{30, 120}, std::pair{45, 170}, std::pair{60, 200}, std::pair{80, 300}}) {
    const Layout l = computeLayout(rows, cols);
    INFO(rows << "x" << cols << ": cells " << l.cellWidth << "x" << l.cellHeight);
    CHECK_FALSE(l.tooSmall);
    // The planes (with their file labels) end above the message row and left of the panel.
    for (const Rect& r : l.cells) {
      CHECK(r.top + r.height + 1 < l.messageRow);
      CHECK(r.left + r.width <= cols);
      if (l.panelBeside) CHECK(r.left + r.width < l.status.left);
    }
    CHECK(l.status.height >= 5);
  }
}

TEST_CASE(
    "the smallest window named when the window is too small really is the smallest that fits") {
  for (const int cols : {10, 30, 45, 64, 80, 120}) {
    const auto [rows, minCols] = minimumSize(cols);
    const int width = std::max(cols, minCols);
    INFO(cols << " columns: " << rows << " rows, at least " << minCols << " columns");
    CHECK_FALSE(computeLayout(rows, width).tooSmall);
    CHECK(computeLayout(rows - 1, width).tooSmall);
    CHECK(computeLayout(500, minCols - 1).tooSmall);
    CHECK_FALSE(computeLayout(500, minCols).tooSmall);
  }
}

TEST_CASE("clicks map to the cell drawn there, and back") {
  for (const auto& [rows, cols] : {std::pair{24, 80}, std::pair{30, 50}, std::pair{40, 140},
                                   std::pair{45, 170}, std::pair{60, 220}}) {
    const Layout layout = computeLayout(rows, cols);
    for (int c = 0; c < kCells; ++c) {
      const ScreenPoint p = cellOnScreen(layout, c);
      for (int dy = 0; dy < layout.cellHeight; ++dy)
        for (int dx = 0; dx < layout.cellWidth; ++dx)
          CHECK(cellAtScreen(layout, p.row + dy, p.col + dx) == c);
    }
    CHECK(cellAtScreen(layout, 0, 0) == -1);
    CHECK(cellAtScreen(layout, layout.keysRow, 5) == -1);
  }
  // Rank 4 is the top row of a plane, file a its left column.
  const Layout layout = computeLayout(24, 80);
  CHECK(cellOnScreen(layout, cell("1a4")).row < cellOnScreen(layout, cell("1a1")).row);
  CHECK(cellOnScreen(layout, cell("1a1")).col < cellOnScreen(layout, cell("1d1")).col);
  CHECK(cellOnScreen(layout, cell("1d1")).col < cellOnScreen(layout, cell("2a1")).col);
}

TEST_CASE("the cube view stacks the levels, level 4 on top, and clicks still find their cells") {
  for (const auto& [rows, cols] : {std::pair{24, 80}, std::pair{60, 200}, std::pair{40, 100}}) {
    const Layout layout = computeLayout(rows, cols, true);
    INFO(rows << "x" << cols);
    REQUIRE(layout.cube);
    REQUIRE_FALSE(layout.tooSmall);
    for (int c = 0; c < kCells; ++c) {
      const ScreenPoint p = cellOnScreen(layout, c);
      CHECK(p.row + layout.cellHeight <= layout.messageRow);  // above the message line
      CHECK(p.col + layout.cellWidth < layout.status.left);   // left of the panel
      for (int dy = 0; dy < layout.cellHeight; ++dy)
        for (int dx = 0; dx < layout.cellWidth; ++dx)
          CHECK(cellAtScreen(layout, p.row + dy, p.col + dx) == c);
    }
    // Level 4 above level 1; within a level, rank 4 above and to the right of rank 1.
    CHECK(cellOnScreen(layout, cell("1a4")).row > cellOnScreen(layout, cell("2a1")).row);
    CHECK(cellOnScreen(layout, cell("1a4")).row < cellOnScreen(layout, cell("1a1")).row);
    CHECK(cellOnScreen(layout, cell("1a4")).col > cellOnScreen(layout, cell("1a1")).col);
    CHECK(cellOnScreen(layout, cell("4a1")).col == cellOnScreen(layout, cell("1a1")).col);
  }
  CHECK(computeLayout(60, 200, true).cellWidth > computeLayout(24, 80, true).cellWidth);
  // Too short for the cube: the levels side by side instead.
  CHECK(minimumCubeRows() == 24);
  CHECK_FALSE(computeLayout(23, 80, true).cube);
  CHECK_FALSE(computeLayout(23, 80, true).tooSmall);
}

TEST_CASE("the tour's lines are lines of the cube, and the last one's cell is on seven") {
  for (const TourStep& step : tourSteps()) {
    Bitboard cells = 0;
    for (const int c : step.line) cells |= bit(c);
    bool isLine = false;
    for (int l = 0; l < kLines; ++l) isLine = isLine || lineMask(l) == cells;
    CHECK(isLine);
  }
  CHECK(kLineTables.lineCount[tourSteps().back().linesThrough] == 7);
}

TEST_CASE("seats follow the human_side setting") {
  CHECK(Seats::fromHumanSide("x").isEngine(Side::O));
  CHECK_FALSE(Seats::fromHumanSide("x").isEngine(Side::X));
  CHECK(Seats::fromHumanSide("o").isEngine(Side::X));
  CHECK_FALSE(Seats::fromHumanSide("both").anyEngine());
  CHECK_FALSE(Seats::fromHumanSide("none").anyHuman());
  Seats s = Seats::fromHumanSide("x");
  for (const char* expected : {"o", "both", "none", "x"}) {
    s = s.next();
    CHECK(s.humanSide() == expected);
  }
}

TEST_CASE("undo takes back the engine's reply with the human's move, and redo replays both") {
  Game game;
  const Seats humanX = Seats::fromHumanSide("x");
  for (const char* t : {"1a1", "2b2", "1a2", "3c3"}) REQUIRE(game.play(cell(t), "why"));
  CHECK_FALSE(game.play(cell("1a1")));  // occupied
  CHECK(game.undoTurn(humanX) == 2);
  CHECK(game.moves().size() == 2);
  CHECK(game.lastMove() == cell("2b2"));
  CHECK(game.redoTurn(humanX) == 2);
  CHECK(game.moves().size() == 4);
  CHECK(game.comments().back() == "why");

  SECTION("while the engine thinks, undo takes back only the human's move") {
    REQUIRE(game.play(cell("1a3")));
    CHECK(game.undoTurn(humanX) == 1);
    CHECK(game.position().sideToMove() == Side::X);
  }
  SECTION("the human playing O never undoes the engine's first move alone") {
    Game g;
    REQUIRE(g.play(cell("1a1")));
    CHECK(g.undoTurn(Seats::fromHumanSide("o")) == 0);
    CHECK(g.moves().size() == 1);
  }
  SECTION("two humans and engine-vs-engine undo one move at a time") {
    CHECK(game.undoTurn(Seats::fromHumanSide("both")) == 1);
    CHECK(game.undoTurn(Seats::fromHumanSide("none")) == 1);
    CHECK(game.redoTurn(Seats::fromHumanSide("both")) == 1);
  }
  SECTION("a new move clears the redo list") {
    game.undoTurn(humanX);
    REQUIRE(game.play(cell("4d4")));
    CHECK_FALSE(game.canRedo());
  }
}

TEST_CASE("a game converts to a record and back") {
  Game game;
  for (const char* t : {"1a1", "2a1", "1a2", "2a2", "1a3", "2a3", "1a4"})
    REQUIRE(game.play(cell(t)));
  const GameRecord record = game.toRecord();
  CHECK(record.result == GameResult::XWins);
  Game loaded;
  loaded.load(parseRecord(recordToString(record)).value());
  CHECK(loaded.moves() == game.moves());
  CHECK(loaded.position() == game.position());
}

TEST_CASE("cells show stones, the last move, the winning line and threat marks in text") {
  Position pos = playMoves(Position{}, "1a1 2a1 1a2 2a2 1a3").value();
  auto looks = boardLook(pos, cell("1a3"), {});
  auto text = [&](const char* t) { return std::string(looks[cell(t)].text.data(), 3); };
  CHECK(text("1a1") == " X ");
  CHECK(text("2a1") == " O ");
  CHECK(text("1a3") == "[X]");
  CHECK(text("1a4") == " . ");

  BoardMarks marks;
  marks.threats = true;
  looks = boardLook(pos, cell("1a3"), marks);
  CHECK(text("1a4") == "!x!");  // X completes 1a1-1a4 there
  CHECK(text("2a3") == " . ");  // O has a single two through it: no mark
  pos.play(cell("2c2"));
  pos.play(cell("1a4"));
  looks = boardLook(pos, cell("1a4"), marks);
  CHECK(text("1a1") == "=X=");
  CHECK(text("1a4") == "=X=");
  CHECK(text("2a1") == " O ");
}

TEST_CASE("a related pair's crossing is marked as a double threat") {
  // X's twos 1a1-1d1 (1a1, 1b1) and 1d1-1d4 (1d2, 1d3) cross at the empty 1d1.
  const Position pos = playMoves(Position{}, "1a1 4a4 1b1 4b4 1d2 3a4 1d3 3c3").value();
  BoardMarks marks;
  marks.threats = true;
  const auto looks = boardLook(pos, -1, marks);
  CHECK(std::string(looks[cell("1d1")].text.data(), 3) == "+x+");
  CHECK(std::string(looks[cell("1c1")].text.data(), 3) == " . ");
}

TEST_CASE("the overlay marks each empty cell with its judged value") {
  const Position pos = playMoves(Position{}, "1a1 2a1 1a2 2a2 1a3").value();
  BoardAnalysis analysis;
  analysis.cells[cell("2a3")] = {MoveValue::Loss, 2};
  analysis.cells[cell("1a4")] = {MoveValue::Unknown, 0};
  analysis.cells[cell("4d4")] = {MoveValue::Win, 5};
  BoardMarks marks;
  marks.overlay = &analysis;
  const auto looks = boardLook(pos, -1, marks);
  CHECK(looks[cell("2a3")].text[1] == 'L');
  CHECK(looks[cell("1a4")].text[1] == '?');
  CHECK(looks[cell("4d4")].text[1] == 'W');
  CHECK(looks[cell("3b3")].text[1] == '.');  // pending: not judged yet

  // With the threat marks on as well, neither hides the other (issue 17).
  marks.threats = true;
  const auto both = boardLook(pos, -1, marks);
  CHECK(std::string(both[cell("1a4")].text.begin(), both[cell("1a4")].text.end()) ==
        "!?!");  // X's three, unknown
  CHECK(std::string(both[cell("2a3")].text.begin(), both[cell("2a3")].text.end()) == " L ");
  analysis.cells[cell("1a4")] = {MoveValue::Pending, 0};
  const auto pending = boardLook(pos, -1, marks);
  CHECK(std::string(pending[cell("1a4")].text.begin(), pending[cell("1a4")].text.end()) == "!x!");
}

TEST_CASE("verdicts and counts in words") {
  CHECK(verdictText(Side::X, Verdict::Win, 1) == "X wins in 1 move");
  // Longer distances are bounds (issue 41, 2.8): "within".
  CHECK(verdictText(Side::X, Verdict::Win, 5) == "X wins within 3 moves");
  CHECK(verdictText(Side::O, Verdict::Loss, 4) == "X wins within 2 moves");
  CHECK(verdictText(Side::O, Verdict::Loss, 2) == "X wins in 1 move");
  CHECK(verdictText(Side::O, Verdict::Unknown, 0).empty());
  CHECK(verdictText(Side::O, Verdict::Loss, 253) == "X can force a win");
  CHECK(winningLineName(playMoves(Position{}, "1a1 2a1 1a2 2a2 1a3 2a3 1a4").value()) == "1a1-1a4");
  CHECK(shortCount(999) == "999");
  CHECK(shortCount(12345) == "12.3k");
  CHECK(shortCount(2467400) == "2.5M");
}

TEST_CASE("the help screen fits 80x24 and lists every key") {
  const auto lines = helpScreen(defaultKeys());
  CHECK(lines.size() <= 23);
  for (const StyledText& line : lines) CHECK(line.text.size() <= 78);
  std::string all;
  for (const StyledText& line : lines) all += line.text + "\n";
  for (const char* words :
       {"new game", "undo", "hint", "quit", "save", "load", "overlay", "swap sides"})
    CHECK(all.find(words) != std::string::npos);
  CHECK(keyBar(defaultKeys(), false).rfind("? help  q quit", 0) == 0);
  // Issue 84, 11: another program as the engine has no levels of ours to offer.
  CHECK(keyBar(defaultKeys(), false).find("+- level") != std::string::npos);
  CHECK(keyBar(defaultKeys(), false, false).find("level") == std::string::npos);
}

TEST_CASE("text cut for lack of room ends with a sign, within its width") {
  std::string line = "takes the seven-line cell at 1a4";
  markCut(line, 40);
  CHECK(line == "takes the seven-line cell at 1a4...");
  std::string full = std::string(40, 'x');
  markCut(full, 40);
  CHECK(full.size() == 40);
  CHECK(full.substr(37) == "...");
}

TEST_CASE("the overlay's proven verdict on the whole position is said in words") {
  CHECK(overlayVerdict(Side::X, 2, 5, 40, false) == "X can force a win (proven): the W cells win.");
  CHECK(overlayVerdict(Side::O, 0, 40, 40, true) ==
        "Every move loses: X can force a win (proven).");
  CHECK(overlayVerdict(Side::O, 0, 40, 40, false).empty());  // not all judged yet
  CHECK(overlayVerdict(Side::O, 0, 39, 40, true).empty());   // one move not proven losing
}

TEST_CASE("wrapped text ends its lines at a phrase's end where it can (issue 84, 11)") {
  const std::string text = "Your move: arrows + Enter, a click, or type a cell like 2c3.";
  CHECK(wrapText(text, 45) == std::vector<std::string>{"Your move: arrows + Enter, a click,",
                                                       "or type a cell like 2c3."});
  // Whatever the width, no line is longer and no word is lost or cut.
  for (int width = 12; width <= 60; ++width) {
    std::string joined;
    for (const std::string& line : wrapText(text, width)) {
      CHECK(static_cast<int>(line.size()) <= width);
      joined += (joined.empty() ? "" : " ") + line;
    }
    CHECK(joined == text);
  }
}
