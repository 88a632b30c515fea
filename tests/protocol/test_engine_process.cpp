// End to end: the real qubic-engine program, driven through pipes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <random>
#include <regex>
#include <set>
#include <sstream>

#include "child_process.hpp"
#include "config/settings.hpp"
#include "engine/core/notation.hpp"
#include "engine/play/elo_scale.hpp"
#include "program_run.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::ChildProcess;
using std::chrono::milliseconds;

namespace {

const std::string kEngine = std::string(QUBIC_BIN_DIR) + "/qubic-engine";

// A configuration directory of our own, so the user's file cannot change the results.
std::string emptyConfigHome() {
  const auto dir = std::filesystem::temp_directory_path() / "qubic-engine-test-empty-config";
  std::filesystem::create_directories(dir);
  return "XDG_CONFIG_HOME=" + dir.string();
}

std::string writeTempFile(const std::string& name, const std::string& text) {
  const auto path =
      std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "-" + name);
  std::ofstream(path) << text;
  return path.string();
}

// Checks `bestmove <move>`: exactly two tokens and a legal move in `position`.
void checkBestMove(const std::string& line, const Position& position) {
  INFO(line);
  REQUIRE(line.rfind("bestmove ", 0) == 0);
  const std::string token = line.substr(9);
  CHECK(token.find(' ') == std::string::npos);
  const Parsed<int> move = parseMove(token);
  REQUIRE(move.ok());
  CHECK(moveToken(move.value()) == token);
  CHECK(position.isLegal(move.value()));
}

// An info line as ugi.md defines it: known keys with whole numbers, a score (cp or mate,
// optionally a bound), pv last with legal moves, or a string. Returns what is wrong, or "".
std::string infoProblem(const std::string& line, const Position& position, bool& hasTotals) {
  std::istringstream in(line);
  std::string word;
  in >> word;
  if (word != "info") return "does not start with info";
  bool time = false, nodes = false, nps = false;
  auto number = [&](long long min, long long max) {
    std::string n;
    if (!(in >> n) || !std::regex_match(n, std::regex("-?[0-9]+"))) return false;
    const long long v = std::stoll(n);
    return v >= min && v <= max;
  };
  while (in >> word) {
    if (word == "string") return "";
    if (word == "depth" || word == "seldepth" || word == "time" || word == "nodes" ||
        word == "nps") {
      if (!number(0, INT64_MAX)) return "bad number after " + word;
      time |= word == "time", nodes |= word == "nodes", nps |= word == "nps";
    } else if (word == "hashfull") {
      if (!number(0, 1000)) return "hashfull must be 0-1000";
    } else if (word == "multipv") {
      if (!number(1, 64)) return "multipv must be a rank from 1";
    } else if (word == "score") {
      std::string kind;
      in >> kind;
      if (kind == "cp") {
        if (!number(-100000, 100000)) return "bad cp";
      } else if (kind == "mate") {
        if (!number(-kCells, kCells)) return "mate must be plies within the board";
      } else {
        return "score must be cp or mate, got " + kind;
      }
      const auto at = in.tellg();
      std::string bound;
      if (in >> bound && bound != "lowerbound" && bound != "upperbound") in.seekg(at);
    } else if (word == "pv") {
      Position p = position;
      for (std::string move; in >> move;) {
        const Parsed<int> m = parseMove(move);
        if (!m || !p.isLegal(m.value())) return "pv move " + move + " is not legal";
        p.play(m.value());
      }
    } else {
      return "unknown key " + word;
    }
  }
  hasTotals = time && nodes && nps;
  return "";
}
}  // namespace

TEST_CASE("a short session with the real engine: handshake, timed search, queries, stop, quit") {
  REQUIRE(std::filesystem::exists(kEngine));  // build the qubic-engine target first
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());

  REQUIRE(engine.send("ugi"));
  const auto handshake = engine.readUntil("ugiok", milliseconds(5000));
  REQUIRE(!handshake.empty());
  CHECK(handshake.back() == "ugiok");
  CHECK(handshake.front().rfind("id name ", 0) == 0);

  engine.send("isready");
  CHECK(engine.readLine(milliseconds(5000)) == "readyok");

  engine.send("position startpos moves 1a1");
  const auto began = std::chrono::steady_clock::now();
  engine.send("go movetime 200");
  const auto search = engine.readUntil("bestmove", milliseconds(5000));
  const auto took = std::chrono::steady_clock::now() - began;
  REQUIRE(!search.empty());
  checkBestMove(search.back(), playMoves(Position{}, "1a1").value());
  // Ten times the budget: a loaded machine may pause the engine, while a search that
  // ignored its budget would run on for much longer.
  CHECK(took < milliseconds(2000));
  for (std::size_t i = 0; i + 1 < search.size(); ++i) CHECK(search[i].rfind("info ", 0) == 0);

  engine.send("query result");
  CHECK(engine.readLine(milliseconds(5000)) == "response none");
  engine.send("query p1turn");
  CHECK(engine.readLine(milliseconds(5000)) == "response false");

  engine.send("go infinite");
  engine.send("isready");
  const auto ready = engine.readUntil("readyok", milliseconds(2000));
  REQUIRE(!ready.empty());
  CHECK(ready.back() == "readyok");
  engine.send("stop");
  const auto stopped = engine.readUntil("bestmove", milliseconds(5000));
  REQUIRE(!stopped.empty());
  checkBestMove(stopped.back(), playMoves(Position{}, "1a1").value());

  engine.send("hello");
  CHECK(engine.readLine(milliseconds(5000)) ==
        "info string error: unknown command \"hello\"; send help for the list");

  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

// One search by a fresh engine on one thread, every line up to bestmove with its clock
// readings (time, nps) taken out: what must be the same on every run.
std::vector<std::string> searchLines(const std::string& position, const std::string& go) {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());
  engine.send("ugi");
  REQUIRE(!engine.readUntil("ugiok", milliseconds(60000)).empty());
  engine.send("setoption name Threads value 1");
  engine.send("uginewgame");
  engine.send("position fen " + position);
  engine.send(go);
  std::vector<std::string> lines = engine.readUntil("bestmove", milliseconds(300000));
  engine.send("quit");
  CHECK(engine.wait(milliseconds(60000)) == 0);
  static const std::regex clock(" (time|nps) [0-9]+");
  for (std::string& line : lines) line = std::regex_replace(line, clock, "");
  return lines;
}

TEST_CASE("a search limited by nodes on one thread prints the same lines on every run") {
  // Issue 84 (6): each proof search of a node-limited search also had a time cap of 1 s, so
  // a loaded machine cut it at other nodes: other depths, node counts and reasons (the
  // split of the budget is tested in test_timeman). 20 positions, 5 runs each.
  std::mt19937_64 rng(84);
  std::vector<std::string> positions{
      positionString(playMoves(Position{}, "4b2 4c4 4a3 2c4").value())};
  while (positions.size() < 20)
    positions.push_back(positionString(testing::randomPosition(rng, 2, 14)));
  for (const std::string& position : positions) {
    INFO(position);
    const std::vector<std::string> first = searchLines(position, "go nodes 20000");
    REQUIRE(!first.empty());
    CHECK(first.back().rfind("bestmove ", 0) == 0);
    for (int run = 1; run < 5; ++run) CHECK(searchLines(position, "go nodes 20000") == first);
  }
}

TEST_CASE("a script need not wait for bestmove before the next position") {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  engine.send("go movetime 100");
  engine.send("position startpos moves 1a1 4d4");
  engine.send("go movetime 100");
  const auto first = engine.readUntil("bestmove", milliseconds(5000));
  REQUIRE(!first.empty());
  checkBestMove(first.back(), Position{});
  const auto second = engine.readUntil("bestmove", milliseconds(5000));
  REQUIRE(!second.empty());
  checkBestMove(second.back(), playMoves(Position{}, "1a1 4d4").value());
  for (const auto& line : second) CHECK_FALSE(line.rfind("info string error", 0) == 0);
  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

TEST_CASE("end of input is quit, and a running search still answers") {
  ChildProcess idle({kEngine}, {emptyConfigHome()});
  idle.send("position startpos");
  idle.closeInput();
  CHECK(idle.wait(milliseconds(5000)) == 0);

  ChildProcess searching({kEngine}, {emptyConfigHome()});
  searching.send("go infinite");
  searching.closeInput();
  const auto lines = searching.readUntil("bestmove", milliseconds(5000));
  REQUIRE(!lines.empty());
  checkBestMove(lines.back(), Position{});
  CHECK(searching.wait(milliseconds(5000)) == 0);
}

TEST_CASE("the engine ends with its input even when nobody reads its replies") {
  // Issue 68, 10: a page that sent 40 000 `help` and closed without reading left its
  // engine blocked writing for a minute and more. Here its replies fill the pipe (64 KiB)
  // many times over and are never read.
  ChildProcess unread({kEngine}, {emptyConfigHome()});
  for (int i = 0; i < 300; ++i) unread.send("help");
  unread.closeInput();
  CHECK(unread.wait(milliseconds(60000)) == 0);
}

TEST_CASE("stop, isready, quit and the end of input jump a command queued behind a search") {
  // Issue 53 (6): the engine read nothing while `position` waited for a 20 s search.
  for (const char* budget : {"20000", "1000000000000"}) {
    INFO("go movetime " << budget);
    ChildProcess engine({kEngine}, {emptyConfigHome()});
    engine.send("setoption name UseSolution value false");
    engine.send("position startpos");
    engine.send(std::string("go movetime ") + budget);
    engine.send("position startpos moves 1a1");
    engine.send("isready");
    // Ten times a second: time for a loaded machine, nothing like the search's budget.
    const auto ready = engine.readUntil("readyok", milliseconds(10000));
    REQUIRE(!ready.empty());
    CHECK(ready.back() == "readyok");
    engine.send("stop");
    const auto stopped = engine.readUntil("bestmove", milliseconds(10000));
    REQUIRE(!stopped.empty());
    checkBestMove(stopped.back(), Position{});
    // The queued position was then carried out: a search from it answers for it.
    engine.send("go nodes 1000");
    const auto next = engine.readUntil("bestmove", milliseconds(10000));
    REQUIRE(!next.empty());
    checkBestMove(next.back(), playMoves(Position{}, "1a1").value());
    engine.send("quit");
    CHECK(engine.wait(milliseconds(10000)) == 0);
  }
  // The controller goes away with a command queued: the search stops and the engine exits.
  for (const char* last : {"quit", ""}) {
    ChildProcess engine({kEngine}, {emptyConfigHome()});
    engine.send("setoption name UseSolution value false");
    engine.send("go movetime 1000000000000");
    engine.send("position startpos moves 1a1");
    if (*last) engine.send(last);
    engine.closeInput();
    const auto lines = engine.readUntil("bestmove", milliseconds(10000));
    REQUIRE(!lines.empty());
    CHECK(engine.wait(milliseconds(10000)) == 0);
  }
}

TEST_CASE("the program prints its effective settings and reads a given configuration file") {
  ChildProcess printer({kEngine, "--print-config"}, {emptyConfigHome()});
  auto [out, err] = printer.drain(milliseconds(5000));
  CHECK(printer.wait(milliseconds(5000)) == 0);
  CHECK(out == settingsToToml(Settings{}));

  const std::string path = writeTempFile("level3.toml", "[engine]\nlevel = 3\nexplain = false\n");
  ChildProcess configured({kEngine, "--config", path});
  configured.send("ugi");
  const auto handshake = configured.readUntil("ugiok", milliseconds(5000));
  CHECK(std::find(handshake.begin(), handshake.end(),
                  "option name Level type spin default 3 min 0 max 15") != handshake.end());
  configured.send("quit");
  CHECK(configured.wait(milliseconds(5000)) == 0);
  std::filesystem::remove(path);
}

TEST_CASE("a broken configuration is reported with its location and the program fails") {
  const std::string path = writeTempFile("broken.toml", "[engine]\nlevel = 42\n");
  ChildProcess engine({kEngine, "--config", path});
  auto [out, err] = engine.drain(milliseconds(5000));
  const auto code = engine.wait(milliseconds(5000));
  REQUIRE(code.has_value());
  CHECK(*code != 0);
  CHECK(out.empty());
  CHECK_THAT(err, Catch::Contains(path + ":2:"));
  std::filesystem::remove(path);

  ChildProcess missing({kEngine, "--config", "/nonexistent/qubic.toml"});
  CHECK(missing.wait(milliseconds(5000)) != 0);
}

TEST_CASE("the program prints its usage on request and fails on unknown arguments") {
  ChildProcess help({kEngine, "--help"});
  auto [out, err] = help.drain(milliseconds(5000));
  CHECK(help.wait(milliseconds(5000)) == 0);
  CHECK_THAT(out, Catch::Contains("usage: qubic-engine"));

  ChildProcess wrong({kEngine, "--fast"});
  auto [out2, err2] = wrong.drain(milliseconds(5000));
  CHECK(wrong.wait(milliseconds(5000)) == 2);
  CHECK_THAT(err2, Catch::Contains("unknown option '--fast'"));
}

TEST_CASE(
    "the real engine reports depth, score and pv, honours go depth, and plays on after a bad book "
    "file") {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  engine.send("setoption name SolutionFile value /nonexistent/qubic.book");
  CHECK(engine.readLine(milliseconds(5000)) ==
        "info string error: setoption SolutionFile: cannot read book file "
        "\"/nonexistent/qubic.book\": no such file; the "
        "book in use is kept");
  engine.send("setoption name Threads value 4");
  engine.send("setoption name UseSolution value false");  // this test is about the search
  engine.send("position startpos moves 1a1 4d4");
  engine.send("go depth 3");
  const auto lines = engine.readUntil("bestmove", milliseconds(20000));
  REQUIRE(lines.size() >= 2);
  checkBestMove(lines.back(), playMoves(Position{}, "1a1 4d4").value());
  // The heuristic search's last report: depth 3, a heuristic score and a line of moves.
  const std::string& last = lines[lines.size() - 3];  // before the reason and the bestmove
  INFO(last);
  CHECK(last.rfind("info depth 3 ", 0) == 0);
  CHECK_THAT(last, Catch::Contains(" score cp "));
  CHECK_THAT(last, Catch::Contains(" pv "));
  for (const auto& line : lines) {
    INFO(line);
    CHECK(line.rfind("info string error", 0) == std::string::npos);
    if (line.rfind("info depth ", 0) == 0) CHECK(std::stoi(line.substr(11)) <= 3);
  }
  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

TEST_CASE(
    "a GUI author's probe of the UGI spec (ugi.md): handshake, defaults, every go, info lines") {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());
  REQUIRE(engine.send("ugi"));
  const auto handshake = engine.readUntil("ugiok", milliseconds(10000));
  REQUIRE(handshake.size() >= 3);
  CHECK(handshake[0].rfind("id name ", 0) == 0);
  CHECK(handshake[1].rfind("id author ", 0) == 0);
  CHECK(handshake.back() == "ugiok");
  const std::regex optionLine(
      "option name (\\S+) type (check|spin|combo|button|string) default (.*)");
  for (std::size_t i = 2; i + 1 < handshake.size(); ++i) {
    std::smatch m;
    INFO(handshake[i]);
    REQUIRE(std::regex_match(handshake[i], m, optionLine));
    if (m[1] == "OwnBook") CHECK(m[3] == "false");  // "Option OwnBook must be false by default"
  }
  auto ready = [&] {
    engine.send("isready");
    CHECK(engine.readLine(milliseconds(10000)) == "readyok");
  };
  ready();
  engine.send("setoption name MultiPV value 2");
  ready();
  engine.send("uginewgame");
  ready();
  const std::string moves = "1a1 4d4 1d1 2b2 3c3";
  const Position position = playMoves(Position{}, moves).value();
  auto search = [&](const std::string& go) {
    engine.send("position startpos moves " + moves);
    ready();
    engine.send(go);
    if (go == "go infinite") {
      ready();  // isready is answered during a search
      engine.send("stop");
    }
    const auto lines = engine.readUntil("bestmove", milliseconds(30000));
    INFO(go);
    REQUIRE(!lines.empty());
    checkBestMove(lines.back(), position);
    bool finalTotals = false;
    for (std::size_t i = 0; i + 1 < lines.size(); ++i) {
      bool totals = false;
      INFO(lines[i]);
      CHECK(infoProblem(lines[i], position, totals).empty());
      if (lines[i].rfind("info string", 0) != 0) finalTotals = totals;
    }
    CHECK(finalTotals);  // "one final info string ... containing nodes, time, and nps"
  };
  search("go p1time 1000 p2time 1000 p1inc 10 p2inc 10");
  search("go movetime 200");
  search("go depth 0");
  search("go depth 3");
  search("go nodes 5000");
  search("go infinite");
  for (const auto& [question, answer] :
       {std::pair<std::string, std::string>{"p1turn", "response false"},
        {"gameover", "response false"},
        {"result", "response none"}}) {
    engine.send("query " + question);
    CHECK(engine.readLine(milliseconds(10000)) == answer);
  }
  engine.send("quit");
  CHECK(engine.wait(milliseconds(10000)) == 0);
}

TEST_CASE(
    "a line without end is dropped past 64 KiB: one error, bounded memory, the engine goes on") {
  // Issue 42 (8): 1 GB sent without a newline grew the engine to 1 GB and kept it.
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  engine.send("isready");
  REQUIRE(!engine.readUntil("readyok", milliseconds(10000)).empty());
  const std::string chunk(std::size_t{1} << 20, 'x');
  for (int i = 0; i < 256; ++i) REQUIRE(engine.sendRaw(chunk));  // 256 MB, one line
  engine.send("");
  engine.send("isready");
  const auto lines = engine.readUntil("readyok", milliseconds(60000));
  REQUIRE(!lines.empty());
  CHECK(lines.back() == "readyok");
  CHECK(std::count(lines.begin(), lines.end(),
                   "info string error: a line of more than 65536 bytes: ignored") == 1);
  std::ifstream status("/proc/" + std::to_string(engine.pid()) + "/status");
  long peakKb = -1;
  for (std::string line; std::getline(status, line);)
    if (line.rfind("VmHWM:", 0) == 0) peakKb = std::stol(line.substr(6));
  INFO("peak RSS " << peakKb << " kB");
  CHECK(peakKb > 0);
  CHECK(peakKb < 200 * 1024);  // the line alone was 256 MB
  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

TEST_CASE("LimitStrength with Elo plays as the levels the scale puts there, from the seed") {
  // Issue 45: at a level's own rating the engine plays that level's moves; Seed decides them.
  auto game = [&](const std::vector<std::string>& options) {
    ChildProcess engine({kEngine}, {emptyConfigHome()});
    REQUIRE(engine.started());
    engine.send("ugi");
    REQUIRE(!engine.readUntil("ugiok", milliseconds(5000)).empty());
    for (const std::string& option : options) engine.send("setoption name " + option);
    engine.send("isready");
    REQUIRE(engine.readLine(milliseconds(5000)) == "readyok");
    std::string moves;
    Position p;
    for (int ply = 0; ply < 12 && !p.isGameOver(); ++ply) {
      engine.send("position startpos moves" + moves);
      engine.send("go nodes 20000");
      const auto search = engine.readUntil("bestmove", milliseconds(10000));
      REQUIRE(!search.empty());
      const std::string move = search.back().substr(9);
      p.play(parseMove(move).value());
      moves += " " + move;
    }
    return moves;
  };
  const std::string anchor = game({"Level value 0", "Seed value 5"});
  CHECK(game({"LimitStrength value true", "Elo value 0", "Seed value 5"}) == anchor);
  CHECK(game({"Level value 0", "Seed value 6"}) != anchor);
  // Level 13 plays the forcing tier, whose preset order comes from the seed
  // (engine/play/level_mix).
  const std::string forcing = game({"Level value 13", "Seed value 5"});
  CHECK(game({"LimitStrength value true", "Elo value " + std::to_string(kLevelElo[13]),
              "Seed value 5"}) == forcing);
  // Switched off again, Level rules.
  CHECK(game({"LimitStrength value true", "Elo value 0", "LimitStrength value false",
              "Level value 13", "Seed value 5"}) == forcing);
}

namespace {

// The moves MultiPV 64 shows as proven (score mate) after `go nodes N` on the position.
std::set<std::string> provenMoves(const std::string& cacheHome, bool cache,
                                  const std::string& position, std::uint64_t nodes) {
  ChildProcess engine({kEngine}, {emptyConfigHome(), "XDG_CACHE_HOME=" + cacheHome});
  REQUIRE(engine.started());
  engine.send(std::string("setoption name ProvenCache value ") + (cache ? "true" : "false"));
  engine.send("setoption name MultiPV value 64");
  engine.send("position fen " + position);
  engine.send("go nodes " + std::to_string(nodes));
  const auto lines = engine.readUntil("bestmove", milliseconds(120000));
  REQUIRE_FALSE(lines.empty());
  engine.send("quit");
  CHECK(engine.wait(std::chrono::seconds(30)) == 0);
  std::set<std::string> proven;
  for (const std::string& l : lines)
    if (l.find(" multipv ") != std::string::npos && l.find(" score mate ") != std::string::npos)
      proven.insert(l.substr(l.find(" pv ") + 4, 3));
  return proven;
}

}  // namespace

TEST_CASE("with ProvenCache the next engine shows at once what the last one proved") {
  const auto home =
      std::filesystem::temp_directory_path() / ("qubic-engine-cache-" + std::to_string(getpid()));
  std::filesystem::remove_all(home);
  const std::string position =
      "............xxox/............o.../........o......./................ x";
  const std::set<std::string> first = provenMoves(home.string(), true, position, 3'000'000);
  const auto file = home / "qubic" / "proven-values";
  REQUIRE(std::filesystem::exists(file));
  CHECK(first.size() > 5);
  // A twentieth of the budget, in a new process: every move proven before is proven again.
  const std::set<std::string> second = provenMoves(home.string(), true, position, 150'000);
  for (const std::string& move : first) CHECK(second.count(move) == 1);
  // Off (the default), the cache is neither read nor written.
  const auto before = std::filesystem::last_write_time(file);
  const std::set<std::string> off = provenMoves(home.string(), false, position, 150'000);
  CHECK(off.size() < first.size());
  CHECK(std::filesystem::last_write_time(file) == before);
  std::filesystem::remove_all(home);
}

TEST_CASE("review judges a game's moves as qubic-solve review --positions does, and stops") {
  // Issue 70: the page's review comes from the engine; at the same budget in positions it is
  // the game's and qubic-solve's review, verdict for verdict.
  const std::string game = "1a1 1b1 2b2 1c1 3c3 1d1 4d4";
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());
  engine.send("position startpos moves " + game);
  engine.send("review positions 20000");
  const auto said = engine.readUntil("reviewok", milliseconds(120000));
  REQUIRE(!said.empty());
  REQUIRE(said.back() == "reviewok");
  std::vector<std::string> engineVerdicts;
  const std::regex line(R"(^info string review ply (\d+) move ([1-4][a-d][1-4]) before )"
                        R"((win \d+|loss \d+|draw|unknown) after (win \d+|loss \d+|draw|unknown) )"
                        R"(verdict [a-z-]+: (.*)$)");
  for (const std::string& l : said) {
    std::smatch m;
    if (std::regex_match(l, m, line)) engineVerdicts.push_back(m[2].str() + " " + m[5].str());
  }
  const qubic::testing::ProgramRun solve = qubic::testing::runProgram(
      "qubic-solve", {"review", game, "--positions", "20000"}, milliseconds(120000));
  REQUIRE(solve.exitCode == 0);
  std::vector<std::string> solveVerdicts;
  std::istringstream rows(solve.out);
  const std::regex row(R"(^ +\d+  [XO]     ([1-4][a-d][1-4])   .{18}  .{18}  (.*)$)");
  for (std::string r; std::getline(rows, r);) {
    std::smatch m;
    if (std::regex_match(r, m, row)) solveVerdicts.push_back(m[1].str() + " " + m[2].str());
  }
  CHECK(solveVerdicts.size() == 7);
  CHECK(engineVerdicts == solveVerdicts);
  // Issue 85, 7: the review says its progress as it goes, steps done of all, up to the end,
  // before its move lines.
  std::vector<int> done;
  std::size_t lastProgress = 0, firstPly = said.size();
  const std::regex progress(R"(^info string review progress (\d+) of 16$)");  // 2 * 7 + 2
  for (std::size_t i = 0; i < said.size(); ++i) {
    std::smatch m;
    if (std::regex_match(said[i], m, progress)) done.push_back(std::stoi(m[1])), lastProgress = i;
    if (said[i].rfind("info string review ply ", 0) == 0) firstPly = std::min(firstPly, i);
  }
  REQUIRE(!done.empty());
  CHECK(std::is_sorted(done.begin(), done.end()));
  CHECK(done.back() == 16);
  CHECK(lastProgress < firstPly);

  // A review with a budget far past what the test waits for ends at stop, said so.
  engine.send("review positions 1000000000");
  engine.send("stop");
  const auto stopped = engine.readUntil("reviewok", milliseconds(60000));
  REQUIRE(!stopped.empty());
  CHECK(stopped.back() == "reviewok");
  CHECK(std::find(stopped.begin(), stopped.end(),
                  "info string review stopped: the moves were not all judged") != stopped.end());
  engine.send("position startpos");
  engine.send("review");
  CHECK(engine.readLine(milliseconds(5000)) ==
        "info string error: review: the position has no moves to review; send position ... "
        "moves ...");
  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

TEST_CASE("explain tells a forcing win step by step as qubic-solve explain does") {
  // A shipped puzzle's position: X wins by threes in 5 plies.
  const std::string position =
      "x..o...o...xx..o/...xoo.....o...x/...o...xxx....../...o...o...xx..o x";
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());
  engine.send("query explain");
  CHECK(engine.readLine(milliseconds(5000)) == "response true");
  engine.send("position fen " + position);
  engine.send("explain");
  const auto said = engine.readUntil("explainok", milliseconds(60000));
  REQUIRE(!said.empty());
  std::vector<std::string> steps;
  const std::regex step(
      R"(^info string explain step \d+ move ([1-4][a-d][1-4]) reply (\S+)[^:]*: (.*)$)");
  for (const std::string& l : said) {
    std::smatch m;
    if (std::regex_match(l, m, step)) steps.push_back(m[1].str() + " " + m[3].str());
  }
  const qubic::testing::ProgramRun solve =
      qubic::testing::runProgram("qubic-solve", {"explain", position}, milliseconds(60000));
  REQUIRE(solve.exitCode == 0);
  std::vector<std::string> solveSteps;
  std::istringstream rows(solve.out);
  const std::regex row(R"(^ +\d+\. [XO] ([1-4][a-d][1-4])  (.*)$)");
  for (std::string r; std::getline(rows, r);) {
    std::smatch m;
    if (std::regex_match(r, m, row)) solveSteps.push_back(m[1].str() + " " + m[2].str());
  }
  CHECK(steps.size() == 2);
  CHECK(steps == solveSteps);
  engine.send("position startpos moves 1a1 2b2");
  engine.send("explain");
  const auto none = engine.readUntil("explainok", milliseconds(60000));
  REQUIRE(none.size() >= 2);
  CHECK(none[none.size() - 2].rfind("info string explain none: X has no win by threes alone", 0) ==
        0);
  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
}
