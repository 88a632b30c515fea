// qubic-match before any game: time controls and clocks, openings, the schedule, the
// command line with its errors, and the record file read back for -resume.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "tools/match/command_line.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/record_log.hpp"
#include "tools/match/schedule.hpp"
#include "tools/match/time_control.hpp"
#include "tools/match/tournament.hpp"

using namespace qubic;
using namespace qubic::match;

namespace {

std::string tempPath(const std::string& name) {
  return (std::filesystem::temp_directory_path() /
          ("qubic-match-setup-" + std::to_string(getpid()) + "-" + name))
      .string();
}

std::string write(const std::string& name, const std::string& text) {
  const std::string path = tempPath(name);
  std::ofstream(path, std::ios::trunc) << text;
  return path;
}

Parsed<TournamentConfig> parse(const std::vector<std::string>& args) {
  return parseCommandLine(args, MatchSettings{}, "/opt/qubic-engine");
}

std::string errorOf(const std::vector<std::string>& args) {
  const Parsed<TournamentConfig> parsed = parse(args);
  REQUIRE_FALSE(parsed.ok());
  return parsed.error();
}

}  // namespace

TEST_CASE("time controls are read, printed back, and refused with a reason") {
  const Parsed<TimeControl> clock = parseTimeControl("tc=40/60+0.6");
  REQUIRE(clock.ok());
  CHECK(clock.value().movesPerPeriod == 40);
  CHECK(clock.value().periodMs == 60000);
  CHECK(clock.value().incrementMs == 600);
  CHECK(clock.value().text() == "tc=40/60+0.6");
  CHECK(parseTimeControl("st=0.5 nodes=1000").value().text() == "st=0.5 nodes=1000");
  CHECK(parseTimeControl("tc=2").value().text() == "tc=2");
  CHECK(parseTimeControl("st=0.02").value().moveTimeMs == 20);

  CHECK(parseTimeControl("tc=0").error().find("seconds > 0") != std::string::npos);
  CHECK(parseTimeControl("tc=40/").error().find("tc must be") != std::string::npos);
  CHECK(parseTimeControl("tc=x/60").error().find("tc must be") != std::string::npos);
  CHECK(parseTimeControl("st=-1").error().find("st must be") != std::string::npos);
  CHECK(parseTimeControl("nodes=0").error().find("nodes must be") != std::string::npos);
  CHECK(parseTimeControl("tc=60 st=1").error() == "tc and st cannot be combined");
  CHECK(parseTimeControl("").error().find("empty") != std::string::npos);
  CHECK(parseTimeControl("moves=3").error().find("unknown time control key") != std::string::npos);
}

TEST_CASE("a clock charges moves, adds the increment and refills each period") {
  TimeControl control = parseTimeControl("tc=2/10+1").value();
  Clock clock(control);
  CHECK(clock.allowedMs() == 10000);
  CHECK(clock.movesToGo() == 2);
  clock.charge(3000);  // 10000 - 3000 + 1000
  CHECK(clock.remainingMs() == 8000);
  CHECK(clock.movesToGo() == 1);
  clock.charge(500);  // 8000 - 500 + 1000, then the next period's 10000
  CHECK(clock.remainingMs() == 18500);
  CHECK(clock.movesToGo() == 2);

  Clock fixed(parseTimeControl("st=0.25").value());
  CHECK(fixed.allowedMs() == 250);
  Clock nodesOnly(parseTimeControl("nodes=500").value());
  CHECK_FALSE(nodesOnly.allowedMs().has_value());

  // Both clocks go to the engine; movestogo, movetime and nodes are the mover's.
  Clock x(parseTimeControl("tc=40/60+0.6").value()), o(parseTimeControl("tc=60").value());
  CHECK(goLimits(x, o, Side::X) == "p1time 60000 p2time 60000 p1inc 600 movestogo 40");
  CHECK(goLimits(x, o, Side::O) == "p1time 60000 p2time 60000 p1inc 600");
  CHECK(goLimits(fixed, nodesOnly, Side::X) == "movetime 250");
  CHECK(goLimits(fixed, nodesOnly, Side::O) == "nodes 500");
}

TEST_CASE("openings: position strings and move lists, comments, errors with file and line") {
  const Parsed<Openings> openings = parseOpenings(
      "# two openings\n1a1 2b2\n\n "
      "x..............O/................/................/................ x \n"
      "4d4,1a1,2c3\n",
      "book.txt");
  REQUIRE(openings.ok());
  REQUIRE(openings.value().size() == 3);
  CHECK(openings.value()[0].moves == std::vector<int>{0, 21});
  CHECK(openings.value()[1].moves.empty());
  CHECK(openings.value()[1].position().moveCount() == 2);
  CHECK(openings.value()[2].position().moveCount() == 3);
  CHECK(openings.value()[0].text == "1a1 2b2");

  CHECK(parseOpenings("1a1\n1a1 1a1\n", "book.txt").error() ==
        "book.txt:2: move 2 (1a1): cell 1a1 is already occupied");
  CHECK(parseOpenings("1a1 1a2 1b1 1b2 1c1 1c2 1d1\n", "b").error() ==
        "b:1: the game is already over in this opening");
  CHECK(parseOpenings("xx/yy o\n", "b").error().rfind("b:1: ", 0) == 0);
  CHECK(parseOpenings("# only a comment\n", "b").error() == "b: no openings in the file");
  CHECK(loadOpeningsFile("/nonexistent/book.txt").error() ==
        "/nonexistent/book.txt: cannot read the openings file: no such file");
}

TEST_CASE("the built-in openings: O answers on a seven-line cell, no two symmetric") {
  const Openings openings = builtInOpenings();
  // X on one of the 16 seven-line cells: O's replies on the other 15 fall into 5 classes;
  // X on one of the 48 others: 7 classes.
  REQUIRE(openings.size() == 12);
  std::set<std::uint64_t> classes;
  for (std::size_t i = 0; i < openings.size(); ++i) {
    const Opening o = openings[i];
    REQUIRE(o.moves.size() == 2);
    CHECK((kSevenLineCells & bit(o.moves[1])) != 0);
    CHECK(parseOpenings(o.text, "built-in").ok());
    classes.insert(canonicalKey(o.position()));
  }
  CHECK(classes.size() == openings.size());
}

TEST_CASE("schedules: pairings, both colours per opening, shared openings per round") {
  CHECK(pairings(Format::RoundRobin, 4).size() == 6);
  CHECK(pairings(Format::Gauntlet, 4) == std::vector<std::pair<int, int>>{{0, 1}, {0, 2}, {0, 3}});
  CHECK(pairings(Format::Ladder, 4) == std::vector<std::pair<int, int>>{{0, 1}, {1, 2}, {2, 3}});

  const auto games = makeSchedule(Format::RoundRobin, 3, 4, 2, 10, OpeningOrder::Sequential, 1);
  REQUIRE(games.size() == 3 * 4 * 2);
  for (std::size_t i = 0; i < games.size(); ++i) CHECK(games[i].number == static_cast<int>(i) + 1);
  // Games 2k and 2k+1 of a pairing: same opening, colours swapped.
  CHECK(games[0].x == 0);
  CHECK(games[1].x == 1);
  CHECK(games[0].opening == games[1].opening);
  CHECK(games[2].opening == games[0].opening + 1);
  // Every pairing of a round plays the same openings; the next round goes on.
  CHECK(games[4].opening == games[0].opening);
  CHECK(games[12].round == 2);
  CHECK(games[12].opening == 2);

  // Random order: the same seed gives the same schedule, another seed another.
  const auto a = makeSchedule(Format::Gauntlet, 3, 2, 20, 35, OpeningOrder::Random, 7);
  const auto b = makeSchedule(Format::Gauntlet, 3, 2, 20, 35, OpeningOrder::Random, 7);
  const auto c = makeSchedule(Format::Gauntlet, 3, 2, 20, 35, OpeningOrder::Random, 8);
  std::vector<int> oa, ob, oc;
  for (std::size_t i = 0; i < a.size(); ++i)
    oa.push_back(a[i].opening), ob.push_back(b[i].opening), oc.push_back(c[i].opening);
  CHECK(oa == ob);
  CHECK(oa != oc);
  // One game per pairing and round: the colours alternate by round.
  const auto single = makeSchedule(Format::RoundRobin, 2, 1, 2, 5, OpeningOrder::Sequential, 1);
  CHECK(single[0].x == 0);
  CHECK(single[1].x == 1);
}

TEST_CASE("the command line: engines, shared keys, defaults, options") {
  const Parsed<TournamentConfig> parsed = parse({"-engine",
                                                 "cmd=/bin/a",
                                                 "name=first",
                                                 "option.Level=3",
                                                 "arg=--quiet",
                                                 "-engine",
                                                 "cmd=b",
                                                 "st=2",
                                                 "--each",
                                                 "tc=40/60+0.6",
                                                 "timemargin=250",
                                                 "-tournament",
                                                 "gauntlet",
                                                 "-games",
                                                 "4",
                                                 "-rounds",
                                                 "3",
                                                 "-concurrency",
                                                 "2",
                                                 "-openings",
                                                 "file=book.txt",
                                                 "order=random",
                                                 "-srand",
                                                 "9",
                                                 "-recover",
                                                 "-records",
                                                 "out.qgn",
                                                 "-event",
                                                 "test event",
                                                 "-sprt",
                                                 "elo0=0",
                                                 "elo1=5"});
  REQUIRE(parsed.ok());
  const TournamentConfig& c = parsed.value();
  REQUIRE(c.engines.size() == 2);
  CHECK(c.engines[0].name == "first");
  CHECK(c.engines[0].command == "/bin/a");
  CHECK(c.engines[0].args == std::vector<std::string>{"--quiet"});
  CHECK(c.engines[0].options == std::vector<std::pair<std::string, std::string>>{{"Level", "3"}});
  CHECK(c.engines[0].timeControl.text() == "tc=40/60+0.6");  // from -each
  CHECK(c.engines[0].timeMarginMs == 250);
  CHECK(c.engines[1].name == "b");                   // the program's name
  CHECK(c.engines[1].timeControl.text() == "st=2");  // its own replaces the shared one
  CHECK(c.format == Format::Gauntlet);
  CHECK(c.games == 4);
  CHECK(c.rounds == 3);
  CHECK(c.concurrency == 2);
  CHECK(c.openingsFile == "book.txt");
  CHECK(c.openingOrder == OpeningOrder::Random);
  CHECK(c.seed == 9);
  CHECK(c.recover);
  CHECK(c.recordsPath == "out.qgn");
  CHECK_FALSE(c.resume);
  CHECK(c.event == "test event");
  REQUIRE(c.sprt.has_value());
  CHECK(c.sprt->elo1 == 5);
  CHECK(c.sprt->alpha == 0.05);

  // The [match] settings fill in what the command line leaves out.
  MatchSettings defaults;
  defaults.timeControl = "nodes=777";
  defaults.games = 6;
  defaults.tournament = "ladder";
  const auto fromSettings =
      parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b", "name=bb"}, defaults, "");
  REQUIRE(fromSettings.ok());
  CHECK(fromSettings.value().engines[0].timeControl.text() == "nodes=777");
  CHECK(fromSettings.value().games == 6);
  CHECK(fromSettings.value().format == Format::Ladder);

  const auto resumed =
      parse({"-engine", "cmd=a", "-engine", "cmd=b", "name=c", "-resume", "old.qgn"});
  REQUIRE(resumed.ok());
  CHECK(resumed.value().resume);
  CHECK(resumed.value().recordsPath == "old.qgn");
}

TEST_CASE("the ladder preset makes one engine per level of our engine") {
  const auto ladder = parse({"--ladder", "-levels", "2-5", "-each", "st=0.05"});
  REQUIRE(ladder.ok());
  const TournamentConfig& c = ladder.value();
  CHECK(c.format == Format::Ladder);
  REQUIRE(c.engines.size() == 4);
  CHECK(c.engines[0].name == "level2");
  CHECK(c.engines[3].options == std::vector<std::pair<std::string, std::string>>{{"Level", "5"}});
  CHECK(c.engines[0].command == "/opt/qubic-engine");
  CHECK(c.engines[0].timeControl.text() == "st=0.05");
  CHECK(c.reportPath == "docs/strength-ladder.md");
  CHECK(parse({"--ladder", "-each", "cmd=/other/engine"}).value().engines[9].command ==
        "/other/engine");
  CHECK(parse({"--ladder"}).value().engines.size() ==
        16);  // levels 0-15: the anchor is the scale's zero
}

TEST_CASE("every mistake on the command line is named") {
  CHECK(errorOf({"-engine", "cmd=a"}).find("at least two engines") != std::string::npos);
  CHECK(errorOf({"-engine", "name=x", "-engine", "cmd=b"}) ==
        "engine 1: cmd= is missing (the engine program)");
  CHECK(errorOf({"-engine", "cmd=a", "name=x", "-engine", "cmd=b", "name=x"})
            .find("two engines are named \"x\"") != std::string::npos);
  // Issue 43 (4): the same program twice needs no name=: the second is "a-2".
  const Parsed<TournamentConfig> twice =
      parse({"-engine", "cmd=/bin/a", "-engine", "cmd=/bin/a", "-engine", "cmd=/bin/a"});
  REQUIRE(twice);
  CHECK(twice.value().engines[0].name == "a");
  CHECK(twice.value().engines[1].name == "a-2");
  CHECK(twice.value().engines[2].name == "a-3");
  CHECK(errorOf({"-engine", "cmd=a", "colour=red", "-engine", "cmd=b"})
            .find("engine 1: unknown key \"colour\"") == 0);
  CHECK(errorOf({"-engine", "cmd=a", "tc=fast", "-engine", "cmd=b"}).find("tc must be") !=
        std::string::npos);
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-games", "two"}) ==
        "-games needs a whole number from 1 to 100000, got \"two\"");
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-games"}) == "-games needs a number");
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-tournament", "swiss"})
            .find("round-robin") != std::string::npos);
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-frobnicate"}) ==
        "unknown option '-frobnicate'");
  CHECK(errorOf({"stray"}).find("unexpected \"stray\"") == 0);
  CHECK(errorOf({"-engine", "cmd=a", "noequals"}).find("key=value") != std::string::npos);
  // D6: a newline in an option would reach the engine as a command of its own.
  CHECK(errorOf({"-engine", "cmd=a", "option.Level=1\ngo infinite", "-engine", "cmd=b"}) ==
        "engine 1: option.Level= must not contain control characters such as a newline");
  CHECK(errorOf({"-engine", "cmd=a", "option.Le\rvel=1", "-engine", "cmd=b"})
            .find("control characters") != std::string::npos);
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-sprt", "elo0=5", "elo1=0"}) ==
        "-sprt needs elo0 < elo1");
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-sprt", "elo1=5"}) ==
        "-sprt needs elo0= and elo1=");
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-engine", "cmd=c", "-sprt", "elo0=0",
                 "elo1=5"}) == "-sprt needs exactly two engines");
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-openings", "order=shuffled"})
            .find("order=") != std::string::npos);
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-resume", "x", "-records", "y"})
            .find("different files") != std::string::npos);
  CHECK(errorOf({"--ladder", "-engine", "cmd=a"}).find("--ladder makes its own engines") == 0);
  CHECK(errorOf({"--ladder", "-levels", "5-5"}).find("-levels needs FROM-TO") == 0);
  CHECK(errorOf({"-engine", "cmd=a", "-engine", "cmd=b", "-report", "r.md"}) ==
        "-report goes with --ladder or --pool");
  CHECK(errorOf({"--ladder", "--pool"}) == "--ladder and --pool: give one of them");
  MatchSettings badDefault;
  badDefault.timeControl = "st=fast";
  CHECK(parseCommandLine({"-engine", "cmd=a", "-engine", "cmd=b"}, badDefault, "")
            .error()
            .find("match.time_control") != std::string::npos);
  CHECK(wantsHelp({"-engine", "cmd=a", "--help"}));
  CHECK(configPathArgument({"-games", "2", "-config", "my.toml"}) == "my.toml");
  CHECK(usageText().find("-concurrency N") != std::string::npos);
}

namespace {

std::string readAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Two games as the manager writes them, through the log itself.
std::string twoGamesOfOurs(const std::string& name) {
  const std::string path = tempPath(name);
  std::filesystem::remove(path);
  RecordLog log;
  REQUIRE(log.open(path, {}).empty());
  GameRecord game;
  game.setTag("Event", "test");
  game.setTag("Game", "1");
  game.addMove(0, "0.012 s, cp 35: takes the cell on the most open lines");
  game.addMove(21, "a reply {with braces}");
  for (int cell : {1, 42, 2}) game.addMove(cell);
  game.result = GameResult::Draw;
  REQUIRE(log.append(game).empty());
  game.setTag("Game", "2");
  REQUIRE(log.append(game).empty());
  const std::string text = readAll(path);
  std::filesystem::remove(path);
  return text;
}

}  // namespace

TEST_CASE("reading a record file back: complete games, a torn last game of ours is cut later") {
  const std::string text = twoGamesOfOurs("ours.qgn");
  REQUIRE(text.rfind(std::string(kOwnTagLine), 0) == 0);
  const std::size_t second = text.find(kOwnTagLine, 1);
  REQUIRE(second != std::string::npos);

  const std::string path = write("records.qgn", text);
  const Parsed<RecordsRead> whole = readRecordsForResume(path);
  REQUIRE(whole.ok());
  CHECK(whole.value().games.size() == 2);
  CHECK(whole.value().warning.empty());
  CHECK(whole.value().file.keep == text.size());

  // The manager stopped while writing game 2, at any byte past its own tag line: game 2
  // is judged torn and game 1 kept; the file itself is untouched until a game is appended.
  const std::size_t resultEnd = text.find_last_not_of('\n') + 1;
  for (std::size_t size = second + kOwnTagLine.size(); size < resultEnd; ++size) {
    INFO("cut at " << size << ": ..." << text.substr(size - std::min<std::size_t>(size, 20), 20));
    const std::string torn = write("torn.qgn", text.substr(0, size));
    const Parsed<RecordsRead> partial = readRecordsForResume(torn);
    INFO((partial.ok() ? std::string() : partial.error()));
    REQUIRE(partial.ok());
    CHECK(partial.value().games.size() == 1);
    CHECK(partial.value().file.keep == second);
    CHECK(partial.value().warning.find("incomplete") != std::string::npos);
    CHECK(readAll(torn) == text.substr(0, size));
  }

  // The cut is made by the first append, and only then.
  const std::string torn = write("torn.qgn", text.substr(0, text.size() - 9));
  const Parsed<RecordsRead> judged = readRecordsForResume(torn);
  REQUIRE(judged.ok());
  {
    RecordLog log;
    REQUIRE(log.open(torn, judged.value().file).empty());
    CHECK(readAll(torn) == text.substr(0, text.size() - 9));
    REQUIRE(log.append(judged.value().games[0]).empty());
  }
  CHECK(readAll(torn) == text.substr(0, second) + text.substr(0, second));

  // A file changed between the judging and the first append is not touched.
  const std::string changed = write("changed.qgn", text.substr(0, text.size() - 9));
  const Parsed<RecordsRead> before = readRecordsForResume(changed);
  REQUIRE(before.ok());
  RecordLog log;
  REQUIRE(log.open(changed, before.value().file).empty());
  std::ofstream(changed, std::ios::app) << "# my note\n";
  CHECK(log.append(before.value().games[0]).find("changed since it was read") != std::string::npos);
  CHECK(readAll(changed) == text.substr(0, text.size() - 9) + "# my note\n");

  CHECK(readRecordsForResume(tempPath("missing.qgn")).value().games.empty());
  const std::string broken = write("broken.qgn", "[Result \"2-0\"]\n\n1-0\n");
  CHECK(readRecordsForResume(broken).error().find("game 1, line 1: unknown result") !=
        std::string::npos);
  for (const std::string& p : {path, torn, changed, broken}) std::filesystem::remove(p);
}

TEST_CASE("a file that is not a record file of ours is refused and never changed") {
  const std::string ours = twoGamesOfOurs("ours2.qgn");
  const std::vector<std::string> foreign = {
      "[Event \"Casual\"]\n[White \"me\"]\n\n1. e4 e5\n",
      "[Event \"my game\"]\n\n1. 1a1 2b2 2. 1a2\n",
      "[Event \"my game\"]\n[X \"me\"]\nSome thoughts on the opening.\n",
      "[Event \"my game\"]\r\n[Result \"*\"]\r\n\r\n1. 1a1 2b2\r\n",
      "[engine]\nlevel = 17\n",
      "[Event \"a\"]\n[Result \"1/2-1/2\"]\n\n1. 1a1 2b2 1/2-1/2\n\n[Event \"b\"]\n\n1. 1a1 2b2\n",
      "[Event \"a\"]\n[Result \"1-0\"]\n\n1. 1a1 2b2 2. 1a2 3b2 3. 1a3 4b2 4. 1a4 1-0\n",
      ours + "# note: game 2 was a fine draw\n",
      ours + "[Manager \"qubic-match\"]\nhello\n",
      ours.substr(0, ours.find(kOwnTagLine, 1)) + "[Event \"x\"]\n\n1. 1a1",
      "notes\n" + ours,
      "[Manager \"qubic-match\"]\n[Event \"my game\"]\n\n1. 1a1 2b2 2. 1a2 {mine} see you\n",
  };
  for (std::size_t i = 0; i < foreign.size(); ++i) {
    INFO("file " << i << ": " << foreign[i]);
    const std::string path = write("foreign" + std::to_string(i) + ".qgn", foreign[i]);
    const Parsed<RecordsRead> read = readRecordsForResume(path);
    REQUIRE(!read.ok());
    CHECK(read.error().find("not a record file of qubic-match") != std::string::npos);
    CHECK(readAll(path) == foreign[i]);
    std::filesystem::remove(path);
  }
}

TEST_CASE("a record file that does not belong to the tournament is refused before any game") {
  TournamentConfig config =
      parse({"-engine", "cmd=/nonexistent/a", "-engine", "cmd=/nonexistent/b"}).value();
  config.recordsPath = write("foreign.qgn",
                             "[Manager \"qubic-match\"]\n[Game \"1\"]\n[X \"someone\"]\n[O "
                             "\"else\"]\n[Opening \"1a1 1b1\"]\n"
                             "[Result \"1-0\"]\n\n1. 1a1 1b1 1-0\n\n");
  std::atomic<bool> stop{false};
  {
    std::ostringstream out;
    Tournament fresh(config, builtInOpenings(), out, stop);
    CHECK(fresh.run() == TournamentEnd::Failed);  // not resuming: the file must hold no games
    CHECK(out.str().find("already holds 1 games; continue that tournament with -resume") !=
          std::string::npos);
  }
  config.resume = true;
  std::ostringstream out;
  Tournament resumed(config, builtInOpenings(), out, stop);
  CHECK(resumed.run() == TournamentEnd::Failed);
  CHECK(
      out.str().find("is someone - else from \"1a1 1b1\", but this tournament's game 1 is a - b") !=
      std::string::npos);
  std::filesystem::remove(config.recordsPath);
}

TEST_CASE("an engine that cannot run leaves every record file as it was, also through a link") {
  const std::string ours = twoGamesOfOurs("ours3.qgn");
  const std::string chess = "[Event \"Casual\"]\n[White \"me\"]\n\n1. e4 e5\n";
  const std::string torn = ours.substr(0, ours.size() - 7);
  const std::string target = write("target.pgn", chess);
  const std::string link = tempPath("link.pgn");
  std::filesystem::remove(link);
  std::filesystem::create_symlink(target, link);
  TournamentConfig config =
      parse({"-engine", "cmd=/bin/true", "-engine", "cmd=/nonexistent/b"}).value();
  for (const bool resume : {false, true})
    for (const std::string& text : {chess, torn, ours + "# note\n"}) {
      config.resume = resume;
      config.recordsPath = write("kept.qgn", text);
      std::atomic<bool> stop{false};
      std::ostringstream out;
      CHECK(Tournament(config, builtInOpenings(), out, stop).run() == TournamentEnd::Failed);
      INFO(out.str());
      CHECK(out.str().find("error: ") != std::string::npos);
      CHECK(readAll(config.recordsPath) == text);
      std::filesystem::remove(config.recordsPath);
    }
  config.recordsPath = link;
  std::atomic<bool> stop{false};
  std::ostringstream out;
  CHECK(Tournament(config, builtInOpenings(), out, stop).run() == TournamentEnd::Failed);
  CHECK(readAll(target) == chess);
  // Nor is a file made for records that never came.
  config.recordsPath = tempPath("never.qgn");
  std::filesystem::remove(config.recordsPath);
  CHECK(Tournament(config, builtInOpenings(), out, stop).run() == TournamentEnd::Failed);
  CHECK(!std::filesystem::exists(config.recordsPath));
  std::filesystem::remove(link);
  std::filesystem::remove(target);
}

TEST_CASE("openings are kept as their text: two million of them take megabytes, not gigabytes") {
  // Issue 53 (8): a 16 MB file of "0" lines took 4.4 GB as one Position (and more) each.
  auto residentMb = [] {
    std::ifstream statm("/proc/self/statm");
    long pages = 0, resident = 0;
    statm >> pages >> resident;
    return static_cast<double>(resident) * static_cast<double>(sysconf(_SC_PAGESIZE)) / (1 << 20);
  };
  std::string text;
  for (int i = 0; i < 2'000'000; ++i) text += "0\n";
  const double before = residentMb();
  const Parsed<Openings> openings = parseOpenings(text, "zeros.txt");
  const double grown = residentMb() - before;
  REQUIRE(openings.ok());
  CHECK(openings.value().size() == 2'000'000);
  CHECK(openings.value()[1'999'999].moves == std::vector<int>{0});
  CHECK(openings.value()[1'999'999].text == "0");
  INFO("resident memory grew by " << grown << " MB");
  CHECK(grown < 400);  // some 12 MB here; a Position each was over 1 GB
}
