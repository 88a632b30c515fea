// The command-line reader every program shares (config/command_line).
#include <catch2/catch.hpp>

#include <string>
#include <vector>

#include "config/command_line.hpp"

using qubic::CommandLine;
using qubic::UsageError;

namespace {

const CommandLine::Spec kSpec{
    {"--fast"}, {"--time", "--count", "--file", "--moves"}, {"--add"}, {"--moves"}};

std::string errorOf(const std::vector<std::string>& args) {
  try {
    const CommandLine line(args, kSpec);
    (void)line.count("--count", 0, 1, 10, "a whole number from 1 to 10");
    (void)line.seconds("--time", 0);
  } catch (const UsageError& e) {
    return e.what();
  }
  return {};
}

}  // namespace

TEST_CASE("the reader takes flags, values in both GNU spellings, repeats in order, words") {
  const CommandLine line(
      {"a", "--fast", "--time", "2min", "--count=7", "b", "--add", "x", "--add=y", "--moves", ""},
      kSpec);
  CHECK(line.positional() == std::vector<std::string>{"a", "b"});
  CHECK(line.has("--fast"));
  CHECK_FALSE(line.has("--file"));
  CHECK(line.seconds("--time", 0) == Approx(120));
  CHECK(line.count("--count", 0, 1, 10, "") == 7);
  CHECK(line.text("--moves", "unset").empty());  // allowed to be empty
  CHECK(line.text("--file", "none") == "none");
  CHECK(line.sequence() ==
        std::vector<std::pair<std::string, std::string>>{{"--add", "x"}, {"--add", "y"}});
  CHECK(CommandLine({"--time", "90"}, kSpec).seconds("--time", 0) == Approx(90));  // bare: s
}

TEST_CASE("the reader refuses what a user could mean otherwise, in words") {
  CHECK(errorOf({"--bogus"}) == "unknown option '--bogus'");
  CHECK(errorOf({"--time"}) == "--time needs a value");
  CHECK(errorOf({"--file", ""}) == "--file needs a value, not an empty one");
  CHECK(errorOf({"--file="}) == "--file needs a value, not an empty one");
  CHECK(errorOf({"--time", "1s", "--time", "2s"}) == "--time is given twice");
  CHECK(errorOf({"--fast", "--fast"}) == "--fast is given twice");
  CHECK(errorOf({"--fast=yes"}) == "--fast takes no value");
  CHECK(errorOf({"--count", "11"}) == "--count must be a whole number from 1 to 10");
  CHECK(errorOf({"--count", "2.5"}) == "--count must be a whole number from 1 to 10");
  CHECK(errorOf({"--count", "x"}) == "--count needs a number, got 'x'");
  CHECK_THAT(errorOf({"--time", "5sec"}), Catch::Contains("needs a duration"));
  CHECK(errorOf({"--time", "5s", "--count", "3"}).empty());
}

TEST_CASE("cutechess's dialect: options of one dash or two, each with the words up to the next") {
  const std::vector<qubic::OptionGroup> groups = qubic::optionGroups(
      {"-engine", "cmd=a", "name=x", "--games", "4", "-recover", "-each", "st=0.1", "--"});
  REQUIRE(groups.size() == 5);
  CHECK(groups[0].name == "engine");
  CHECK(groups[0].values == std::vector<std::string>{"cmd=a", "name=x"});
  CHECK(groups[1].name == "games");
  CHECK(groups[1].word == "--games");
  CHECK(groups[1].values == std::vector<std::string>{"4"});
  CHECK(groups[2].name == "recover");
  CHECK(groups[2].values.empty());
  CHECK(groups[3].values == std::vector<std::string>{"st=0.1"});
  CHECK(groups[4].name.empty());  // "--" alone names nothing: the program calls it unknown
  // A word with '=' is a value even when it starts with a dash; a word before any option is
  // refused.
  CHECK(qubic::optionGroups({"-each", "-x=1"})[0].values == std::vector<std::string>{"-x=1"});
  CHECK_THROWS_WITH(qubic::optionGroups({"games", "-games", "4"}),
                    "unexpected \"games\" (options start with -)");
}
