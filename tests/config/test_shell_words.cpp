// qubic --engine's command split as a shell splits it (issue 68, 14): quotes and
// backslashes, no expansion, and an unbalanced quote refused.
#include <catch2/catch.hpp>

#include "config/shell_words.hpp"

using Words = std::vector<std::string>;

TEST_CASE("a command splits into words as a shell splits it, nothing expanded") {
  CHECK(qubic::shellWords("engine --threads 2").value() == Words{"engine", "--threads", "2"});
  CHECK(qubic::shellWords("  a \t b  ").value() == Words{"a", "b"});
  CHECK(qubic::shellWords("'/opt/my engine/bin' -x").value() == Words{"/opt/my engine/bin", "-x"});
  CHECK(qubic::shellWords("\"a \\\"quoted\\\" word\" b").value() ==
        Words{"a \"quoted\" word", "b"});
  CHECK(qubic::shellWords("\"a\\b\"").value() == Words{"a\\b"});  // kept in double quotes
  CHECK(qubic::shellWords("my\\ engine arg").value() == Words{"my engine", "arg"});
  CHECK(qubic::shellWords("'it'\"'\"'s'").value() == Words{"it's"});
  CHECK(qubic::shellWords("''").value() == Words{""});
  CHECK(qubic::shellWords("$HOME/e ~ *").value() == Words{"$HOME/e", "~", "*"});
  CHECK(qubic::shellWords("").value().empty());
}

TEST_CASE("an unbalanced quote or a final backslash is refused") {
  CHECK_THAT(qubic::shellWords("engine 'arg").error(), Catch::Contains("single quote"));
  CHECK_THAT(qubic::shellWords("engine \"arg").error(), Catch::Contains("double quote"));
  CHECK_THAT(qubic::shellWords("engine \"a\\\"").error(), Catch::Contains("double quote"));
  CHECK_THAT(qubic::shellWords("engine \\").error(), Catch::Contains("backslash"));
}
