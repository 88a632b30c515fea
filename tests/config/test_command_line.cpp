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
