// Documentation that cannot go stale: the sample sessions of docs/protocol.md are run
// against the real engine, line by line; docs/architecture.md names every unit of engine/
// and every bench section; README's figures are docs/benchmarks.md's; docs/table.md's are
// the shipped table's.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "engine/play/elo_scale.hpp"
#include "program_run.hpp"

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

namespace {

std::string readDoc(const std::string& relative) {
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/" + relative);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

bool namesWord(const std::string& text, const std::string& word) {
  return std::regex_search(text, std::regex("\\b" + word + "\\b"));
}

}  // namespace

TEST_CASE("docs/architecture.md names every unit of engine/ in its diagram and its table") {
  const std::string doc = readDoc("docs/architecture.md");
  // The layer diagram: the fenced block that lists the layers.
  std::string diagram;
  for (std::size_t at = doc.find("```"); at != std::string::npos;) {
    const std::size_t end = doc.find("```", at + 3);
    if (end == std::string::npos) break;
    const std::string block = doc.substr(at + 3, end - at - 3);
    if (block.find(" core ") != std::string::npos && block.find(" study ") != std::string::npos)
      diagram = block;
    at = doc.find("```", end + 3);
  }
  REQUIRE_FALSE(diagram.empty());
  int units = 0;
  for (const auto& layer :
       std::filesystem::directory_iterator(std::string(QUBIC_SOURCE_DIR) + "/engine"))
    for (const auto& file : std::filesystem::directory_iterator(layer.path())) {
      if (file.path().extension() != ".hpp") continue;
      const std::string unit = file.path().stem().string();
      const std::string path = "engine/" + layer.path().filename().string() + "/" + unit;
      INFO(path);
      CHECK(namesWord(diagram, unit));
      CHECK(doc.find("`" + path) != std::string::npos);
      ++units;
    }
  CHECK(units > 40);  // the walk found the engine
}

TEST_CASE(
    "every bench section is named where docs/architecture.md and docs/benchmarks.md list them") {
  ChildProcess bench({std::string(QUBIC_BIN_DIR) + "/qubic-bench", "--help"});
  REQUIRE(bench.started());
  const std::string help = bench.drain(milliseconds(10000)).first;
  const std::size_t from = help.find("one of "), to = help.find("all", from);
  REQUIRE(from != std::string::npos);
  std::stringstream list(help.substr(from + 7, to - from - 7));
  const std::string architecture = readDoc("docs/architecture.md");
  const std::string benchRow = architecture.substr(architecture.find("| `tools/bench/` |"));
  const std::string benchmarks = readDoc("docs/benchmarks.md");
  const std::string regenerate = benchmarks.substr(benchmarks.find("Regenerate:"), 400);
  int sections = 0;
  for (std::string name; std::getline(list, name, ',');) {
    name.erase(0, name.find_first_not_of(' '));
    if (name.empty()) continue;
    INFO(name);
    CHECK(namesWord(benchRow.substr(0, benchRow.find('\n')), name));
    CHECK(namesWord(regenerate, name));
    ++sections;
  }
  CHECK(sections >= 9);
}

TEST_CASE("every figure in README is one docs/benchmarks.md gives") {
  const std::string readme = readDoc("README.md"), benchmarks = readDoc("docs/benchmarks.md");
  const std::regex figure(R"([0-9]+(\.[0-9]+)?(-[0-9]+(\.[0-9]+)?)? (s|ms|MB)\b)");
  int figures = 0;
  for (auto it = std::sregex_iterator(readme.begin(), readme.end(), figure);
       it != std::sregex_iterator(); ++it, ++figures) {
    INFO(it->str());
    CHECK(benchmarks.find(it->str()) != std::string::npos);
  }
  CHECK(figures >= 1);
}

TEST_CASE("README's and the user guide's steps between levels are the rating scale's") {
  // Issue 70, 12: README said "about 100 Elo apart" when the steps ran from 55 to 146.
  int least = 1 << 20, most = 0;
  for (std::size_t i = 1; i < qubic::kLevelElo.size(); ++i) {
    least = std::min(least, qubic::kLevelElo[i] - qubic::kLevelElo[i - 1]);
    most = std::max(most, qubic::kLevelElo[i] - qubic::kLevelElo[i - 1]);
  }
  const int count = static_cast<int>(qubic::kLevelElo.size() - 1);
  const int mean =  // rounded
      (2 * (qubic::kLevelElo.back() - qubic::kLevelElo.front()) + count) / (2 * count);
  const std::string steps = std::to_string(least) + " to " + std::to_string(most) + " Elo";
  std::smatch m;
  const std::string readme = readDoc("README.md");
  REQUIRE(std::regex_search(readme, m,
                            std::regex(R"(levels (\d+ to \d+ Elo)\s+apart \((\d+) on average\))")));
  CHECK(m[1].str() == steps);
  CHECK(m[2].str() == std::to_string(mean));
  CHECK(readDoc("docs/user-guide.md").find("each level " + steps + " above") != std::string::npos);
  CHECK(readDoc("docs/protocol.md")
            .find("each level " + steps + " above the one below on the pooled scale, " +
                  std::to_string(mean) + " on average") != std::string::npos);
}

TEST_CASE("docs/web.md's figures are the web tests' screenshots, at the sizes their captions say") {
  // Issue 70, 12: a 657-px image was captioned 1280x800, and figures showed what the page no
  // longer said. Each figure is one a web test shoots (make screenshots makes them all
  // again), and its caption's size is the page's viewport (a phone's at 2 pixels a point).
  const std::string doc = readDoc("docs/web.md");
  std::string shooters;
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(QUBIC_SOURCE_DIR) + "/tests/web"))
    if (entry.path().extension() == ".py")
      shooters += readDoc("tests/web/" + entry.path().filename().string());
  const std::regex figure(R"(!\[([^\]]*)\]\(web/([a-z0-9-]+\.png)\))");
  int figures = 0;
  for (auto it = std::sregex_iterator(doc.begin(), doc.end(), figure); it != std::sregex_iterator();
       ++it, ++figures) {
    const std::string caption = (*it)[1].str(), name = (*it)[2].str();
    INFO(name);
    CHECK(shooters.find("\"" + name + "\"") != std::string::npos);
    std::ifstream png(std::string(QUBIC_SOURCE_DIR) + "/docs/web/" + name, std::ios::binary);
    unsigned char header[24] = {};
    REQUIRE(png.read(reinterpret_cast<char*>(header), sizeof header));
    auto word = [&](int at) {
      return (header[at] << 24) | (header[at + 1] << 16) | (header[at + 2] << 8) | header[at + 3];
    };
    std::smatch size;
    REQUIRE(std::regex_search(caption, size, std::regex(R"((\d+)×(\d+))")));
    const int scale = name.find("phone") != std::string::npos ? 2 : 1;
    CHECK(word(16) == scale * std::stoi(size[1].str()));
    CHECK(word(20) == scale * std::stoi(size[2].str()));
  }
  CHECK(figures >= 5);
}

TEST_CASE("docs/table.md's figures are the shipped table's (issue 68, 3)") {
  const qubic::testing::ProgramRun info =
      qubic::testing::runProgram("qubic-solve", {"table", "info", "--all"});
  REQUIRE(info.exitCode == 0);
  // table info --all: "S stones: N of M positions: X wins A, O wins B, draws C ...",
  // "  longest win: L plies", "  O wins: POSITION" (every one).
  // stones -> in the table, X, O, draws, longest, with their move
  std::map<int, std::vector<int>> fromTable;
  std::set<std::string> oWins;
  const std::regex section(
      R"(^(\d) stones: (\d+) of \d+ positions: X wins (\d+), O wins (\d+), draws (\d+).*; (\d+) with their move)");
  const std::regex longest(R"(^  longest win: (\d+) plies)");
  std::istringstream lines(info.out);
  int stones = -1;
  for (std::string line; std::getline(lines, line);) {
    std::smatch m;
    if (std::regex_search(line, m, section)) {
      stones = std::stoi(m[1]);
      fromTable[stones] = {std::stoi(m[2]), std::stoi(m[3]), std::stoi(m[4]), std::stoi(m[5]), 0,
                           std::stoi(m[6])};
    } else if (std::regex_search(line, m, longest)) {
      fromTable[stones][4] = std::stoi(m[1]);
    } else if (line.rfind("  O wins: ", 0) == 0) {
      oWins.insert(line.substr(10));
    }
  }
  REQUIRE(fromTable.size() == 5);
  // The docs' summary rows ("| 4 (X to move) | 13 682 of 20 851 | ... |"); the O wins are
  // listed by `table info --all`, not in the docs, and counted here against the rows.
  std::ifstream doc(std::string(QUBIC_SOURCE_DIR) + "/docs/table.md");
  REQUIRE(doc);
  std::map<int, std::vector<int>> fromDocs;
  const std::regex row(
      R"(^\| (\d)( \([XO] to move\))? \| ([^|]+) \| ([\d ]+) \| ([\d ]+) \| ([\d ]+) \| ([\d ]+) \| ([\d ]+) \|$)");
  auto number = [](std::string text) {
    text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
    return std::stoi(text);
  };
  for (std::string line; std::getline(doc, line);) {
    std::smatch m;
    if (std::regex_match(line, m, row)) {
      const std::string held = m[3];
      const int n = std::isdigit(static_cast<unsigned char>(held[0]))
                        ? number(held.substr(0, held.find(" of ")))
                        : 1;  // "the empty board"
      fromDocs[std::stoi(m[1])] = {
          n, number(m[4]), number(m[5]), number(m[6]), number(m[7]), number(m[8])};
    }
  }
  CHECK(fromDocs == fromTable);
  CHECK_FALSE(oWins.empty());
  std::size_t oWinsCounted = 0;
  for (const auto& [n, figures] : fromTable) oWinsCounted += static_cast<std::size_t>(figures[2]);
  CHECK(oWins.size() == oWinsCounted);  // every O win listed, not the first 100
}

TEST_CASE("docs/table.md's wins by distance are the shipped table's (issue 72)") {
  const qubic::testing::ProgramRun info =
      qubic::testing::runProgram("qubic-solve", {"table", "info"});
  REQUIRE(info.exitCode == 0);
  // table info: "S stones: ...", then "  distances: 21-25 plies 2, 26-30 plies 26, ...".
  std::map<std::pair<int, std::string>, int> fromTable, fromDocs;  // (stones, bucket) -> wins
  std::istringstream lines(info.out);
  int stones = -1;
  const std::regex bucket(R"((\d+-\d+) plies (\d+))");
  for (std::string line; std::getline(lines, line);) {
    if (std::isdigit(static_cast<unsigned char>(line[0]))) stones = line[0] - '0';
    if (line.rfind("  distances: ", 0) != 0 || stones < 2) continue;
    for (std::sregex_iterator m(line.begin(), line.end(), bucket), end; m != end; ++m)
      fromTable[{stones, (*m)[1]}] = std::stoi((*m)[2]);
  }
  // The docs' rows: "| 21-25 | 2 | 0 | 0 |" for 4, 3 and 2 stones.
  std::ifstream doc(std::string(QUBIC_SOURCE_DIR) + "/docs/table.md");
  REQUIRE(doc);
  const std::regex row(R"(^\| (\d+-\d+) \| ([\d ]+) \| ([\d ]+) \| ([\d ]+) \|$)");
  for (std::string line; std::getline(doc, line);) {
    std::smatch m;
    if (!std::regex_match(line, m, row)) continue;
    for (int column = 0; column < 3; ++column) {
      std::string text = m[2 + column];
      text.erase(std::remove(text.begin(), text.end(), ' '), text.end());
      if (const int n = std::stoi(text); n > 0) fromDocs[{4 - column, m[1]}] = n;
    }
  }
  CHECK(fromDocs == fromTable);
  CHECK(fromTable.size() > 5);
}
