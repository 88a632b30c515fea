#include <catch2/catch.hpp>

#include <algorithm>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "engine/core/enum_text.hpp"
#include "engine/core/notation.hpp"

using namespace qubic;

namespace {

const std::string kEmptyPlanes =
    "................/................/................/................";
const std::string kEmptyBoard = kEmptyPlanes + " x";

// A position string written cell by cell, bypassing positionString so that the side to
// move (and everything else) can be made inconsistent on purpose.
std::string boardString(const std::vector<std::string>& xs, const std::vector<std::string>& os,
                        char side) {
  std::string s = kEmptyPlanes;
  auto put = [&s](const std::string& token, char stone) {
    const int cell = parseMove(token).value();
    s[static_cast<std::size_t>(17 * levelOf(cell) + cell % 16)] = stone;
  };
  for (const auto& t : xs) put(t, 'x');
  for (const auto& t : os) put(t, 'o');
  return s + ' ' + side;
}

int randomEmptyCell(const Position& p, std::mt19937_64& rng) {
  Bitboard empty = p.emptyCells();
  int skip = std::uniform_int_distribution<int>(0, popcount(empty) - 1)(rng);
  while (skip-- > 0) empty &= empty - 1;
  return lowestCell(empty);
}

// Number of lines that are all X or all O when `x` holds the X cells of a full board.
int monochromeLines(Bitboard x) {
  int n = 0;
  for (int l = 0; l < kLines; ++l) {
    const int k = popcount(x & lineMask(l));
    n += k == 0 || k == 4;
  }
  return n;
}

// A full board, 32 X and 32 O, with no monochrome line: min-conflicts search that
// repeatedly recolours a cell of a monochrome line by swapping it with an opposite cell.
Bitboard drawnFullBoard(std::mt19937_64& rng) {
  for (;;) {
    std::vector<int> cells(kCells);
    for (int i = 0; i < kCells; ++i) cells[i] = i;
    std::shuffle(cells.begin(), cells.end(), rng);
    Bitboard x = 0;
    for (int i = 0; i < 32; ++i) x |= bit(cells[i]);
    for (int step = 0; step < 50000; ++step) {
      const int bad = monochromeLines(x);
      if (bad == 0) return x;
      std::vector<int> badLines;
      for (int l = 0; l < kLines; ++l)
        if (const int k = popcount(x & lineMask(l)); k == 0 || k == 4) badLines.push_back(l);
      const int line =
          badLines[std::uniform_int_distribution<std::size_t>(0, badLines.size() - 1)(rng)];
      const int a = kLineTables.cells[line][std::uniform_int_distribution<int>(0, 3)(rng)];
      Bitboard others = (x & bit(a)) ? ~x : x;
      for (int k = std::uniform_int_distribution<int>(0, 31)(rng); k > 0; --k) others &= others - 1;
      const int b = lowestCell(others);
      const Bitboard y = x ^ bit(a) ^ bit(b);
      if (monochromeLines(y) <= bad) x = y;
    }
  }
}

}  // namespace

TEST_CASE("moveToken follows <level><file><rank>") {
  CHECK(moveToken(0) == "1a1");
  CHECK(moveToken(3) == "1d1");
  CHECK(moveToken(4) == "1a2");
  CHECK(moveToken(16) == "2a1");
  CHECK(moveToken(26) == "2c3");
  CHECK(moveToken(63) == "4d4");
}

TEST_CASE("all 64 tokens and indices round-trip, case-insensitively") {
  std::set<std::string> tokens;
  for (int cell = 0; cell < kCells; ++cell) {
    const std::string token = moveToken(cell);
    tokens.insert(token);
    REQUIRE(token.size() == 3);
    CHECK(token == std::string{char('1' + levelOf(cell)), char('a' + fileOf(cell)),
                               char('1' + rankOf(cell))});

    const auto fromToken = parseMove(token);
    REQUIRE(fromToken.ok());
    CHECK(fromToken.value() == cell);
    CHECK(fromToken.error().empty());

    std::string upper = token;
    upper[1] = static_cast<char>(upper[1] - 'a' + 'A');
    const auto fromUpper = parseMove(upper);
    REQUIRE(fromUpper);
    CHECK(fromUpper.value() == cell);

    const auto fromIndex = parseMove(std::to_string(cell));
    REQUIRE(fromIndex);
    CHECK(fromIndex.value() == cell);
  }
  CHECK(tokens.size() == kCells);
}

TEST_CASE("parseMove ignores surrounding whitespace") {
  CHECK(parseMove(" 2c3").value() == 26);
  CHECK(parseMove("2C3 \t\r\n").value() == 26);
  CHECK(parseMove("\t17 ").value() == 17);
}

TEST_CASE("parseMove rejects bad tokens with a specific reason") {
  struct Case {
    std::string input, reason;
  };
  const std::vector<Case> cases = {
      {"", "empty move"},
      {"  \t", "empty move"},
      {"5a1", "level 5 is not 1-4"},
      {"0a1", "level 0 is not 1-4"},
      {"1e1", "file 'e' is not a-d"},
      {"1E1", "file 'E' is not a-d"},
      {"1a5", "rank 5 is not 1-4"},
      {"1a0", "rank 0 is not 1-4"},
      {"64", "0-63"},
      {"99", "0-63"},
      {"100", "0-63"},
      {"99999999999999999999999", "0-63"},
      {"064", "leading zeros"},
      {"00", "leading zeros"},
      {"-1", "expected <level><file><rank>"},
      {"+1", "expected <level><file><rank>"},
      {"1a", "expected <level><file><rank>"},
      {"1a11", "expected <level><file><rank>"},
      {"x", "expected <level><file><rank>"},
      {"a11", "expected <level><file><rank>"},
      {"1 a1", "expected <level><file><rank>"},
      {"1a1,", "expected <level><file><rank>"},
      {"1.1", "expected <level><file><rank>"},
  };
  for (const auto& c : cases) {
    INFO("input: \"" << c.input << '"');
    const auto result = parseMove(c.input);
    REQUIRE_FALSE(result.ok());
    CHECK_FALSE(static_cast<bool>(result));
    CHECK_THAT(result.error(), Catch::Contains(c.reason));
    // Non-empty input is echoed so the user sees what was read.
    if (c.input.find_first_not_of(" \t") != std::string::npos)
      CHECK_THAT(result.error(), Catch::StartsWith("bad move \""));
  }
  CHECK(parseMove("1e1").error() == "bad move \"1e1\": file 'e' is not a-d");
  // Unprintable bytes are shown escaped, never raw.
  CHECK_THAT(parseMove(std::string("1a\x01")).error(), Catch::Contains("\\x01"));
  CHECK_THROWS(parseMove("1e1").value());
}

TEST_CASE("lineName names a line by its end cells") {
  CHECK(lineName(0) == "1a1-1d1");
  std::set<std::string> names;
  for (int l = 0; l < kLines; ++l) {
    const std::string name = lineName(l);
    names.insert(name);
    REQUIRE(name.size() == 7);
    CHECK(parseMove(name.substr(0, 3)).value() == kLineTables.cells[l][0]);
    CHECK(parseMove(name.substr(4)).value() == kLineTables.cells[l][3]);
  }
  CHECK(names.size() == kLines);
}

TEST_CASE("the empty board's position string") {
  CHECK(positionString(Position{}) == kEmptyBoard);
  const auto parsed = parsePosition(kEmptyBoard);
  REQUIRE(parsed);
  CHECK(parsed.value() == Position{});
  CHECK(parsed.value().sideToMove() == Side::X);
}

TEST_CASE("parsePosition accepts upper case and surrounding whitespace") {
  Position p;
  for (int m : {0, 21, 42}) p.play(m);
  const std::string s = positionString(p);
  CHECK(s == "x.............../.....o........../..........x...../................ o");
  std::string upper = s;
  std::transform(upper.begin(), upper.end(), upper.begin(), [](char c) {
    return c == 'x' ? 'X' : c == 'o' ? 'O' : c;
  });
  const auto fromUpper = parsePosition(upper);
  REQUIRE(fromUpper);
  CHECK(fromUpper.value() == p);
  const auto padded = parsePosition("  \t" + s + " \r\n");
  REQUIRE(padded);
  CHECK(padded.value() == p);
}

TEST_CASE("position strings and move lists round-trip through random games") {
  std::mt19937_64 rng(20240611);
  int results[4] = {};
  for (int game = 0; game < 3000; ++game) {
    Position p;
    std::string moves;
    while (true) {
      const std::string s = positionString(p);
      const auto parsed = parsePosition(s);
      REQUIRE(parsed.ok());
      REQUIRE(parsed.value() == p);
      REQUIRE(parsed.value().status() == p.status());
      REQUIRE(positionString(parsed.value()) == s);
      if (p.isGameOver()) break;
      const int cell = randomEmptyCell(p, rng);
      p.play(cell);
      // Mix the separators and spellings playMoves must accept.
      static const char* const kSeparators[] = {" ", ", ", ",", "\t", " ,\n"};
      moves += (rng() & 1) ? moveToken(cell) : std::to_string(cell);
      moves += kSeparators[std::uniform_int_distribution<int>(0, 4)(rng)];
    }
    ++results[static_cast<int>(p.status())];
    const auto replayed = playMoves(Position{}, moves);
    REQUIRE(replayed.ok());
    REQUIRE(replayed.value() == p);
  }
  CHECK(results[static_cast<int>(Status::Ongoing)] == 0);
  CHECK(results[static_cast<int>(Status::XWins)] > 0);
  CHECK(results[static_cast<int>(Status::OWins)] > 0);
}

TEST_CASE("a drawn full board round-trips") {
  std::mt19937_64 rng(99);
  const Bitboard x = drawnFullBoard(rng);
  const Position p = Position::fromStones(x, ~x);
  REQUIRE(p.status() == Status::Draw);
  const std::string s = positionString(p);
  CHECK(s.back() == 'x');
  CHECK(std::count(s.begin(), s.end(), 'x') == 33);  // 32 stones and the side to move
  CHECK(std::count(s.begin(), s.end(), '.') == 0);
  const auto parsed = parsePosition(s);
  REQUIRE(parsed);
  CHECK(parsed.value() == p);
  CHECK(parsed.value().status() == Status::Draw);

  // The same board reached by playing it out, X and O cells alternately.
  std::string moves;
  Bitboard xs = x, os = ~x;
  while (xs) moves += moveToken(popLowest(xs)) + ' ' + moveToken(popLowest(os)) + ' ';
  const auto played = playMoves(Position{}, moves);
  REQUIRE(played);
  CHECK(played.value() == p);
  CHECK_THAT(playMoves(p, "1a1").error(),
             Catch::Contains("the game is already over (the board is full)"));
}

TEST_CASE("reachable special positions are accepted") {
  SECTION("a win by two lines through the last cell") {
    const std::string s = boardString({"1a1", "1b1", "1c1", "1d1", "1a2", "1a3", "1a4"},
                                      {"2a1", "2b2", "2c3", "3a1", "3b1", "3c1"}, 'o');
    const auto parsed = parsePosition(s);
    REQUIRE(parsed);
    CHECK(parsed.value().status() == Status::XWins);
    CHECK(parsed.value().winningCells() == (lineMask(0) | (bit(0) | bit(4) | bit(8) | bit(12))));
  }
  SECTION("an O win on a full board") {
    // Take a drawn full board and swap one X and one O stone so exactly O completes a line.
    std::mt19937_64 rng(5);
    const Bitboard x = drawnFullBoard(rng);
    bool found = false;
    for (int a = 0; a < kCells && !found; ++a)
      for (int b = 0; b < kCells && !found; ++b) {
        if (!(x & bit(a)) || (x & bit(b))) continue;
        const Bitboard y = x ^ bit(a) ^ bit(b);
        const Position p = Position::fromStones(y, ~y);
        const auto parsed = parsePosition(positionString(p));
        if (p.status() == Status::OWins && parsed) {
          CHECK(parsed.value() == p);
          found = true;
        }
      }
    CHECK(found);
  }
}

TEST_CASE("parsePosition rejects each kind of malformed input with its own message") {
  std::string shortPlane3 = kEmptyBoard;
  shortPlane3.erase(34, 1);
  std::string longPlane1 = "." + kEmptyBoard;
  std::string badChar = kEmptyBoard;
  badChar[17 + 4] = 'q';
  std::string nulChar = kEmptyBoard;
  nulChar[17 * 3 + 15] = '\0';
  std::string slashesInPlane2 = kEmptyBoard;
  slashesInPlane2[17 + 4] = slashesInPlane2[17 + 9] = '/';

  struct Case {
    std::string input;
    std::vector<std::string> mentions;
  };
  const std::vector<Case> cases = {
      {"", {"empty position string"}},
      {" \t\n", {"empty position string"}},
      {kEmptyPlanes, {"missing the side to move"}},
      {kEmptyBoard + " junk", {"unexpected text after the side to move", "\"junk\""}},
      {kEmptyPlanes + " x o", {"unexpected text after the side to move", "\"o\""}},
      {kEmptyPlanes + " ? x", {"expected two fields", "found 3"}},
      {kEmptyPlanes + "  x", {"exactly one space"}},
      {kEmptyPlanes + "\tx", {"exactly one space"}},
      {"................/................/................ x", {"4 planes", "found 3"}},
      {kEmptyPlanes + "/................ x", {"4 planes", "found 5"}},
      {slashesInPlane2, {"4 planes", "found 6"}},
      {shortPlane3, {"plane 3 has 15 characters"}},
      {longPlane1, {"plane 1 has 17 characters"}},
      {badChar, {"plane 2, character 5", "cell 2a2", "'q'"}},
      {nulChar, {"plane 4, character 16", "cell 4d4", "\\x00"}},
      {kEmptyPlanes + " z", {"side to move", "\"z\"", "expected x or o"}},
      {kEmptyPlanes + " xo", {"side to move", "\"xo\""}},
      {boardString({"1a1", "1b1", "1c1"}, {"2a1"}, 'o'),
       {"X has 3 stones and O has 1 stone", "as many stones as O or one more"}},
      {boardString({}, {"2a1"}, 'x'), {"X has 0 stones and O has 1"}},
      {kEmptyPlanes + " o", {"the side to move is O", "X has 0 stones and O has 0", "X's turn"}},
      {boardString({"1a1"}, {}, 'x'),
       {"the side to move is X", "X has 1 stone and O has 0", "O's turn"}},
      {boardString({"1a1", "1b1", "1c1", "1d1", "4d4"}, {"2a1", "2b1", "2c1", "2d1"}, 'o'),
       {"both X and O", "1a1-1d1", "2a1-2d1"}},
      {boardString({"1a1", "1b1", "1c1", "1d1"}, {"2a1", "2b2", "3c1", "4d4"}, 'x'),
       {"X has four in a line (1a1-1d1)", "O moved last"}},
      {boardString({"1a1", "2b2", "3c1", "4d4", "4a4"}, {"2a1", "2b1", "2c1", "2d1"}, 'o'),
       {"O has four in a line (2a1-2d1)", "X moved last"}},
      {boardString({"1a1", "1b1", "1c1", "1d1", "1a2", "1b2", "1c2", "1d2"},
                   {"3a1", "3b2", "3c3", "4a1", "4b1", "4c1", "4d2"}, 'o'),
       {"X's completed lines", "1a1-1d1", "1a2-1d2", "no cell in common"}},
      // Three lines of level 1 meeting pairwise (1a1, 1d1, 1a4) but with no common cell.
      {boardString({"1a1", "1b1", "1c1", "1d1", "1a2", "1a3", "1a4", "1c2", "1b3"},
                   {"3a1", "3b2", "3c3", "4a1", "4b1", "4c1", "4d2", "4a3"}, 'o'),
       {"X's completed lines", "1a1-1d1", "1a1-1a4", "1a4-1d1", "no cell in common"}},
  };
  std::set<std::string> messages;
  for (const auto& c : cases) {
    INFO("input: \"" << c.input << '"');
    const auto result = parsePosition(c.input);
    REQUIRE_FALSE(result.ok());
    INFO("error: " << result.error());
    for (const auto& m : c.mentions) CHECK_THAT(result.error(), Catch::Contains(m));
    messages.insert(result.error());
  }
  // Inputs differing only in whitespace share a message; every other case has its own.
  CHECK(messages.size() == cases.size() - 2);
}

TEST_CASE("parsePosition never crashes on mangled input") {
  // Random edits of valid strings; every result is either a clean error or a position
  // whose canonical string reads back to the same position.
  std::mt19937_64 rng(3);
  const std::string alphabet = std::string("xo.XO/ \t?z1") + '\0';
  int accepted = 0, rejected = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    Position p;
    for (int n = std::uniform_int_distribution<int>(0, 20)(rng); n > 0 && !p.isGameOver(); --n)
      p.play(randomEmptyCell(p, rng));
    std::string s = positionString(p);
    for (int edits = std::uniform_int_distribution<int>(1, 3)(rng); edits > 0; --edits) {
      const std::size_t at = std::uniform_int_distribution<std::size_t>(0, s.size())(rng);
      const char c =
          alphabet[std::uniform_int_distribution<std::size_t>(0, alphabet.size() - 1)(rng)];
      switch (std::uniform_int_distribution<int>(0, 2)(rng)) {
        case 0:
          s.insert(at, 1, c);
          break;
        case 1:
          if (at < s.size()) s.erase(at, 1);
          break;
        default:
          if (at < s.size()) s[at] = c;
          break;
      }
    }
    const auto result = parsePosition(s);
    if (result) {
      ++accepted;
      const auto again = parsePosition(positionString(result.value()));
      REQUIRE(again);
      REQUIRE(again.value() == result.value());
    } else {
      ++rejected;
      REQUIRE_FALSE(result.error().empty());
    }
  }
  CHECK(accepted > 0);
  CHECK(rejected > 0);
}

TEST_CASE("playMoves refuses an empty item between commas, and a leading comma (issue 18 M1)") {
  CHECK(playMoves(Position{}, "1a1,,2b2").error() == "move 2: an empty item between commas");
  CHECK(playMoves(Position{}, "1a1, ,2b2").error() == "move 2: an empty item between commas");
  CHECK(playMoves(Position{}, ",1a1").error() == "move 1: an empty item between commas");
  CHECK(playMoves(Position{}, "1a1, 2b2,").ok());  // trailing commas end the list
  CHECK(playMoves(Position{}, "1a1,,").ok());
  CHECK(playMoves(Position{}, "1a1 ,\n 2b2").ok());
}

TEST_CASE("playMoves plays from a start position") {
  const auto a = playMoves(Position{}, "1a1, 2b2 3c3,4d4");
  REQUIRE(a);
  CHECK(a.value().stones(Side::X) == (bit(0) | bit(42)));
  CHECK(a.value().stones(Side::O) == (bit(21) | bit(63)));

  const auto b = playMoves(a.value(), " 1 ,  17 ");
  REQUIRE(b);
  CHECK(b.value().stones(Side::X) == (bit(0) | bit(42) | bit(1)));
  CHECK(b.value().stones(Side::O) == (bit(21) | bit(63) | bit(17)));

  CHECK(playMoves(a.value(), "").value() == a.value());
  CHECK(playMoves(a.value(), " ,, \n").value() == a.value());
}

TEST_CASE("playMoves names the failing move") {
  CHECK(playMoves(Position{}, "1a1 2b2 1a1").error() ==
        "move 3 (1a1): cell 1a1 is already occupied");
  CHECK(playMoves(Position{}, "0, 0").error() == "move 2 (0): cell 1a1 is already occupied");
  CHECK(playMoves(Position{}, "1a1 1e1").error() == "move 2 (1e1): file 'e' is not a-d");
  CHECK(playMoves(Position{}, "1a1 64").error() == "move 2 (64): an index must be 0-63");
  CHECK(playMoves(Position{}, "1a1;2a1").error() ==
        "move 1 (1a1;2a1): expected <level><file><rank> such as 2c3, or an index 0-63");
  const char* win = "1a1 2a1 1b1 2b1 1c1 2c1 1d1";
  REQUIRE(playMoves(Position{}, win).value().status() == Status::XWins);
  CHECK(playMoves(Position{}, std::string(win) + " 4d4").error() ==
        "move 8 (4d4): the game is already over (X has won)");
  // The start position counts too: move numbers are 1-based within the list.
  const Position won = playMoves(Position{}, win).value();
  CHECK(playMoves(won, "2d1").error() == "move 1 (2d1): the game is already over (X has won)");
}

TEST_CASE("boardDiagram draws each stone in its place") {
  // X on 1a1 and 3b2, O on 2d4 and 4c3.
  const Position p = playMoves(Position{}, "1a1 2d4 3b2 4c3").value();
  const std::string expected =
      "  level 1    level 2    level 3    level 4\n"
      "4 . . . .  4 . . . o  4 . . . .  4 . . . .\n"
      "3 . . . .  3 . . . .  3 . . . .  3 . . o .\n"
      "2 . . . .  2 . . . .  2 . x . .  2 . . . .\n"
      "1 x . . .  1 . . . .  1 . . . .  1 . . . .\n"
      "  a b c d    a b c d    a b c d    a b c d\n"
      "position x.............../...............o/.....x........../..........o..... x\n"
      "X to move, 4 stones on the board\n";
  CHECK(boardDiagram(p) == expected);
}

TEST_CASE("boardDiagram matches the position on random games and shows the result") {
  std::mt19937_64 rng(11);
  for (int game = 0; game < 200; ++game) {
    Position p;
    for (int n = std::uniform_int_distribution<int>(0, 64)(rng); n > 0 && !p.isGameOver(); --n)
      p.play(randomEmptyCell(p, rng));
    std::istringstream in(boardDiagram(p));
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    REQUIRE(lines.size() == 8);
    CHECK(lines[6] == "position " + positionString(p));
    const Bitboard winning = p.winningCells();
    for (int cell = 0; cell < kCells; ++cell) {
      const std::string& row = lines[static_cast<std::size_t>(1 + (3 - rankOf(cell)))];
      const char shown =
          row.at(static_cast<std::size_t>(11 * levelOf(cell) + 2 + 2 * fileOf(cell)));
      char want = (p.stones(Side::X) & bit(cell))   ? 'x'
                  : (p.stones(Side::O) & bit(cell)) ? 'o'
                                                    : '.';
      if (winning & bit(cell)) want = static_cast<char>(want - 'a' + 'A');
      REQUIRE(shown == want);
    }
    switch (p.status()) {
      case Status::Ongoing:
        CHECK_THAT(lines[7], Catch::EndsWith("stones on the board"));
        break;
      case Status::XWins:
        CHECK_THAT(lines[7], Catch::StartsWith("X has won: "));
        break;
      case Status::OWins:
        CHECK_THAT(lines[7], Catch::StartsWith("O has won: "));
        break;
      case Status::Draw:
        CHECK_THAT(lines[7], Catch::StartsWith("draw"));
        break;
    }
  }
  const Position won = playMoves(Position{}, "1a1 2a1 1b1 2b1 1c1 2c1 1d1").value();
  const std::string diagram = boardDiagram(won);
  CHECK_THAT(diagram, Catch::Contains("1 X X X X  1 o o o .  1 . . . .  1 . . . .\n"));
  CHECK_THAT(diagram, Catch::EndsWith("X has won: 1a1-1d1\n"));
}

TEST_CASE("an enum's text table: looked up by value, and checked to name every value") {
  enum class Colour : std::uint8_t { Red, Green, Blue };
  constexpr EnumText<Colour> kAll[] = {
      {Colour::Red, "red"}, {Colour::Green, "green"}, {Colour::Blue, "blue"}};
  static_assert(namesEvery(kAll, Colour::Blue));
  CHECK(textOf(kAll, Colour::Green) == "green");
  // A table missing the last value, one out of order, one with a value twice: refused.
  constexpr EnumText<Colour> kShort[] = {{Colour::Red, "red"}, {Colour::Green, "green"}};
  constexpr EnumText<Colour> kSwapped[] = {
      {Colour::Green, "green"}, {Colour::Red, "red"}, {Colour::Blue, "blue"}};
  constexpr EnumText<Colour> kTwice[] = {
      {Colour::Red, "red"}, {Colour::Red, "rot"}, {Colour::Blue, "blue"}};
  CHECK_FALSE(namesEvery(kShort, Colour::Blue));
  CHECK_FALSE(namesEvery(kSwapped, Colour::Blue));
  CHECK_FALSE(namesEvery(kTwice, Colour::Blue));
  // A partial table gives the fallback for the values it does not name.
  CHECK(textOf(kShort, Colour::Blue, "other") == "other");
  CHECK(textOf(kShort, Colour::Blue).empty());
}
