#include <catch2/catch.hpp>

#include "engine/core/notation.hpp"
#include "engine/core/record.hpp"

using namespace qubic;

namespace {

int cell(const char* token) { return parseMove(token).value(); }

GameRecord sampleGame() {
  GameRecord r;
  r.setTag("Event", "Casual game");
  r.setTag("Date", "2024.05.01");
  r.setTag("X", "Human");
  r.setTag("O", "qubic level 7");
  for (const char* t : {"1a1", "2b2", "1a2", "3c3", "1a3", "4d4"}) r.addMove(cell(t));
  r.comments[1] = "takes the cell on the most open lines";
  r.addMove(cell("1a4"), "completes a line at 1a4");
  r.result = resultOf(r.finalPosition());
  return r;
}

void checkSame(const GameRecord& a, const GameRecord& b) {
  REQUIRE(a.tags.size() == b.tags.size());
  for (std::size_t i = 0; i < a.tags.size(); ++i) {
    CHECK(a.tags[i].name == b.tags[i].name);
    CHECK(a.tags[i].value == b.tags[i].value);
  }
  CHECK(a.start == b.start);
  CHECK(a.moves == b.moves);
  CHECK(a.comments == b.comments);
  CHECK(a.result == b.result);
}

std::string errorOf(std::string_view text) {
  const auto parsed = parseRecord(text);
  REQUIRE_FALSE(parsed.ok());
  return parsed.error();
}

}  // namespace

TEST_CASE("result tokens and the result a position shows") {
  CHECK(resultToken(GameResult::XWins) == "1-0");
  CHECK(resultToken(GameResult::OWins) == "0-1");
  CHECK(resultToken(GameResult::Draw) == "1/2-1/2");
  CHECK(resultToken(GameResult::Unfinished) == "*");
  CHECK(resultOf(Position{}) == GameResult::Unfinished);
  CHECK(resultOf(sampleGame().finalPosition()) == GameResult::XWins);
}

TEST_CASE("a record is written in the documented layout") {
  const std::string text = recordToString(sampleGame());
  CHECK(text ==
        "[Event \"Casual game\"]\n[Date \"2024.05.01\"]\n[X \"Human\"]\n[O \"qubic level "
        "7\"]\n[Result \"1-0\"]\n\n"
        "1. 1a1 2b2 {takes the cell on the most open lines} 2. 1a2 3c3 3. 1a3 4d4 4. 1a4\n"
        "{completes a line at 1a4} 1-0\n");
}

TEST_CASE("records survive a round trip") {
  SECTION("a finished game with comments") {
    const GameRecord r = sampleGame();
    const auto back = parseRecord(recordToString(r));
    REQUIRE(back.ok());
    checkSame(r, back.value());
  }
  SECTION("an unfinished game from a set-up position, O to move first, with awkward tag text") {
    GameRecord r;
    r.start = parsePosition("x.............../................/................/................ o")
                  .value();
    r.setTag("Note", "quotes \" and \\ backslashes");
    r.addMove(cell("2b2"));
    r.addMove(cell("3c3"));
    const std::string text = recordToString(r);
    CHECK(text.find("1... 2b2 2. 3c3 *") != std::string::npos);
    const auto back = parseRecord(text);
    REQUIRE(back.ok());
    checkSame(r, back.value());
  }
  SECTION("an empty game") {
    const auto back = parseRecord(recordToString(GameRecord{}));
    REQUIRE(back.ok());
    CHECK(back.value().moves.empty());
    CHECK(back.value().result == GameResult::Unfinished);
  }
  SECTION("long games wrap at 79 columns") {
    GameRecord r;
    Position p;
    for (int c = 0; c < kCells && !p.isGameOver(); ++c)
      if (!p.completesLine(c, p.sideToMove()) && p.moveCount() < 30) {
        p.play(c);
        r.addMove(c);
      }
    const std::string text = recordToString(r);
    for (std::size_t begin = 0, end; (end = text.find('\n', begin)) != std::string::npos;
         begin = end + 1)
      CHECK(end - begin <= 79);
    REQUIRE(parseRecord(text).ok());
    CHECK(parseRecord(text).value().moves == r.moves);
  }
}

TEST_CASE("reading is lenient about layout") {
  const auto parsed = parseRecord("  [X   \"a\"]  [O \"b\"]\n1a1 2B2\n{note} 1a2,\n\n 7. 3c3 *");
  // The comma is part of the token "1a2,", which is not a move.
  REQUIRE_FALSE(parsed.ok());
  const auto fine = parseRecord("  [X   \"a\"]  [O \"b\"]\n1a1 2B2 {note}\n 1a2 17. 3c3 9... 63 *");
  REQUIRE(fine.ok());
  CHECK(fine.value().moves ==
        std::vector<int>{cell("1a1"), cell("2b2"), cell("1a2"), cell("3c3"), 63});
  CHECK(fine.value().comments[1] == "note");
  CHECK(fine.value().tag("O") == "b");
  CHECK(fine.value().tag("Missing").empty());
  const auto noTerminator = parseRecord("[Result \"*\"]\n1a1");
  REQUIRE(noTerminator.ok());
  CHECK(noTerminator.value().moves.size() == 1);
}

TEST_CASE("malformed records give a precise message") {
  CHECK(errorOf("") == "no game found: the text is empty");
  CHECK(errorOf("[X \"a\"\n1a1 *") == "line 1: malformed tag: expected [Name \"value\"]");
  CHECK(errorOf("[X a]\n*") == "line 1: malformed tag: expected [Name \"value\"]");
  CHECK(errorOf("[X \"a]\n*") == "line 1: tag X: the value has no closing quote");
  CHECK(errorOf("[X \"a\"]\n[X \"b\"]\n*") == "line 2: tag X appears twice");
  CHECK(errorOf("[Result \"2-0\"]\n*") ==
        "line 1: unknown result \"2-0\" (expected 1-0, 0-1, 1/2-1/2 or *)");
  CHECK(errorOf("\n\n1a1 2b2 1a1 *") == "line 3: move 3 (1a1): cell 1a1 is already occupied");
  CHECK(errorOf("1a1\n5a1 *").rfind("line 2: move 2 (5a1): bad move", 0) == 0);
  CHECK(errorOf("1a1 2a1 1a2 2a2 1a3 2a3 1a4 2a4 1-0") ==
        "line 1: move 8 (2a4): the game is already over");
  CHECK(errorOf("[Result \"1-0\"]\n1a1 0-1") ==
        "line 2: the moves end with 0-1 but the Result tag says 1-0");
  CHECK(errorOf("1a1 2a1 1a2 2a2 1a3 2a3 1a4 0-1") ==
        "line 1: the result 0-1 does not match the moves, which end in 1-0");
  CHECK(errorOf("1a1 {unclosed") == "line 1: comment has no closing '}'");
  CHECK(errorOf("1a1 * 2b2") ==
        "line 1: unexpected text after the end of the game (one game per file)");
  CHECK(errorOf("[Position \"xx\"]\n*").rfind("line 1: tag Position: ", 0) == 0);
}

TEST_CASE("several games in one text") {
  const std::string two = recordToString(sampleGame()) + "\n" + recordToString(GameRecord{});
  const auto games = parseRecords(two);
  REQUIRE(games.ok());
  REQUIRE(games.value().size() == 2);
  CHECK(games.value()[0].moves.size() == 7);
  CHECK(games.value()[1].moves.empty());
  REQUIRE(parseRecords("").ok());
  CHECK(parseRecords("  \n").value().empty());
  const auto bad = parseRecords(recordToString(sampleGame()) + "[X \"b\"]\n1a1 1a1 *");
  REQUIRE_FALSE(bad.ok());
  CHECK(bad.error() == "game 2, line 10: move 2 (1a1): cell 1a1 is already occupied");
}

TEST_CASE(
    "M5: bytes an engine sent that are not UTF-8 or are control characters never reach the file "
    "raw") {
  GameRecord record;
  record.setTag("Event", "bad \xff\xfe bytes\x01 and \xc3\x28 and caf\xc3\xa9");
  record.addMove(0, "engine said \xed\xa0\x80 } \x1b[31m");
  const std::string text = recordToString(record);
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    CHECK((c >= 0x20 || c == '\n'));
    CHECK(c != 0x7f);
    CHECK(c != 0xff);
  }
  CHECK(text.find("caf\xc3\xa9") != std::string::npos);  // valid UTF-8 is kept
  CHECK(text.find("bad \xef\xbf\xbd\xef\xbf\xbd bytes") !=
        std::string::npos);  // broken bytes become U+FFFD
  const Parsed<std::vector<GameRecord>> back = parseRecords(text);
  REQUIRE(back);
  REQUIRE(back.value().size() == 1);
}

TEST_CASE("a record with thousands of tags is refused at once, and tags are read in linear time") {
  // Issue 53 (9): 78 000 tags took 13.5 s, each checked against all those before it.
  std::string many;
  for (std::size_t i = 0; i <= kMaxRecordTags; ++i) many += "[T" + std::to_string(i) + " \"v\"]\n";
  const Parsed<GameRecord> refused = parseRecord(many + "\n1a1 *\n");
  REQUIRE_FALSE(refused);
  CHECK(refused.error() ==
        "line " + std::to_string(kMaxRecordTags + 1) + ": more than 1000 tags in one game");
  // As many as allowed are read, and a name used twice is still caught among them.
  const std::size_t cut = many.rfind("[T");
  const Parsed<GameRecord> most = parseRecord(many.substr(0, cut) + "\n1a1 *\n");
  REQUIRE(most);
  CHECK(most.value().tags.size() == kMaxRecordTags);
  const std::size_t last = many.rfind("[T", cut - 1);  // the 1000th tag, T999, becomes T5
  const Parsed<GameRecord> twice = parseRecord(many.substr(0, last) + "[T5 \"w\"]\n\n1a1 *\n");
  REQUIRE_FALSE(twice);
  CHECK(twice.error().find("tag T5 appears twice") != std::string::npos);
}
