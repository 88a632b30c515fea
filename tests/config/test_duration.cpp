// Durations on command lines (config/duration): units, a bare number in the option's unit,
// one spelling.
#include <catch2/catch.hpp>

#include "config/duration.hpp"

using namespace qubic;

TEST_CASE("a duration is a number with a unit, or a bare number in the option's unit") {
  CHECK(parseDuration("500ms", 1).value() == Approx(0.5));
  CHECK(parseDuration("2.5s", 1).value() == Approx(2.5));
  CHECK(parseDuration("3min", 1).value() == Approx(180));
  CHECK(parseDuration("3m", 1).value() == Approx(180));
  CHECK(parseDuration("1h", 1).value() == Approx(3600));
  CHECK(parseDuration("90", 1).value() == Approx(90));  // qubic-solve --time: seconds
  CHECK_THAT(parseDuration("1500", 0).error(), Catch::Contains("needs a unit"));  // qubic
  CHECK(parseDuration("0", 1).value() == 0);
  for (const char* bad :
       {"", "s", "-1s", "+1s", "1e3", "0x10", "1.2.3s", "5 s", "5sec", "nan", "inf", "1e13"}) {
    INFO(bad);
    const Parsed<double> d = parseDuration(bad, 1);
    REQUIRE_FALSE(d.ok());
    CHECK(d.error().find("needs a duration such as 500ms, 2.5s, 3min or 1h") == 0);
  }
}
