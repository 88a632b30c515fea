// Issue 18's rule for every file a program reads: regular files only, opened without
// blocking, size-capped, with a clear error; and a file that is not ours is never changed.
#include <catch2/catch.hpp>

#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/book_file.hpp"
#include "config/read_file.hpp"
#include "config/settings.hpp"
#include "config/write_file.hpp"
#include "tools/match/openings.hpp"
#include "tools/match/record_log.hpp"
#include "tui/record_file.hpp"

using namespace qubic;
namespace fs = std::filesystem;

namespace {

// A scratch directory with a FIFO (no writer: an ordinary open would block), a file just
// over a cap (sparse, so it costs no disk) and a plain file; removed at the end.
struct Scratch {
  fs::path dir = fs::temp_directory_path() / ("qubic-read-file-" + std::to_string(getpid()));
  std::string fifo = (dir / "fifo").string();
  Scratch() {
    fs::remove_all(dir);  // left by a killed run under the same pid
    fs::create_directories(dir);
    REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  }
  ~Scratch() {
    std::error_code ignored;
    fs::remove_all(dir, ignored);
  }
  std::string file(const std::string& name, const std::string& text) const {
    const std::string path = (dir / name).string();
    std::ofstream(path, std::ios::binary) << text;
    return path;
  }
  std::string sparse(const std::string& name, std::uintmax_t bytes) const {
    const std::string path = file(name, "");
    fs::resize_file(path, bytes);
    return path;
  }
};

std::string contentOf(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

}  // namespace

TEST_CASE(
    "readRegularFile reads plain files and refuses FIFOs, devices, directories and huge files at "
    "once") {
  Scratch s;
  const auto began = std::chrono::steady_clock::now();
  CHECK(readRegularFile(s.file("a.txt", "hello"), 100).value() == "hello");
  CHECK(readRegularFile(s.file("empty.txt", ""), 100).value().empty());
  CHECK(readRegularFile(s.fifo, 100).error() == "not a regular file (a FIFO)");
  CHECK(readRegularFile("/dev/zero", 100).error() == "not a regular file (a character device)");
  CHECK(readRegularFile("/dev/urandom", 100).error() == "not a regular file (a character device)");
  CHECK(readRegularFile(s.dir.string(), 100).error() == "not a regular file (a directory)");
  CHECK(readRegularFile((s.dir / "missing").string(), 100).error() == "no such file");
  CHECK(readRegularFile(s.sparse("big", (std::uintmax_t{3} << 30)), kMaxBookBytes).error() ==
        "3072 MB, more than the 64 MB such a file may have");
  CHECK(readRegularFile(s.file("101.txt", std::string(101, 'x')), 100).error() ==
        "101 bytes, more than the 100 bytes such a file may have");
  CHECK(checkRegularFile(s.file("b.txt", "abc"), 100).value() == 3);
  CHECK(checkRegularFile(s.fifo, 100).error() == "not a regular file (a FIFO)");
  // Nothing above waited for a writer or read a device's endless bytes.
  CHECK(std::chrono::steady_clock::now() - began < std::chrono::seconds(10));
}

TEST_CASE("every reader refuses a FIFO, a device and a directory with its own clear error") {
  Scratch s;
  // D3: the solution (book) file, from the protocol's SolutionFile or the configuration.
  CHECK(loadBookFile(s.fifo).error() ==
        "cannot read book file \"" + s.fifo + "\": not a regular file (a FIFO)");
  CHECK(loadBookFile("/dev/zero").error() ==
        "cannot read book file \"/dev/zero\": not a regular file (a character device)");
  CHECK(loadBookFile(s.sparse("huge.book", std::uintmax_t{3} << 30))
            .error()
            .find("more than the 64 MB") != std::string::npos);
  // D7: a directory as --config.
  CHECK(loadSettingsFile(s.dir.string()).error() ==
        s.dir.string() +
            ": error: cannot read the configuration file: not a regular file (a directory)");
  CHECK(loadSettingsFile(s.fifo).error().find("not a regular file (a FIFO)") != std::string::npos);
  // D8: openings.
  CHECK(match::loadOpeningsFile("/dev/zero").error() ==
        "/dev/zero: cannot read the openings file: not a regular file (a character device)");
  // D4: the game's load key.
  CHECK(tui::loadRecordFile(s.fifo).error() ==
        s.fifo + ": cannot load: not a regular file (a FIFO)");
  CHECK(tui::loadRecordFile(s.sparse("2g.qgn", std::uintmax_t{2} << 30))
            .error()
            .find("more than the 1 MB") != std::string::npos);
  // The tournament's record file, read for -resume and opened for appending.
  CHECK(match::readRecordsForResume(s.fifo).error().find("not a regular file (a FIFO)") !=
        std::string::npos);
  match::RecordLog log;
  CHECK(log.open(s.fifo, match::RecordsFileState{true})
            .find("cannot open the record file for writing") != std::string::npos);
}

TEST_CASE("D1: a text file that is not a record file is refused and left exactly as it was") {
  Scratch s;
  const std::string notes = s.file("notes.md", "# My notes\n\nNothing about games here.\n");
  const Parsed<match::RecordsRead> read = match::readRecordsForResume(notes);
  REQUIRE_FALSE(read);
  CHECK(read.error().find("not a record file of qubic-match") != std::string::npos);
  CHECK(contentOf(notes) == "# My notes\n\nNothing about games here.\n");

  // Through a symlink too.
  const std::string link = (s.dir / "link.md").string();
  fs::create_symlink(notes, link);
  CHECK_FALSE(match::readRecordsForResume(link));
  CHECK(contentOf(notes) == "# My notes\n\nNothing about games here.\n");

  // Starting with a bracket but not records: still untouched.
  const std::string bracket =
      s.file("bracket.md", "[link](http://example.org)\n\nsome text\n\n[another] line");
  CHECK_FALSE(match::readRecordsForResume(bracket));
  CHECK(contentOf(bracket) == "[link](http://example.org)\n\nsome text\n\n[another] line");
}

TEST_CASE("a one-section TOML file named as records is refused and left byte for byte") {
  // Issue 42 (1): cutting its "incomplete last game" left nothing, which read as zero
  // games, and the file was truncated and then filled with games.
  Scratch s;
  const std::string toml = "[engine]\nlevel = 10\n";
  const std::string mine = s.file("my.toml", toml);
  const std::string link = (s.dir / "L").string();
  fs::create_symlink(mine, link);
  for (const std::string& path : {mine, link}) {
    const Parsed<match::RecordsRead> read = match::readRecordsForResume(path);
    REQUIRE_FALSE(read);
    CHECK(read.error().find("not a record file of qubic-match") != std::string::npos);
    CHECK(contentOf(mine) == toml);
  }
  // Tags that are not ours after a complete game: refused too, nothing cut.
  const std::string game = "[Game \"1\"]\n[Result \"*\"]\n\n1. 1a1 *\n\n";
  const std::string mixed = s.file("mixed.qgn", game + "[section]\nkey = 1\n");
  CHECK_FALSE(match::readRecordsForResume(mixed));
  CHECK(contentOf(mixed) == game + "[section]\nkey = 1\n");
  // A game of ours cut short in its tags, alone in the file: to be cut off, with the
  // warning, but only when the first game of the run is appended; without the manager's
  // tag it is refused.
  const std::string torn = "[Manager \"qubic-match\"]\n[Game \"1\"]\n[X \"a\"]\n[O \"b";
  const std::string cut = s.file("cut.qgn", torn);
  const Parsed<match::RecordsRead> partial = match::readRecordsForResume(cut);
  REQUIRE(partial.ok());
  CHECK(partial.value().games.empty());
  CHECK(partial.value().file.keep == 0);
  CHECK(partial.value().warning.find("incomplete") != std::string::npos);
  CHECK(contentOf(cut) == torn);
  const std::string foreign = s.file("foreign.qgn", torn.substr(torn.find('\n') + 1));
  CHECK_FALSE(match::readRecordsForResume(foreign));
}

TEST_CASE("an output file replaces only a file of its own kind, written beside and renamed") {
  Scratch s;
  const std::string toml = s.file("my.toml", "[engine]\nlevel = 10\n");
  CHECK(writeOutputFile(toml, "qubic-proof 1\n", kProofFile).find("is not a proof file") !=
        std::string::npos);
  CHECK(contentOf(toml) == "[engine]\nlevel = 10\n");
  CHECK(writeOutputFile(s.fifo, "qubic-proof 1\n", kProofFile).find("not a regular file") !=
        std::string::npos);  // at once, no hang
  const std::string proof = s.file("old.proof", "qubic-proof 1\nold\n");
  const std::string link = (s.dir / "link.proof").string();
  fs::create_symlink(proof, link);
  CHECK(writeOutputFile(link, "qubic-proof 1\nnew\n", kProofFile).empty());
  CHECK(contentOf(proof) == "qubic-proof 1\nnew\n");  // through the link, the link kept
  CHECK(fs::is_symlink(link));
  const std::string empty = s.file("empty", "");
  CHECK(writeOutputFile(empty, "QUBOOK01", kBookFile).empty());
  CHECK(contentOf(empty) == "QUBOOK01");
  const std::string fresh = (s.dir / "fresh.book").string();
  CHECK(checkOutputFile(fresh, kBookFile).empty());
  CHECK(writeOutputFile(fresh, "QUBOOK01", kBookFile).empty());
  CHECK(writeOutputFile(proof, "QUBOOK01", kBookFile).find("is not a book") != std::string::npos);
}

TEST_CASE(
    "M6 and M7: the game's save never overwrites or follows a link, and a load never echoes a "
    "foreign file") {
  Scratch s;
  GameRecord record;
  const std::string existing = s.file("mine.txt", "precious");
  CHECK(tui::saveRecordFile(existing, record) ==
        existing + " already exists; it is not overwritten (give another name)");
  CHECK(contentOf(existing) == "precious");
  const std::string link = (s.dir / "link.qgn").string();
  fs::create_symlink(existing, link);
  CHECK(tui::saveRecordFile(link, record, true) ==
        link + " is a symbolic link; it is not followed (give another name)");
  CHECK(contentOf(existing) == "precious");
  const std::string fresh = (s.dir / "game.qgn").string();
  CHECK(tui::saveRecordFile(fresh, record).empty());
  CHECK(tui::loadRecordFile(fresh).ok());
  CHECK(tui::saveRecordFile(fresh, record, true).empty());  // the game's own file is replaced
  CHECK(tui::saveRecordFile(s.fifo, record, true).find(s.fifo + ": cannot write") == 0);  // no hang

  const std::string secret = s.file("secret.txt", "hunter2 is my password\n");
  CHECK(tui::loadRecordFile(secret).error() == secret + ": not a game record");
  const std::string badMove = s.file("bad.qgn", "1a1 1a1\n");
  CHECK(tui::loadRecordFile(badMove).error().find("1a1") !=
        std::string::npos);  // a record's own error is detailed
}

TEST_CASE("text quoted in a message has no control bytes and a bounded length") {
  // Issue 42 (9): qubic-solve --review printed a bad token's raw bytes, and a NUL in a
  // record cut its message short.
  CHECK(printableText(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(printableText("\xef\xbb\xbf"
                      "1a1\x1b[31m") == "\\xef\\xbb\\xbf1a1\\x1b[31m");
  CHECK(printableText(std::string(1000, 'x'), 10) == std::string(10, 'x') + "...");
  CHECK(printableText("plain 1a1") == "plain 1a1");
}
