// End to end: the real qubic-engine program, driven through pipes.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "config/settings.hpp"
#include "engine/notation.hpp"
#include "child_process.hpp"

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
  const auto path = std::filesystem::temp_directory_path() / (std::to_string(getpid()) + "-" + name);
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
  CHECK(took < milliseconds(200 + 100));  // the budget is 190 ms; the rest is process scheduling
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
  CHECK(engine.readLine(milliseconds(5000)) == "info string error: unknown command \"hello\"; send help for the list");

  engine.send("quit");
  CHECK(engine.wait(milliseconds(5000)) == 0);
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

TEST_CASE("the program prints its effective settings and reads a given configuration file") {
  ChildProcess printer({kEngine, "--print-config"}, {emptyConfigHome()});
  auto [out, err] = printer.drain(milliseconds(5000));
  CHECK(printer.wait(milliseconds(5000)) == 0);
  CHECK(out == settingsToToml(Settings{}));

  const std::string path = writeTempFile("level3.toml", "[engine]\nlevel = 3\nexplain = false\n");
  ChildProcess configured({kEngine, "--config", path});
  configured.send("ugi");
  const auto handshake = configured.readUntil("ugiok", milliseconds(5000));
  CHECK(std::find(handshake.begin(), handshake.end(), "option name Level type spin default 3 min 1 max 10") !=
        handshake.end());
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
  CHECK_THAT(err2, Catch::Contains("unknown argument --fast"));
}

TEST_CASE("the real engine reports depth, score and pv, honours go depth, and plays on after a bad book file") {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  engine.send("setoption name SolutionFile value /nonexistent/qubic.book");
  CHECK(engine.readLine(milliseconds(5000)) ==
        "info string error: setoption SolutionFile: cannot read book file \"/nonexistent/qubic.book\": no such file; the "
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
