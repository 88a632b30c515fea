// End-to-end tests of `qubic` in tmux (tests/tmux_pane.hpp): the game played: moves, the cursor and
// help, lines, the clock, themes, sizes, the start screen, levels, quitting and signals.
#include <catch2/catch.hpp>

#include "tmux_pane.hpp"

using namespace qubic;
using namespace qubic::tmux_test;

TEST_CASE("qubic draws the four planes, plays a typed move, gets the engine's reply and undoes") {
  if (!haveTmux()) {
    WARN("tmux is not installed: skipping the end-to-end tests of qubic");
    return;
  }
  QubicPane pane(kVersusEngine);
  REQUIRE(pane.waitForText("level 4"));
  INFO(pane.last);
  for (const char* label :
       {"level 1", "level 2", "level 3", "a  b  c  d", "X  You", "Engine, level 3", "(none yet)"})
    CHECK(pane.last.find(label) != std::string::npos);

  pane.keys("2 c 3");
  REQUIRE(pane.waitForPattern(R"(1\. 2c3 [1-4][a-d][1-4])"));
  INFO(pane.last);
  CHECK(pane.last.find("Engine (O) played") != std::string::npos);

  pane.keys("u");
  // Wait for the message, drawn after the move list: a screen caught between the two
  // would show the empty list without it.
  REQUIRE(pane.waitForText("Took back your move and the engine's reply"));
  CHECK(pane.last.find("(none yet)") != std::string::npos);
}

TMUX_TEST_CASE("c in the middle of a game asks before it changes who plays") {
  // Issue 70, 13: typing "c3" with the level forgotten made the player O at once, and the
  // engine played the player's X move.
  QubicPane pane(kVersusEngine);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("2 c 3");
  REQUIRE(pane.waitForPattern(R"(1\. 2c3 [1-4][a-d][1-4])"));
  pane.keys("c");
  REQUIRE(pane.waitForText("Change who plays in the middle of this game? y: yes, n: no"));
  pane.keys("n");
  REQUIRE(pane.waitForText("Kept who plays."));
  CHECK(pane.last.find("X  You") != std::string::npos);
  pane.keys("c");
  REQUIRE(pane.waitForText("Change who plays in the middle of this game?"));
  pane.keys("y");
  // The message lasts until the engine, now X and to move, plays (at once on a loaded
  // machine, before a poll sees it): then the seats and the engine's move say it.
  REQUIRE(pane.waitFor([](const std::string& s) {
    return s.find("O  You") != std::string::npos &&
           (s.find("You play O against the engine.") != std::string::npos ||
            s.find("Engine (X) played") != std::string::npos);
  }));
}

TMUX_TEST_CASE(
    "qubic moves the cursor and plays with Enter, and its help screen opens and closes") {
  BoardPane pane;
  // The cursor starts on 1b2: right, up, next level, then Enter plays 2c3.
  pane.keys("Right Up Tab Enter");
  REQUIRE(pane.waitForText("1. 2c3"));
  pane.keys("?");
  REQUIRE(pane.waitForText("Keys (set them"));
  CHECK(pane.last.find("undo (with the engine's reply)") != std::string::npos);
  pane.keys("x");
  REQUIRE(pane.waitForText("1. 2c3"));
  pane.keys("z");  // bound to nothing: said so
  REQUIRE(pane.waitForText("That key does nothing here; ? lists the keys."));
}

TMUX_TEST_CASE("v shows the lines through the cursor across the levels, and hides them again") {
  BoardPane pane;
  auto marks = [](const std::string& screen) {  // " - " cells (a line's last loses its space)
    const std::regex mark(" -( |\n|$)");
    return static_cast<int>(std::distance(std::sregex_iterator(screen.begin(), screen.end(), mark),
                                          std::sregex_iterator()));
  };

  pane.keys("v");
  REQUIRE(pane.waitForText("Showing the lines through the cursor"));
  // The cursor starts on 1b2, on 4 lines: 12 other cells.
  INFO(pane.last);
  CHECK(marks(pane.last) == 12);
  // 2b2, a centre cell, is on 7 lines: 21 other cells, on every level.
  pane.keys("Tab");
  REQUIRE(pane.waitFor([&](const std::string& s) { return marks(s) == 21; }));
  pane.keys("v");
  REQUIRE(pane.waitForText("Lines hidden."));
  CHECK(marks(pane.last) == 0);
}

TMUX_TEST_CASE("e shows what the engine proved and the line of play it expects after its move") {
  // The top level without the book searches as deep as its time allows, so its move comes
  // with a line (the levels below it play by rules).
  QubicPane pane(
      "[tui]\nhuman_side = \"x\"\nmove_time_ms = 2000\nlevel = 15\n[engine]\nseed = "
      "7\nuse_solution = false\n");
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("Engine (O) played", 20));
  pane.keys("e");
  REQUIRE(pane.waitForText("Showing what the engine proves and the line it expects"));
  INFO(pane.last);
  CHECK(std::regex_search(pane.last, std::regex("Expected line:( [1-4][a-d][1-4])+")));
  pane.keys("e");
  REQUIRE(pane.waitForText("Proven claims and the expected line hidden."));
  CHECK(pane.last.find("Expected line:") == std::string::npos);
}

TMUX_TEST_CASE("qubic announces a win and highlights the line") {
  BoardPane pane;
  pane.keys("1a1 2a1 1a2 2a2 1a3 2a3 1a4");
  REQUIRE(pane.waitForText("X wins with the line 1a1-1a4!"));
  INFO(pane.last);
  // Level 1, file a: the four X of the line are drawn =X=.
  CHECK(std::regex_search(pane.last, std::regex(R"(4 =X=)")));
  CHECK(std::regex_search(pane.last, std::regex(R"(1 =X=)")));
  pane.keys("1b1");
  REQUIRE(pane.waitForText("The game is over"));
}

TMUX_TEST_CASE("the move list shows the result, g goes to a move, and a record's comments show") {
  BoardPane pane;
  std::ofstream(pane.dir() / "commented.qgn")
      << "[X \"a\"]\n[O \"b\"]\n\n1. 1a1 2a1 {O copies X a level up} 2. 1b1 2b1 3. 1c1 2c1 "
         "4. 3d4 {X misses 1d1} 2d1 0-1\n";
  pane.keys("o C-u");
  REQUIRE(pane.waitForText("Load game from"));
  pane.keys("-l " + (pane.dir() / "commented.qgn").string());
  pane.keys("Enter");
  REQUIRE(pane.waitForText("O wins with the line"));
  CHECK(pane.last.find("4. 3d4 2d1   0-1") != std::string::npos);
  pane.keys("g");
  REQUIRE(pane.waitForText("Go to move (0 to 8"));
  pane.keys("2 Enter");
  REQUIRE(pane.waitForText("At move 2 of 8"));
  CHECK(pane.last.find("Move 2 (2a1): O copies X a level up") != std::string::npos);
  CHECK(pane.last.find("2. 1b1") == std::string::npos);
  pane.keys("g");
  REQUIRE(pane.waitForText("Go to move"));
  pane.keys("9 Enter");
  REQUIRE(pane.waitForText("Give a move number from 0 to 8"));
  pane.keys("g 7 Enter");
  REQUIRE(pane.waitForText("Move 7 (3d4): X misses 1d1"));
  pane.keys("r");  // the rest of the line is still there
  REQUIRE(pane.waitForText("0-1"));
}

TMUX_TEST_CASE("with a clock each side's time is shown, and running out of it loses") {
  QubicPane pane("[tui]\nhuman_side = \"both\"\nclock = \"tc=3\"\n");
  REQUIRE(pane.waitForPattern(R"(X  Player X   0:0[0-9]\.[0-9])"));
  pane.keys("1a1");
  // O does not move: its 3 seconds run out.
  REQUIRE(pane.waitForText("O lost on time: X wins.", 20));
  pane.keys("2b2");
  REQUIRE(pane.waitForText("lost on time: n starts a new game"));
  CHECK(pane.last.find("1. 1a1 2b2") == std::string::npos);  // the move was refused
  pane.keys("n");
  REQUIRE(pane.waitForText("Start a new one and lose it?"));
  pane.keys("y");
  REQUIRE(pane.waitForPattern(R"(X  Player X   0:0[0-9]\.[0-9]   <- to move)"));
}

TMUX_TEST_CASE("on the clock the engine budgets its time and keeps within it") {
  QubicPane pane(
      "[tui]\nhuman_side = \"o\"\nclock = \"tc=20+0.2\"\nmove_time_ms = 600000\n"
      "[engine]\nuse_solution = false\n");
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 30));  // despite a 10-minute move time
  CHECK(pane.last.find("lost on time") == std::string::npos);
}

TMUX_TEST_CASE(
    "themes: mono and NO_COLOR draw without colour and X in bold, colorblind is blue and yellow") {
  // An SGR colour code: foreground 30-37 or 90-97, or 256-colour 38;5.
  const std::regex colour(R"(\x1b\[[0-9;]*(3[0-7]|9[0-7]|38;5)[;m])");
  for (const auto& [config, exports] :
       {std::pair<std::string, std::string>{"[tui]\nhuman_side = \"both\"\ntheme = \"mono\"\n", ""},
        {"[tui]\nhuman_side = \"both\"\n", "export NO_COLOR=1\n"}}) {
    INFO(config << exports);
    QubicPane pane(config, 100, 30, false, exports);
    REQUIRE(pane.waitForText("level 4"));
    pane.keys("1a1 2b2");
    REQUIRE(pane.waitForText("1. 1a1 2b2"));
    const std::string styled = pane.styledScreen();
    CHECK_FALSE(std::regex_search(styled, colour));
    CHECK(std::regex_search(styled, std::regex(R"(\x1b\[1m *X)")));  // X stands out by weight
  }
  QubicPane pane("[tui]\nhuman_side = \"both\"\ntheme = \"colorblind\"\n");
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1 2b2");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));
  const std::string styled = pane.styledScreen();
  CHECK(std::regex_search(styled, std::regex(R"(\x1b\[[0-9;]*34m[^\x1b]*X)")));  // X blue
  CHECK(std::regex_search(styled, std::regex(R"(\x1b\[[0-9;]*33m[^\x1b]*O)")));  // O yellow
  CHECK_FALSE(std::regex_search(styled, std::regex(R"(\x1b\[[0-9;]*3[12]m)")));  // no red, green
  QubicPane light("[tui]\nhuman_side = \"both\"\ntheme = \"light\"\n");
  REQUIRE(light.waitForText("level 4"));
  light.keys("1a1 2b2");
  REQUIRE(light.waitForText("1. 1a1 2b2"));
  const std::string inks = light.styledScreen();
  CHECK(std::regex_search(inks, std::regex(R"(\x1b\[[0-9;]*34m[^\x1b]*X)")));  // X blue
  CHECK(std::regex_search(inks, std::regex(R"(\x1b\[[0-9;]*31m[^\x1b]*O)")));  // O red
  CHECK_FALSE(std::regex_search(inks, std::regex(R"(\x1b\[[0-9;]*3[36]m)")));  // no yellow, cyan
}

TMUX_TEST_CASE("on a big terminal the cells grow, and shrink again when the window does") {
  QubicPane pane(kTwoHumans, 200, 60);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1 2b2");
  // Level 1, rank 1: the stone in the middle of a 7-column cell, three rows a rank.
  REQUIRE(pane.waitForPattern(R"(1    X      \.      \.      \.)"));
  CHECK(std::regex_search(pane.last, std::regex(R"(2    \.     \[O\]     \.      \.)")));
  pane.tmux("resize-window -t game -x 100 -y 30");
  REQUIRE(pane.waitForPattern(R"(1  X  \.  \.  \.)"));
}

TMUX_TEST_CASE("qubic quits on q, Ctrl-C and SIGTERM, leaving the terminal as it found it") {
  for (const char* quit : {"q", "C-c", "TERM"}) {
    INFO("quit with " << quit);
    QubicPane pane(kVersusEngine);
    REQUIRE(pane.waitForText("level 4"));
    CHECK(pane.paneState() == "0 1");  // running, on the alternate screen
    if (std::string(quit) == "TERM")
      CHECK(std::system(("kill -TERM " + pane.qubicPid()).c_str()) == 0);
    else
      pane.keys(quit);
    // The alternate screen left; a signal's exit status is 128 + its number, as shells expect.
    const std::string status = std::string(quit) == "q"     ? "0"
                               : quit == std::string("C-c") ? "130"
                                                            : "143";
    CHECK(pane.waitForExit(3) == "1 0 exit " + status);
  }
}

TMUX_TEST_CASE(
    "the engine as X plays from the book at once and the panel says X wins, from the book") {
  QubicPane pane(kBookEngine);
  // The move comes from the book, as the panel says; no time is asserted (a loaded machine
  // may take seconds to start a sanitized program).
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 30));
  REQUIRE(pane.waitForText("the winning move in the book.", 10));
  // Issue 84, 10: proven claims are help a player asks for, off at first as on the page.
  CHECK(pane.last.find("X wins") == std::string::npos);
  pane.keys("e");
  REQUIRE(pane.waitForText("(book).", 10));
  INFO(pane.last);
  const std::string text =
      std::regex_replace(pane.last, std::regex(R"(\s+)"), " ");  // the panel wraps lines
  CHECK(std::regex_search(
      text,
      std::regex(
          R"(Engine \(X\) played [1-4][a-d][1-4]: the winning move in the book\. X wins within [0-9]+ moves \(book\)\.)")));
}

TMUX_TEST_CASE("quitting, undoing and moving now are immediate while the engine thinks") {
  using Clock = std::chrono::steady_clock;
  {
    QubicPane pane(kSlowEngine);
    REQUIRE(pane.waitForText("Engine thinking"));
    pane.keys("m");
    REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 3));
    CHECK(pane.last.find("Engine (X) played") != std::string::npos);
  }
  {
    QubicPane pane(kSlowEngine);
    REQUIRE(pane.waitForText("Engine thinking"));
    const auto began = Clock::now();
    pane.keys("q");
    CHECK(pane.waitForExit(3) == "1 0 exit 0");
    CHECK(Clock::now() - began < std::chrono::seconds(2));
  }
  {
    QubicPane pane(kSlowReply);
    REQUIRE(pane.waitForText("level 4"));
    pane.keys("3b3");
    REQUIRE(pane.waitForText("Engine thinking"));
    pane.keys("u");
    REQUIRE(pane.waitForText("Took back one move", 2));
    CHECK(pane.last.find("(none yet)") != std::string::npos);
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    CHECK(pane.screen().find("(none yet)") != std::string::npos);  // the stale search left no move
  }
}

TMUX_TEST_CASE("the help screen in docs/user-guide.md is what qubic shows at 80x24") {
  const std::vector<std::string> documented =
      documentedScreen("`?` shows this help screen in the game:");
  REQUIRE(documented.size() > 10);
  QubicPane pane(kTwoHumans, 80, 24);
  REQUIRE(pane.waitForText("level 4"));
  CHECK(pane.last.find("c players f threats a overlay") !=
        std::string::npos);  // every key fits at 80 columns
  pane.keys("?");
  REQUIRE(pane.waitForText("any other key: back to the game"));
  const std::vector<std::string> shown = settledScreen(pane, documented);
  INFO(pane.last);
  CHECK(shown == documented);
}

TMUX_TEST_CASE(
    "a click whose press and release arrive together plays, and the engine's reply shows without a "
    "key") {
  // Issue 17: the release, outside the mouse mask, left getch waiting past its timeout.
  QubicPane pane(kBookEngine, 120, 40);
  REQUIRE(pane.waitForText("Engine (X) played 1a1", 30));
  pane.tmux("send-keys -t game -l '\x1b[M M%'");  // an xterm press at column 45, row 5: cell 3c3
  pane.tmux("send-keys -t game -l '\x1b[M#M%'");  // its release, right after
  const bool replied = pane.waitForPattern(R"(1\. 1a1 3c3\s+2\. [1-4][a-d][1-4])", 10.0);
  INFO(pane.last);
  CHECK(replied);
}

TEST_CASE("qubic --level --side --movetime --threads override the configuration for one run") {
  const std::string qubic =
      "XDG_CONFIG_HOME=/nonexistent '" + std::string(QUBIC_BIN_DIR) + "/qubic'";
  const std::string toml =
      run(qubic +
          " --level 3 --side o --movetime 500ms --threads 2 --level-x 4 --level-o 9 --watch-delay "
          "100ms --print-config");
  for (const char* line :
       {"\nlevel = 3\n", "\nhuman_side = 'o'\n", "\nmove_time_ms = 500\n", "\nthreads = 2\n",
        "\nlevel_x = 4\n", "\nlevel_o = 9\n", "\nwatch_delay_ms = 100\n"})
    CHECK(toml.find(line) != std::string::npos);
  auto exitCode = [&](const std::string& args) {
    const int status =
        std::system((qubic + " " + args + " --print-config >/dev/null 2>&1").c_str());
    return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  };
  CHECK(exitCode("--level 16") == 2);
  // Durations take units (issue 43: --movetime was in ms, qubic-solve --time in s).
  CHECK(run(qubic + " --movetime 2s --watch-delay 0.25s --print-config")
            .find("\nmove_time_ms = 2000\n") != std::string::npos);
  // A bare number is refused: it meant milliseconds here and means seconds elsewhere.
  CHECK(exitCode("--movetime 1500") == 2);
  CHECK_THAT(run("{ " + qubic + " --movetime 1500 2>&1; }"), Catch::Contains("needs a unit"));
  CHECK(exitCode("--movetime 2x") == 2);
  // Named as given, error first, then where to look (issue 43: it named the config key).
  CHECK(run("{ " + qubic + " --level 16 2>&1; }") ==
        "qubic: --level: must be an integer from 0 to 15, got \"16\" (the levels were 0-17 before "
        "2026-11-27; 15 is the top now)\nTry 'qubic --help' for more information.\n");
  CHECK(exitCode("--side z") == 2);
  CHECK(exitCode("--level 3 --level 4") == 2);
  CHECK(exitCode("--movetime") == 2);
  CHECK(exitCode("--level 15") == 0);
  CHECK(exitCode("--level-x 16") == 2);
  CHECK(exitCode("--watch-delay -1") == 2);
  CHECK(exitCode("--puzzle 500") == 2);  // issue 41 (2.11): was an error inside the game
  CHECK(exitCode("--puzzle 120") == 0);
}

TMUX_TEST_CASE("engines watched with a level for each side, at the configured speed") {
  QubicPane pane(
      "[tui]\nhuman_side = \"none\"\nlevel_x = 2\nlevel_o = 7\nwatch_delay_ms = 0\n"
      "move_time_ms = 50\n[engine]\nuse_solution = false\n");
  REQUIRE(pane.waitForText("X  Engine, level 2"));
  CHECK(pane.last.find("O  Engine, level 7") != std::string::npos);
  // No pause between moves: several moves within a few seconds.
  REQUIRE(pane.waitForText("4. ", 20));
  pane.keys("p");
  REQUIRE(pane.waitForText("Engine paused"));
  pane.keys("+");
  REQUIRE(pane.waitForText("Engine levels: X 3, O 8"));
  CHECK(pane.last.find("X  Engine, level 3") != std::string::npos);
}

TMUX_TEST_CASE("the engine's level follows it to the other side, and looking is not choosing") {
  // Issue 55 (7): after X against level 0, + + then c (play O) gave "X Engine, level 0"
  // and "Engine levels: X 3, O 2". (8): + up to the top on the start screen, then q, made
  // the next start "Engine level: 17" (the top of that scale).
  QubicPane pane("[tui]\nhuman_side = \"x\"\nlevel = 0\nmove_time_ms = 100\n");
  REQUIRE(pane.waitForText("O  Engine, level 0"));
  pane.keys("+ +");
  REQUIRE(pane.waitForText("O  Engine, level 2"));
  pane.keys("c");
  // As above: the engine, now X, may have played over the message already.
  REQUIRE(pane.waitFor([](const std::string& s) {
    return s.find("X  Engine, level 2") != std::string::npos &&
           (s.find("You play O against the engine.") != std::string::npos ||
            s.find("Engine (X) played") != std::string::npos);
  }));
  // The engine, now X, may have moved by the time q arrives (a loaded machine): then the
  // game is asked about before it is left.
  pane.keys("q");
  REQUIRE(pane.waitFor([&](const std::string& s) {
    return s.find("and lose it?") != std::string::npos || !pane.alive();
  }));
  if (pane.alive()) pane.keys("y");
  REQUIRE(pane.waitForExit(5).find("exit 0") != std::string::npos);

  QubicPane start("[tui]\nlevel = 6\n", 80, 24, true);
  REQUIRE(start.waitForText("Engine level: 6"));
  for (int i = 0; i < 9; ++i) start.keys("+");
  REQUIRE(start.waitForText("Engine level: 15"));
  start.keys("q");
  REQUIRE(start.waitForExit(5).find("exit 0") != std::string::npos);
  start.restart();
  REQUIRE(start.waitForStartScreen());
  CHECK(start.last.find("Engine level: 6") != std::string::npos);
  // Played with, it is kept.
  start.keys("+");
  REQUIRE(start.waitForText("Engine level: 7"));
  start.keys("1");
  REQUIRE(start.waitForText("X moves first"));
  start.keys("q");
  REQUIRE(start.waitForExit(5).find("exit 0") != std::string::npos);
  start.restart();
  REQUIRE(start.waitForStartScreen());
  CHECK(start.last.find("Engine level: 7") != std::string::npos);
}

TMUX_TEST_CASE("the start screen shows what will play: a rating, or each side's level, uncut") {
  // Issue 55 (6): --elo 1200 showed "Engine levels: X 4, O 3"; at 80x24 with two levels
  // the lines were cut ("...0 easiest, 17 never loses a", "...(rated 1177); O: pl").
  QubicPane rated("", 80, 24, true, {}, " --elo 800");
  REQUIRE(rated.waitForStartScreen());
  INFO(rated.last);
  int below = 0;  // the level rated at most 800, the next one rated above
  while (kLevelElo[static_cast<std::size_t>(below + 1)] <= 800) ++below;
  CHECK(rated.last.find("Engine: Elo 800, between levels " + std::to_string(below) + " and " +
                        std::to_string(below + 1)) != std::string::npos);
  CHECK(rated.last.find("Engine level") == std::string::npos);

  QubicPane two("[tui]\nhuman_side = \"none\"\nlevel_x = 11\nlevel_o = 4\n", 80, 24, true);
  REQUIRE(two.waitForStartScreen());
  INFO(two.last);
  for (const std::string& line :
       {std::string("Engine levels: X 11, O 4   (+ stronger, - weaker)"),
        std::string("X: Expert (Elo " + std::to_string(kLevelElo[11]) + "); O: Club (Elo " +
                    std::to_string(kLevelElo[4]) + ")"),
        std::string("(Elo; 0 easiest, 15 never loses as X; docs/strength.md):")})
    CHECK(two.last.find(line) != std::string::npos);
}

TMUX_TEST_CASE("the cube view grows with a big terminal, as the planes view does") {
  // Issue 55 (10): at 200x60 the cube kept small cells and left about 20 rows empty.
  QubicPane pane(kTwoHumans, 200, 60);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1 i");
  REQUIRE(pane.waitForText("Cube view"));
  const std::vector<std::string> lines = screenLines(pane.last);
  auto rowOf = [&](const std::string& label) {
    for (std::size_t r = 0; r < lines.size(); ++r)
      if (lines[r].rfind(" " + label + " ", 0) == 0) return static_cast<int>(r);
    return -1;
  };
  INFO(pane.last);
  const int l4 = rowOf("L4"), l1 = rowOf("L1");
  REQUIRE(l4 >= 0);
  REQUIRE(l1 > l4);
  CHECK(l1 - l4 >= 3 * 13);  // three planes of 4 ranks of 3 rows, a blank row each
  int lastRow = 0;           // the file labels under level 1
  for (std::size_t r = 0; r < lines.size(); ++r)
    if (lines[r].find("a      b      c      d") != std::string::npos) lastRow = static_cast<int>(r);
  CHECK(lastRow >= 50);  // the board reaches down to the message rows
}

TMUX_TEST_CASE("the start screen asks who plays and at what level, then starts that game") {
  // A newcomer's first game is at a middle level, not against perfect play.
  QubicPane pane("", 80, 24, true);
  REQUIRE(pane.waitForStartScreen());
  CHECK(pane.last.find("Engine level: 6") != std::string::npos);
  // Issue 55 (2): a name and words a beginner reads, with the rating.
  CHECK(pane.last.find("Steady (Elo " + std::to_string(kLevelElo[6]) +
                       "): plays to a plan three moves in four") != std::string::npos);
  // Every level with its rating on the scale of docs/strength.md (issue 45, 4).
  CHECK(pane.last.find("Level ratings (Elo; 0 easiest, 15 never loses as X; docs/strength.md):") !=
        std::string::npos);
  CHECK(pane.last.find("0: 0, 1: " + std::to_string(kLevelElo[1])) != std::string::npos);
  CHECK(pane.last.find("15: " + std::to_string(kLevelElo[15])) != std::string::npos);
  pane.keys("+");
  REQUIRE(pane.waitForText("Engine level: 7"));
  pane.keys("2");  // O against the engine: the engine (X) moves at once
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 10));
  INFO(pane.last);
  CHECK(pane.last.find("Engine, level 7") != std::string::npos);
  CHECK(pane.last.find("O  You") != std::string::npos);
  // The level chosen is the next run's, kept in the state directory with its scale.
  CHECK(readText(pane.dir() / "qubic" / "levels") == "7 7 0-15\n");
  pane.keys("q");  // the game has a move: quitting asks first
  REQUIRE(pane.waitForText("lose it?"));
  pane.keys("y");
  REQUIRE(pane.waitForExit(10).find("exit 0") != std::string::npos);
  pane.restart();
  REQUIRE(pane.waitForStartScreen());
  CHECK(pane.last.find("Engine level: 7") != std::string::npos);
  // A file of an earlier scale is read as the nearest level now.
  auto startWith = [&](const char* remembered) {
    pane.keys("q");
    REQUIRE(pane.waitForExit(10).find("exit 0") != std::string::npos);
    std::ofstream(pane.dir() / "qubic" / "levels") << remembered;
    pane.restart();
    REQUIRE(pane.waitForStartScreen());
    return pane.last;
  };
  // The scale of 0-10: its level 4 became the forcing tier (14 of 0-17), 13 now.
  CHECK(startWith("4 4\n").find("Engine level: 13") != std::string::npos);
  // The scale of 0-17: its levels 15 and 16 searched (now 14), 17 is the top.
  CHECK(startWith("16 17 0-17\n").find("Engine levels: X 14, O 15") != std::string::npos);
}

TMUX_TEST_CASE("after going to a move with g a new game is not left paused") {
  // Issue 41 (2.3): the engine never answered in the new game ("Engine paused").
  QubicPane pane(kVersusEngine);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForPattern(R"(1\. 1a1 [1-4][a-d][1-4])", 10));
  pane.keys("g");
  REQUIRE(pane.waitForText("Go to move"));
  pane.keys("1 Enter");
  REQUIRE(pane.waitForText("At move 1"));
  pane.keys("n");
  REQUIRE(pane.waitForText("lose it?"));
  pane.keys("y");
  REQUIRE(pane.waitForText("(none yet)"));
  pane.keys("2b2");
  CHECK(pane.waitForPattern(R"(1\. 2b2 [1-4][a-d][1-4])", 10));
}

TMUX_TEST_CASE("Ctrl-S does not freeze the game and Ctrl-backslash leaves the terminal restored") {
  // Issue 42 (7 and 9): flow control was left on; SIGQUIT killed qubic in curses mode.
  BoardPane pane;
  pane.keys("C-s");
  pane.keys("1a1");
  CHECK(pane.waitForText("1. 1a1"));
  pane.keys("C-q");
  pane.tmux("send-keys -t game 'C-\\'");
  const std::string state = pane.waitForExit(3);
  INFO(state);
  CHECK(state == "1 0 exit 131");  // killed by SIGQUIT (128 + 3), off the alternate screen
}

TMUX_TEST_CASE("swapping sides keeps the engine's level and says so") {
  // Issue 41 (2.9): raised to 4 as O, after s the engine played X at level 3.
  QubicPane pane(kVersusEngine);
  REQUIRE(pane.waitForText("O  Engine, level 3"));
  pane.keys("+");
  REQUIRE(pane.waitForText("O  Engine, level 4"));
  // Issue 55 (1, 2): the scale said "0 weakest, 10 strongest" of 18 levels; now the
  // level's name, rating and words.
  INFO(pane.last);
  CHECK(
      std::regex_search(pane.last, std::regex(R"(\(0\s+to\s+15\):\s+level\s+4,\s+Club\s+\(Elo\s+)" +
                                              std::to_string(kLevelElo[4]) + R"(\))")));
  CHECK(pane.last.find("10 strongest") == std::string::npos);
  pane.keys("s");
  REQUIRE(pane.waitForText("the engine keeps level 4"));
  CHECK(pane.last.find("X  Engine, level 4") != std::string::npos);
}

TMUX_TEST_CASE("browsing after g steps one move at a time and watched engines take no digits") {
  // Issue 41 (2.11): redo stepped two plies against the engine; digits started a move in
  // engine-against-engine mode.
  QubicPane pane(kVersusEngine);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForPattern(R"(1\. 1a1 [1-4][a-d][1-4])", 10));
  pane.keys("4d4");
  REQUIRE(pane.waitForPattern(R"(2\. 4d4 [1-4][a-d][1-4])", 10));
  pane.keys("g");
  REQUIRE(pane.waitForText("Go to move"));
  pane.keys("1 Enter");
  REQUIRE(pane.waitForText("At move 1 of 4"));
  pane.keys("r");
  REQUIRE(pane.waitForText("Replayed one move."));
  pane.keys("r");
  REQUIRE(pane.waitForText("Replayed one move."));
  pane.keys("u");
  REQUIRE(pane.waitForText("Took back one move."));

  QubicPane watch("[tui]\nhuman_side = \"none\"\nmove_time_ms = 50\n");
  REQUIRE(watch.waitForText("level 4"));
  watch.keys("p");
  REQUIRE(watch.waitForText("Engine paused"));
  watch.keys("2");
  REQUIRE(watch.waitForText("The engine plays both sides"));
  CHECK(watch.last.find("Typing a move") == std::string::npos);
}

TMUX_TEST_CASE(
    "i stacks the levels as a cube with the cursor's lines through them, at 80x24 and 200x60") {
  for (const auto& [width, height] : {std::pair{80, 24}, std::pair{200, 60}}) {
    QubicPane pane(kTwoHumans, width, height);
    REQUIRE(pane.waitForText("level 4"));
    pane.keys("1a1 2b2 i");
    REQUIRE(pane.waitForText("Cube view"));
    INFO(width << "x" << height << "\n" << pane.last);
    // L4 above L1, each level's rank 4 row indented further than its rank 1 row.
    const std::size_t l4 = pane.last.find(" L4"), l1 = pane.last.find(" L1");
    REQUIRE(l4 != std::string::npos);
    REQUIRE(l1 != std::string::npos);
    CHECK(l4 < l1);
    CHECK(pane.last.find("level 1") == std::string::npos);
    // 1a1's X is on level 1's front row, right of its rank label; O's 2b2 on level 2's.
    CHECK(std::regex_search(pane.last, std::regex(R"(\n +1 +X +\. +\. +\.)")));
    CHECK(std::regex_search(pane.last, std::regex(R"(\n +2 +\. +\[O\] +\. +\.)")));
    // The lines through the cursor (on 2b2, the last move) reach the top level: 4b2 straight
    // up, 4d4 on the space diagonal.
    CHECK_FALSE(std::regex_search(pane.last, std::regex(R"(L4 +4 [ .]+-)")));
    pane.keys("v");
    REQUIRE(pane.waitForText("Showing the lines through the cursor"));
    CHECK(std::regex_search(pane.last, std::regex(R"(L4 +4 [ .]+-)")));
    // A typed move lands on the cell named, and i gives the levels side by side back.
    pane.keys("3c3");
    REQUIRE(pane.waitForText("1. 1a1 2b2   2. 3c3"));
    pane.keys("i");
    REQUIRE(pane.waitForText("level 1"));
    CHECK(pane.last.find(" L4") == std::string::npos);
  }
}

TMUX_TEST_CASE("the tour from the start screen shows each kind of line on the cube, then returns") {
  QubicPane pane("", 80, 24, true);
  REQUIRE(pane.waitForStartScreen());
  CHECK(pane.last.find("7  a short tour") != std::string::npos);
  pane.keys("7");
  REQUIRE(pane.waitForText("Tour of the lines, 1 of 5"));
  // The text may be on the screen before the cube below it is drawn: wait for the row.
  CHECK(pane.waitForText("1 =X==X==X==X="));  // a row of level 1
  INFO(pane.last);
  pane.keys("Space");
  REQUIRE(pane.waitForText("Tour of the lines, 2 of 5"));
  CHECK(pane.last.find("Straight up") != std::string::npos);
  pane.keys("Space Space Space");
  REQUIRE(pane.waitForText("Tour of the lines, 5 of 5"));
  CHECK(pane.last.find("all 7 lines through 2b2") != std::string::npos);
  pane.keys("Space");
  REQUIRE(pane.waitForStartScreen());
  // From the help: l opens it, Esc ends it at once.
  pane.keys("?");
  REQUIRE(pane.waitForText("a tour of the lines across the levels"));
  pane.keys("l");
  REQUIRE(pane.waitForText("Tour of the lines, 1 of 5"));
  pane.keys("Escape");
  REQUIRE(pane.waitForStartScreen());
}

TMUX_TEST_CASE("qubic --elo plays at a rating, and the level keys go back to levels") {
  QubicPane pane("[tui]\nmove_time_ms = 100\n", 100, 30, false, {}, " --elo 900 --side o");
  REQUIRE(pane.waitForText("Engine, Elo 900"));
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 30));  // the engine (X) has moved
  pane.keys("+");
  REQUIRE(pane.waitForPattern(R"(X  Engine, level [0-9]+)"));
  CHECK(pane.last.find("Elo 900") == std::string::npos);
}
