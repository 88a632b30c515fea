// `make install` as a packager runs it: install into a staging directory (DESTDIR), move
// the installed tree somewhere else, and use it with no path into the source or build tree.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "child_process.hpp"
#include "engine/core/notation.hpp"

using namespace qubic;
using qubic::testing::ChildProcess;
using std::chrono::milliseconds;
namespace fs = std::filesystem;

namespace {

const char* const kPrograms[] = {"qubic", "qubic-engine", "qubic-solve", "qubic-match",
                                 "qubic-bench"};

std::string readAll(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// Installs the build tree under <dir>/stage/usr/local, then moves it to <dir>/moved.
fs::path installAndMove() {
  const fs::path dir =
      fs::temp_directory_path() / ("qubic-install-test-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string build = fs::path(QUBIC_BIN_DIR).parent_path().string();
  ChildProcess install({QUBIC_CMAKE, "--install", build, "--prefix", "/usr/local"},
                       {"DESTDIR=" + (dir / "stage").string()});
  REQUIRE(install.started());
  install.closeInput();
  const auto [out, err] = install.drain(std::chrono::seconds(120));
  INFO(out << err);
  REQUIRE(install.wait(milliseconds(5000)) == 0);
  fs::rename(dir / "stage", dir / "moved");
  return dir / "moved" / "usr" / "local";
}

}  // namespace

TEST_CASE(
    "the installed programs find their own data after being moved, and top-level X wins from the "
    "book") {
  const fs::path root = installAndMove();
  for (const char* program : kPrograms) {
    INFO(program);
    // Debian's policy for a package of section games: its programs in games/; qubic-bench,
    // not in the package, in bin/.
    const fs::path path =
        root / (std::string(program) == "qubic-bench" ? "bin" : "games") / program;
    CHECK(fs::is_regular_file(path));
#ifdef QUBIC_PLAIN_RELEASE
    // No path into the source (or build) tree is compiled in (debug builds name their
    // source files, so only a release build can show it).
    CHECK(readAll(path).find(QUBIC_SOURCE_DIR) == std::string::npos);
#endif
  }
  // Compressed as Debian wants them: gzip's magic bytes, and no file name stored.
  for (const char* page :
       {"man/man6/qubic.6.gz", "man/man1/qubic-engine.1.gz", "man/man1/qubic-solve.1.gz",
        "man/man1/qubic-match.1.gz", "man/man1/qubic-bench.1.gz", "doc/qubic/changelog.gz"}) {
    INFO(page);
    const std::string bytes = readAll(root / "share" / page);
    REQUIRE(bytes.size() > 10);
    CHECK(bytes.substr(0, 2) == "\x1f\x8b");
    CHECK((bytes[3] & 0x08) == 0);  // FNAME unset
  }
  CHECK(fs::is_regular_file(root / "share" / "doc" / "qubic" / "copyright"));
  CHECK(fs::is_regular_file(root / "share" / "qubic" / "default.toml"));
  CHECK(fs::is_regular_file(root / "share" / "qubic" / "qubic.puzzles"));
  CHECK(fs::is_regular_file(root / "share" / "qubic" / "qubic.table"));

  // The XDG places point nowhere, so only the installed copy can be found.
  const std::vector<std::string> env{"XDG_DATA_HOME=/nonexistent", "XDG_DATA_DIRS=/nonexistent",
                                     "XDG_CONFIG_HOME=/nonexistent"};
  const std::string engine = (root / "games" / "qubic-engine").string();
  {
    ChildProcess help({engine, "--help"}, env);
    REQUIRE(help.started());
    help.closeInput();
    const auto [out, err] = help.drain(std::chrono::seconds(30));
    CHECK(out.find((root / "share" / "qubic" / "qubic.book").string() + "  (used)") !=
          std::string::npos);
    CHECK(help.wait(milliseconds(5000)) == 0);
  }

  // A whole game: the installed engine's top level as X against an O that always takes
  // the lowest free cell. X's first move comes from the book, and X wins.
  ChildProcess ugi({engine}, env);
  REQUIRE(ugi.started());
  REQUIRE(ugi.send("ugi"));
  REQUIRE(!ugi.readUntil("ugiok", milliseconds(30000)).empty());
  Position pos;
  std::string moves;
  while (!pos.isGameOver()) {
    int move = -1;
    if (pos.sideToMove() == Side::X) {
      std::string command = "position startpos";
      if (!moves.empty()) command += " moves" + moves;
      ugi.send(command);
      ugi.send("go movetime 200");
      const std::vector<std::string> lines = ugi.readUntil("bestmove", milliseconds(60000));
      REQUIRE(!lines.empty());
      if (moves.empty()) {
        bool fromBook = false;
        for (const std::string& l : lines)
          fromBook |= l == "info string reason: the winning move in the book";
        CHECK(fromBook);
      }
      const Parsed<int> parsed = parseMove(lines.back().substr(9));
      REQUIRE(parsed.ok());
      move = parsed.value();
    } else {
      Bitboard empty = pos.emptyCells();
      move = popLowest(empty);
    }
    REQUIRE(pos.isLegal(move));
    pos.play(move);
    moves += ' ';
    moves += moveToken(move);
  }
  INFO(moves);
  CHECK(pos.status() == Status::XWins);
  ugi.send("quit");
  CHECK(ugi.wait(milliseconds(5000)) == 0);

  // The installed qubic-match finds the installed engine for --ladder.
  const fs::path work = root.parent_path().parent_path().parent_path();
  ChildProcess ladder({(root / "games" / "qubic-match").string(), "--ladder", "-levels", "0-1",
                       "-games", "2", "-each", "nodes=100", "-records",
                       (work / "games.txt").string(), "-report", (work / "ladder.md").string()},
                      env);
  REQUIRE(ladder.started());
  ladder.closeInput();
  const auto [ladderOut, ladderErr] = ladder.drain(std::chrono::seconds(60));
  INFO(ladderOut << ladderErr);
  CHECK(ladder.wait(milliseconds(5000)) == 0);
  CHECK(fs::is_regular_file(work / "ladder.md"));
  fs::remove_all(work);
}

TEST_CASE("every program answers --version, and a bad option with the error first and a pointer") {
  // Issue 43 (4): no --version anywhere; an unknown option printed the whole usage.
  for (const char* program : kPrograms) {
    INFO(program);
    const std::string path = std::string(QUBIC_BIN_DIR) + "/" + program;
    ChildProcess version({path, "--version"}, {"XDG_CONFIG_HOME=/nonexistent"});
    REQUIRE(version.started());
    version.closeInput();
    const auto [out, err] = version.drain(std::chrono::seconds(10));
    CHECK(version.wait(milliseconds(5000)) == 0);
    CHECK(out == std::string(program) + " (Qubic) 0.1.0\n");
    ChildProcess bad({path, "--no-such-option"}, {"XDG_CONFIG_HOME=/nonexistent"});
    REQUIRE(bad.started());
    bad.closeInput();
    const auto [badOut, badErr] = bad.drain(std::chrono::seconds(10));
    CHECK(bad.wait(milliseconds(5000)) == 2);
    CHECK(badErr.rfind(std::string(program) + ": ", 0) == 0);  // the error first
    CHECK(badErr.find("Try '" + std::string(program) + " --help' for more information.") !=
          std::string::npos);
    CHECK(std::count(badErr.begin(), badErr.end(), '\n') == 2);  // not the whole usage
  }
  // Issue 56 (2): qubic-bench ran its first argument and ignored the rest.
  ChildProcess extra({std::string(QUBIC_BIN_DIR) + "/qubic-bench", "core", "--fast"},
                     {"XDG_CONFIG_HOME=/nonexistent"});
  REQUIRE(extra.started());
  extra.closeInput();
  const auto [extraOut, extraErr] = extra.drain(std::chrono::seconds(10));
  CHECK(extra.wait(milliseconds(5000)) == 2);
  CHECK(extraOut.empty());
  CHECK(extraErr.rfind("qubic-bench: unknown option '--fast'\n", 0) == 0);
  ChildProcess twoSections({std::string(QUBIC_BIN_DIR) + "/qubic-bench", "core", "threats"},
                           {"XDG_CONFIG_HOME=/nonexistent"});
  REQUIRE(twoSections.started());
  twoSections.closeInput();
  const auto [twoOut, twoErr] = twoSections.drain(std::chrono::seconds(10));
  CHECK(twoSections.wait(milliseconds(5000)) == 2);
  CHECK(twoOut.empty());
  CHECK(twoErr.rfind("qubic-bench: unexpected argument 'threats' after the section\n", 0) == 0);
}
