// The UGI client library (client/): engines that answer, die, never answer, flood, or send
// nonsense, played as shell scripts. Every failure is a fault with its reason, within its
// deadline, and the program is gone afterwards: never a hang, never a trusted reply.
#include <catch2/catch.hpp>

#include <atomic>
#include <chrono>
#include <thread>

#include "client/engine_process.hpp"

using namespace qubic::client;
using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

namespace {

// Answers the handshake and isready, then runs `onGo` (shell) for every go.
std::string engineScript(const std::string& onGo) {
  return "while read l; do case \"$l\" in "
         "ugi) echo 'id name Fake'; echo 'option name Seed type spin default 0 min 0 max 9';"
         " echo ugiok;; "
         "isready) echo readyok;; "
         "go*) " +
         onGo +
         ";; "
         "quit) exit 0;; esac; done";
}

EngineConfig shell(const std::string& script) {
  EngineConfig config;
  config.name = "fake";
  config.command = "/bin/sh";
  config.args = {"-c", script};
  return config;
}

const std::string kPosition = "position startpos";

// The fault of a started engine's think, which must be one; `seconds`: how long it took.
EngineFault faultOfThinking(EngineProcess& engine, const std::string& limits, milliseconds deadline,
                            double* seconds = nullptr) {
  REQUIRE_FALSE(engine.start());
  const auto began = Clock::now();
  const auto reply = engine.think(kPosition, limits, deadline);
  if (seconds) *seconds = std::chrono::duration<double>(Clock::now() - began).count();
  REQUIRE(std::holds_alternative<EngineFault>(reply));
  CHECK_FALSE(engine.running());  // killed: never trusted with another move
  return std::get<EngineFault>(reply);
}

}  // namespace

TEST_CASE("an engine that answers gives its move, score and reason") {
  EngineProcess engine(
      shell(engineScript("echo 'info depth 1 score mate 3 pv 1a1';"
                         " echo 'info string reason: because'; echo 'bestmove 1a1'")),
      nullptr);
  REQUIRE_FALSE(engine.start());
  CHECK(engine.idName() == "Fake");
  REQUIRE_FALSE(engine.newGame(7));
  const auto reply = engine.think(kPosition, "nodes 100", milliseconds(60000));
  REQUIRE(std::holds_alternative<EngineReply>(reply));
  CHECK(std::get<EngineReply>(reply).move == "1a1");
  CHECK(std::get<EngineReply>(reply).score == "mate 3");
  CHECK(std::get<EngineReply>(reply).reason == "because");
  engine.quit();
  CHECK_FALSE(engine.running());
}

TEST_CASE("an engine that dies while thinking is a crash with its exit code and last words") {
  EngineProcess engine(shell(engineScript("echo 'out of memory' >&2; exit 3")), nullptr);
  const EngineFault fault = faultOfThinking(engine, "nodes 100", milliseconds(60000));
  CHECK(fault.kind == EngineFault::Kind::Crash);
  CHECK_THAT(fault.details, Catch::Contains("3") && Catch::Contains("out of memory"));
}

TEST_CASE("a program that is not there, or dies at once, failed to start") {
  EngineConfig missing = shell("");
  missing.command = "/nonexistent/engine";
  EngineProcess absent(missing, nullptr);
  const auto a = absent.start();
  REQUIRE(a);
  CHECK(a->kind == EngineFault::Kind::StartFailure);
  EngineProcess dying(shell("exit 1"), nullptr);
  const auto d = dying.start();
  REQUIRE(d);
  CHECK(d->kind == EngineFault::Kind::StartFailure);
  CHECK_FALSE(dying.running());
}

// A deadline of 0.5 s is allowed 20 times over: the machine may be loaded.
TEST_CASE("an engine that never answers loses on time, and is killed") {
  EngineProcess engine(shell(engineScript("sleep 600")), nullptr);
  double took = 0;
  const EngineFault fault = faultOfThinking(engine, "movetime 100", milliseconds(500), &took);
  CHECK(fault.kind == EngineFault::Kind::TimeForfeit);
  CHECK(took < 10);
}

TEST_CASE("an engine that floods lines or one endless line is stopped at the deadline or size") {
  SECTION("info lines without end, never a bestmove") {
    EngineProcess engine(shell(engineScript("while :; do echo 'info depth 1 score cp 1'; done")),
                         nullptr);
    double took = 0;
    const EngineFault fault = faultOfThinking(engine, "movetime 100", milliseconds(500), &took);
    CHECK(fault.kind == EngineFault::Kind::TimeForfeit);
    CHECK(took < 10);
  }
  SECTION("one line that never ends") {
    EngineProcess engine(shell(engineScript("while :; do printf xxxxxxxxxxxxxxxx; done")), nullptr);
    const EngineFault fault = faultOfThinking(engine, "movetime 100", milliseconds(60000));
    CHECK(fault.kind == EngineFault::Kind::Garbled);
    CHECK_THAT(fault.details, Catch::Contains("64 KiB"));
  }
}

TEST_CASE("nonsense while thinking is garbled output, quoted safely") {
  EngineProcess engine(shell(engineScript("printf 'hello\\001\\n'")), nullptr);
  const EngineFault fault = faultOfThinking(engine, "nodes 100", milliseconds(60000));
  CHECK(fault.kind == EngineFault::Kind::Garbled);
  CHECK(fault.details == "sent \"hello?\" while thinking");
}

TEST_CASE("a stop from another thread interrupts the wait for a move") {
  std::atomic<bool> stop{false};
  EngineProcess engine(shell(engineScript("sleep 600")), &stop);
  REQUIRE_FALSE(engine.start());  // before the stop: it interrupts the move's wait alone
  std::thread stopper([&] {
    std::this_thread::sleep_for(milliseconds(200));
    stop = true;
  });
  const EngineFault fault = faultOfThinking(engine, "infinite", milliseconds(600000));
  stopper.join();
  CHECK(fault.kind == EngineFault::Kind::Interrupted);
}
