// End-to-end tests of `qubic` in tmux (tests/tmux_pane.hpp): the game's files: saves and loads, the
// unfinished game kept and resumed, locks, names never reused, the prompts at 80x24.
#include <catch2/catch.hpp>

#include <sys/stat.h>

#include "tmux_pane.hpp"

using namespace qubic;
using namespace qubic::tmux_test;

TMUX_TEST_CASE("qubic survives resizing, falls back to a 2x2 arrangement, saves and loads") {
  BoardPane pane;
  pane.keys("1a1 2b2");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));

  pane.tmux("resize-window -t game -x 50 -y 26");
  // In a 2x2 arrangement levels 1 and 2 share a row, and 3 and 4 the row below.
  REQUIRE(pane.waitFor([](const std::string& s) {
    const auto one = s.find("level 1"), three = s.find("level 3");
    return one != std::string::npos && three != std::string::npos && s.find('\n', one) < three &&
           s.substr(one, s.find('\n', one) - one).find("level 2") != std::string::npos;
  }));
  pane.tmux("resize-window -t game -x 20 -y 8");
  REQUIRE(pane.waitForText("larger"));
  pane.tmux("resize-window -t game -x 80 -y 24");
  REQUIRE(pane.waitForText("level 4"));
  CHECK(pane.alive());

  pane.keys("w C-u");  // the save prompt; clear the suggested name
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("-l saved.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to saved.qgn"));
  const std::string text = readText(pane.dir() / "saved.qgn");
  CHECK(text.find("1. 1a1 2b2 *") != std::string::npos);

  std::ofstream(pane.dir() / "bad.qgn") << "[X \"a\"]\n1a1 1a1 *\n";
  pane.keys("n");
  pane.keys("o C-u");
  pane.keys("-l bad.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Not loaded"));
  INFO(pane.last);
  CHECK(std::regex_search(pane.last, std::regex(R"(cell\s+1a1\s+is\s+already\s+occupied)")));
  CHECK(pane.last.find("(none yet)") != std::string::npos);  // the new game is untouched

  pane.keys("o C-u");
  pane.keys("-l saved.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Loaded saved.qgn: 2 moves"));
  CHECK(pane.last.find("1. 1a1 2b2") != std::string::npos);
}

TMUX_TEST_CASE("new game and load and quit ask before they lose moves that were not saved") {
  BoardPane pane;
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  pane.keys("n");
  REQUIRE(pane.waitForText("This game is not saved. Start a new one and lose it?"));
  // Issue 41 (2.7): a key meant for the board does not answer the question.
  pane.keys("2b2");
  REQUIRE(pane.waitForText("Answer y (yes) or n (no)"));
  CHECK(pane.last.find("lose it?") != std::string::npos);
  pane.keys("n");
  REQUIRE(pane.waitForText("Kept the game."));
  CHECK(pane.last.find("1. 1a1") != std::string::npos);
  CHECK(pane.last.find("2b2") == std::string::npos);
  pane.keys("q");
  REQUIRE(pane.waitForText("Quit and lose it?"));
  pane.keys("Escape");
  REQUIRE(pane.waitForText("Kept the game."));
  CHECK(pane.alive());
  pane.keys("n");
  REQUIRE(pane.waitForText("lose it?"));
  pane.keys("y");
  REQUIRE(pane.waitForText("(none yet)"));
  pane.keys("q");  // nothing to lose: no question
  CHECK(pane.waitForExit(3) == "1 0 exit 0");
}

TMUX_TEST_CASE("the save prompt at 80x24 shows the name's end and the cursor, and adds .qgn") {
  // Issue 55 (5): "Save game to (...): /tmp/.../data/qu" and nothing more; typed text was
  // invisible, and "xyz" typed after the suggested name saved "...0754.qgnxyz".
  QubicPane pane(kTwoHumans, 80, 24);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  pane.keys("w");
  // Issue 70, 14: the hints in brackets give way to the name, shown whole where it fits.
  REQUIRE(pane.waitForPattern(R"(Save game to: /[^ ]*/qubic/games/qubic-[0-9-]*\.qgn)"));
  pane.keys("C-u");
  pane.keys("-l mygame");
  REQUIRE(pane.waitForText("Save game to (Enter saves, Esc cancels, C-u clears): mygame"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to mygame.qgn"));
  CHECK(readText(pane.dir() / "mygame.qgn").find("1. 1a1") != std::string::npos);
  // A long name: its end, being typed, is in sight.
  pane.keys("w C-u");
  const std::string longName = std::string(70, 'a') + "-the-end";
  pane.keys("-l " + longName);
  REQUIRE(pane.waitForText("aaaa-the-end"));
}

TMUX_TEST_CASE("a lock a killed run left without its game is removed at the next start") {
  // Issue 68, 8: every qubic ended by a signal left a *.qgn.lock, never cleaned.
  QubicPane pane("[tui]\nlevel = 0\nhuman_side = \"x\"\n");
  REQUIRE(pane.waitForText("O  Engine, level 0"));
  const fs::path kept = pane.dir() / "qubic" / "unfinished";
  fs::create_directories(kept);
  const fs::path orphan = kept / "game-1-1.qgn.lock";
  std::ofstream(orphan) << "";
  pane.keys("q");
  REQUIRE(pane.waitForExit(60).find("exit 0") != std::string::npos);
  CHECK(fs::exists(orphan));
  pane.restart();
  REQUIRE(pane.waitForText("O  Engine, level 0"));
  CHECK_FALSE(fs::exists(orphan));
  pane.keys("q");
  REQUIRE(pane.waitForExit(60).find("exit 0") != std::string::npos);
}

TMUX_TEST_CASE("a game lost on time is finished: not kept, saved with its result, loaded lost") {
  // Issue 53 (2): the kept file said [Result "*"] and [XClock "-124"], and the lost game
  // came back to life at the next start.
  QubicPane pane("[tui]\nhuman_side = \"both\"\nclock = \"tc=2\"\n");
  REQUIRE(pane.waitForPattern(R"(X  Player X   0:0[0-9]\.[0-9])"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  REQUIRE(pane.waitForText("O lost on time: X wins.", 20));
  CHECK(waitUntil([&] { return keptGames(pane.dir()).empty(); }, 5));
  pane.keys("w C-u");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("-l lost.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to lost.qgn"));
  const std::string text = readText(pane.dir() / "lost.qgn");
  INFO(text);
  CHECK(text.find("[Result \"1-0\"]") != std::string::npos);
  CHECK(text.find("[Termination \"time forfeit\"]") != std::string::npos);
  CHECK(text.find("[OClock \"0\"]") != std::string::npos);
  CHECK(text.find("Clock \"-") == std::string::npos);
  CHECK(text.find("1. 1a1 1-0") != std::string::npos);

  pane.keys("C-c");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 130");
  CHECK(keptGames(pane.dir()).empty());
  pane.restart();
  REQUIRE(pane.waitForText("(none yet)"));
  CHECK(pane.last.find("Resume it?") == std::string::npos);
  pane.keys("o C-u");
  pane.keys("-l lost.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Loaded lost.qgn: 1 move"));
  REQUIRE(pane.waitForText("O lost on time: X wins."));
  pane.keys("3c3");
  REQUIRE(pane.waitForText("lost on time: n starts a new game"));
  CHECK(pane.last.find("1. 1a1 3c3") == std::string::npos);
}

namespace {

// Runs qubic once and quits, so that its state directory exists: the unfinished games'
// directory, for the test to put something there before the next start.
fs::path unfinishedAfterARun(QubicPane& pane) {
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("q");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 0");
  return pane.dir() / "qubic" / "unfinished";
}

}  // namespace

TMUX_TEST_CASE("a kept game that cannot be read is moved aside and said, never deleted") {
  // Issue 53 (3): it was deleted at the start without a word.
  QubicPane pane(kTwoHumans);
  const fs::path kept = unfinishedAfterARun(pane);
  fs::create_directories(kept);
  const std::string broken = "[Event \"Qubic game (unfinished)\"]\n\n1. 1a1 1a1\n";
  std::ofstream(kept / "game-1-2.qgn") << broken;
  pane.restart();
  REQUIRE(pane.waitForText("A kept game could not be read"));
  INFO(pane.last);
  CHECK(!fs::exists(kept / "game-1-2.qgn"));
  CHECK(readText(kept / "unreadable" / "game-1-2.qgn") == broken);
  // Said once: the next start has nothing to say.
  pane.keys("q");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 0");
  pane.restart();
  REQUIRE(pane.waitForText("level 4"));
  CHECK(pane.last.find("could not be read") == std::string::npos);
  CHECK(readText(kept / "unreadable" / "game-1-2.qgn") == broken);
}

TMUX_TEST_CASE("a state directory that is a FIFO or a link is named, and no user's file is moved") {
  // Issue 84, 5: a FIFO there was reported as "no XDG_STATE_HOME, and HOME is not a
  // directory"; a link to a user's directory had its notes moved into <dir>/unreadable/.
  QubicPane pane(kTwoHumans);
  const fs::path kept = unfinishedAfterARun(pane);
  fs::remove_all(kept);
  REQUIRE(mkfifo(kept.c_str(), 0600) == 0);
  pane.restart();
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("Not kept for the next run"));
  CHECK(pane.waitForText("unfinished is not a directory"));
  CHECK(pane.last.find("no XDG_STATE_HOME") == std::string::npos);
  pane.keys("q");
  REQUIRE(pane.waitForText("lose it?"));
  pane.keys("y");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 0");

  const fs::path users = pane.dir() / "users-notes";
  fs::create_directories(users);
  const std::string notes = "not a game\n";
  std::ofstream(users / "notes.qgn") << notes;
  fs::remove(kept);
  fs::create_directory_symlink(users, kept);
  pane.restart();
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("Not kept for the next run"));
  CHECK(pane.waitForText("symbolic link"));
  CHECK(readText(users / "notes.qgn") == notes);
  CHECK(!fs::exists(users / "unreadable"));
  CHECK(fs::directory_iterator(users)->path().filename() == "notes.qgn");
}

TMUX_TEST_CASE("saving a loaded game again keeps its players while they are the same") {
  // Issue 84, 11: [O "Engine, level 0"] became the level of the moment.
  BoardPane pane;
  std::ofstream(pane.dir() / "theirs.qgn")
      << "[X \"Ann\"]\n[O \"Engine, level 0\"]\n\n1. 1a1 2b2 *\n";
  pane.keys("o C-u");
  REQUIRE(pane.waitForText("Load game from"));
  pane.keys("-l " + (pane.dir() / "theirs.qgn").string());
  pane.keys("Enter");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));
  pane.keys("w C-u");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("-l " + (pane.dir() / "again.qgn").string());
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to"));
  const std::string again = readText(pane.dir() / "again.qgn");
  INFO(again);
  CHECK(again.find("[X \"Ann\"]") != std::string::npos);
  CHECK(again.find("[O \"Engine, level 0\"]") != std::string::npos);
}

TMUX_TEST_CASE("an unfinished game survives Ctrl-C and is offered on the next start") {
  BoardPane pane;
  pane.keys("1a1 2b2");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));
  auto keptText = [&] {
    std::string text;
    for (const std::string& game : keptGames(pane.dir())) text += game;
    return text;
  };
  CHECK(waitUntil([&] { return keptText().find("1. 1a1 2b2") != std::string::npos; }, 5));
  pane.keys("C-c");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 130");

  pane.restart();
  REQUIRE(pane.waitForText("An unfinished game (2 moves) was kept from the last run."));
  // Issue 41 (2.7): a move typed at once, before the question is read, does not answer it
  // (its 1 used to decline the game, its a turn the overlay on: "the first key dropped").
  pane.keys("1a1");
  REQUIRE(pane.waitForText("Answer y (yes) or n (no)"));
  CHECK(pane.last.find("Resume it?") != std::string::npos);
  CHECK(pane.last.find("Overlay") == std::string::npos);
  pane.keys("y");
  REQUIRE(pane.waitForText("Resumed the unfinished game: 2 moves."));
  CHECK(pane.last.find("1. 1a1 2b2") != std::string::npos);

  // Declined, it is gone for good.
  pane.keys("C-c");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 130");
  pane.restart();
  REQUIRE(pane.waitForText("Resume it?"));
  pane.keys("n");
  REQUIRE(pane.waitForText("Started afresh"));
  CHECK(pane.last.find("(none yet)") != std::string::npos);
  CHECK(keptText().empty());
}

TMUX_TEST_CASE("the suggested save goes to the games directory under XDG_DATA_HOME") {
  BoardPane pane;
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to"));
  bool found = false;
  for (const auto& entry : fs::directory_iterator(pane.dir() / "qubic" / "games"))
    found = found || readText(entry.path()).find("1. 1a1") != std::string::npos;
  CHECK(found);
}

TMUX_TEST_CASE(
    "a save never replaces another game: a new game gets a new name and a replace is asked") {
  // Issue 41 (2.1): after loading game A and starting a new game, the save prompt offered
  // A's path and wrote the new 1-move game over A's moves.
  QubicPane pane(kTwoHumans, 200, 30);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1 2b2 3c3");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to"));
  REQUIRE(savedGames(pane).size() == 1);
  const fs::path gameA = savedGames(pane)[0];
  const std::string bytesA = readText(gameA);
  CHECK(bytesA.find("1. 1a1 2b2 2. 3c3") != std::string::npos);

  pane.keys("o");
  REQUIRE(pane.waitForText("Load game from"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Loaded"));
  pane.keys("n");
  REQUIRE(pane.waitForText("(none yet)"));
  pane.keys("4d4");
  REQUIRE(pane.waitForText("1. 4d4"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  INFO(pane.last);
  CHECK(pane.last.find(gameA.filename().string()) == std::string::npos);
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to"));
  CHECK(readText(gameA) == bytesA);
  REQUIRE(savedGames(pane).size() == 2);

  // Typing A's name for this other game: refused, A as it was.
  pane.keys("w C-u");
  pane.tmux("send-keys -t game -l '" + gameA.string() + "'");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("it is not overwritten"));
  CHECK(readText(gameA) == bytesA);

  // This game's own file: replaced only when the player says so.
  const fs::path gameB = savedGames(pane)[0] == gameA ? savedGames(pane)[1] : savedGames(pane)[0];
  pane.keys("1a4");
  REQUIRE(pane.waitForText("1. 4d4 1a4"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Replace"));
  pane.keys("n");
  REQUIRE(pane.waitForText("Not saved"));
  CHECK(readText(gameB).find("1a4") == std::string::npos);
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Replace"));
  pane.keys("y");
  REQUIRE(pane.waitForText("Saved to"));
  CHECK(readText(gameB).find("1. 4d4 1a4") != std::string::npos);
  CHECK(readText(gameA) == bytesA);
}

TMUX_TEST_CASE("a resumed game keeps who plays and the levels and the clock") {
  // Issue 41 (2.2): as O against level 2, resumed as X against level 10 with the engine
  // playing O's move at once.
  QubicPane pane(
      "[tui]\nhuman_side = \"x\"\nmove_time_ms = 100\nclock = \"tc=600+0\"\nlevel = 3\n[engine]\n"
      "seed = 7\n");
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("s");  // swap: the player is O, the engine X (and moves)
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 10));
  pane.keys("-");
  REQUIRE(pane.waitForText("X  Engine, level 2"));
  const std::string first = pane.last.substr(pane.last.find("1. "), 6);
  const std::string reply = first.find("2b2") != std::string::npos ? "3c3" : "2b2";
  pane.keys(reply);
  REQUIRE(pane.waitForPattern(R"(2\. [1-4][a-d][1-4])", 10));
  std::vector<std::string> kept;
  REQUIRE(waitUntil(
      [&] {
        kept = keptGames(pane.dir());
        return kept.size() == 1 && kept[0].find("2. ") != std::string::npos;
      },
      5));
  for (const char* tag : {"[XPlayer \"engine\"]", "[OPlayer \"human\"]", "[XLevel \"2\"]",
                          "[Mode \"play\"]", "[TimeControl \"tc=600\"]", "[OClock \""})
    CHECK(kept[0].find(tag) != std::string::npos);
  pane.keys("C-c");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 130");

  pane.restart();
  REQUIRE(pane.waitForText("Resume it?"));
  pane.keys("y");
  REQUIRE(pane.waitForText("Resumed the unfinished game: 3 moves."));
  INFO(pane.last);
  CHECK(pane.last.find("X  Engine, level 2") != std::string::npos);
  CHECK(pane.last.find("O  You") != std::string::npos);
  // O (the player) is to move: the engine must not play for them.
  std::this_thread::sleep_for(std::chrono::milliseconds(1500));
  CHECK(pane.screen().find("4. ") == std::string::npos);
  CHECK(std::regex_search(pane.screen(), std::regex(R"(O  You\s+9:[0-9]{2})")));
}

TMUX_TEST_CASE("two games running at once keep their own unfinished games") {
  // Issue 42 (2): B offered A's running game, and answering n deleted it; A quitting
  // deleted B's file.
  QubicPane a(kTwoHumans);
  REQUIRE(a.waitForText("level 4"));
  a.keys("1a1 2b2");
  REQUIRE(a.waitForText("1. 1a1 2b2"));
  REQUIRE(waitUntil([&] { return keptGames(a.dir()).size() == 1; }, 5));
  QubicPane b(kTwoHumans, 100, 30, false, "export XDG_STATE_HOME='" + a.dir().string() + "'\n");
  REQUIRE(b.waitForText("level 4"));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  INFO(b.screen());
  CHECK(b.screen().find("Resume it?") == std::string::npos);  // A's game is A's
  b.keys("3c3");
  REQUIRE(b.waitForText("1. 3c3"));
  REQUIRE(waitUntil([&] { return keptGames(a.dir()).size() == 2; }, 5));

  a.keys("q");
  REQUIRE(a.waitForText("lose it?"));
  a.keys("y");
  REQUIRE(a.waitForExit(3) == "1 0 exit 0");
  std::vector<std::string> kept = keptGames(a.dir());
  REQUIRE(kept.size() == 1);
  CHECK(kept[0].find("1. 3c3") != std::string::npos);  // B's game is still kept

  // A again, while B runs: B's game is not offered.
  a.restart();
  REQUIRE(a.waitForText("level 4"));
  std::this_thread::sleep_for(std::chrono::milliseconds(500));
  CHECK(a.screen().find("Resume it?") == std::string::npos);
  a.keys("4d4");
  REQUIRE(a.waitForText("1. 4d4"));
  REQUIRE(waitUntil([&] { return keptGames(a.dir()).size() == 2; }, 5));

  // Both stopped by a signal: both games stay, and each is offered at a later start.
  for (const QubicPane* pane : {&a, &b}) {
    std::system(("kill -TERM " + pane->qubicPid()).c_str());
    REQUIRE(pane->waitForExit(3) == "1 0 exit 143");
  }
  REQUIRE(keptGames(a.dir()).size() == 2);
  a.restart();
  REQUIRE(a.waitForText("Resume it?"));
  a.keys("n");
  REQUIRE(a.waitForText("Started afresh"));
  kept = keptGames(a.dir());
  REQUIRE(kept.size() == 1);
  a.keys("q");
  REQUIRE(a.waitForExit(3) == "1 0 exit 0");
  a.restart();
  REQUIRE(a.waitForText("Resume it?"));
  a.keys("y");
  REQUIRE(a.waitForText("Resumed the unfinished game: 1 move."));
  CHECK(a.last.find(kept[0].find("4d4") != std::string::npos ? "1. 4d4" : "1. 3c3") !=
        std::string::npos);
}

TMUX_TEST_CASE("with HOME pointing nowhere nothing is created there and the game says so") {
  // Issue 42 (9): the game created the whole tree as root.
  const fs::path scratch = freshDirectory();
  const fs::path nowhere = scratch / "gone" / "home";
  QubicPane pane(kTwoHumans, 160, 30, false,
                 "unset XDG_STATE_HOME XDG_DATA_HOME\nexport HOME='" + nowhere.string() + "'\n");
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  CHECK(pane.waitForText("Not kept for the next run"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  CHECK(pane.waitForText("cannot write"));
  CHECK_FALSE(fs::exists(nowhere.parent_path()));
  fs::remove_all(scratch);
}

TMUX_TEST_CASE("the load prompt offers the games directory and names the saved games") {
  // Issue 41 (2.11): the load prompt started empty.
  QubicPane pane(kTwoHumans, 160, 30);
  REQUIRE(pane.waitForText("level 4"));
  pane.keys("1a1");
  REQUIRE(pane.waitForText("1. 1a1"));
  pane.keys("w");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to"));
  REQUIRE(savedGames(pane).size() == 1);
  pane.keys("n");
  REQUIRE(pane.waitForText("(none yet)"));
  pane.keys("o");
  REQUIRE(
      pane.waitForText("Saved games, newest first: " + savedGames(pane)[0].filename().string()));
  CHECK(pane.last.find("Load game from (Enter loads, Esc cancels, C-u clears): " +
                       (pane.dir() / "qubic" / "games").string() + "/") != std::string::npos);
}

TMUX_TEST_CASE(
    "a full game, a puzzle, a survival round and a review round-trip through files and a restart") {
  QubicPane pane("[tui]\nhuman_side = \"both\"\nmove_time_ms = 100\n", 100, 30, true);
  auto saveAs = [&](const std::string& name) {
    pane.keys("w C-u");
    REQUIRE(pane.waitForText("Save game to"));
    pane.keys("-l " + name);
    pane.keys("Enter");
    REQUIRE(pane.waitForText("Saved to " + name));
  };
  auto restartAndLoad = [&](const std::string& name, const std::string& shows) {
    pane.keys("q");
    REQUIRE(pane.waitForExit(10).find("exit 0") != std::string::npos);
    pane.restart();
    REQUIRE(pane.waitForStartScreen());
    pane.keys("3");  // two players: nothing moves by itself before the load
    pane.keys("o C-u");
    REQUIRE(pane.waitForText("Load game from"));
    pane.keys("-l " + name);
    pane.keys("Enter");
    REQUIRE(pane.waitForText("Loaded " + name));
    REQUIRE(pane.waitForText(shows));
  };

  // A full game to the win: the file holds its moves, result and players.
  REQUIRE(pane.waitForStartScreen());
  pane.keys("Enter");
  pane.keys("1a1 2a1 1a2 2a2 1a3 2a3 1a4");
  REQUIRE(pane.waitForText("X wins with the line 1a1-1a4!"));
  saveAs("game.qgn");
  const std::string game = readText(pane.dir() / "game.qgn");
  CHECK(game.find("[Result \"1-0\"]") != std::string::npos);
  CHECK(game.find("[Mode \"play\"]") != std::string::npos);
  CHECK(game.find("1. 1a1 2a1 2. 1a2 2a2 3. 1a3 2a3 4. 1a4") != std::string::npos);
  restartAndLoad("game.qgn", "X wins with the line 1a1-1a4!");
  CHECK(pane.last.find("4. 1a4") != std::string::npos);

  // Its review, after the restart: it ends, says what it proved, and leaves the file as it was.
  pane.keys("R");
  REQUIRE(pane.waitForText("Review done", 60));
  pane.keys("R");
  REQUIRE(pane.waitForPattern(R"(Mistake\s+at\s+move|No\s+mistake\s+is\s+proven|proofs\s+show)"));
  CHECK(pane.last.find("Reviewing") == std::string::npos);
  CHECK(readText(pane.dir() / "game.qgn") == game);

  // A puzzle left half done: its number and symmetry go into the file and come back.
  pane.keys("q");
  REQUIRE(pane.waitForExit(10).find("exit 0") != std::string::npos);
  pane.restart();
  REQUIRE(pane.waitForStartScreen());
  pane.keys("5");
  std::smatch title;
  REQUIRE(pane.waitForPattern(R"(Puzzle [0-9]+ of [0-9]+)"));
  REQUIRE(std::regex_search(pane.last, title, std::regex(R"(Puzzle [0-9]+ of [0-9]+)")));
  const std::string puzzleTitle = title.str();
  saveAs("puzzle.qgn");
  const std::string puzzle = readText(pane.dir() / "puzzle.qgn");
  CHECK(puzzle.find("[Mode \"puzzle\"]") != std::string::npos);
  CHECK(puzzle.find("[Symmetry \"") != std::string::npos);
  // The engine's seat and its level tag agree: it defends at the top level (issue 70, 12).
  {
    const Parsed<GameRecord> read = parseRecord(puzzle);
    REQUIRE(read);
    const bool engineIsO = read.value().tag("O").rfind("Engine, level 15", 0) == 0;
    CHECK((engineIsO || read.value().tag("X").rfind("Engine, level 15", 0) == 0));
    CHECK(read.value().tag(engineIsO ? "OLevel" : "XLevel") == "15");
  }
  restartAndLoad("puzzle.qgn", puzzleTitle);
  INFO(pane.last);
  CHECK(std::regex_search(pane.last, std::regex(R"(Find\s+a\s+winning\s+move)")));

  // A survival round: O against perfect X, kept as such.
  pane.keys("q");
  REQUIRE(pane.waitForExit(10).find("exit 0") != std::string::npos);
  pane.restart();
  REQUIRE(pane.waitForStartScreen());
  pane.keys("6");
  REQUIRE(pane.waitForPattern(R"(1\. [1-4][a-d][1-4])", 30));
  saveAs("survival.qgn");
  const std::string survival = readText(pane.dir() / "survival.qgn");
  CHECK(survival.find("[Mode \"survival\"]") != std::string::npos);
  CHECK(survival.find("[X \"Engine, perfect X (the proof)\"]") != std::string::npos);
  restartAndLoad("survival.qgn", "Survival, O against perfect X");
  CHECK(pane.last.find("Engine, perfect X") != std::string::npos);
}

TMUX_TEST_CASE("at 80x24 the resume question is whole, over the kept game, and level words wrap") {
  // Issue 70, 14: the question ended "Resume it? y: yes, n:" over an empty board showing the
  // level a "no" would play; the start screen's level 14 words ended "...half its mov".
  QubicPane pane("[tui]\nhuman_side = \"x\"\nlevel = 14\n", 80, 24, true);
  REQUIRE(pane.waitForText("Engine level: 14"));
  std::string joined = std::regex_replace(pane.last, std::regex("\n +"), " ");
  CHECK(joined.find("searches in half its moves") != std::string::npos);
  pane.keys("3");  // two players, so that no engine move changes the game below
  REQUIRE(pane.waitForText("(none yet)"));
  pane.keys("1a1 2b2");
  REQUIRE(pane.waitForText("1. 1a1 2b2"));
  CHECK(waitUntil([&] { return !keptGames(pane.dir()).empty(); }, 60));
  pane.keys("C-c");
  REQUIRE(pane.waitForExit(3) == "1 0 exit 130");
  pane.restart();
  REQUIRE(pane.waitForText("n: start afresh"));
  joined = std::regex_replace(pane.last, std::regex("\n +"), " ");
  CHECK(joined.find("An unfinished game (2 moves) was kept from the last run. Resume it? y: yes, "
                    "n: start afresh") != std::string::npos);
  CHECK(pane.last.find("The kept game, as it was left:") != std::string::npos);
  CHECK(pane.last.find("1. 1a1 2b2") != std::string::npos);
  CHECK(pane.last.find("Engine, level 14") == std::string::npos);  // both seats were "You"
  // The kept game's stones are drawn: X on 1a1 (level 1, rank 1, file a), O on 2b2.
  const std::vector<std::string> rows = screenLines(pane.last);
  const auto rank1 = std::find_if(rows.begin(), rows.end(),
                                  [](const std::string& r) { return r.rfind(" 1 ", 0) == 0; });
  REQUIRE(rank1 != rows.end());
  CHECK(rank1->find("X") != std::string::npos);
  pane.keys("y");
  REQUIRE(pane.waitForText("Resumed the unfinished game: 2 moves."));
}
