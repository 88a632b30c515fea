// End-to-end tests of `qubic` in tmux (tests/tmux_pane.hpp): another UGI engine in the engine's
// seat: a whole game, a crash, a hang, an illegal move.
#include <catch2/catch.hpp>

#include "tmux_pane.hpp"

using namespace qubic;
using namespace qubic::tmux_test;

TMUX_TEST_CASE("another UGI engine in the engine's seat: a whole game, named in the record") {
  // Issue 55 (11): the game spoke only to our engine in-process.
  QubicPane pane("[tui]\nhuman_side = \"x\"\nmove_time_ms = 100\n", 100, 30, false, {},
                 " --engine '" + std::string(QUBIC_BIN_DIR) +
                     "/qubic-engine' --engine-option Level=0 --engine-option Seed=3");
  REQUIRE(pane.waitForText("Your move"));
  // Issue 84, 11: the level keys claimed a level the other program never got.
  pane.keys("+");
  REQUIRE(pane.waitForText("our levels do not apply to it"));
  CHECK(pane.last.find("+- level") == std::string::npos);  // nor does the key bar offer them
  playXToTheEnd(pane);
  INFO(pane.last);
  REQUIRE(pane.waitForPattern(R"([XO] wins with the line|Draw: the cube is full)"));
  CHECK(pane.last.find("O  Qubic 0.1.0") != std::string::npos);  // its "id name"
  pane.keys("w C-u");
  REQUIRE(pane.waitForText("Save game to"));
  pane.keys("-l external.qgn");
  pane.keys("Enter");
  REQUIRE(pane.waitForText("Saved to external.qgn"));
  const Parsed<GameRecord> record = parseRecord(readText(pane.dir() / "external.qgn"));
  REQUIRE(record.ok());
  CHECK(record.value().tag("O") == "Qubic 0.1.0");
  CHECK(record.value().tag("X") == "You");
  CHECK(record.value().result != GameResult::Unfinished);
  CHECK(record.value().result == resultOf(record.value().finalPosition()));
}

TMUX_TEST_CASE("the start screen says which engine plays when it is another one") {
  QubicPane pane("", 100, 30, true, {},
                 " --engine '" + std::string(QUBIC_BIN_DIR) + "/qubic-engine'");
  REQUIRE(pane.waitForStartScreen());
  CHECK(pane.last.find("Engine: " + std::string(QUBIC_BIN_DIR) + "/qubic-engine (--engine)") !=
        std::string::npos);
}

TMUX_TEST_CASE(
    "an external engine that crashes, hangs or plays an illegal move loses, said and kept") {
  const std::vector<std::pair<std::string, std::string>> cases = {{"crash 2", "crash"},
                                                                  {"hang 1", "time forfeit"},
                                                                  {"illegal 1", "illegal move"},
                                                                  {"garbage 1", "garbled output"}};
  for (const auto& [mode, termination] : cases) {
    INFO(mode);
    QubicPane pane("[tui]\nhuman_side = \"x\"\nmove_time_ms = 200\n", 100, 30, false, {},
                   " --engine '" + std::string(QUBIC_BROKEN_ENGINE) + " " + mode + "'");
    REQUIRE(pane.waitForText("Your move"));
    pane.keys("2b2");
    if (mode == "crash 2") {
      // "Your move" is on the screen until 2b2 is taken: under load, 3c3 typed on seeing it
      // came during the engine's turn and was not a move. Its reply comes first.
      REQUIRE(pane.waitForText("Engine (O) played", 10));
      REQUIRE(pane.waitForText("Your move", 10));
      pane.keys("3c3");
    }
    REQUIRE(pane.waitForPattern("O loses \\(" + termination, 15));
    CHECK(pane.alive());
    pane.keys("w C-u");
    REQUIRE(pane.waitForText("Save game to"));
    pane.keys("-l lost.qgn");
    pane.keys("Enter");
    REQUIRE(pane.waitForText("Saved to lost.qgn"));
    const std::string text = readText(pane.dir() / "lost.qgn");
    CHECK(text.find("[Result \"1-0\"]") != std::string::npos);
    CHECK(text.find("[Termination \"" + termination + "\"]") != std::string::npos);
    CHECK(keptGames(pane.dir()).empty());  // a lost game is not kept as unfinished
  }
}
