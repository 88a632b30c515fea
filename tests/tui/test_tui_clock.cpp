// The game's clocks (tui/game_clock): time runs for the side to move only, increments and
// periods refill it, pauses stop it, and the first side at zero has lost.
#include <catch2/catch.hpp>

#include "tui/game_clock.hpp"

using namespace qubic;
using namespace qubic::tui;
using namespace std::chrono_literals;

namespace {

TimeControl control(const char* text) {
  const Parsed<TimeControl> c = parseTimeControl(text);
  REQUIRE(c);
  return c.value();
}

}  // namespace

TEST_CASE("clock: the side to move's time runs, the increment comes after its move") {
  GameClock clock;
  clock.set(control("tc=60+2"));
  const GameClock::TimePoint t0{};
  clock.reset(Side::X, t0);
  CHECK(clock.remaining(Side::X, t0 + 10s) == 50s);
  CHECK(clock.remaining(Side::O, t0 + 10s) == 60s);
  clock.moved(Side::X, t0 + 10s);
  CHECK(clock.remaining(Side::X, t0 + 30s) == 52s);
  CHECK(clock.remaining(Side::O, t0 + 30s) == 40s);
  CHECK_FALSE(clock.flagged(t0 + 30s));
  CHECK(clock.flagged(t0 + 71s) == Side::O);
}

TEST_CASE("clock: a period of moves refills it, pauses stop it, follow switches sides") {
  GameClock clock;
  clock.set(control("tc=2/10"));
  const GameClock::TimePoint t0{};
  clock.reset(Side::X, t0);
  clock.moved(Side::X, t0 + 3s);  // 7 s left
  clock.moved(Side::O, t0 + 4s);
  clock.moved(Side::X, t0 + 5s);  // 6 s, then the period's second move: +10 s
  CHECK(clock.remaining(Side::X, t0 + 5s) == 16s);
  clock.pause(t0 + 6s);  // O has used 1 s
  CHECK(clock.remaining(Side::O, t0 + 100s) == 8s);
  clock.resume(t0 + 100s);
  CHECK(clock.remaining(Side::O, t0 + 101s) == 7s);
  clock.follow(Side::X, t0 + 101s);  // an undo: X to move again
  CHECK(clock.remaining(Side::O, t0 + 110s) == 7s);
  CHECK(clock.remaining(Side::X, t0 + 110s) == 7s);
}

TEST_CASE("clock: none set, nothing runs and nobody loses on time") {
  GameClock clock;
  const GameClock::TimePoint t0{};
  clock.reset(Side::X, t0);
  CHECK_FALSE(clock.hasClock());
  CHECK_FALSE(clock.flagged(t0 + 1000h));
}

TEST_CASE("clock: times are shown as minutes and seconds, tenths in the last minute") {
  CHECK(GameClock::format(298'300ms) == "4:58");
  CHECK(GameClock::format(9'400ms) == "0:09.4");
  CHECK(GameClock::format(-5ms) == "0:00.0");
}
