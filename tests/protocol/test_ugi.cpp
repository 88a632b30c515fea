// Transcript tests of the UGI protocol: scripted sessions in, exact replies out.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "engine/core/notation.hpp"
#include "engine/play/bench_signature.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/level_words.hpp"
#include "engine/play/timeman.hpp"
#include "protocol/player_searcher.hpp"
#include "protocol/ugi_commands.hpp"
#include "protocol/ugi_options.hpp"
#include "ugi_test_support.hpp"

using namespace qubic;
using qubic::testing::isError;
using qubic::testing::Transcript;
using Lines = std::vector<std::string>;

namespace {

const std::string kDrawnBoard =
    "oxoxxoxxooxooxxo/ooxxxxooxxoxoxxo/xoooooxxooxxoxox/xooxoxxoxooxxoox x";

// The replies of a finished search with the fake searcher, whose move is `move`.
Lines searchReplies(const std::string& move) {
  return {"info depth 1 time 500 nodes 1000 nps 2000 score cp 12 pv " + move,
          "info depth 3 time 500 nodes 1000 nps 2000 score cp 12 pv " + move,
          "info string reason: takes the lowest free cell", "bestmove " + move};
}

}  // namespace

TEST_CASE("ugi lists identity, every option with its range, then ugiok") {
  Transcript t;
  const Lines replies = t.send("ugi");
  REQUIRE(replies.size() == 16);
  CHECK_THAT(replies[0], Catch::StartsWith("id name Qubic "));
  CHECK_THAT(replies[1], Catch::StartsWith("id author "));
  const Lines options(replies.begin() + 2, replies.end());
  CHECK(options ==
        Lines{
            "option name Level type spin default 15 min 0 max 15",
            "option name Hash type spin default 64 min 1 max 16384",
            "option name Threads type spin default 1 min 1 max 64",
            "option name MoveOverhead type spin default 10 min 0 max 5000",
            "option name UseSolution type check default true",
            "option name SolutionFile type string default <empty>",
            "option name Seed type spin default 0 min 0 max 9223372036854775807",
            "option name Explain type check default true",
            "option name ProvenCache type check default false",
            "option name MultiPV type spin default 1 min 1 max 64",
            "option name LimitStrength type check default false",
            "option name Elo type spin default 500 min 0 max " + std::to_string(kMaxElo),
            "option name Reference type combo default none var none var random var greedy",
            "ugiok",
        });
  CHECK(t.send("isready") == Lines{"readyok"});
}

TEST_CASE("option defaults come from the configuration") {
  Settings settings;
  settings.engine.level = 3;
  settings.engine.explain = false;
  settings.engine.solutionFile = "my.book";
  Transcript t(settings);
  CHECK(t.searcher.applied.level == 3);  // applied at start, before any setoption
  const Lines replies = t.send("ugi");
  CHECK(replies[2] == "option name Level type spin default 3 min 0 max 15");
  CHECK(replies[7] == "option name SolutionFile type string default my.book");
  CHECK(replies[9] == "option name Explain type check default false");
}

TEST_CASE("setoption changes the settings and the searcher, or nothing") {
  Transcript t;
  CHECK(t.send("setoption name Level value 4").empty());
  CHECK(t.searcher.applied.level == 4);
  CHECK(t.send("setoption name level value 5").empty());  // names are case-insensitive
  CHECK(t.session.settings().engine.level == 5);
  CHECK(t.send("setoption name Explain value FALSE").empty());
  CHECK_FALSE(t.session.settings().engine.explain);
  CHECK(t.send("setoption name SolutionFile value books/my book.bin").empty());
  CHECK(t.session.settings().engine.solutionFile == "books/my book.bin");
  CHECK(t.send("setoption name SolutionFile value <empty>").empty());
  CHECK(t.session.settings().engine.solutionFile.empty());
  CHECK(t.send("setoption name MoveOverhead value 0").empty());
  CHECK(t.session.settings().engine.moveOverheadMs == 0);
  CHECK(t.send("setoption name MultiPV value 3").empty());
  CHECK(t.session.settings().engine.multiPv == 3);
  t.send("go depth 1");
  CHECK(t.searcher.jobs.back().limits.multiPv == 3);  // each search ranks that many moves
  t.send("stop");

  CHECK(t.send("setoption name Level value 16") ==
        Lines{"info string error: setoption Level: engine.level must be an integer from 0 to 15, "
              "got \"16\" (the levels were 0-17 before 2026-11-27; 15 is the top now)"});
  CHECK(t.send("setoption name Hash value lots") ==
        Lines{"info string error: setoption Hash: engine.hash_mb must be an integer from 1 to "
              "16384, got \"lots\""});
  CHECK(t.send("setoption name Explain value yes") ==
        Lines{"info string error: setoption Explain: engine.explain must be true or false, got "
              "\"yes\""});
  CHECK(t.send("setoption name Level") == Lines{"info string error: setoption Level: engine.level "
                                                "must be an integer from 0 to 15, got \"\""});
  CHECK(t.send("setoption name Colour value red") ==
        Lines{"info string error: setoption: unknown option \"Colour\"; the options are Level, "
              "Hash, Threads, "
              "MoveOverhead, UseSolution, SolutionFile, Seed, Explain, ProvenCache, MultiPV, "
              "LimitStrength, Elo, Reference"});
  CHECK(t.send("setoption Level 3") ==
        Lines{"info string error: setoption: expected setoption name <option> value <value>"});
  CHECK(t.send("setoption name value 3") ==
        Lines{"info string error: setoption: the option name is missing before value"});
  CHECK(t.session.settings().engine.level == 5);

  t.searcher.failConfigure = "cannot allocate 16000 MB for the hash table";
  CHECK(t.send("setoption name Hash value 16000") ==
        Lines{"info string error: setoption Hash: cannot allocate 16000 MB for the hash table"});
  CHECK(t.session.settings().engine.hashMb == 64);
}

TEST_CASE("behind the web bridge no option names a file, and the error says nothing of it") {
  // Issue 68, 4: SolutionFile errors told a page which of the server's files exist.
  Transcript t;
  t.session.refuseFileOptions();
  const Lines refused = t.send("setoption name SolutionFile value /etc/passwd");
  REQUIRE(refused.size() == 1);
  CHECK_THAT(refused[0], Catch::StartsWith("info string error: setoption SolutionFile: not "
                                           "behind the web bridge"));
  CHECK_THAT(refused[0], !Catch::Contains("passwd"));
  CHECK(t.session.settings().engine.solutionFile.empty());
  CHECK(t.send("setoption name Level value 4").empty());  // the other options as ever
}

TEST_CASE("an option the build lacks is neither listed nor taken") {
  // Issue 69: the engine in a page has no threads and no home for the store of proven
  // values; it advertised Threads up to 64 and ProvenCache all the same.
  Transcript t;
  t.session.omitOption("threads", "one thread here");
  const Lines listed = t.send("ugi");
  CHECK(std::none_of(listed.begin(), listed.end(),
                     [](const std::string& l) { return l.rfind("option name Threads ", 0) == 0; }));
  CHECK(std::any_of(listed.begin(), listed.end(),
                    [](const std::string& l) { return l.rfind("option name Hash ", 0) == 0; }));
  const int before = t.session.settings().engine.threads;
  const Lines refused = t.send("setoption name Threads value 4");
  REQUIRE(refused.size() == 1);
  CHECK(refused[0] == "info string error: setoption Threads: not in this build (one thread here)");
  CHECK(t.session.settings().engine.threads == before);
}

TEST_CASE("setoption values with control bytes are refused and long values are cut in errors") {
  // Issue 42 (9): a 10 MB value came back as a 10 MB error line, ESC bytes passed
  // through, and a NUL in SolutionFile was accepted (and printed by ugi).
  Transcript t;
  const Lines nul = t.send(std::string("setoption name SolutionFile value a") + '\0' + "b");
  REQUIRE(nul.size() == 1);
  CHECK(nul[0] ==
        "info string error: setoption SolutionFile: the value \"a\\x00b\" has control characters");
  CHECK(t.session.settings().engine.solutionFile != std::string("a\0b", 3));
  const Lines esc = t.send("setoption name Level value \x1b[31m5");
  REQUIRE(esc.size() == 1);
  CHECK(esc[0].find('\x1b') == std::string::npos);
  const Lines huge = t.send("setoption name Level value " + std::string(10'000'000, '7'));
  REQUIRE(huge.size() == 1);
  CHECK(huge[0].size() < 500);
  CHECK(t.session.settings().engine.level == Settings{}.engine.level);
}

TEST_CASE("a session typed by hand behaves as the specification says") {
  Transcript t;
  CHECK(t.send("ugi").back() == "ugiok");
  CHECK(t.send("isready") == Lines{"readyok"});
  CHECK(t.send("position startpos moves 1a1").empty());
  CHECK(t.send("go movetime 500") == searchReplies("1b1"));
  CHECK(t.searcher.jobs.back().limits.moveTime ==
        std::chrono::milliseconds(490));  // minus MoveOverhead
  CHECK(t.send("query result") == Lines{"response none"});
  CHECK(t.send("query gameover") == Lines{"response false"});
  CHECK(t.send("query p1turn") == Lines{"response false"});
}

TEST_CASE("position takes startpos or fen with moves, tokens or indices") {
  Transcript t;
  CHECK(t.send("position startpos").empty());
  CHECK(t.session.position() == Position{});
  CHECK(t.send("position startpos moves 1a1 63 2c3").empty());
  CHECK(positionString(t.session.position()) ==
        "x.............../..........x...../................/...............o o");
  CHECK(t.send("position fen x.............../................/................/...............o x "
               "moves 2c3")
            .empty());
  CHECK(positionString(t.session.position()) ==
        "x.............../..........x...../................/...............o o");
  CHECK(t.send("POSITION FEN X.............../................/................/................ o")
            .empty());
  CHECK(t.session.position().moveCount() == 1);
  CHECK(t.send("position startpos moves").empty());
  CHECK(t.session.position() == Position{});
}

TEST_CASE("a bad position command leaves the previous position in place") {
  Transcript t;
  REQUIRE(t.send("position startpos moves 1a1 1b1").empty());
  const Position before = t.session.position();
  CHECK(t.send("position startpos moves 1a1 2b2 1a1") ==
        Lines{"info string error: position: move 3 (1a1): cell 1a1 is already occupied"});
  CHECK(t.send("position startpos moves 5a1") ==
        Lines{"info string error: position: move 1 (5a1): level 5 is not 1-4"});
  CHECK(t.send("position") ==
        Lines{"info string error: position: expected startpos or fen <position string>"});
  CHECK(t.send("position start") ==
        Lines{"info string error: position: expected startpos or fen, got \"start\""});
  CHECK(t.send("position startpos 1a1") ==
        Lines{"info string error: position: expected moves after startpos, got \"1a1\""});
  CHECK(t.send("position fen moves 1a1") ==
        Lines{"info string error: position: fen needs a position string (four planes joined by "
              "'/', a space, x or o)"});
  CHECK(t.send("position fen ..../..../..../.... x") ==
        Lines{"info string error: position: bad position string: plane 1 has 4 characters, "
              "expected 16"});
  CHECK(t.send(
            "position fen x.............../................/................/................ x") ==
        Lines{"info string error: position: bad position string: " +
              parsePosition("x.............../................/................/................ x")
                  .error()});
  CHECK(t.session.position() == before);
}

TEST_CASE("the queries report the game's state exactly") {
  Transcript t;
  CHECK(t.send("query gameover") == Lines{"response false"});
  CHECK(t.send("query p1turn") == Lines{"response true"});
  CHECK(t.send("query result") == Lines{"response none"});

  REQUIRE(
      t.send("position startpos moves 1a1 1a2 1b1 1b2 1c1 1c2 1d1").empty());  // X completes rank 1
  CHECK(t.send("query gameover") == Lines{"response true"});
  CHECK(t.send("query result") == Lines{"response p1win"});
  REQUIRE(t.send("position startpos moves 1a1 1a2 1b1 1b2 1c1 1c2 2a1 1d2").empty());
  CHECK(t.send("query result") == Lines{"response p2win"});
  REQUIRE(t.send("position fen " + kDrawnBoard).empty());
  CHECK(t.send("query gameover") == Lines{"response true"});
  CHECK(t.send("query result") == Lines{"response draw"});

  CHECK(t.send("query") ==
        Lines{"info string error: query: expected query gameover, query p1turn, query result, "
              "query winline, query review, query explain or query level N"});
  CHECK(t.send("query result now") ==
        Lines{"info string error: query: expected query gameover, query p1turn, query result, "
              "query winline, query review, query explain or query level N"});
  CHECK(t.send("query winner") ==
        Lines{"info string error: query: unknown question \"winner\"; "
              "expected gameover, p1turn, result, winline, review, explain or level N"});
}

TEST_CASE("query level without one number names level (issue 68, 15)") {
  Transcript t;
  for (const char* line : {"query level", "query level 3 4"}) {
    const Lines reply = t.send(line);
    REQUIRE(reply.size() == 1);
    CHECK_THAT(reply[0], Catch::StartsWith("info string error: query level: expected one level"));
  }
}

TEST_CASE("query level N gives the level's rating and what it does, for GUIs") {
  Transcript t;
  CHECK(t.send("query level 0") ==
        Lines{"response 0 Beginner: takes its wins, blocks yours, else plays anywhere"});
  CHECK(t.send("query level 15") == Lines{"response " + std::to_string(kLevelElo[15]) +
                                          " Perfect: " + std::string(levelWords(15))});
  CHECK(t.send("query level 16") ==
        Lines{"info string error: query level: expected a level from 0 to 15, got \"16\""});
}

TEST_CASE("query winline names the cells of the completed line, for GUIs that hold no rules") {
  Transcript t;
  CHECK(t.send("query review") == Lines{"response true"});  // the review is offered
  CHECK(t.send("query winline") == Lines{"response none"});
  REQUIRE(t.send("position startpos moves 1a1 1a2 1b1 1b2 1c1 1c2 1d1").empty());
  CHECK(t.send("query winline") == Lines{"response 1a1,1b1,1c1,1d1"});
  // O's line through the cube's space diagonal, the last move in its middle.
  REQUIRE(t.send("position startpos moves 1b1 1a1 1c1 2b2 1d2 4d4 2a1 3c3").empty());
  CHECK(t.send("query winline") == Lines{"response 1a1,2b2,3c3,4d4"});
  // Drawn: no line.
  REQUIRE(t.send("position fen " + kDrawnBoard).empty());
  CHECK(t.send("query winline") == Lines{"response none"});
}

TEST_CASE("go when the game is over is an error and starts nothing") {
  Transcript t;
  REQUIRE(t.send("position fen " + kDrawnBoard).empty());
  CHECK(
      t.send("go movetime 100") ==
      Lines{"info string error: go: the game is over (result draw); send position or uginewgame"});
  CHECK(t.searcher.jobs.empty());
}

TEST_CASE("go turns its limits into the searcher's limits") {
  Transcript t;
  t.send("go nodes 5000 depth 7");
  const SearchJob& job = t.searcher.jobs.back();
  CHECK(job.limits.maxNodes == 5000);
  CHECK(job.limits.maxDepth == 7);
  CHECK(job.limits.moveTime == kNoTimeLimit);

  t.send("position startpos moves 1a1");
  t.send("go p1time 1000 p2time 2000 p1inc 10 p2inc 20 movestogo 5");
  GoLimits go;
  go.clockMs = {1000, 2000};
  go.incrementMs = {10, 20};
  go.movesToGo = 5;
  CHECK(t.searcher.jobs.back().limits.moveTime ==
        moveBudget(go, Side::O, 63, std::chrono::milliseconds(10)));

  t.send("go");
  CHECK(t.searcher.jobs.back().limits.moveTime == kDefaultMoveTime);
}

TEST_CASE(
    "M1: only spaces and tabs separate words and one trailing CR is dropped and numbers have one "
    "spelling") {
  Transcript t;
  CHECK(t.send("isready\r") == Lines{"readyok"});
  CHECK(t.send("isready\t \r") == Lines{"readyok"});
  CHECK(t.send("query\vresult") ==
        Lines{"info string error: unknown command \"query\\x0bresult\"; send help for the list"});
  CHECK(t.send("query result\f") == Lines{"info string error: query: unknown question "
                                          "\"result\\x0c\"; expected gameover, p1turn, result, "
                                          "winline, review, explain or level N"});
  CHECK(t.send("setoption name Level value 05") ==
        Lines{"info string error: setoption Level: engine.level must be an integer from 0 to 15, "
              "got \"05\""});
  CHECK(t.session.settings().engine.level == kMaxLevel);
}

TEST_CASE("malformed go commands are answered with an error") {
  Transcript t;
  const auto check = [&](const std::string& line, const std::string& why) {
    CHECK(t.send(line) == Lines{"info string error: go: " + why});
  };
  check("go movetime", "movetime needs a value");
  check("go movetime soon", "movetime needs a whole number, got \"soon\"");
  check("go movetime -5", "movetime must be 0-1000000000000, got \"-5\"");
  check("go movetime 99999999999999999999",
        "movetime must be 0-1000000000000, got \"99999999999999999999\"");
  check("go depth -1", "depth must be 0-64, got \"-1\"");
  check("go depth 65", "depth must be 0-64, got \"65\"");
  check("go movetime 10 movetime 20", "movetime is given twice");
  check("go infinite movetime 100", "infinite cannot be combined with other limits");
  check("go wtime 100",
        "unknown limit \"wtime\"; expected p1time, p2time, p1inc, p2inc, movestogo, movetime, "
        "nodes, depth or infinite");
  CHECK(t.searcher.jobs.empty());
}

TEST_CASE("go depth 0 is allowed by the spec and searches the least there is") {
  Transcript t;
  t.send("go depth 0");
  REQUIRE(t.searcher.jobs.size() == 1);
  CHECK(t.searcher.jobs.back().limits.maxDepth == 1);
}

TEST_CASE("stop ends an infinite search, and isready and queries are answered meanwhile") {
  Transcript t;
  CHECK(t.send("go infinite").empty());
  CHECK(t.session.searching());
  CHECK(t.send("isready") == Lines{"readyok"});
  CHECK(t.send("query p1turn") == Lines{"response true"});
  CHECK(t.send("position startpos moves 1a1") ==
        Lines{"info string error: position is not allowed while searching; send stop first"});
  CHECK(t.send("go movetime 10") ==
        Lines{"info string error: go is not allowed while searching; send stop first"});
  CHECK(t.send("setoption name Level value 1") ==
        Lines{"info string error: setoption is not allowed while searching; send stop first"});
  CHECK(t.send("stop") == searchReplies("1a1"));
  CHECK_FALSE(t.session.searching());
  CHECK(t.send("stop").empty());  // nothing to stop
  CHECK(t.send("isready") == Lines{"readyok"});
}

TEST_CASE("an infinite search that ends early holds its bestmove until stop") {
  Transcript t;
  t.searcher.infiniteEndsEarly = true;
  const Lines all = searchReplies("1a1");
  CHECK(t.send("go infinite") == Lines(all.begin(), all.begin() + 2));  // the info lines only
  CHECK(t.session.searching());
  CHECK(t.send("stop") == Lines{"info string reason: takes the lowest free cell", "bestmove 1a1"});
}

TEST_CASE("quit during a search still gives the bestmove, then ignores everything") {
  Transcript t;
  t.send("go infinite");
  CHECK(t.send("quit") == searchReplies("1a1"));
  CHECK(t.session.quitRequested());
  CHECK(t.send("isready").empty());
}

TEST_CASE("score, proven results and the reason follow the searcher's answer") {
  Transcript t;
  MoveChoice proven;
  proven.move = 21;
  proven.verdict = Verdict::Win;
  proven.plies = 7;
  proven.depth = 9;
  proven.nodes = 300;
  proven.seconds = 0.1;
  t.searcher.scripted = proven;
  CHECK(t.send("go movetime 200") ==
        Lines{"info depth 1 time 100 nodes 300 nps 3000 score mate 7 pv 2b2",
              "info depth 9 time 100 nodes 300 nps 3000 score mate 7 pv 2b2",
              "bestmove 2b2"});  // no reason given
  proven.verdict = Verdict::Loss;
  proven.plies = 4;
  proven.reason = "the longest defence";
  t.searcher.scripted = proven;
  REQUIRE(t.send("setoption name Explain value false").empty());
  CHECK(t.send("go movetime 200") ==
        Lines{"info depth 1 time 100 nodes 300 nps 3000 score mate -4 pv 2b2",
              "info depth 9 time 100 nodes 300 nps 3000 score mate -4 pv 2b2", "bestmove 2b2"});
}

TEST_CASE("an illegal move from the searcher is never printed") {
  Transcript t;
  REQUIRE(t.send("position startpos moves 1a1").empty());
  MoveChoice broken;
  broken.move = 0;  // occupied
  t.searcher.scripted = broken;
  const Lines replies = t.send("go movetime 50");
  REQUIRE(!replies.empty());
  CHECK(replies.back() == "bestmove 1b1");
  CHECK(std::count_if(replies.begin(), replies.end(), isError) == 1);
}

TEST_CASE("unknown commands and stray arguments are errors") {
  Transcript t;
  CHECK(t.send("hello") ==
        Lines{"info string error: unknown command \"hello\"; send help for the list"});
  CHECK(t.send("isready now") ==
        Lines{"info string error: isready takes no arguments, got \"now\""});
  CHECK(t.send("uginewgame 2") ==
        Lines{"info string error: uginewgame takes no arguments, got \"2\""});
  CHECK(t.send("\x01\xff") ==
        Lines{"info string error: unknown command \"\\x01\\xff\"; send help for the list"});
  CHECK(t.send("").empty());
  CHECK(t.send("   \t ").empty());
  CHECK(t.send("  isready  \r") == Lines{"readyok"});
}

TEST_CASE("uginewgame starts again from the empty board") {
  Transcript t;
  REQUIRE(t.send("position startpos moves 1a1").empty());
  CHECK(t.send("uginewgame").empty());
  CHECK(t.session.position() == Position{});
  CHECK(t.searcher.newGames == 1);
}

TEST_CASE("d draws the board with notation's diagram") {
  Transcript t;
  REQUIRE(t.send("position startpos moves 1a1 4d4").empty());
  const std::string diagram = boardDiagram(t.session.position());
  std::string joined;
  for (const std::string& line : t.send("d")) joined += line + '\n';
  CHECK(joined == diagram);
}

TEST_CASE("bench prints the bench signature, the number qubic-bench signature gives") {
  // Budgets in positions and nodes only: the same on every build (the page's engine too),
  // and the number the suite pins (tests/CMakeLists.txt, QUBIC_BENCH_SIGNATURE).
  Transcript t;
  const Lines replies = t.send("bench");
  REQUIRE(replies.size() == 9);
  CHECK(std::none_of(replies.begin(), replies.end(), isError));
  CHECK_THAT(replies[0], Catch::StartsWith("info string bench 1/8: nodes "));
  CHECK_THAT(replies[8],
             Catch::StartsWith("info string bench: signature " + std::to_string(benchSignature()) +
                               " over 8 positions, time "));
  CHECK(t.searcher.jobs.empty());  // its own player: the session's searcher is untouched
}

TEST_CASE("bench takes solve and nothing else") {
  // `bench solve` itself takes seconds (the empty board); the page's measurement runs it.
  Transcript t;
  const Lines refused = t.send("bench quick");
  REQUIRE(refused.size() == 1);
  CHECK(refused[0] == "info string error: bench: expected nothing or solve, got \"quick\"");
  const Lines help = t.send("help");
  CHECK(std::any_of(help.begin(), help.end(), [](const std::string& l) {
    return l.find("bench solve") != std::string::npos;
  }));
}

TEST_CASE("help lists the commands") {
  Transcript t;
  const Lines replies = t.send("help");
  CHECK(replies.size() > 10);
  CHECK(std::none_of(replies.begin(), replies.end(), isError));
}

TEST_CASE("every option names an engine setting") {
  for (const UgiOption& option : ugiOptions()) {
    CHECK_NOTHROW(optionLine(option, Settings{}));
    CHECK(findUgiOption(option.name) == &option);
  }
}

TEST_CASE("stop, isready and quit jump the queue of lines that wait for a search") {
  for (const char* urgent : {"stop", "isready", "quit", "  stop\r", "\tisready  \n", "quit now"})
    CHECK(UgiSession::jumpsQueue(urgent));
  for (const char* waits : {"", " ", "stopp", "position startpos", "go movetime 100", "ready",
                            "query result", "# stop"})
    CHECK_FALSE(UgiSession::jumpsQueue(waits));
}

TEST_CASE("commands that need the engine idle wait for a timed search only") {
  Transcript t;
  t.session.handle("go movetime 100");  // not settled: the search is still running
  REQUIRE(t.session.searching());
  CHECK(t.session.waitsForSearch("position startpos moves 1a1"));
  CHECK(t.session.waitsForSearch("go movetime 100"));
  CHECK_FALSE(t.session.waitsForSearch("isready"));
  CHECK_FALSE(t.session.waitsForSearch("stop"));
  CHECK_FALSE(t.session.waitsForSearch("query result"));
  CHECK_FALSE(t.session.waitsForSearch("nonsense"));
  t.searcher.settle(t.session);
  CHECK_FALSE(t.session.waitsForSearch("position startpos"));  // nothing to wait for

  // However long the time given (issue 42, 9: past a year it counted as untimed).
  for (const char* timed : {"go movetime 1000000000000", "go p1time 1000000000000"}) {
    Transcript u;
    u.session.handle(timed);
    REQUIRE(u.session.searching());
    CHECK(u.session.waitsForSearch("position startpos"));
  }

  for (const char* untimed : {"go infinite", "go nodes 100", "go depth 3"}) {
    Transcript u;
    u.session.handle(untimed);
    REQUIRE(u.session.searching());
    CHECK_FALSE(u.session.waitsForSearch("position startpos"));
  }
}

TEST_CASE("info lines carry the expected line of play, cut before its first illegal move") {
  Transcript t;
  REQUIRE(t.send("position startpos moves 1a1").empty());
  MoveChoice searched;
  searched.move = 63;
  searched.depth = 4;
  searched.score = -35;
  searched.nodes = 1000;
  searched.seconds = 0.5;
  searched.pv = {63, 1, 2, 0, 5};  // 1a1 is taken: the line stops before it
  searched.pvLength = 5;
  t.searcher.scripted = searched;
  CHECK(t.send("go movetime 100") ==
        Lines{"info depth 1 time 500 nodes 1000 nps 2000 score cp -35 pv 4d4 1b1 1c1",
              "info depth 4 time 500 nodes 1000 nps 2000 score cp -35 pv 4d4 1b1 1c1",
              "bestmove 4d4"});

  // A line that does not start with the move shows the move alone.
  MoveChoice c = searched;
  c.pv[0] = 7;
  CHECK(infoLine(c) == "info depth 4 time 500 nodes 1000 nps 2000 score cp -35 pv 4d4");
  c.pvLength = 0;
  CHECK(infoLine(c) == "info depth 4 time 500 nodes 1000 nps 2000 score cp -35 pv 4d4");
  c.pv[0] = 63;
  c.pvLength = 2;
  CHECK(infoLine(c) == "info depth 4 time 500 nodes 1000 nps 2000 score cp -35 pv 4d4 1b1");
  c.move = -1;
  CHECK(infoLine(c) == "info depth 4 time 500 nodes 1000 nps 2000 score cp -35");
}

TEST_CASE("the real searcher refuses a book file it cannot read, and plays on without a book") {
  PlayerSearcher searcher([](const MoveChoice&, bool) {});
  EngineSettings settings;
  settings.hashMb = 1;
  settings.solutionFile = "/nonexistent/qubic.book";
  const std::string missing =
      "cannot read book file \"/nonexistent/qubic.book\": no such file; no book is used";
  CHECK(searcher.configure(settings) == missing);  // at the start the rest is applied
  settings.level = 4;
  CHECK(searcher.configure(settings) == missing);  // later nothing changes
  settings.solutionFile = std::filesystem::temp_directory_path().string();
  CHECK(searcher.configure(settings) == "cannot read book file " + shown(settings.solutionFile) +
                                            ": not a regular file (a directory); no book is used");
  settings.threads = 8;  // accepted; the search runs on one thread
  settings.solutionFile.clear();
  CHECK(searcher.configure(settings).empty());

  SearchJob job;
  job.limits.moveTime = std::chrono::milliseconds(20);
  CHECK(Position{}.isLegal(searcher.think(job).move));
}

TEST_CASE(
    "the real searcher plays from the shipped book at the top level, and keeps it when a new file "
    "is bad") {
  PlayerSearcher searcher([](const MoveChoice&, bool) {});
  EngineSettings settings;
  settings.hashMb = 1;
  REQUIRE(searcher.configure(settings).empty());
  SearchJob job;
  job.limits.moveTime = std::chrono::milliseconds(1000);
  const MoveChoice first = searcher.think(job);
  CHECK(first.fromBook);
  CHECK(first.verdict == Verdict::Win);

  const auto corrupt = std::filesystem::temp_directory_path() / "qubic-test-corrupt.book";
  { std::ofstream(corrupt, std::ios::binary) << "QUBOOK01 but nothing after"; }
  settings.solutionFile = corrupt.string();
  const std::string problem = searcher.configure(settings);
  CHECK_THAT(problem, Catch::StartsWith("book file " + shown(settings.solutionFile) +
                                        " is not a usable book: "));
  CHECK_THAT(problem, Catch::EndsWith("; the book in use is kept"));
  std::filesystem::remove(corrupt);
  CHECK(searcher.think(job).fromBook);

  settings.solutionFile.clear();
  settings.useSolution = false;
  REQUIRE(searcher.configure(settings).empty());
  CHECK_FALSE(searcher.think(job).fromBook);
  settings.useSolution = true;
  settings.level = 13;  // the forcing tier never plays the full engine, nor from the book
  REQUIRE(searcher.configure(settings).empty());
  CHECK_FALSE(searcher.think(job).fromBook);
}

TEST_CASE("setoption SolutionFile with a missing file is an error and keeps the previous value") {
  Transcript t;
  t.searcher.failConfigure = "cannot read book file \"x.book\": no such file; no book is used";
  CHECK(t.send("setoption name SolutionFile value x.book") ==
        Lines{"info string error: setoption SolutionFile: cannot read book file \"x.book\": no "
              "such file; no book is used"});
  CHECK(t.session.settings().engine.solutionFile.empty());
  t.searcher.failConfigure.clear();
  CHECK(t.send("go movetime 10").back() == "bestmove 1a1");  // play goes on
}

// Issue 84, 4: a `stop` that came after the review's lines stopped nothing, so the review
// is not called stopped; one that came before them is.
TEST_CASE("a stop after a review's lines does not call the review stopped") {
  Transcript t;
  t.send("position startpos moves 1a1 2b2");
  const std::string judged = "info string review ply 1 1a1 good";
  for (const bool linesFirst : {true, false}) {
    t.replies.clear();
    t.session.handle("review positions 1000");
    REQUIRE(t.searcher.running);
    t.searcher.running.reset();
    if (linesFirst) t.session.onStudied({judged});
    t.session.handle("stop");
    t.session.onSearchDone(MoveChoice{});
    if (linesFirst)
      CHECK(t.replies == Lines{judged, "reviewok"});
    else
      CHECK(t.replies ==
            Lines{"info string review stopped: the moves were not all judged", "reviewok"});
  }
}
