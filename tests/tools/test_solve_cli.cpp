// qubic-solve as a user runs it: the final lines, the proof it writes, --verify on that
// proof and on a damaged copy, and bad arguments.
#include <sys/stat.h>
#include <unistd.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "child_process.hpp"
#include "config/book_file.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/core/notation.hpp"
#include "program_run.hpp"

using qubic::testing::ChildProcess;

namespace {

using Run = qubic::testing::ProgramRun;

Run solve(const std::vector<std::string>& args,
          std::chrono::seconds timeout = std::chrono::seconds(60)) {
  return qubic::testing::runProgram("qubic-solve", args, timeout);
}

// Reads the child's error output until a line holds `marker`; false if none does in time.
bool readErrorUntil(ChildProcess& child, const std::string& marker, std::chrono::seconds timeout) {
  const auto deadline = std::chrono::steady_clock::now() + timeout;
  while (std::chrono::steady_clock::now() < deadline) {
    const std::optional<std::string> line = child.readErrorLine(timeout);
    if (!line) return false;
    if (line->find(marker) != std::string::npos) return true;
  }
  return false;
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> result;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) result.push_back(line);
  return result;
}

}  // namespace

TEST_CASE("qubic-solve proves a won position, writes a proof and verifies it") {
  const std::string proof = "test_solve_cli.proof";
  // After 1a1 1b1 2b2 X wins (docs/history/experiments-2026-11.md: under a second).
  const Run run = solve({"prove", "--moves", "1a1,1b1,2b2,1c1", "--proof", proof});
  CHECK(run.exitCode == 0);
  const std::vector<std::string> out = lines(run.out);
  REQUIRE(out.size() >= 5);
  CHECK(out[0] == "value: X wins");
  CHECK(out[1].rfind("best: ", 0) == 0);
  REQUIRE(out[2].rfind("plies: ", 0) == 0);
  const int plies = std::stoi(out[2].substr(7));
  CHECK(plies % 2 == 1);  // X is to move and makes the last move
  CHECK(plies <= 60);
  CHECK(out[3].rfind("time: ", 0) == 0);
  CHECK(out[4].rfind("nodes: ", 0) == 0);
  CHECK(run.err.find("X wins?") != std::string::npos);  // progress went to stderr

  const Run verified = solve({"verify", proof});
  CHECK(verified.exitCode == 0);
  CHECK(verified.out.find("verified: yes\nplies: ") != std::string::npos);
  CHECK(verified.err.empty());

  // A proof whose first winning move is replaced by an occupied cell is refused.
  std::ifstream in(proof);
  std::stringstream text;
  text << in.rdbuf();
  std::string damaged = text.str();
  const std::size_t move = damaged.find(" M ");
  REQUIRE(move != std::string::npos);
  damaged.replace(move + 3, 3, "1a1");  // X's first move: never empty later
  const std::string broken = "test_solve_cli_broken.proof";
  std::ofstream(broken) << damaged;
  const Run refused = solve({"verify", broken});
  CHECK(refused.out.find("verified: yes") == std::string::npos);
  CHECK(refused.exitCode != 0);
  std::remove(proof.c_str());
  std::remove(broken.c_str());
}

TEST_CASE(
    "qubic-solve's commands, each with its own --help and options, and the old forms naming them") {
  // Issue 43 (3): one program of five modes and 35 flags, told apart by flags alone.
  const Run overview = solve({"--help"});
  CHECK(overview.exitCode == 0);
  for (const char* command : {"prove", "verify", "explain", "review", "puzzles", "book make",
                              "book shrink", "book info", "book check"}) {
    INFO(command);
    CHECK(overview.out.find(std::string("\n  ") + command + " ") != std::string::npos);
    std::vector<std::string> args;
    std::istringstream words(command);
    for (std::string w; words >> w;) args.push_back(w);
    args.push_back("--help");
    const Run help = solve(args);
    CHECK(help.exitCode == 0);
    CHECK(help.out.rfind(std::string("usage: qubic-solve ") + command + " ", 0) == 0);
  }
  // A command refuses another's options, in its own words, and a missing argument.
  const Run foreign = solve({"review", "1a1 2a1", "--proof", "p"});
  CHECK(foreign.exitCode == 2);
  CHECK(foreign.err ==
        "qubic-solve: review takes no --proof\nTry 'qubic-solve review --help' for more "
        "information.\n");
  const Run missing = solve({"puzzles", "--seed", "3"});
  CHECK(missing.exitCode == 2);
  CHECK(missing.err.rfind("qubic-solve: puzzles: N [--seed S]", 0) == 0);
  CHECK(solve({"verify", "a", "b"}).exitCode == 2);
  CHECK(solve({"book"}).exitCode == 2);
  const Run unknown = solve({"bok", "info"});
  CHECK(unknown.exitCode == 2);
  CHECK(unknown.err.rfind("qubic-solve: unknown command 'bok'", 0) == 0);

  // The book's commands do what their old forms did; the old forms still work, naming the
  // new one on stderr.
  const Run info = solve({"book", "info"});
  CHECK(info.exitCode == 0);
  CHECK(info.out.find("strategic positions: ") != std::string::npos);
  CHECK(info.err.empty());
  const Run oldInfo = solve({"--book-info"});
  CHECK(oldInfo.exitCode == 0);
  CHECK(oldInfo.out == info.out);
  CHECK(oldInfo.err == "qubic-solve: note: the old form; it is now `qubic-solve book info`\n");
  const Run made = solve({"book", "make", "test_solve_cli_cmd.book", "--moves", "1a1,4d4,1d1,1b2"});
  CHECK(made.exitCode == 0);
  CHECK(made.out.find("book: test_solve_cli_cmd.book, ") != std::string::npos);
  const Run checked = solve({"book", "info", "test_solve_cli_cmd.book"});
  CHECK(checked.exitCode == 0);
  CHECK(checked.out.find("strategic positions: ") != std::string::npos);
  std::remove("test_solve_cli_cmd.book");
}

TEST_CASE("qubic-solve --proof and --book never write over a file of another kind") {
  // Issue 42's class of data loss: a proof or book named over a user's file replaced it.
  const std::string toml = "test_solve_cli_mine.toml";
  const std::string text = "[engine]\nlevel = 10\n";
  std::ofstream(toml) << text;
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"prove", "--moves", "1a1,1b1,2b2,1c1", "--proof", toml},
        std::vector<std::string>{"book", "make", toml, "--moves", "1a1,1b1,2b2,1c1"}}) {
    const Run run = solve(args);
    CHECK(run.exitCode != 0);
    CHECK(run.err.find("is not a ") != std::string::npos);
    CHECK(run.out.find("value:") == std::string::npos);  // refused before the solve
    std::ifstream in(toml);
    CHECK(std::string(std::istreambuf_iterator<char>(in), {}) == text);
  }
  std::filesystem::remove(toml);
}

TEST_CASE("qubic-solve --book where O wins writes the proof, no book, and says why") {
  const std::string proof = "test_solve_cli_o.proof", book = "test_solve_cli_o.book";
  std::remove(book.c_str());
  // O to move completes level 2's first rank.
  const Run run = solve(
      {"--moves", "1a1,2a1,1b2,2b1,3c4,2c1,4d4", "--proof", proof, "--book", book, "--shrink"});
  CHECK(run.exitCode == 2);
  CHECK(run.out.rfind("value: O wins\nbest: 2d1\n", 0) == 0);
  CHECK(run.err.find("no book written: a book holds X's strategy, and O wins here") !=
        std::string::npos);
  CHECK_FALSE(std::filesystem::exists(book));
  CHECK(solve({"verify", proof}).out.find("verified: yes") != std::string::npos);
  std::remove(proof.c_str());
}

TEST_CASE("qubic-solve gives up with value unknown at its node limit") {
  const Run run = solve({"prove", "--nodes", "20000", "--no-table"});
  CHECK(run.exitCode == 0);
  CHECK(run.out.rfind("value: unknown\n", 0) == 0);
}

TEST_CASE("qubic-solve states its default time limit, and --time 0 or --nodes lifts it") {
  // Issue 43 (4): a five-move position ran ten minutes without a word until killed.
  const Run plain = solve({"prove", "--moves", "1a1,2a1,1b1,2b1,1c1,2c1"});  // X wins at once
  CHECK(plain.err.find("time limit: 10 min (the default; --time 0 for none)\n") !=
        std::string::npos);
  CHECK(plain.out.find("value: X wins\n") != std::string::npos);
  CHECK(plain.out.find("stopped:") == std::string::npos);
  for (const std::vector<std::string>& args :
       {std::vector<std::string>{"--time", "0"}, std::vector<std::string>{"--nodes", "5000"}}) {
    std::vector<std::string> withMoves = args;
    withMoves.insert(withMoves.end(), {"--moves", "1a1,2a1,1b1,2b1,1c1,2c1"});
    CHECK(solve(withMoves).err.find("time limit") == std::string::npos);
  }
  // A limit that ends the solve is named in the answer.
  const Run stopped = solve({"prove", "--moves", "1a1", "--time", "100ms", "--no-table"});
  CHECK(stopped.out.find("value: unknown\nstopped: the time limit of 0.1 s\n") !=
        std::string::npos);
}

TEST_CASE("qubic-solve's --time takes units, and a bare number is seconds") {
  // Issue 43 (4): "5s" was refused. A tenth of a second in either spelling gives up at once.
  for (const char* time : {"100ms", "0.1s", "0.1"}) {
    const Run run = solve({"prove", "--moves", "1a1", "--time", time, "--no-table"});
    INFO(time << ": " << run.err);
    CHECK(run.exitCode == 0);
    CHECK(run.out.find("value: unknown\n") != std::string::npos);
  }
}

TEST_CASE("qubic-solve refuses bad arguments with a message and exit code 2") {
  for (const std::vector<std::string>& args : {std::vector<std::string>{"--threads", "0"},
                                               {"--threads", "1.5"},
                                               {"--hash", "x"},
                                               {"--hash", "0"},
                                               {"--hash", "99999999"},
                                               {"--hash", "18446744073709551615"},
                                               {"--hash", "17592186044416"},
                                               {"--threads", "100000"},
                                               {"--moves", "1a1,1a1"},
                                               {"--time"},
                                               {"--time", "5sec"},
                                               {"--time", "-1s"},
                                               {"--bogus"},
                                               {"--split", "0"},
                                               {"--split", "-1"},
                                               {"--split", "1", "--time", "5"},
                                               {"--pieces", "/tmp"},
                                               {"--parallel", "both"},
                                               {"--moves", "1a1", "--moves", "1b1"},
                                               {"--verify", "/dev/zero"},
                                               {"--review", "no-such-game"},
                                               {"--puzzles", "0"},
                                               {"--split-depth", "4"},
                                               {"--split", "1", "--split-depth", "0"},
                                               {"--puzzles", "2", "--seed", "-1"},
                                               {"--review", "/dev/zero"},
                                               {"--review", "1a1,1a1"},
                                               {"--review", "1a1", "--moves", "1b1"},
                                               {"--verify", "/tmp"},
                                               // Issue 53 (10): an out-of-range double was
                                               // cast to int; '' solved the empty board.
                                               {"review", "1a1", "--game", "4294967297"},
                                               {"review", "1a1", "--game", "2.5"},
                                               {"review", ""},
                                               {"prove", "--nodes", "1e30"},
                                               {"prove", "--split", "1e30"},
                                               {"verify", ""},
                                               {"prove", "--proof", ""}}) {
    const Run run = solve(args, std::chrono::seconds(20));
    INFO(args[0]);
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("qubic-solve: ") != std::string::npos);
    CHECK(run.out.empty());
  }
}

TEST_CASE("qubic-solve --threads 2 proves on two threads, and the proof verifies") {
  const std::string proof = "test_solve_cli_threads.proof";
  // Too big for the quick one-thread try (about a million nodes), so both threads search.
  const Run run =
      solve({"prove", "--threads", "2", "--moves", "1a1,4d4,1d1,3b3", "--proof", proof});
  CHECK(run.exitCode == 0);
  CHECK(run.out.rfind("value: X wins\n", 0) == 0);
  CHECK(run.out.find("threads: 2\n") != std::string::npos);
  const Run verified = solve({"verify", proof});
  CHECK(verified.out.find("verified: yes") != std::string::npos);
  std::remove(proof.c_str());
}

TEST_CASE(
    "qubic-solve --split proves in pieces, reports each piece, and its joined proof verifies") {
  const std::string proof = "test_solve_cli_split.proof";
  // A budget of 1000 positions a piece: the root is split, its pieces proved by two workers.
  const Run run = solve({"prove", "--split", "0.001", "--threads", "2", "--hash", "8", "--moves",
                         "1a1,4d4,1d1,1b2", "--proof", proof});
  CHECK(run.exitCode == 0);
  CHECK(run.out.rfind("value: X wins\n", 0) == 0);
  CHECK(run.out.find("verified: yes\n") != std::string::npos);
  CHECK(run.err.find("piece 1/") != std::string::npos);
  CHECK(run.err.find(" split ") != std::string::npos);  // the root did not settle within 1000
  const Run verified = solve({"verify", proof});
  CHECK(verified.out.find("verified: yes") != std::string::npos);
  std::remove(proof.c_str());

  // Again with a store of pieces: the first run fills it, the second takes every proven
  // piece from it, and the joined proof is the same.
  const std::string store = "test_solve_cli_pieces";
  std::filesystem::remove_all(store);
  const std::vector<std::string> stored{"--split", "0.001",           "--hash",   "8",
                                        "--moves", "1a1,4d4,1d1,1b2", "--pieces", store};
  auto withProof = [&](const std::string& file) {
    std::vector<std::string> args = stored;
    args.insert(args.end(), {"--proof", file});
    return args;
  };
  const Run fill = solve(withProof("test_solve_cli_fill.proof"));
  const Run reuse = solve(withProof("test_solve_cli_reuse.proof"));
  CHECK(fill.out.find(", 0 from --pieces)") != std::string::npos);
  CHECK(reuse.out.find(", 0 from --pieces)") == std::string::npos);
  CHECK(reuse.out.find("verified: yes") != std::string::npos);
  auto read = [](const std::string& path) {
    std::ifstream in(path);
    std::stringstream text;
    text << in.rdbuf();
    return text.str();
  };
  CHECK(read("test_solve_cli_fill.proof") == read("test_solve_cli_reuse.proof"));
  std::filesystem::remove_all(store);
  std::remove("test_solve_cli_fill.proof");
  std::remove("test_solve_cli_reuse.proof");

  // O wins this one: no proof, and the reason.
  const Run failed = solve({"prove", "--split", "0.001", "--hash", "8", "--moves",
                            "3b3,1a1,4d2,1b1,3a4,1c1,4b1,2a1,4a3,2b1", "--proof", proof});
  CHECK(failed.exitCode == 2);
  CHECK(failed.out.find("value: unknown\nwhy: the attacker does not win") != std::string::npos);
  CHECK(failed.err.find("no proof written") != std::string::npos);
}

TEST_CASE("qubic-solve --review judges every move of a record or a move list") {
  // X has a three (1d1 wins) and plays 3d4 instead; O then completes 2a1-2d1.
  const std::string game = "1a1 2a1 1b1 2b1 1c1 2c1 3d4 2d1";
  const std::string path =
      (std::filesystem::temp_directory_path() / "qubic-review-test.txt").string();
  {
    std::ofstream record(path);
    record << "[X \"Someone\"]\n[O \"Someone else\"]\n[Result \"0-1\"]\n\n"
           << "1. 1a1 2a1 2. 1b1 2b1 3. 1c1 2c1 4. 3d4 2d1 0-1\n";
  }
  for (const std::string& what : {game, path}) {
    INFO(what);
    const Run run = solve({"review", what, "--time", "0.3"});
    CHECK(run.exitCode == 0);
    CHECK(run.out.find("review: 8 moves") == 0);
    CHECK(run.out.find("   7  X     3d4   X wins, 1 ply ") != std::string::npos);
    CHECK(run.out.find("O wins, 1 ply       missed a forced win (1d1 wins)") != std::string::npos);
    CHECK(run.out.find("   8  O     2d1   O wins, 1 ply       O has won           wins") !=
          std::string::npos);
    CHECK(run.out.find("first mistake: ply 7, 3d4, missed a forced win") != std::string::npos);
    CHECK(run.err.find("reviewing: 18/18") != std::string::npos);
  }
  std::filesystem::remove(path);
}

TEST_CASE("qubic-solve --explain tells a forcing win move by move, or a quiet first move") {
  // A forcing win by threes (the example of docs/proof-format.md, after O's 2a1).
  const Run threes = solve({"explain", "--moves", "1a1,4d4,1d1,1b2,4d1,2a1"});
  CHECK(threes.exitCode == 0);
  CHECK(threes.out.rfind("X to move wins by force with threes alone, ", 0) == 0);
  CHECK(threes.out.find("makes a three on ") != std::string::npos);
  CHECK(threes.out.find("O can block only one") != std::string::npos);
  // A win that needs a quiet move first: proven, the proof checked, its first move named.
  const Run quiet = solve({"explain", "--moves", "1a1,4d4,1d1,1b2"});
  CHECK(quiet.exitCode == 0);
  CHECK(quiet.out.find("but not by threes alone: the proof (checked: yes)") != std::string::npos);
  CHECK(quiet.out.find("The first move, ") != std::string::npos);
}

TEST_CASE("qubic-solve stops cleanly on Ctrl-C and prints what is known") {
  ChildProcess child({std::string(QUBIC_BIN_DIR) + "/qubic-solve", "--threads", "2", "--no-table"});
  REQUIRE(child.started());
  // The first progress line shows the full search under way.
  REQUIRE(readErrorUntil(child, "X wins?", std::chrono::seconds(60)));
  std::string err;
  child.sendSignal(SIGINT);
  std::string out;
  std::tie(out, err) = child.drain(std::chrono::seconds(60));
  CHECK(child.wait(std::chrono::seconds(5)).value_or(-99) == 0);
  CHECK(out.rfind("interrupted: yes\nvalue: unknown\n", 0) == 0);
  CHECK(out.find("nodes: ") != std::string::npos);
}

TEST_CASE("qubic-solve prove --proof: Ctrl-C while the proof is written leaves no file") {
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("qubic-interrupted-" + std::to_string(getpid()) + ".qpf"))
                               .string();
  std::filesystem::remove(path);
  ChildProcess child({std::string(QUBIC_BIN_DIR) + "/qubic-solve", "prove", "--threads", "1",
                      "--no-table", "--proof", path});
  REQUIRE(child.started());
  // The empty board's solve, then its proof's some 100 000 positions written: the signal
  // comes as the writing starts, long before it ends.
  REQUIRE(readErrorUntil(child, "writing the proof", std::chrono::seconds(600)));
  child.sendSignal(SIGINT);
  const auto [out, err] = child.drain(std::chrono::seconds(60));
  CHECK(child.wait(std::chrono::seconds(5)).value_or(-99) == 2);
  CHECK(out.find("value: X wins\n") != std::string::npos);
  CHECK(out.find("proof: ") == std::string::npos);
  CHECK_THAT(err, Catch::Contains("qubic-solve: interrupted: no proof written"));
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE(
    "qubic-solve --book-info counts the shipped book's strategic positions and its longest win") {
  const Run run = solve({"book", "info"});
  CHECK(run.exitCode == 0);
  const std::vector<std::string> out = lines(run.out);
  REQUIRE(out.size() == 6);
  CHECK(out[0].rfind("book: ", 0) == 0);
  REQUIRE(out[1].rfind("strategic positions: ", 0) == 0);
  CHECK(std::stoi(out[1].substr(21)) > 1000);
  // The longest win is an opening position's (the empty board, or X's 1b1 and O's reply):
  // every other entry lies on a line from one of them.
  const auto book = qubic::loadBookFile(qubic::shippedBookPath());
  REQUIRE(book);
  int longest = 0;
  book.value()->forEachEntry([&](const qubic::Position& pos, int, int plies) {
    if (pos.moveCount() <= 2) longest = std::max(longest, plies);
  });
  CHECK(out[2] == "longest win: " + std::to_string(longest) + " plies");
  CHECK(out[3].rfind("bytes: ", 0) == 0);
  // The line the book plays from the empty board, both ways (test_book_play counts the
  // forced blocks by the lines alone and walks the dictionary without their entries).
  const qubic::BookWalk line = qubic::walkBook(*book.value(), qubic::Position{});
  REQUIRE(line.fault.empty());
  const std::size_t blocks = line.forcedBlocks;
  CHECK(out[4] == "the 1a1 line: " + std::to_string(line.reached.size()) +
                      " strategic positions, " + std::to_string(blocks) + " of them forced blocks");
  CHECK(out[5] == "  as a dictionary that blocks by rule (Patashnik's form): " +
                      std::to_string(line.reached.size() - blocks) + " positions");
  CHECK(solve({"book", "info", "/dev/null"}).exitCode != 0);
  for (const std::vector<std::string>& bad :
       {std::vector<std::string>{"book", "info", "--threads", "2"},
        std::vector<std::string>{"book", "check", "--hash"},
        std::vector<std::string>{"book", "info", "a.book", "b.book"}}) {
    const Run refused = solve(bad);
    CHECK(refused.exitCode == 2);
    CHECK((refused.err.find("takes only an optional FILE") != std::string::npos ||
           refused.err.find("takes no --") != std::string::npos));
  }
}

TEST_CASE("qubic-solve --check-book follows the shipped book from every first move") {
  // Following the 1b1 line takes about 10 s; the limit only guards against a hang.
  const Run run = solve({"book", "check"}, std::chrono::seconds(900));
  INFO(run.out << run.err);
  CHECK(run.exitCode == 0);
  CHECK(run.out.find("first move 1a1: X wins by the book") != std::string::npos);
  CHECK(run.out.find("first move 1b1: X wins by the book") != std::string::npos);
  CHECK(run.out.find("from the empty board the book plays 1a1") != std::string::npos);
  CHECK(run.out.find("covers every first move: yes") != std::string::npos);

  // A book of the 1a1 line alone covers one first move: the check says which and where.
  const auto book = qubic::loadBookFile(qubic::shippedBookPath());
  REQUIRE(book);
  const qubic::BookWalk line =
      qubic::walkBook(*book.value(), qubic::playMoves(qubic::Position{}, "1a1").value());
  REQUIRE(line.fault.empty());
  qubic::Book half = line.reached;
  half.add(qubic::Position{}, 0, book.value()->find(qubic::Position{})->pliesToWin);
  half.finish();
  const std::string path = (std::filesystem::temp_directory_path() /
                            ("qubic-half-" + std::to_string(getpid()) + ".book"))
                               .string();
  const std::vector<std::uint8_t> bytes = half.serialize();
  std::ofstream(path, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  const Run partial = solve({"book", "check", path});
  INFO(partial.out);
  CHECK(partial.exitCode == 1);
  CHECK(partial.out.find("first move 1a1: X wins by the book") != std::string::npos);
  CHECK(partial.out.find("first move 1b1: not covered") != std::string::npos);
  CHECK(partial.out.find("covers every first move: no") != std::string::npos);
  CHECK(solve({"book", "check", "/dev/null"}).exitCode == 2);
  std::filesystem::remove(path);
}

TEST_CASE("qubic-solve --add-line refuses a bad line or book before it solves") {
  const Run noBook = solve({"prove", "--add-line", "1b1"});
  CHECK(noBook.exitCode == 2);
  CHECK(noBook.err.find("prove takes no --add-line") != std::string::npos);
  const std::string out = (std::filesystem::temp_directory_path() /
                           ("qubic-line-" + std::to_string(getpid()) + ".book"))
                              .string();
  const Run badMoves =
      solve({"book", "make", out, "--add-line", "1b1 1b1", "--add-from", qubic::shippedBookPath()});
  CHECK(badMoves.exitCode == 2);
  CHECK(badMoves.err.find("--add-line: ") != std::string::npos);
  CHECK(badMoves.out.find("value:") == std::string::npos);  // refused before any solve
  const Run badBook = solve({"book", "make", out, "--add-line", "1b1", "--add-from", "/dev/null"});
  CHECK(badBook.exitCode == 2);
  CHECK(badBook.err.find("--add-line: ") != std::string::npos);
  const Run fromNothing = solve({"prove", "--add-from", "x.book"});
  CHECK(fromNothing.exitCode == 2);
  CHECK(fromNothing.err.find("prove takes no --add-from") != std::string::npos);
  const Run twoSources = solve(
      {"book", "make", out, "--add-line", "1b1", "--add-from", "a.book", "--add-from", "b.book"});
  CHECK(twoSources.exitCode == 2);
  CHECK(twoSources.err.find("--add-from follows the --add-line it is for") != std::string::npos);
  const Run reproveAlone = solve({"book", "make", out, "--reprove", "50"});
  CHECK(reproveAlone.exitCode == 2);
  CHECK(reproveAlone.err.find("book make takes no --reprove") != std::string::npos);
  const Run partsAlone = solve({"book", "make", out, "--parts", "1"});
  CHECK(partsAlone.exitCode == 2);
  CHECK(partsAlone.err.find("book make takes no --parts") != std::string::npos);
  for (const char* bad : {"0", "-1", "1.5", "31", "x"}) {
    const Run badParts = solve({"book", "shrink", out, "--parts", bad});
    CHECK(badParts.exitCode == 2);
    CHECK(badParts.err.find("--parts") != std::string::npos);
  }
  const Run movesAlone = solve({"book", "shrink", out, "--reprove-moves", "8"});
  CHECK(movesAlone.exitCode == 2);
  CHECK(movesAlone.err.find("--reprove-moves needs --reprove") != std::string::npos);
  for (const char* bad : {"0", "65", "2.5", "x"}) {
    const Run badCount = solve({"book", "shrink", out, "--reprove", "30", "--reprove-moves", bad});
    CHECK(badCount.exitCode == 2);
    CHECK(badCount.err.find("--reprove-moves") != std::string::npos);
  }
  const Run onlyAlone = solve({"book", "shrink", out, "--parts-only"});
  CHECK(onlyAlone.exitCode == 2);
  CHECK(onlyAlone.err.find("--parts-only needs --parts") != std::string::npos);
  const Run annealAlone = solve({"book", "make", out, "--anneal", "5"});
  CHECK(annealAlone.exitCode == 2);
  CHECK(annealAlone.err.find("book make takes no --anneal") != std::string::npos);
  for (const char* bad : {"0", "-3", "1.5", "x"}) {
    const Run badAnneal = solve({"book", "shrink", out, "--anneal", bad});
    CHECK(badAnneal.exitCode == 2);
    CHECK(badAnneal.err.find("--anneal") != std::string::npos);
  }
  const Run depthAlone = solve({"book", "shrink", out, "--anneal-depth", "3"});
  CHECK(depthAlone.exitCode == 2);
  CHECK(depthAlone.err.find("--anneal-depth needs --anneal") != std::string::npos);
  for (const char* bad : {"0", "5", "2.5", "deep"}) {
    const Run badDepth = solve({"book", "shrink", out, "--anneal", "1", "--anneal-depth", bad});
    CHECK(badDepth.exitCode == 2);
    CHECK(badDepth.err.find("--anneal-depth") != std::string::npos);
  }
  const Run poolAlone = solve({"book", "shrink", out, "--anneal-proof"});
  CHECK(poolAlone.exitCode == 2);
  CHECK(poolAlone.err.find("--anneal-proof needs --anneal and --shrink-from") != std::string::npos);
  const Run annealParts =
      solve({"book", "shrink", out, "--parts", "1", "--parts-only", "--anneal", "5"});
  CHECK(annealParts.exitCode == 2);
  CHECK(annealParts.err.find("not with --parts-only") != std::string::npos);
  const Run fromAlone = solve({"book", "make", out, "--shrink-from", qubic::shippedBookPath()});
  CHECK(fromAlone.exitCode == 2);
  CHECK(fromAlone.err.find("book make takes no --shrink-from") != std::string::npos);
  const Run fromNoBook = solve({"book", "shrink", out, "--shrink-from", "/dev/null"});
  CHECK(fromNoBook.exitCode == 2);
  CHECK(fromNoBook.err.find("--shrink-from: ") != std::string::npos);
  CHECK(fromNoBook.out.find("value:") == std::string::npos);  // refused before any solve
  CHECK(!std::filesystem::exists(out));
}

TEST_CASE("qubic-solve --shrink writes a smaller strategy that still wins") {
  const std::string dir =
      std::filesystem::temp_directory_path() / ("qubic-shrink-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);  // left by a killed run under the same pid
  std::filesystem::create_directories(dir);
  const std::vector<std::string> question = {"--moves", "1a1,4d4,1d1,4a4", "--threads", "1"};
  auto withBook = [&](const std::string& path, bool shrink) {
    std::vector<std::string> args = question;
    args.insert(args.end(), {"--book", path});
    if (shrink) args.push_back("--shrink");
    return solve(args);
  };
  const Run plain = withBook(dir + "/plain.book", false);
  const Run shrunk = withBook(dir + "/shrunk.book", true);
  REQUIRE(plain.exitCode == 0);
  INFO(shrunk.err);
  REQUIRE(shrunk.exitCode == 0);
  CHECK(shrunk.out.find("shrink: ") != std::string::npos);
  const auto small = qubic::loadBookFile(dir + "/shrunk.book");
  const auto large = qubic::loadBookFile(dir + "/plain.book");
  REQUIRE(small);
  REQUIRE(large);
  const qubic::Position start = qubic::playMoves(qubic::Position{}, "1a1 4d4 1d1 4a4").value();
  const qubic::BookWalk walk = qubic::walkBook(*small.value(), start);
  INFO(walk.fault);
  CHECK(walk.fault.empty());
  CHECK(small.value()->size() < qubic::walkBook(*large.value(), start).reached.size());

  // Carried into a book of the same proof, unshrunk, the line's moves win over the proof's;
  // and a book made again from itself is the same, byte for byte.
  auto carried = [&](const std::string& from) {
    std::vector<std::string> args = question;
    args.insert(args.end(), {"--book", dir + "/carried.book", "--add-line", "1a1 4d4 1d1 4a4"});
    if (!from.empty()) args.insert(args.end(), {"--add-from", from});
    return solve(args);
  };
  REQUIRE(carried(dir + "/shrunk.book").exitCode == 0);
  const auto joined = qubic::loadBookFile(dir + "/carried.book");
  REQUIRE(joined);
  CHECK(qubic::walkBook(*joined.value(), start, true).reached.serialize() ==
        qubic::walkBook(*small.value(), start, true).reached.serialize());
  const std::vector<std::uint8_t> once = joined.value()->serialize();
  REQUIRE(carried("").exitCode == 0);
  const auto again = qubic::loadBookFile(dir + "/carried.book");
  REQUIRE(again);
  CHECK(again.value()->serialize() == once);

  // A book shrunk before, shrunk again from its own strategy (not the proof's): its parts
  // alone, the whole left as it is; what comes out still wins and is no larger.
  std::vector<std::string> onceMore = question;
  onceMore.insert(onceMore.end(), {"--book", dir + "/again.book", "--shrink", "--shrink-from",
                                   dir + "/shrunk.book", "--parts", "1", "--parts-only"});
  const Run shrunkAgain = solve(onceMore);
  INFO(shrunkAgain.err);
  REQUIRE(shrunkAgain.exitCode == 0);
  CHECK(shrunkAgain.out.find("the strategy of " + dir +
                             "/shrunk.book: " + std::to_string(small.value()->size()) +
                             " book positions") != std::string::npos);
  const auto further = qubic::loadBookFile(dir + "/again.book");
  REQUIRE(further);
  const qubic::BookWalk furtherWalk = qubic::walkBook(*further.value(), start);
  INFO(furtherWalk.fault);
  CHECK(furtherWalk.fault.empty());
  CHECK(further.value()->size() <= small.value()->size());

  // The same book annealed as a whole (the proof's own strategy known too): fewer positions
  // than one re-choice at a time found, and it still wins.
  std::vector<std::string> annealing = question;
  annealing.insert(annealing.end(), {"--book", dir + "/annealed.book", "--shrink", "--shrink-from",
                                     dir + "/shrunk.book", "--anneal", "1", "--anneal-proof"});
  const Run annealed = solve(annealing);
  INFO(annealed.err);
  REQUIRE(annealed.exitCode == 0);
  CHECK(annealed.out.find("moves changed by annealing") != std::string::npos);
  CHECK(annealed.err.find("anneal: ") != std::string::npos);
  const auto smaller = qubic::loadBookFile(dir + "/annealed.book");
  REQUIRE(smaller);
  const qubic::BookWalk annealedWalk = qubic::walkBook(*smaller.value(), start);
  INFO(annealedWalk.fault);
  CHECK(annealedWalk.fault.empty());
  CHECK(smaller.value()->size() < small.value()->size());

  const Run noBook = solve({"book", "shrink"});
  CHECK(noBook.exitCode == 2);
  CHECK(noBook.err.find("book shrink: FILE first") != std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST_CASE(
    "qubic-solve --reprove and --anneal stop on Ctrl-C and write the strategy checked so far") {
  // The option, and the start of its progress lines.
  const auto [option, progress] = GENERATE(
      table<std::string, std::string>({{"--reprove", "reprove: "}, {"--anneal", "anneal: "}}));
  INFO(option);
  const std::string path = std::filesystem::temp_directory_path() /
                           ("qubic-reprove-" + std::to_string(getpid()) + ".book");
  std::filesystem::remove(path);  // left by a killed run under the same pid
  ChildProcess child({std::string(QUBIC_BIN_DIR) + "/qubic-solve", "--moves", "1a1,4d4", "--book",
                      path, "--shrink", option, "20"});
  REQUIRE(child.started());
  // The first progress line (about a minute of the work is left then): some 10-30 s in a
  // release build, over 3 min under AddressSanitizer, so the wait allows 15 min.
  REQUIRE(readErrorUntil(child, progress, std::chrono::seconds(900)));
  child.sendSignal(SIGINT);
  std::string out, err;
  std::tie(out, err) = child.drain(std::chrono::seconds(120));
  CHECK(child.wait(std::chrono::seconds(5)).value_or(-99) == 0);
  INFO(out);
  CHECK(out.find("(interrupted: kept what was checked so far)") != std::string::npos);
  const auto book = qubic::loadBookFile(path);
  REQUIRE(book);
  const qubic::BookWalk walk =
      qubic::walkBook(*book.value(), qubic::playMoves(qubic::Position{}, "1a1 4d4").value());
  INFO(walk.fault);
  CHECK(walk.fault.empty());
  std::filesystem::remove(path);
}

TEST_CASE("qubic-solve --review takes a tournament's file: every game, or the one --game names") {
  // Issue 43 (4): a qubic-match records file was refused ("one game per file").
  const std::string path =
      (std::filesystem::temp_directory_path() / "qubic-review-many.qgn").string();
  {
    std::ofstream records(path);
    records
        << "[X \"a\"]\n[O \"b\"]\n[Result \"1-0\"]\n\n1. 1a1 2a1 2. 1b1 2b1 3. 1c1 2c1 4. 1d1 "
           "1-0\n\n"
        << "[X \"b\"]\n[O \"a\"]\n[Result \"0-1\"]\n\n1. 1a1 2a1 2. 1b1 2b1 3. 1c1 2c1 4. 3d4 2d1 "
           "0-1\n";
  }
  const Run all = solve({"review", path, "--time", "0.2"});
  CHECK(all.exitCode == 0);
  CHECK(all.out.find("game 1: a (X) - b (O) 1-0\nreview: 7 moves") == 0);
  CHECK(all.out.find("\ngame 2: b (X) - a (O) 0-1\nreview: 8 moves") != std::string::npos);
  CHECK(all.out.find("first mistake: ply 7, 3d4, missed a forced win") != std::string::npos);
  const Run second = solve({"review", path, "--game", "2", "--time", "0.2"});
  CHECK(second.out.find("game 2: b (X) - a (O) 0-1\nreview: 8 moves") == 0);
  CHECK(second.out.find("game 1") == std::string::npos);
  const Run third = solve({"review", path, "--game", "3"});
  CHECK(third.exitCode == 2);
  CHECK(third.err.find("--game 3: ") != std::string::npos);
  CHECK(third.err.find(" holds 2 games") != std::string::npos);
  CHECK(solve({"prove", "--game", "1"}).exitCode == 2);  // only with --review
  std::filesystem::remove(path);
}

TEST_CASE("qubic-solve --review quotes a bad record without its raw bytes") {
  const std::string path = "test_solve_cli_nul.qgn";
  std::ofstream(path, std::ios::binary) << std::string("1a1 \0 2b2\n", 10);
  const Run run = solve({"review", path});
  CHECK(run.exitCode == 2);
  CHECK(run.err.find('\0') == std::string::npos);
  CHECK(run.err.find("\\x00") != std::string::npos);  // the NUL named, the message whole
  std::filesystem::remove(path);
}

TEST_CASE("qubic-solve puzzles --from-proof refuses a directory and a FIFO at once") {
  // Issue 53 (4, 7): a directory aborted (uncaught ios_base::failure), a FIFO blocked for
  // ever in open, deaf to Ctrl-C.
  const std::string fifo =
      (std::filesystem::temp_directory_path() / ("qubic-puzzles-fifo-" + std::to_string(getpid())))
          .string();
  std::filesystem::remove(fifo);
  REQUIRE(mkfifo(fifo.c_str(), 0600) == 0);
  const std::string tmp = std::filesystem::temp_directory_path().string();
  for (const auto& [path, why] :
       {std::pair{tmp, std::string("a directory")}, std::pair{fifo, std::string("a FIFO")}}) {
    const Run run = solve({"puzzles", "2", "--from-proof", path}, std::chrono::seconds(20));
    INFO(run.err);
    CHECK(run.exitCode == 2);
    CHECK(run.err.find("cannot read " + path + ": not a regular file (" + why + ")") !=
          std::string::npos);
  }
  std::filesystem::remove(fifo);
}

TEST_CASE("qubic-solve --pieces on a full disk says so, keeps no cut piece and goes on") {
  // Issue 53 (5): an unchecked write kept a cut-off piece; an unchecked rename aborted the
  // solve. A file-size limit of 2 KB stands for the full disk (root ignores read-only modes).
  const std::filesystem::path dir =
      std::filesystem::temp_directory_path() / ("qubic-pieces-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  ChildProcess child({"/bin/sh", "-c",
                      "ulimit -f 2; trap '' XFSZ; exec '" + std::string(QUBIC_BIN_DIR) +
                          "/qubic-solve' prove --moves 1a1,4d4,1d1,1b2 --split 2 --pieces '" +
                          dir.string() + "'"});
  REQUIRE(child.started());
  child.closeInput();
  const auto [out, err] = child.drain(std::chrono::seconds(60));
  INFO(err);
  CHECK(child.wait(std::chrono::seconds(5)).value_or(-99) == 0);
  CHECK(err.find("warning: --pieces: not kept: ") != std::string::npos);
  CHECK(out.find("verified: yes") != std::string::npos);
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    INFO(entry.path());
    CHECK(entry.path().string().find(".new-") == std::string::npos);
    if (entry.path().extension() == ".proof") {
      std::ifstream in(entry.path());
      const std::string text((std::istreambuf_iterator<char>(in)), {});
      CHECK(text.size() >= 4);
      CHECK(text.substr(text.size() - 4) == "end\n");
    }
  }
  std::filesystem::remove_all(dir);
}

TEST_CASE("review stopped by Ctrl-C says so and exits 130 (issue 68, 15)") {
  // A long game with a long budget a move: the review is still running when SIGINT comes.
  qubic::testing::ChildProcess review({std::string(QUBIC_BIN_DIR) + "/qubic-solve", "review",
                                       "1a1 1b2 2b2 1c1 4d4 3c3 2a2 1d1 4a4 2d2 3b3 4c4", "--time",
                                       "30s"});
  REQUIRE(review.started());
  review.closeInput();
  // Once it catches SIGINT (its handler is installed: /proc's SigCgt mask), the signal is
  // the one a user's Ctrl-C sends.
  auto catchesInterrupt = [&] {
    // The program's own handler, not the one the test's fork holds until its exec.
    std::ifstream cmdline("/proc/" + std::to_string(review.pid()) + "/cmdline");
    std::string program;
    std::getline(cmdline, program, '\0');
    if (program.find("qubic-solve") == std::string::npos) return false;
    std::ifstream status("/proc/" + std::to_string(review.pid()) + "/status");
    for (std::string line; std::getline(status, line);)
      if (line.rfind("SigCgt:", 0) == 0)
        return (std::stoull(line.substr(7), nullptr, 16) >> (SIGINT - 1) & 1) != 0;
    return false;
  };
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!catchesInterrupt() && std::chrono::steady_clock::now() < deadline)
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  REQUIRE(catchesInterrupt());
  std::this_thread::sleep_for(std::chrono::milliseconds(500));  // into the review itself
  review.sendSignal(SIGINT);
  const auto [out, err] = review.drain(std::chrono::seconds(120));
  CHECK(review.wait(std::chrono::seconds(10)) == 130);
  CHECK_THAT(out, Catch::Contains("interrupted"));
  CHECK_THAT(err, Catch::Contains("review interrupted"));
}
