// Documentation that cannot go stale: the sample sessions of docs/protocol.md are run
// against the real engine, line by line.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "child_process.hpp"

using qubic::testing::ChildProcess;
using std::chrono::milliseconds;

namespace {

const std::string kEngine = std::string(QUBIC_BIN_DIR) + "/qubic-engine";

struct Exchange {
  std::string command;               // sent to the engine
  std::vector<std::string> replies;  // expected, in any order among themselves
};
using Transcript = std::vector<Exchange>;

// The indented blocks of `section` in `path` that contain commands ("    > ...").
std::vector<Transcript> transcripts(const std::string& path, const std::string& section) {
  std::ifstream in(path);
  REQUIRE(in);
  std::vector<Transcript> found;
  bool inSection = false, inBlock = false;
  for (std::string line; std::getline(in, line);) {
    if (line.rfind("## ", 0) == 0) inSection = line == "## " + section;
    const bool indented = line.rfind("    ", 0) == 0;
    if (!inSection || !indented) {
      inBlock = false;
      continue;
    }
    const std::string text = line.substr(4);
    if (text.rfind("> ", 0) == 0) {
      if (!inBlock) found.emplace_back();
      inBlock = true;
      found.back().push_back({text.substr(2), {}});
    } else if (inBlock) {
      found.back().back().replies.push_back(text);
    }
  }
  return found;
}

// The figures that depend on the machine are not compared.
std::string normalised(const std::string& line) {
  static const std::regex figures(R"(\b(time|nps|hashfull) -?[0-9]+)");
  return std::regex_replace(line, figures, "$1 *");
}

std::vector<std::string> sortedNormalised(std::vector<std::string> lines) {
  for (std::string& l : lines) l = normalised(l);
  std::sort(lines.begin(), lines.end());
  return lines;
}

std::string emptyConfigHome() {
  const auto dir = std::filesystem::temp_directory_path() / "qubic-docs-test-empty-config";
  std::filesystem::create_directories(dir);
  return "XDG_CONFIG_HOME=" + dir.string();
}

void run(const Transcript& transcript) {
  ChildProcess engine({kEngine}, {emptyConfigHome()});
  REQUIRE(engine.started());
  for (const Exchange& e : transcript) {
    REQUIRE(engine.send(e.command));
    std::vector<std::string> got;
    while (got.size() < e.replies.size()) {
      const std::optional<std::string> line = engine.readLine(milliseconds(60000));
      if (!line) break;
      got.push_back(*line);
    }
    INFO("after > " << e.command);
    CHECK(sortedNormalised(got) == sortedNormalised(e.replies));
  }
  engine.closeInput();
  const auto [rest, errors] = engine.drain(milliseconds(30000));
  INFO("more output than the document shows: " << rest << errors);
  CHECK(rest.empty());
  CHECK(engine.wait(milliseconds(5000)) == 0);
}

}  // namespace

TEST_CASE("the sample sessions of docs/protocol.md are what the engine answers") {
  const std::vector<Transcript> all =
      transcripts(std::string(QUBIC_SOURCE_DIR) + "/docs/protocol.md", "Sample session");
  REQUIRE(all.size() == 2);
  for (const Transcript& t : all) {
    REQUIRE(t.size() >= 5);
    run(t);
  }
}
