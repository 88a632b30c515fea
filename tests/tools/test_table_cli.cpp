// qubic-solve table as docs/table.md runs it: jobs into a directory, the join that checks
// every proof again, values derived for fewer stones against a direct solve, and the
// results the join must leave out.
#include <sys/stat.h>

#include <catch2/catch.hpp>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <optional>
#include <regex>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "child_process.hpp"
#include "config/read_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/book/table_certificates.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/checksum.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/known_wins.hpp"
#include "program_run.hpp"

using qubic::testing::ChildProcess;
namespace fs = std::filesystem;

namespace {

using Run = qubic::testing::ProgramRun;

Run solve(const std::vector<std::string>& args) {
  return qubic::testing::runProgram("qubic-solve", args, std::chrono::seconds(300));
}

fs::path freshDir(const std::string& name) {
  const fs::path dir =
      fs::temp_directory_path() / ("qubic-table-" + name + "-" + std::to_string(getpid()));
  fs::remove_all(dir);
  return dir;
}

qubic::OpeningTable readTable(const fs::path& file) {
  const auto text = qubic::readRegularFile(file.string(), 1 << 24);
  REQUIRE(text);
  const std::vector<std::uint8_t> bytes(text.value().begin(), text.value().end());
  const auto table = qubic::OpeningTable::fromBytes(bytes);
  REQUIRE(table);
  return table.value();
}

qubic::OpeningTable shippedTable() {
  return readTable(fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.table");
}

qubic::Position at(const char* moves) { return qubic::playMoves({}, moves).value(); }

// A four-stone position the shipped table does not decide: each resisted millions of
// positions, so a job of 10 000 leaves it unknown, whatever later joins have decided.
std::string undecidedPosition() {
  const qubic::OpeningTable table = shippedTable();
  for (const qubic::Position& p : qubic::canonicalPositions(4))
    if (!table.find(p)) return qubic::positionString(p);
  FAIL("the shipped table decides every four-stone position");
  return {};
}

// The replies to `p`, one per class of equivalent ones, as position strings.
std::vector<std::string> replies(const qubic::Position& p) {
  std::vector<std::string> out;
  for (qubic::Bitboard m = qubic::nonEquivalentMoves(p); m; m &= m - 1) {
    qubic::Position child = p;
    child.play(qubic::lowestCell(m));
    out.push_back(qubic::positionString(child));
  }
  return out;
}

}  // namespace

TEST_CASE("a job decides its position once and the join checks it into the table") {
  const fs::path dir = freshDir("job");
  const qubic::Position p = at("1a1 1b2 2b2 1c1");
  const std::string position = qubic::positionString(p);
  const Run first =
      solve({"table", "job", position, "--dir", dir.string(), "--positions", "300000"});
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.out, Catch::Contains("X wins in at most"));
  const Run again = solve({"table", "job", position, "--dir", dir.string()});
  CHECK(again.exitCode == 0);
  CHECK_THAT(again.out, Catch::Contains("(already"));

  // The same position from another of its images is the same job.
  const Run image = solve(
      {"table", "job", qubic::positionString(qubic::transform(77, p)), "--dir", dir.string()});
  CHECK_THAT(image.out, Catch::Contains("(already"));

  const fs::path table = dir / "t.table";
  const Run join = solve({"table", "join", dir.string(), "--out", table.string()});
  REQUIRE(join.exitCode == 0);
  CHECK_THAT(join.out, Catch::Contains("1 positions from jobs"));
  const auto e = readTable(table).find(p);
  REQUIRE(e);
  CHECK(e->value == qubic::TableValue::XWins);
  CHECK(e->certified);
  // The distance is the one the rules-only checker gives the job's proof.
  const fs::path proof =
      *std::find_if(fs::directory_iterator(dir), fs::directory_iterator(),
                    [](const auto& f) { return f.path().extension() == ".qpf"; });
  const Run verify = solve({"verify", proof.string()});
  CHECK_THAT(verify.out, Catch::Contains("plies: " + std::to_string(e->plies)));
  // A direct solve agrees on the value.
  CHECK_THAT(solve({"prove", position, "--time", "60s"}).out, Catch::Contains("value: X wins"));

  // The job's move reaches a position that two others reach by one X move: the join adds
  // those of other classes as X wins by that move, and a direct solve agrees.
  REQUIRE(e->move >= 0);
  std::set<std::uint32_t> others;
  for (const char* back : {"1a1", "2b2"}) {
    qubic::Position reached = p;
    reached.play(e->move);
    const int stone = qubic::parseMove(back).value();
    const qubic::Position other = qubic::Position::fromStones(
        reached.stones(qubic::Side::X) & ~qubic::bit(stone), reached.stones(qubic::Side::O));
    if (qubic::canonical(other) == qubic::canonical(p)) continue;
    others.insert(qubic::tableKey(qubic::canonical(other)));
    const auto t = readTable(table).find(other);
    REQUIRE(t);
    CHECK(t->value == qubic::TableValue::XWins);
    CHECK(t->move == stone);
    CHECK(t->plies == e->plies);
    CHECK_THAT(solve({"prove", qubic::positionString(other), "--no-table", "--time", "60s"}).out,
               Catch::Contains("value: X wins"));
  }
  CHECK_THAT(join.out, Catch::Contains(std::to_string(others.size()) + " won by transposition"));
  const Run info = solve({"table", "info", table.string()});
  CHECK_THAT(info.out,
             Catch::Contains("4 stones: " + std::to_string(1 + others.size()) +
                             " of 20851 positions: X wins " + std::to_string(1 + others.size())));
  CHECK_THAT(solve({"table", "check", table.string()}).out, Catch::Contains("all agreeing"));
  fs::remove_all(dir);
}

TEST_CASE("a value of three stones derived from the table is the direct solve's") {
  // O to move after 1a1 1b2 2b2: every reply decided by a job, so the join derives the value.
  const fs::path dir = freshDir("derived");
  const qubic::Position three = at("1a1 1b2 2b2");
  for (const std::string& child : replies(three))
    REQUIRE(
        solve({"table", "job", child, "--dir", dir.string(), "--positions", "300000"}).exitCode ==
        0);
  const fs::path file = dir / "t.table";
  REQUIRE(solve({"table", "join", dir.string(), "--out", file.string()}).exitCode == 0);
  const qubic::OpeningTable t = readTable(file);
  const auto derived = t.find(three);
  REQUIRE(derived);
  const Run direct = solve({"prove", qubic::positionString(three), "--time", "120s"});
  REQUIRE_THAT(direct.out, Catch::Contains("value: "));
  if (derived->value == qubic::TableValue::XWins)
    CHECK_THAT(direct.out, Catch::Contains("value: X wins"));
  else
    FAIL("derived " << static_cast<int>(derived->value) << ", direct " << direct.out);
  // ... and its longest reply bounds the distance: one more than the longest reply's.
  int longest = 0;
  for (const std::string& child : replies(three))
    longest = std::max(longest, t.find(qubic::parsePosition(child).value())->plies);
  CHECK(derived->plies == longest + 1);
  fs::remove_all(dir);
}

TEST_CASE("the join leaves out a result whose proof fails and refuses a foreign output") {
  const fs::path dir = freshDir("damaged");
  for (const char* moves : {"1a1 1b2 2b2 1c1", "1a1 1b2 2b2 4d4"})
    REQUIRE(solve({"table", "job", qubic::positionString(at(moves)), "--dir", dir.string(),
                   "--positions", "300000"})
                .exitCode == 0);
  // Cut one proof short: the rules-only checker refuses it, and the join says so.
  std::vector<fs::path> proofs;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".qpf") proofs.push_back(f.path());
  REQUIRE(proofs.size() == 2);
  fs::resize_file(proofs[0], fs::file_size(proofs[0]) / 2);
  const fs::path out = dir / "t.table";
  const Run join = solve({"table", "join", dir.string(), "--out", out.string()});
  CHECK(join.exitCode == 1);
  CHECK_THAT(join.err, Catch::Contains("left out"));
  CHECK_THAT(join.out, Catch::Contains("1 positions from jobs"));
  // One of the two is in the table (with the wins its move transposes to), the other not.
  const qubic::OpeningTable joined = readTable(out);
  CHECK(joined.find(at("1a1 1b2 2b2 1c1")).has_value() !=
        joined.find(at("1a1 1b2 2b2 4d4")).has_value());

  // A file of the user's at --out is left as it was.
  const fs::path notes = dir / "notes.txt";
  std::ofstream(notes) << "my notes\n";
  const Run refused = solve({"table", "join", dir.string(), "--out", notes.string()});
  CHECK(refused.exitCode == 2);
  CHECK(qubic::readRegularFile(notes.string(), 100).value() == "my notes\n");

  // Bad arguments: errors, not a run.
  CHECK(solve({"table", "job", "nonsense", "--dir", dir.string()}).exitCode == 2);
  CHECK(solve({"table", "job", qubic::positionString(at("1a1 1b2 2b2 1c1 4d4")), "--dir",
               dir.string()})
            .exitCode == 2);
  CHECK(solve({"table", "list", "--stones", "5"}).exitCode == 2);
  CHECK(solve({"table", "frobnicate"}).exitCode == 2);
  fs::remove_all(dir);
}

TEST_CASE("the join refuses special files and damaged results by name (issue 68, 11)") {
  const fs::path dir = freshDir("special");
  const std::string position = qubic::positionString(at("1a1 1b2 2b2 1c1"));
  REQUIRE(
      solve({"table", "job", position, "--dir", dir.string(), "--positions", "300000"}).exitCode ==
      0);
  fs::path proof;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".qpf") proof = f.path();
  REQUIRE(!proof.empty());
  const fs::path out = dir / "t.table";
  // The proof replaced by a FIFO (it hung the join for ever), then by a directory (it
  // aborted it).
  fs::remove(proof);
  REQUIRE(mkfifo(proof.c_str(), 0600) == 0);
  Run join = solve({"table", "join", dir.string(), "--out", out.string()});
  CHECK(join.exitCode == 1);
  CHECK_THAT(join.err, Catch::Contains("FIFO") && Catch::Contains("left out"));
  fs::remove(proof);
  fs::create_directory(proof);
  join = solve({"table", "join", dir.string(), "--out", out.string()});
  CHECK(join.exitCode == 1);
  CHECK_THAT(join.err, Catch::Contains("directory") && Catch::Contains("left out"));
  fs::remove(proof);
  // Results that are not ones: garbage, a FIFO, a directory, each named.
  std::ofstream(dir / "4s-000001.result") << "garbage\n";
  REQUIRE(mkfifo((dir / "4s-000002.result").c_str(), 0600) == 0);
  fs::create_directory(dir / "4s-000003.result");
  join = solve({"table", "join", dir.string(), "--out", out.string()});
  CHECK(join.exitCode == 1);
  for (const char* name : {"4s-000001.result", "4s-000002.result", "4s-000003.result"})
    CHECK_THAT(join.err, Catch::Contains(name) && Catch::Contains("refused"));
  fs::remove_all(dir);
}

TEST_CASE("join --keep-shipped goes on from the shipped table, the jobs' values first") {
  const fs::path dir = freshDir("keep");
  const qubic::Position p = at("1a1 1b2 2b2 1c1");
  REQUIRE(solve({"table", "job", qubic::positionString(p), "--dir", dir.string(), "--positions",
                 "300000"})
              .exitCode == 0);
  const fs::path out = dir / "t.table";
  const Run join = solve({"table", "join", dir.string(), "--out", out.string(), "--keep-shipped"});
  REQUIRE(join.exitCode == 0);
  const auto shipped = qubic::readRegularFile(
      (fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.table").string(), 1 << 24);
  REQUIRE(shipped);
  const auto before = qubic::OpeningTable::fromBytes(
      std::vector<std::uint8_t>(shipped.value().begin(), shipped.value().end()));
  REQUIRE(before);
  const qubic::OpeningTable after = readTable(out);
  CHECK(after.size(4) >= before.value().size(4));
  // Every value of the shipped table is kept, the same; the job's own position has the
  // job's entry, the same value (its distance, an upper bound, is its own proof's).
  for (const qubic::Position& q : qubic::canonicalPositions(4))
    if (const auto e = before.value().find(q)) {
      const auto kept = after.find(q);
      REQUIRE(kept);
      if (qubic::canonical(q) == qubic::canonical(p))
        CHECK(kept->value == e->value);
      else
        CHECK(*kept == *e);
    }
  REQUIRE(after.find(p));
  // The job's position is counted once, as the job's, not again as kept.
  const std::size_t kept = before.value().size(4) - (before.value().find(p) ? 1 : 0);
  CHECK_THAT(join.out, Catch::Contains(std::to_string(kept) + " kept from the shipped table"));
  fs::remove_all(dir);
}

TEST_CASE("a position of the shipped table is answered at once by prove and by the engine") {
  // O to move after 1a1 1a2 1b1, off the book's lines: it and all its replies are in the
  // shipped table (docs/table.md).
  const Run table = solve({"prove", "--moves", "1a1,1a2,1b1"});
  REQUIRE(table.exitCode == 0);
  CHECK_THAT(table.out, Catch::Contains("value: X wins\n"));
  CHECK_THAT(table.out, Catch::Contains("from: the opening table"));
  // The solver, asked afresh, agrees.
  const Run solved = solve({"prove", "--moves", "1a1,1a2,1b1", "--no-table", "--time", "120s"});
  CHECK_THAT(solved.out, Catch::Contains("value: X wins\n"));
  CHECK_THAT(solved.out, !Catch::Contains("opening table"));

  // qubic-engine's MultiPV: every one of O's 61 moves a proven loss (without the table,
  // a few of them in a second).
  ChildProcess engine({std::string(QUBIC_BIN_DIR) + "/qubic-engine"});
  REQUIRE(engine.started());
  for (const char* line : {"ugi", "setoption name MultiPV value 64",
                           "position startpos moves 1a1 1a2 1b1", "go movetime 1000"})
    engine.send(line);
  const std::vector<std::string> lines = engine.readUntil("bestmove", std::chrono::seconds(60));
  REQUIRE_FALSE(lines.empty());
  REQUIRE_THAT(lines.back(), Catch::StartsWith("bestmove"));
  std::set<std::string> mated;
  for (const std::string& l : lines)
    if (l.find(" multipv ") != std::string::npos && l.find("score mate -") != std::string::npos)
      mated.insert(l.substr(l.find(" pv ") + 4, 3));
  CHECK(mated.size() == 61);
  engine.send("quit");
}

TEST_CASE("the engine plays a four-stone position's winning move from the table at once") {
  // X to move after 1a1 1c1 1b1 1d2, off the book's lines: the table holds its win with the
  // move, which one node of search would not find.
  const qubic::Position pos = qubic::playMoves(qubic::Position{}, "1a1,1c1,1b1,1d2").value();
  const auto entry = shippedTable().find(pos);
  REQUIRE(entry);
  REQUIRE(entry->move >= 0);
  ChildProcess engine({std::string(QUBIC_BIN_DIR) + "/qubic-engine"});
  REQUIRE(engine.started());
  for (const char* line : {"ugi", "position startpos moves 1a1 1c1 1b1 1d2", "go nodes 1"})
    engine.send(line);
  const std::vector<std::string> lines = engine.readUntil("bestmove", std::chrono::seconds(60));
  REQUIRE_FALSE(lines.empty());
  CHECK(lines.back() == "bestmove " + qubic::moveToken(entry->move));
  std::string said;
  for (const std::string& l : lines) said += l + "\n";
  CHECK_THAT(said, Catch::Contains("score mate " + std::to_string(entry->plies)) &&
                       Catch::Contains("values from the opening table"));
  engine.send("quit");
}

TEST_CASE("a shipped table damaged or not the build's is refused, and the position solved") {
  // issue 68, 1: one flipped bit made prove claim "O wins" for the empty board. The program
  // copied into a prefix of its own, with the table beside it as an install has it.
  const fs::path prefix = freshDir("shipped");
  fs::create_directories(prefix / "bin");
  fs::create_directories(prefix / "share" / "qubic");
  fs::copy_file(fs::path(QUBIC_BIN_DIR) / "qubic-solve", prefix / "bin" / "qubic-solve");
  const auto shipped = qubic::readRegularFile(
      (fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.table").string(), 1 << 24);
  REQUIRE(shipped);
  std::vector<std::uint8_t> bytes(shipped.value().begin(), shipped.value().end());
  bytes[35] ^= 0x03;  // an entry's value byte: X wins becomes O wins
  const std::vector<std::uint8_t> damaged = bytes;
  bytes.resize(bytes.size() - 8);  // ... and the checksum made right again, as a forger would
  qubic::putLittleEndian(bytes, qubic::fnv1a64(bytes), 8);
  const std::vector<std::string> env{"XDG_DATA_HOME=/nonexistent", "XDG_DATA_DIRS=/nonexistent"};
  for (const auto& [file, why] :
       {std::pair{damaged, "damaged"}, std::pair{bytes, "not the file this build shipped"}}) {
    std::ofstream(prefix / "share" / "qubic" / "qubic.table", std::ios::binary | std::ios::trunc)
        .write(reinterpret_cast<const char*>(file.data()),
               static_cast<std::streamsize>(file.size()));
    const Run run = qubic::testing::runProgram(
        (prefix / "bin" / "qubic-solve").string(),
        {"prove", "--moves", "1a1,1a2,1b1", "--time", "120s"}, std::chrono::seconds(300), env);
    INFO(run.out << run.err);
    CHECK(run.exitCode == 0);
    CHECK_THAT(run.err, Catch::Contains("qubic.table\" is ") && Catch::Contains(why));
    CHECK_THAT(run.out, Catch::Contains("value: X wins\n"));
    CHECK_THAT(run.out, !Catch::Contains("opening table"));
    // table info reads the shipped table too, and refuses it alike.
    const Run info = qubic::testing::runProgram((prefix / "bin" / "qubic-solve").string(),
                                                {"table", "info"}, std::chrono::seconds(60), env);
    CHECK(info.exitCode != 0);
    CHECK_THAT(info.err, Catch::Contains(why));
  }
  fs::remove_all(prefix);
}

TEST_CASE("an answer from the table names a winning move, checked by a solve after it") {
  // Issue 72: a four-stone position of the table (its leaves) came without `best:`. Its
  // move is the table's own: one node would not find it by a search.
  const std::string position =
      "x.....o.o......./.....x........../................/................ x";
  REQUIRE(shippedTable().find(qubic::parsePosition(position).value())->move >= 0);
  const Run answer = solve({"prove", position, "--nodes", "1"});
  REQUIRE(answer.exitCode == 0);
  CHECK_THAT(answer.out, Catch::Contains("from: the opening table"));
  const std::size_t at = answer.out.find("best: ");
  REQUIRE(at != std::string::npos);
  const std::string best = answer.out.substr(at + 6, 3);
  qubic::Position after = qubic::parsePosition(position).value();
  REQUIRE(after.isLegal(qubic::parseMove(best).value()));
  after.play(qubic::parseMove(best).value());
  const Run check = solve({"prove", qubic::positionString(after), "--no-table", "--time", "120s"});
  CHECK_THAT(check.out, Catch::Contains("value: X wins"));
}

TEST_CASE("an answer from the table keeps the limits of --time and --nodes") {
  // Issue 84 (7): prove --time 2 on a table position searched for its move for 9.5 s. The
  // table holds the moves of most wins; one without (its proof needed more than the
  // 2 000 000 positions of a job's first pass) is searched for.
  const qubic::OpeningTable table = shippedTable();
  std::string position;
  for (const qubic::Position& p : qubic::canonicalPositions(4))
    if (const auto e = table.find(p); e && e->value == qubic::TableValue::XWins && e->move < 0) {
      position = qubic::positionString(p);
      break;
    }
  // When every win has its move, nothing is searched and this case has no question left.
  REQUIRE_FALSE(position.empty());
  const Run few = solve({"prove", position, "--nodes", "1000"});
  REQUIRE(few.exitCode == 0);
  CHECK_THAT(few.out, Catch::Contains("value: X wins") && Catch::Contains("from: the opening"));
  CHECK(few.out.find("best: ") == std::string::npos);
  CHECK_THAT(few.err, Catch::Contains("the winning move was not found within the limits"));
  const auto began = std::chrono::steady_clock::now();
  const Run timed = solve({"prove", position, "--time", "1"});
  const double took =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  CHECK(timed.exitCode == 0);
  CHECK_THAT(timed.out, Catch::Contains("value: X wins"));
  CHECK(took < 20);  // 1 s asked, with 20 times that for a loaded machine
}

// The classes of the mover's replies in `pos`, as move tokens.
std::set<std::string> replyClasses(const qubic::Position& pos) {
  std::set<std::string> moves;
  for (qubic::Bitboard m = qubic::nonEquivalentMoves(pos); m; m &= m - 1)
    moves.insert(qubic::moveToken(qubic::lowestCell(m)));
  return moves;
}

// The replies whose proofs (NAME-REPLY.qpf) `dir` holds, each checked by `qubic-solve verify`.
std::set<std::string> checkedReplyProofs(const fs::path& dir) {
  std::set<std::string> replies;
  for (const auto& f : fs::directory_iterator(dir))
    if (f.path().extension() == ".qpf") {
      const std::string stem = f.path().stem().string();
      replies.insert(stem.substr(stem.rfind('-') + 1));
      CHECK_THAT(solve({"verify", f.path().string()}).out, Catch::Contains("verified: yes"));
    }
  return replies;
}

TEST_CASE("course 40 searches the side not to move's win reply by reply, each proof checked") {
  // The O win below (the shipped table holds it: its job searches O's win alone), each of
  // X's classes of replies a search of its own; the proofs as a search from the position
  // writes them, each accepted by the rules on its own.
  const fs::path dir = freshDir("split");
  const std::string position =
      "oxx.........o.../................/................/................ x";
  const Run job = solve({"table", "job", position, "--dir", dir.string(), "--course", "40"});
  REQUIRE(job.exitCode == 0);
  CHECK_THAT(job.out, Catch::Contains("O wins in at most") && Catch::Contains("reply by reply"));
  const qubic::Position pos = qubic::parsePosition(position).value();
  CHECK(checkedReplyProofs(dir) == replyClasses(pos));
  const std::string result =
      qubic::readRegularFile((dir / (job.out.substr(0, job.out.find(':')) + ".result")).string(),
                             1 << 16)
          .value();
  CHECK_THAT(result, Catch::Contains("\nchecked: rules\n") && Catch::Contains("\ncourse: 40\n"));
  fs::remove_all(dir);
}

TEST_CASE("a win of the side not to move is certified by a proof for each class of replies") {
  // X to move, X on 1b1 1c1, O on the corners 1a1 1a4: O wins (found by the table's run).
  const fs::path dir = freshDir("owin");
  const std::string position =
      "oxx.........o.../................/................/................ x";
  const Run job = solve({"table", "job", position, "--dir", dir.string()});
  REQUIRE(job.exitCode == 0);
  CHECK_THAT(job.out, Catch::Contains("O wins in at most"));
  // One proof per class of X's replies, each accepted by the rules on its own.
  const qubic::Position pos = qubic::parsePosition(position).value();
  CHECK(checkedReplyProofs(dir) == replyClasses(pos));
  const fs::path file = dir / "t.table";
  REQUIRE(solve({"table", "join", dir.string(), "--out", file.string()}).exitCode == 0);
  const auto e = readTable(file).find(pos);
  REQUIRE(e);
  CHECK(e->value == qubic::TableValue::OWins);
  CHECK(e->certified);
  // O, to move before its second stone, wins by playing it.
  const auto before = readTable(file).find(
      qubic::parsePosition("oxx............./................/................/................ o")
          .value());
  REQUIRE(before);
  CHECK(before->value == qubic::TableValue::OWins);
  CHECK(before->plies == e->plies + 1);

  // Its proofs make a certificate the rules replay, against the shipped table's value.
  const fs::path cert = dir / "t.cert";
  const Run certify = solve({"table", "certify", dir.string(), "--out", cert.string()});
  INFO(certify.err);
  REQUIRE(certify.exitCode == 0);
  CHECK_THAT(certify.out, Catch::Contains("1 certificates (0 kept, 1 new, 0 left out)"));
  const Run verify = solve({"table", "verify", cert.string()});
  CHECK(verify.exitCode == 0);
  CHECK_THAT(verify.out, Catch::Contains("1 of 1 certificates replayed, 1 accepted"));
  CHECK_THAT(verify.out, Catch::Contains("verified: yes"));
  // Its wins gathered for later jobs: O's after each class of X's replies among them.
  const fs::path known = dir / "t.known";
  const Run gather = solve({"table", "known", "--certificates", cert.string(), "--threads", "2",
                            "--out", known.string()});
  CHECK(gather.exitCode == 0);
  CHECK_THAT(gather.out, Catch::Contains("from 1 proofs and certificates (0 refused)"));
  const auto knownWins =
      qubic::KnownWins::fromBytes(qubic::readRegularBytes(known.string(), 1 << 30).value());
  REQUIRE(knownWins);
  for (qubic::Bitboard m = qubic::nonEquivalentMoves(pos); m; m &= m - 1) {
    qubic::Position reply = pos;
    reply.play(qubic::lowestCell(m));
    const std::optional<int> oMove = knownWins.value().winningMove(reply);
    REQUIRE(oMove);
    CHECK(reply.isLegal(*oMove));
  }
  // Up to five stones: X's replies and O's wins after them, nothing deeper.
  REQUIRE(solve({"table", "known", "--certificates", cert.string(), "--max-stones", "5", "--out",
                 known.string()})
              .exitCode == 0);
  const auto shallow =
      qubic::KnownWins::fromBytes(qubic::readRegularBytes(known.string(), 1 << 30).value());
  REQUIRE(shallow);
  CHECK(shallow.value().countOf(5) == knownWins.value().countOf(5));
  CHECK(shallow.value().size() == shallow.value().countOf(5));
  CHECK(knownWins.value().size() > shallow.value().size());
  // Altered in its moves (and sealed again), it is refused.
  const auto text = qubic::readRegularFile(cert.string(), 1 << 24);
  REQUIRE(text);
  std::vector<std::uint8_t> bytes(text.value().begin(), text.value().end() - 8);
  REQUIRE(bytes.size() > 8 + 4 + 25 + 4);
  for (std::size_t i = 8 + 4 + 25 + 2; i < bytes.size(); i += 7) bytes[i] ^= 0x5A;
  qubic::putLittleEndian(bytes, qubic::fnv1a64(bytes), 8);
  {
    std::ofstream out(cert, std::ios::binary | std::ios::trunc);
    out.write(reinterpret_cast<const char*>(bytes.data()),
              static_cast<std::streamsize>(bytes.size()));
  }
  const Run altered = solve({"table", "verify", cert.string()});
  CHECK(altered.exitCode == 1);
  CHECK_THAT(altered.out, Catch::Contains("refused: oxx.........o..."));
  CHECK_THAT(altered.out, Catch::Contains("verified: no"));
  const Run gatherAltered =
      solve({"table", "known", "--certificates", cert.string(), "--out", known.string()});
  CHECK(gatherAltered.exitCode == 1);
  CHECK_THAT(gatherAltered.err, Catch::Contains("refused: oxx.........o..."));
  CHECK_THAT(gatherAltered.out, Catch::Contains("from 0 proofs and certificates (1 refused)"));
  // A file of the user's is not written over.
  const fs::path mine = dir / "notes.txt";
  std::ofstream(mine) << "my notes\n";
  const Run refused = solve({"table", "certify", dir.string(), "--out", mine.string()});
  CHECK(refused.exitCode == 2);
  CHECK(qubic::readRegularFile(mine.string(), 100).value() == "my notes\n");

  // Without one reply's proof, the join leaves the result out.
  fs::remove(dir / ("4s-" + std::string(job.out.substr(3, 6)) + "-" + *replyClasses(pos).begin() +
                    ".qpf"));
  const Run join = solve({"table", "join", dir.string(), "--out", file.string()});
  CHECK(join.exitCode == 1);
  CHECK_THAT(join.err, Catch::Contains("no such file"));
  fs::remove_all(dir);
}

TEST_CASE("an unknown of an earlier pass is taken up by the other side's search alone") {
  // X to move, O wins (the case above, and the shipped table's). A result of an earlier
  // pass: unknown within N, the other side then given a tenth (no other-budget line).
  const std::string position =
      "oxx.........o.../................/................/................ x";
  const fs::path scratch = freshDir("named");
  const Run named = solve({"table", "job", position, "--dir", scratch.string()});
  REQUIRE(named.exitCode == 0);
  const std::string name = named.out.substr(0, named.out.find(':'));
  fs::remove_all(scratch);
  const fs::path dir = freshDir("tenth");
  fs::create_directories(dir);
  std::ofstream(dir / (name + ".result"))
      << "qubic-table-result 1\nposition: " << position
      << "\nvalue: unknown\nplies: 0\nchecked: \nbudget: 2000000\npositions: 2200000\n"
      << "seconds: 3\n";

  // The same N again: only O's win is searched (the shipped table proves it: with the
  // whole N, X's not at all), and found.
  const Run job = solve({"table", "job", position, "--dir", dir.string()});
  REQUIRE(job.exitCode == 0);
  CHECK_THAT(job.out, Catch::Contains(name + ": O wins in at most"));
  const auto text = qubic::readRegularFile((dir / (name + ".result")).string(), 1 << 16);
  REQUIRE(text);
  CHECK_THAT(text.value(), Catch::Contains("value: O wins"));
  CHECK_THAT(text.value(), Catch::Contains("budget: 0\nother-budget: 2000000\n"));
  // The earlier pass's positions are counted in: the job's whole cost.
  const std::size_t at = text.value().find("\npositions: ") + 12;
  CHECK(std::stoull(text.value().substr(at)) > 2200000);
  CHECK_THAT(solve({"table", "job", position, "--dir", dir.string()}).out,
             Catch::Contains("(already"));

  // A position the table does not decide, unknown with N and the other side's half
  // already given: not searched again at the same N, but with a larger one.
  const std::string hard = undecidedPosition();
  const Run first = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000"});
  REQUIRE_THAT(first.out, Catch::Contains(": unknown"));
  const std::string hardName = first.out.substr(0, first.out.find(':'));
  std::ofstream(dir / (hardName + ".result"))
      << "qubic-table-result 1\nposition: " << hard
      << "\nvalue: unknown\nplies: 0\nchecked: \nbudget: 20000\nother-budget: 10000\n"
      << "positions: 30000\nseconds: 3\n";
  CHECK_THAT(solve({"table", "job", hard, "--dir", dir.string(), "--positions", "20000"}).out,
             Catch::Contains("(already"));
  CHECK_THAT(solve({"table", "job", hard, "--dir", dir.string(), "--positions", "40000"}).out,
             !Catch::Contains("(already"));
  fs::remove_all(dir);
}

TEST_CASE("a run gives the other side's win the budget it asks, or none") {
  const fs::path dir = freshDir("other");
  const std::string hard = undecidedPosition();
  const Run first = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000",
                           "--other-positions", "0"});
  REQUIRE(first.exitCode == 0);
  REQUIRE_THAT(first.out, Catch::Contains(": unknown"));
  const std::string name = first.out.substr(0, first.out.find(':'));
  auto result = [&] {
    return qubic::readRegularFile((dir / (name + ".result")).string(), 1 << 16).value();
  };
  // The other side's win not searched: the side to move's budget is the whole cost.
  CHECK_THAT(result(), Catch::Contains("budget: 10000\nother-budget: 0\n"));
  CHECK_THAT(result(), Catch::Contains("\npositions: 10000\n"));
  CHECK_THAT(solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000",
                    "--other-positions", "0"})
                 .out,
             Catch::Contains("(already"));
  // A later run that gives it a budget searches it, and only it.
  const Run second = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000",
                            "--other-positions", "5000"});
  REQUIRE(second.exitCode == 0);
  CHECK_THAT(result(), Catch::Contains("budget: 10000\nother-budget: 5000\n"));
  CHECK_THAT(result(), Catch::Contains("\npositions: 15000\n"));
  // Where the shipped table decides the position, its winner's search is made all the same.
  const Run shipped = solve(
      {"table", "job", "oxx.........o.../................/................/................ x",
       "--dir", dir.string(), "--other-positions", "0"});
  CHECK_THAT(shipped.out, Catch::Contains(": O wins in at most"));
  const Run bad = solve({"table", "job", hard, "--dir", dir.string(), "--other-positions", "-1"});
  CHECK(bad.exitCode == 2);
  CHECK_THAT(bad.err, Catch::Contains("--other-positions"));
  fs::remove_all(dir);
}

TEST_CASE("another course takes up an unknown, decides as the first, and says which it took") {
  const fs::path dir = freshDir("course");
  const std::string hard = undecidedPosition();
  const Run first = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000"});
  REQUIRE(first.exitCode == 0);
  REQUIRE_THAT(first.out, Catch::Contains(": unknown"));
  const std::string name = first.out.substr(0, first.out.find(':'));
  auto result = [&] {
    return qubic::readRegularFile((dir / (name + ".result")).string(), 1 << 16).value();
  };
  CHECK_THAT(result(), Catch::Contains("\ncourse: 0\nhash: 64\n"));
  CHECK_THAT(solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000"}).out,
             Catch::Contains("(already"));
  // The same budget in another course is searched again, both sides, and says so; the
  // result records the proof table's size too.
  const Run second = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000",
                            "--course", "1", "--hash", "16"});
  REQUIRE(second.exitCode == 0);
  CHECK_THAT(second.out, Catch::Contains(name + ": unknown"));
  CHECK_THAT(result(), Catch::Contains("\ncourse: 1\nhash: 16\n"));
  // The same budget and course with a larger proof table is searched again; a smaller
  // one is not.
  CHECK_THAT(solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000", "--course",
                    "1", "--hash", "8"})
                 .out,
             Catch::Contains("(already"));
  const Run larger = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000",
                            "--course", "1", "--hash", "32"});
  REQUIRE(larger.exitCode == 0);
  CHECK_THAT(larger.out, Catch::Contains(name + ": unknown"));
  CHECK_THAT(larger.out, !Catch::Contains("(already"));
  CHECK_THAT(result(), Catch::Contains("\ncourse: 1\nhash: 32\n"));
  CHECK_THAT(result(), Catch::Contains("\npositions: 15000\n"));

  // Each course decides an easy position alike, by a search of its own (another count),
  // its proof checked by the rules (courses 20-29 claim wins their proofs must bear out).
  const std::string easy = qubic::positionString(at("1a1 1b2 2b2 1c1"));
  std::set<std::string> counts;
  for (const char* course : {"0", "1", "2", "3", "9", "10", "13", "22", "24"}) {
    const fs::path own = freshDir(std::string("course-") + course);
    const Run job = solve(
        {"table", "job", easy, "--dir", own.string(), "--positions", "300000", "--course", course});
    REQUIRE(job.exitCode == 0);
    CHECK_THAT(job.out, Catch::Contains(": X wins in at most"));
    const std::string name2 = job.out.substr(0, job.out.find(':'));
    const std::string text =
        qubic::readRegularFile((own / (name2 + ".result")).string(), 1 << 16).value();
    CHECK_THAT(text, Catch::Contains(std::string("\ncourse: ") + course + "\n"));
    CHECK_THAT(text, Catch::Contains("\nchecked: rules\n"));
    const std::size_t at = text.find("\npositions: ") + 12;
    counts.insert(text.substr(at, text.find('\n', at) - at));
    fs::remove_all(own);
  }
  CHECK(counts.size() == 9);

  // A course the build does not have is refused, on the command line and in a result.
  const Run bad = solve({"table", "job", hard, "--dir", dir.string(), "--course", "60"});
  CHECK(bad.exitCode != 0);
  CHECK_THAT(bad.err, Catch::Contains("--course"));
  std::ofstream(dir / (name + ".result"))
      << "qubic-table-result 1\nposition: " << hard
      << "\nvalue: unknown\nplies: 0\nchecked: \nbudget: 10000\nother-budget: 5000\n"
      << "course: 67\npositions: 15000\nseconds: 1\n";
  const Run join = solve({"table", "join", dir.string(), "--out", (dir / "t.table").string()});
  CHECK(join.exitCode == 1);
  CHECK_THAT(join.err, Catch::Contains("course 67 is not one of 0-59"));
  fs::remove_all(dir);
}

TEST_CASE("table status counts against the run's job list and lists what resisted") {
  const fs::path dir = freshDir("status");
  const std::string easy = qubic::positionString(at("1a1 1b2 2b2 1c1"));
  // Far from decided within the least budget.
  const std::string hard = undecidedPosition();
  REQUIRE(solve({"table", "job", easy, "--dir", dir.string(), "--positions", "300000"}).exitCode ==
          0);
  const Run job = solve({"table", "job", hard, "--dir", dir.string(), "--positions", "10000"});
  REQUIRE(job.exitCode == 0);
  REQUIRE_THAT(job.out, Catch::Contains(": unknown"));
  const std::string hardName = job.out.substr(0, job.out.find(':'));
  std::ofstream(dir / "jobs-4.txt") << easy << "\n"
                                    << hard << "\n"
                                    << qubic::positionString(at("1a1 1b1 1c1 1d2")) << "\n";

  const Run status = solve({"table", "status", dir.string()});
  REQUIRE(status.exitCode == 0);
  CHECK_THAT(status.out, Catch::Contains("jobs done: 2 of the 3 in jobs-4.txt"));
  CHECK_THAT(status.out, Catch::Contains("X wins: 1"));
  CHECK_THAT(status.out, Catch::Contains("unknown: 1"));
  CHECK_THAT(status.out, Catch::Contains("estimate for the 1 not run"));
  CHECK_THAT(status.out, !Catch::Contains("resisted"));

  const Run resisted = solve({"table", "status", dir.string(), "--resisted"});
  REQUIRE(resisted.exitCode == 0);
  CHECK_THAT(resisted.out, Catch::Contains("  " + hardName + " " + hard + " 10000 5000\n"));
  CHECK_THAT(resisted.out, !Catch::Contains(easy));

  fs::remove(dir / "jobs-4.txt");
  CHECK_THAT(solve({"table", "status", dir.string()}).out,
             Catch::Contains("jobs done: 2 of 20851 (4 stones)"));
  fs::remove_all(dir);
}

TEST_CASE("a job searches O's win alone where the shipped table proves it") {
  // X on the inner pair of an edge line, O on two corners: an O win of the shipped table,
  // run again for its proofs. O's search alone decides it, X's budget untouched.
  const fs::path dir = freshDir("other-first");
  const std::string position =
      "oxx.........o.../................/................/................ x";
  const Run job = solve({"table", "job", position, "--dir", dir.string(), "--positions", "500000"});
  REQUIRE(job.exitCode == 0);
  CHECK_THAT(job.out, Catch::Contains(": O wins in at most"));
  CHECK_THAT(job.out, Catch::Contains("(O's win alone: the shipped table proves it)"));
  const std::string name = job.out.substr(0, job.out.find(':'));
  const auto text = qubic::readRegularFile((dir / (name + ".result")).string(), 1 << 16);
  REQUIRE(text);
  const std::size_t field = text.value().find("\npositions: ") + 12;
  CHECK(std::stoull(text.value().substr(field)) < 250000);
  // X's stones on a corner and a centre: X's win first, as always.
  const Run easy = solve({"table", "job", qubic::positionString(at("1a1 1b2 2b2 1c1")), "--dir",
                          dir.string(), "--positions", "300000"});
  CHECK_THAT(easy.out, Catch::Contains(": X wins in at most"));
  CHECK_THAT(easy.out, !Catch::Contains("searched first"));
  fs::remove_all(dir);
}

namespace {

std::uint64_t resultPositions(const fs::path& dir, const std::string& jobOutput) {
  const std::string name = jobOutput.substr(0, jobOutput.find(':'));
  const auto text = qubic::readRegularFile((dir / (name + ".result")).string(), 1 << 16);
  REQUIRE(text);
  return std::stoull(text.value().substr(text.value().find("\npositions: ") + 12));
}

void writeBytes(const fs::path& file, const std::vector<std::uint8_t>& bytes) {
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
}

}  // namespace

TEST_CASE("table known --update reads only the proofs new to its file, and gives the same file") {
  const fs::path dir = freshDir("known-update"), elsewhere = freshDir("known-update-b");
  fs::create_directories(dir);
  fs::create_directories(elsewhere);
  auto proofOf = [](const std::string& moves, const fs::path& file) {
    REQUIRE(
        solve({"prove", "--moves", moves, "--no-table", "--time", "120s", "--proof", file.string()})
            .exitCode == 0);
  };
  proofOf("1a1,2b2,1b1,3c3", dir / "a.qpf");
  const fs::path known = dir / "k", whole = dir / "whole";
  auto bytesOf = [](const fs::path& f) {
    return qubic::readRegularBytes(f.string(), 1 << 30).value();
  };
  auto update = [&] {
    return solve({"table", "known", dir.string(), "--out", known.string(), "--update"});
  };
  auto gatherWhole = [&] {
    REQUIRE(solve({"table", "known", dir.string(), "--out", whole.string()}).exitCode == 0);
    return bytesOf(whole);
  };
  // No file yet: every proof read.
  const Run first = update();
  REQUIRE(first.exitCode == 0);
  CHECK_THAT(first.out, Catch::Contains("from 1 proofs and certificates (0 refused)\n"));
  CHECK(bytesOf(known) == gatherWhole());
  // A proof linked in from elsewhere, its modification time old: new all the same (its
  // change time), read alone, the first's wins kept; the file as a whole gather makes it.
  proofOf("1a1,4d4,1b1,4c4", elsewhere / "b.qpf");
  fs::last_write_time(elsewhere / "b.qpf", fs::last_write_time(known) - std::chrono::hours(24));
  fs::create_hard_link(elsewhere / "b.qpf", dir / "b.qpf");
  const std::size_t before = qubic::KnownWins::entriesInFile(bytesOf(known).size());
  const Run second = update();
  REQUIRE(second.exitCode == 0);
  CHECK_THAT(second.out, Catch::Contains("from 1 proofs and certificates (0 refused), " +
                                         std::to_string(before) + " of them kept from before"));
  CHECK(bytesOf(known) == gatherWhole());
  CHECK(qubic::KnownWins::entriesInFile(bytesOf(known).size()) > before);
  CHECK_THAT(update().out, Catch::Contains("from 0 proofs and certificates (0 refused)"));
  // A damaged file is a cache: named, and gathered again whole.
  std::ofstream(known) << "qubic-known-wins 1\nbroken";
  const Run damaged = update();
  CHECK(damaged.exitCode == 0);
  CHECK_THAT(damaged.err, Catch::Contains("gathered again whole"));
  CHECK_THAT(damaged.out, Catch::Contains("from 2 proofs and certificates (0 refused)\n"));
  CHECK(bytesOf(known) == gatherWhole());
  fs::remove_all(dir);
  fs::remove_all(elsewhere);
}

TEST_CASE("table known gathers a run's proofs, and a job given them decides with them, checked") {
  const fs::path dirA = freshDir("known-a"), dirB = freshDir("known-b");
  // Some 45 000 positions alone (left undecided by the table's first pass, 2026-11-28).
  const std::string p = "..x..x...o....../................/...o............/................ x";
  const Run first = solve({"table", "job", p, "--dir", dirA.string(), "--positions", "300000"});
  REQUIRE_THAT(first.out, Catch::Contains(": X wins"));
  const std::uint64_t alone = resultPositions(dirA, first.out);
  REQUIRE(alone > 10000);  // more than the budget the job below gets

  // A FIFO of a proof's name is refused by name, not read; the proofs are still gathered.
  REQUIRE(mkfifo((dirA / "stray.qpf").c_str(), 0600) == 0);
  const fs::path known = dirA / "run.known";
  const Run gather = solve({"table", "known", dirA.string(), "--out", known.string()});
  CHECK(gather.exitCode == 1);
  CHECK_THAT(gather.err, Catch::Contains("stray.qpf: refused: not a regular file (a FIFO)"));
  CHECK_THAT(gather.out, Catch::Contains("known wins from 1 proofs and certificates (1 refused)"));
  fs::remove(dirA / "stray.qpf");
  REQUIRE(solve({"table", "known", dirA.string(), "--out", known.string()}).exitCode == 0);
  // Nor is a file of another kind written over.
  const fs::path jobs = dirA / "jobs-4.txt";
  std::ofstream(jobs) << p << "\n";
  const Run foreign = solve({"table", "known", dirA.string(), "--out", jobs.string()});
  CHECK(foreign.exitCode == 2);
  CHECK(qubic::readRegularFile(jobs.string(), 1 << 16).value() == p + "\n");

  // The same position in a new run, with the known wins and a thirtieth of the budget:
  // decided at once, its proof written in full and accepted by the rules and the join.
  const Run helped = solve({"table", "job", p, "--dir", dirB.string(), "--positions", "10000",
                            "--known", known.string()});
  REQUIRE_THAT(helped.out, Catch::Contains(": X wins in at most"));
  CHECK(resultPositions(dirB, helped.out) < 10000);
  const Run join = solve({"table", "join", dirB.string(), "--out", (dirB / "t.table").string()});
  REQUIRE(join.exitCode == 0);
  CHECK(readTable(dirB / "t.table").find(qubic::parsePosition(p).value())->certified);
  // The result says how many known wins its search had: the file's entries.
  const auto knownBytes = qubic::readRegularBytes(known.string(), 1 << 30).value();
  const std::size_t entries = qubic::KnownWins::fromBytes(knownBytes).value().size();
  REQUIRE(entries > 0);
  CHECK(qubic::KnownWins::entriesInFile(knownBytes.size()) == entries);
  const std::string name = helped.out.substr(0, helped.out.find(':'));
  const fs::path resultFile = dirB / (name + ".result");
  CHECK_THAT(qubic::readRegularFile(resultFile.string(), 1 << 16).value(),
             Catch::Contains("known-wins: " + std::to_string(entries) + "\n"));

  // An unknown of the same budget is tried again, both sides, once the known wins have
  // grown by a quarter since its search; not otherwise, and never at a smaller budget.
  auto unknownHad = [&](std::uint64_t budget, std::uint64_t knownWins) {
    std::ofstream(resultFile) << "qubic-table-result 1\nposition: " << p
                              << "\nvalue: unknown\nplies: 0\nchecked: \nbudget: " << budget
                              << "\nother-budget: " << budget / 2 << "\nknown-wins: " << knownWins
                              << "\npositions: 1\nseconds: 1\n";
  };
  auto rerun = [&] {
    return solve({"table", "job", p, "--dir", dirB.string(), "--positions", "10000", "--known",
                  known.string()})
        .out;
  };
  unknownHad(10000, entries * 4 / 5 + 1);
  CHECK_THAT(rerun(), Catch::Contains("(already"));
  unknownHad(20000, 0);
  CHECK_THAT(rerun(), Catch::Contains("(already"));
  unknownHad(10000, entries * 4 / 5);
  CHECK_THAT(rerun(), Catch::Contains(": X wins in at most"));
  // So is an unknown of a shipped O win, whose job searched O's win alone (its budget 0,
  // its other budget the whole): before, it was never tried again.
  const std::string oWin = "oxx.........o.../................/................/................ x";
  const fs::path dirO = freshDir("known-o");
  const Run shippedOWin =
      solve({"table", "job", oWin, "--dir", dirO.string(), "--positions", "10000"});
  REQUIRE(shippedOWin.exitCode == 0);
  const fs::path oResult =
      dirO / (shippedOWin.out.substr(0, shippedOWin.out.find(':')) + ".result");
  auto oUnknownHad = [&](std::uint64_t knownWins) {
    std::ofstream(oResult)
        << "qubic-table-result 1\nposition: " << oWin
        << "\nvalue: unknown\nplies: 0\nchecked: \nbudget: 0\nother-budget: 10000"
        << "\nknown-wins: " << knownWins << "\npositions: 1\nseconds: 1\n";
  };
  auto oRerun = [&] {
    return solve({"table", "job", oWin, "--dir", dirO.string(), "--positions", "10000", "--known",
                  known.string()})
        .out;
  };
  oUnknownHad(entries * 4 / 5 + 1);
  CHECK_THAT(oRerun(), Catch::Contains("(already"));
  oUnknownHad(0);
  const std::string retried = oRerun();
  CHECK_THAT(retried, !Catch::Contains("(already") && Catch::Contains("(O's win alone"));
  fs::remove_all(dirO);

  // A damaged file: a clear error, no result.
  const fs::path dirC = freshDir("known-c");
  auto bytes = qubic::readRegularFile(known.string(), 1 << 30).value();
  bytes[bytes.size() / 2] ^= 1;
  std::ofstream(dirA / "damaged.known", std::ios::binary) << bytes;
  const Run damaged = solve(
      {"table", "job", p, "--dir", dirC.string(), "--known", (dirA / "damaged.known").string()});
  CHECK(damaged.exitCode == 2);
  CHECK_THAT(damaged.err, Catch::Contains("checksum does not match"));
  CHECK_FALSE(fs::exists(dirC));
  // A FIFO given as the file: refused at once, not waited on.
  REQUIRE(mkfifo((dirA / "fifo.known").c_str(), 0600) == 0);
  const Run fifo =
      solve({"table", "job", p, "--dir", dirC.string(), "--known", (dirA / "fifo.known").string()});
  CHECK(fifo.exitCode == 2);
  CHECK_THAT(fifo.err, Catch::Contains("not a regular file (a FIFO)"));

  // A file claiming a win no proof can be written for (a position whose X win took some
  // 26 000 000 positions, here given 10 000; a shipped O win would not be searched for X
  // at all): the search takes it, its proof fails, and the job decides again without the
  // known wins.
  const qubic::Position lost =
      qubic::parsePosition("xxo............./..........o...../................/................ x")
          .value();
  qubic::KnownWins bogus;
  bogus.add(lost, qubic::lowestCell(lost.emptyCells()));
  bogus.seal();
  writeBytes(dirA / "bogus.known", bogus.toBytes());
  const Run misled = solve({"table", "job", qubic::positionString(lost), "--dir", dirC.string(),
                            "--positions", "10000", "--known", (dirA / "bogus.known").string()});
  INFO(misled.err);
  CHECK(misled.exitCode == 0);
  CHECK_THAT(misled.err, Catch::Contains("deciding again without the known wins"));
  CHECK_THAT(misled.out, Catch::Contains(": unknown"));
  fs::remove_all(dirA);
  fs::remove_all(dirB);
  fs::remove_all(dirC);
}

TEST_CASE("a join takes several directories, a position decided in two once") {
  const fs::path dirA = freshDir("join-a"), dirB = freshDir("join-b");
  const std::string easy = qubic::positionString(at("1a1 1b2 2b2 1c1"));
  const std::string other = "..x..x...o....../................/...o............/................ x";
  for (const auto& [position, dir] : {std::pair{easy, dirA}, {easy, dirB}, {other, dirB}})
    REQUIRE_THAT(
        solve({"table", "job", position, "--dir", dir.string(), "--positions", "300000"}).out,
        Catch::Contains(": X wins"));
  const fs::path table = dirA / "t.table";
  const Run join = solve({"table", "join", dirA.string(), dirB.string(), "--out", table.string()});
  REQUIRE(join.exitCode == 0);
  CHECK_THAT(join.out, Catch::Contains("2 positions from jobs"));
  const qubic::OpeningTable t = readTable(table);
  CHECK(t.find(at("1a1 1b2 2b2 1c1")));
  CHECK(t.find(qubic::parsePosition(other).value()));
  fs::remove_all(dirA);
  fs::remove_all(dirB);
}

TEST_CASE("table list puts the book's lines first, then --first's openings, each once") {
  const Run plain = solve({"table", "list", "--stones", "4"});
  const Run first = solve({"table", "list", "--stones", "4", "--first",
                           std::string(QUBIC_SOURCE_DIR) + "/data/openings-4ply.txt"});
  REQUIRE(plain.exitCode == 0);
  REQUIRE(first.exitCode == 0);
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string l; std::getline(in, l);) out.push_back(l);
    return out;
  };
  const std::vector<std::string> a = lines(plain.out), b = lines(first.out);
  CHECK(a.size() == 20851);
  CHECK(b.size() == 20851);
  CHECK(std::set<std::string>(b.begin(), b.end()).size() == 20851);
  // The ladder's first opening, in canonical form, comes right after the book's lines.
  const std::string opening =
      qubic::positionString(qubic::canonicalPosition(at("1d4 3a3 1b4 2a4")));
  const auto where = [&](const std::vector<std::string>& list) {
    return std::find(list.begin(), list.end(), opening) - list.begin();
  };
  CHECK(where(b) < 1200);
  CHECK(where(b) < where(a));
  CHECK(solve({"table", "list", "--first", "/nonexistent"}).exitCode == 2);
}

TEST_CASE(
    "table list --undecided lists what the shipped table does not decide, settling ones first") {
  const Run all = solve({"table", "list"});
  const Run undecided = solve({"table", "list", "--undecided"});
  REQUIRE(all.exitCode == 0);
  REQUIRE(undecided.exitCode == 0);
  const qubic::OpeningTable table = readTable(fs::path(QUBIC_SOURCE_DIR) / "data/qubic.table");
  std::set<std::string> left;
  std::istringstream in(undecided.out);
  for (std::string l; std::getline(in, l);) left.insert(l);
  CHECK(left.size() == 20851 - table.size(4));
  std::istringstream every(all.out);
  std::size_t decided = 0;
  for (std::string l; std::getline(every, l);) {
    const bool found = table.find(qubic::parsePosition(l).value()).has_value();
    decided += found;
    CHECK(found != (left.count(l) == 1));
  }
  CHECK(decided == table.size(4));

  // First come those whose value alone a three-stone position waits for: deciding one (here
  // as an X win) lets the rules settle one more; the first after them settles none, nor does
  // any later one sampled.
  auto settles = [&](const std::string& line) {
    qubic::OpeningTable t = table;
    t.add(qubic::parsePosition(line).value(), {qubic::TableValue::XWins, 40, false, true});
    t.finish();
    t.deriveFewerStones();
    return t.size(3) > table.size(3);
  };
  std::vector<std::string> lines;
  std::istringstream again(undecided.out);
  for (std::string l; std::getline(again, l);) lines.push_back(l);
  std::size_t leading = 0;
  while (leading < lines.size() && settles(lines[leading])) ++leading;
  CHECK(leading > 0);  // 36 on the table of 2026-11-29 18:05
  for (std::size_t i = leading; i < lines.size(); i += i < leading + 20 ? 1 : 37)
    CHECK_FALSE(settles(lines[i]));
}

TEST_CASE("table list --undecided --other-likelier: where the side not to move is likelier") {
  const Run undecided = solve({"table", "list", "--undecided"});
  const Run likelier = solve({"table", "list", "--undecided", "--other-likelier"});
  REQUIRE(undecided.exitCode == 0);
  REQUIRE(likelier.exitCode == 0);
  const qubic::OpeningTable table = readTable(fs::path(QUBIC_SOURCE_DIR) / "data/qubic.table");
  std::set<std::string> listed;
  std::istringstream in(likelier.out);
  for (std::string l; std::getline(in, l);) listed.insert(l);
  // The undecided list in its order, less those whose like positions say otherwise (every
  // ninth asked: each question reads the whole table).
  std::string kept;
  std::istringstream every(undecided.out);
  std::size_t i = 0;
  for (std::string l; std::getline(every, l); ++i) {
    if (listed.count(l)) kept += l + "\n";
    if (i % 9 == 0)
      CHECK(listed.count(l) == qubic::otherSideLikelier(table, qubic::parsePosition(l).value()));
  }
  CHECK(likelier.out == kept);
  CHECK_FALSE(listed.empty());
  CHECK(listed.size() < 20851 - table.size(4));
  CHECK(solve({"table", "list", "--other-likelier"}).exitCode != 0);
}

TEST_CASE("join --resisted records what runs left unknown, list --resisted lists it last") {
  const fs::path dir = freshDir("resisted"), other = freshDir("resisted-other");
  const Run undecided = solve({"table", "list", "--undecided"});
  REQUIRE(undecided.exitCode == 0);
  std::vector<std::string> lines;
  std::istringstream in(undecided.out);
  for (std::string l; std::getline(in, l);) lines.push_back(l);
  REQUIRE(lines.size() >= 4);
  // Each resisted millions of positions (undecidedPosition): unknown at these budgets.
  auto job = [&](const std::string& pos, const fs::path& d, const char* n, const char* course) {
    const Run r =
        solve({"table", "job", pos, "--dir", d.string(), "--positions", n, "--course", course});
    REQUIRE(r.exitCode == 0);
    REQUIRE_THAT(r.out, Catch::Contains(": unknown"));
  };
  job(lines[0], dir, "10000", "0");
  job(lines[0], dir, "20000", "0");
  job(lines[1], other, "10000", "11");  // a course with the defender's searches
  // The record of earlier runs: one its own (kept), one the table decides (dropped).
  fs::create_directories(dir);
  const fs::path record = dir / "resisted.txt";
  const std::string decided = qubic::positionString(at("1a1 1b2 2b2 1c1"));
  std::ofstream(record) << "qubic-table-resisted 1\n"
                        << lines[2] << " 5000000 2500000 0\n"
                        << decided << " 10000 5000 0\n";
  const std::vector<std::string> join{"table",          "join",       dir.string(),
                                      other.string(),   "--out",      (dir / "t.table").string(),
                                      "--keep-shipped", "--resisted", record.string()};
  REQUIRE(solve(join).exitCode == 0);
  const std::string written = qubic::readRegularFile(record.string(), 1 << 16).value();
  CHECK_THAT(written, Catch::Contains(lines[0] + " 20000 10000 0\n"));
  CHECK_THAT(written, !Catch::Contains(lines[0] + " 10000"));
  CHECK_THAT(written, Catch::Contains(lines[1] + " 10000 5000 11\n"));
  CHECK_THAT(written, Catch::Contains(lines[2] + " 5000000 2500000 0\n"));
  CHECK_THAT(written, !Catch::Contains(decided));
  REQUIRE(solve(join).exitCode == 0);  // joined again: the same record
  CHECK(qubic::readRegularFile(record.string(), 1 << 16).value() == written);

  // The same positions listed, the record's last, the least resisted first.
  const Run deferred = solve({"table", "list", "--undecided", "--resisted", record.string()});
  REQUIRE(deferred.exitCode == 0);
  std::vector<std::string> after;
  std::istringstream again(deferred.out);
  for (std::string l; std::getline(again, l);) after.push_back(l);
  REQUIRE(after.size() == lines.size());
  CHECK(std::set<std::string>(after.begin(), after.end()) ==
        std::set<std::string>(lines.begin(), lines.end()));
  const std::vector<std::string> tail(after.end() - 3, after.end());
  CHECK(tail == std::vector<std::string>{lines[1], lines[0], lines[2]});
  CHECK(after[0] == lines[3]);
  // A run of one course leaves out what resisted that course, and only that.
  auto listed = [&](const char* course, const char* positions = nullptr) {
    std::vector<std::string> args{"table",         "list",     "--undecided", "--resisted",
                                  record.string(), "--course", course};
    if (positions) args.insert(args.end(), {"--positions", positions});
    const Run r = solve(args);
    REQUIRE(r.exitCode == 0);
    std::vector<std::string> out;
    std::istringstream text(r.out);
    for (std::string l; std::getline(text, l);) out.push_back(l);
    return out;
  };
  const std::vector<std::string> course11 = listed("11"), course0 = listed("0");
  CHECK(course11.size() == lines.size() - 1);
  CHECK(std::count(course11.begin(), course11.end(), lines[1]) == 0);
  CHECK(std::vector<std::string>(course11.end() - 2, course11.end()) ==
        std::vector<std::string>{lines[0], lines[2]});
  CHECK(course0.size() == lines.size() - 2);
  CHECK(course0.back() == lines[1]);
  CHECK(std::count(course0.begin(), course0.end(), lines[0]) == 0);
  // For a run of a larger budget, what resisted the course with fewer positions is listed
  // again (lines[0] resisted course 0 with 20 000, lines[2] with 5 000 000).
  const std::vector<std::string> at30k = listed("0", "30000");
  CHECK(at30k.size() == lines.size() - 1);
  CHECK(std::count(at30k.begin(), at30k.end(), lines[0]) == 1);
  CHECK(std::count(at30k.begin(), at30k.end(), lines[2]) == 0);
  CHECK(listed("0", "20000") == course0);
  CHECK(listed("0", "6000000").size() == lines.size());
  CHECK(
      solve({"table", "list", "--undecided", "--resisted", record.string(), "--positions", "30000"})
          .exitCode != 0);
  CHECK(solve({"table", "list", "--undecided", "--course", "11"}).exitCode != 0);
  CHECK(solve({"table", "list", "--undecided", "--resisted", record.string(), "--course", "60"})
            .exitCode != 0);

  // Not a record: refused by both, and left as it was.
  const fs::path notes = dir / "notes.txt";
  std::ofstream(notes) << "my notes\n";
  CHECK(solve({"table", "join", dir.string(), "--out", (dir / "u.table").string(), "--resisted",
               notes.string()})
            .exitCode != 0);
  CHECK(solve({"table", "list", "--undecided", "--resisted", notes.string()}).exitCode != 0);
  CHECK(qubic::readRegularFile(notes.string(), 100).value() == "my notes\n");
  // A record with a damaged line stops the join before it writes anything: a course
  // beyond the last, or a line cut short.
  for (const std::string& damaged :
       {lines[3] + " 10000 5000 " + std::to_string(qubic::kTableCourses), std::string("xx 1 2")}) {
    INFO(damaged);
    std::ofstream(record) << written << damaged << "\n";
    CHECK(solve({"table", "join", dir.string(), "--out", (dir / "v.table").string(), "--resisted",
                 record.string()})
              .exitCode != 0);
  }
  CHECK_FALSE(fs::exists(dir / "v.table"));
  CHECK(solve({"table", "list", "--resisted", record.string()}).exitCode == 2);
  const Run missing =
      solve({"table", "list", "--undecided", "--resisted", (dir / "no-such-record.txt").string()});
  CHECK(missing.exitCode != 0);
  CHECK_THAT(missing.err, Catch::Contains("no such file"));
  fs::remove_all(dir);
  fs::remove_all(other);
}

TEST_CASE("table list --without-move lists the wins the shipped table holds without their move") {
  // The moves pass's jobs: each a four-stone position X (to move) wins by the table, with no
  // move stored; counted here from the table's own entries, in the list's canonical frame.
  const Run without = solve({"table", "list", "--without-move"});
  REQUIRE(without.exitCode == 0);
  const qubic::OpeningTable table = shippedTable();
  std::set<std::string> listed;
  std::istringstream in(without.out);
  for (std::string l; std::getline(in, l);) {
    const auto e = table.find(qubic::parsePosition(l).value());
    REQUIRE(e);
    CHECK(e->value == qubic::TableValue::XWins);
    CHECK(e->move < 0);
    CHECK(listed.insert(l).second);  // each once
  }
  std::size_t moveless = 0;
  for (const qubic::Position& p : qubic::canonicalPositions(4))
    if (const auto e = table.find(p); e && e->value == qubic::TableValue::XWins && e->move < 0)
      ++moveless;
  CHECK(listed.size() == moveless);
  CHECK(solve({"table", "list", "--without-move", "--undecided"}).exitCode == 2);
}

TEST_CASE("table check passes on the shipped table and names a derived value that is false") {
  const Run shipped = solve({"table", "check"});
  CHECK(shipped.exitCode == 0);
  CHECK_THAT(shipped.out, Catch::Contains("format and checksum good") &&
                              Catch::Contains("derived again by the rules: all equal"));
  // The shipped table with one derived value made false: after 1a1, O to move "wins".
  const fs::path dir = freshDir("check");
  fs::create_directories(dir);
  qubic::OpeningTable table =
      readTable(fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.table");
  const qubic::Position afterCorner = at("1a1");
  REQUIRE(table.find(afterCorner));
  CHECK(table.find(afterCorner)->value == qubic::TableValue::XWins);
  table.add(afterCorner, {qubic::TableValue::OWins, 20, false, true});
  table.finish();
  const std::vector<std::uint8_t> bytes = table.serialize();
  const fs::path file = dir / "false.table";
  std::ofstream(file, std::ios::binary)
      .write(reinterpret_cast<const char*>(bytes.data()),
             static_cast<std::streamsize>(bytes.size()));
  const Run refused = solve({"table", "check", file.string()});
  CHECK(refused.exitCode == 1);
  CHECK_THAT(refused.out,
             Catch::Contains(qubic::positionString(afterCorner)) && Catch::Contains("1 differ"));
  // The shipped table with one four-stone X win made an O win where another X win's move
  // reaches the position its move reaches: the check names the two.
  qubic::OpeningTable crossed =
      readTable(fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.table");
  std::optional<std::pair<qubic::Position, qubic::Position>> pair;  // (made false, its witness)
  for (const qubic::Position& p : qubic::canonicalPositions(4)) {
    const auto e = crossed.find(p);
    if (pair || !e || e->value != qubic::TableValue::XWins || e->move < 0) continue;
    qubic::Position reached = p;
    reached.play(e->move);
    for (qubic::Bitboard m = p.stones(qubic::Side::X); m && !pair; m &= m - 1) {
      const qubic::Position other = qubic::Position::fromStones(
          reached.stones(qubic::Side::X) & ~qubic::bit(qubic::lowestCell(m)),
          reached.stones(qubic::Side::O));
      if (qubic::canonical(other) != qubic::canonical(p) && crossed.find(other)) pair = {other, p};
    }
  }
  REQUIRE(pair);
  crossed.add(pair->first, {qubic::TableValue::OWins, 30, false, true, -1});
  crossed.finish();
  const std::vector<std::uint8_t> crossedBytes = crossed.serialize();
  std::ofstream(dir / "crossed.table", std::ios::binary)
      .write(reinterpret_cast<const char*>(crossedBytes.data()),
             static_cast<std::streamsize>(crossedBytes.size()));
  const Run contradicted = solve({"table", "check", (dir / "crossed.table").string()});
  CHECK(contradicted.exitCode == 1);
  CHECK_THAT(contradicted.out, Catch::Contains(qubic::positionString(pair->first) +
                                               ": the file's value contradicts " +
                                               qubic::positionString(pair->second)));
  CHECK_THAT(contradicted.out, Catch::Contains("not with the wins their moves transpose to"));
  // A damaged file is refused before any value is read.
  std::string damaged(bytes.begin(), bytes.end());
  damaged[damaged.size() / 2] ^= 1;
  std::ofstream(dir / "damaged.table", std::ios::binary) << damaged;
  const Run broken = solve({"table", "check", (dir / "damaged.table").string()});
  CHECK(broken.exitCode == 1);
  CHECK_THAT(broken.out, Catch::Contains("table check: no"));
  fs::remove_all(dir);
}

TEST_CASE("the shipped certificates replay by the rules: a sample, each an O win of the table") {
  // `make verify-table` replays every one; the suite, three spread over the file.
  const Run sample = solve({"table", "verify", "--sample", "3", "--threads", "2"});
  INFO(sample.out << sample.err);
  CHECK(sample.exitCode == 0);
  CHECK_THAT(sample.out, Catch::Matches("(.|\n)*: 3 of [0-9]+ certificates replayed, 3 accepted, "
                                        "0 refused(.|\n)*verified: yes(.|\n)*"));
  CHECK(solve({"table", "verify", "--sample", "0"}).exitCode == 2);
  CHECK(solve({"table", "verify", "/dev/null"}).exitCode == 2);
}

// A sanitizer's shadow memory does not fit under an address-space limit.
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
constexpr bool kSanitized = true;
#elif defined(__has_feature)
constexpr bool kSanitized = __has_feature(address_sanitizer) || __has_feature(thread_sanitizer);
#else
constexpr bool kSanitized = false;
#endif

TEST_CASE("table verify asked for more threads than the system starts replays on those it got") {
  if (kSanitized) return;
  // 256 stacks do not fit in 700 MB of address space: most threads are refused, which
  // aborted the program before it took the threads it got.
  const Run limited = qubic::testing::runProgram(
      "/usr/bin/prlimit", {"--as=700000000", std::string(QUBIC_BIN_DIR) + "/qubic-solve", "table",
                           "verify", "--sample", "2", "--threads", "256"});
  INFO(limited.out << limited.err);
  CHECK(limited.exitCode == 0);
  CHECK_THAT(limited.out, Catch::Contains("2 accepted, 0 refused"));
}

TEST_CASE("table known out of memory on a worker thread says so instead of aborting") {
  if (kSanitized) return;
  const fs::path dir = freshDir("known-memory");
  fs::create_directories(dir);
  // The wins gathered from all the certificates do not fit in 100 MB of address space; the
  // bad_alloc of a worker thread ended the program (terminate, signal 6) with no message.
  const Run limited = qubic::testing::runProgram(
      "/usr/bin/prlimit",
      {"--as=100000000", std::string(QUBIC_BIN_DIR) + "/qubic-solve", "table", "known",
       "--certificates", std::string(QUBIC_SOURCE_DIR) + "/data/qubic.cert", "--threads", "2",
       "--out", (dir / "wins.txt").string()});
  INFO(limited.out << limited.err);
  CHECK(limited.exitCode == 2);
  CHECK_THAT(limited.err, Catch::Contains("table known: out of memory; try fewer --threads"));
  CHECK_FALSE(fs::exists(dir / "wins.txt"));
  fs::remove_all(dir);
}

TEST_CASE("table info counts the O wins the shipped certificates cover, as verify finds them") {
  const Run info = solve({"table", "info"});
  const Run sample = solve({"table", "verify", "--sample", "1"});
  INFO(info.out << info.err << sample.out << sample.err);
  REQUIRE(info.exitCode == 0);
  REQUIRE(sample.exitCode == 0);
  std::smatch covered, held;
  REQUIRE(std::regex_search(
      info.out, covered,
      std::regex(R"(  certificates: (\d+) of the (\d+) O wins, 0 of the \d+ X wins)")));
  REQUIRE(std::regex_search(sample.out, held, std::regex(R"(1 of (\d+) certificates replayed)")));
  // Every certificate is of an O win of the table (verify holds each against it), so the
  // O wins covered are the file's certificates, and fewer than the O wins (issue 87, 2).
  CHECK(covered[1] == held[1]);
  CHECK(std::stoi(covered[1]) <= std::stoi(covered[2]));
  // A certificates file that is not one is refused by name.
  const Run refused = solve({"table", "info", "--certificates", "/dev/null"});
  CHECK(refused.exitCode == 2);
  CHECK_THAT(refused.err, Catch::Contains("/dev/null"));
}

TEST_CASE("prove on a certified O win names its certificate, and verify --position replays it") {
  const fs::path file = fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic" / "qubic.cert";
  const auto bytes = qubic::readRegularBytes(file.string(), std::size_t{1} << 30);
  REQUIRE(bytes);
  const auto certs = qubic::TableCertificates::fromBytes(bytes.value());
  REQUIRE(certs);
  REQUIRE_FALSE(certs.value().entries().empty());
  // Another member of the first certificate's class: any member names it.
  const qubic::Position canon = certs.value().entries().front().position;
  const std::string shown = qubic::positionString(qubic::transform(1, canon));
  const Run answer = solve({"prove", shown});
  INFO(answer.out << answer.err);
  CHECK(answer.exitCode == 0);
  CHECK_THAT(answer.out, Catch::Contains("value: O wins") &&
                             Catch::Contains("table verify --position '" + shown + "'"));
  const Run one = solve({"table", "verify", "--position", shown});
  INFO(one.out << one.err);
  CHECK(one.exitCode == 0);
  CHECK_THAT(one.out, Catch::Contains(": 1 of ") && Catch::Contains("1 accepted, 0 refused") &&
                          Catch::Contains("verified: yes"));
  // A position of no certificate's class, and the wrong questions, are told apart.
  const Run none = solve({"table", "verify", "--position", qubic::positionString(at("1a1 4d4"))});
  CHECK(none.exitCode == 1);
  CHECK_THAT(none.err, Catch::Contains("holds no certificate"));
  CHECK(solve({"table", "verify", "--position", "x/y"}).exitCode == 2);
  CHECK(solve({"table", "verify", "--position", shown, "--sample", "2"}).exitCode == 2);
}

TEST_CASE("damaged shipped certificates are named, and the table still answers") {
  // The program in a prefix of its own with the table and a truncated qubic.cert beside it.
  const fs::path prefix = freshDir("shipped-cert");
  const fs::path data = prefix / "share" / "qubic";
  fs::create_directories(prefix / "bin");
  fs::create_directories(data);
  fs::copy_file(fs::path(QUBIC_BIN_DIR) / "qubic-solve", prefix / "bin" / "qubic-solve");
  const fs::path built = fs::path(QUBIC_BIN_DIR) / ".." / "share" / "qubic";
  fs::copy_file(built / "qubic.table", data / "qubic.table");
  const auto certs = qubic::readRegularFile((built / "qubic.cert").string(), std::size_t{1} << 30);
  REQUIRE(certs);
  std::ofstream(data / "qubic.cert", std::ios::binary) << certs.value().substr(0, 1000);
  const std::vector<std::string> env{"XDG_DATA_HOME=/nonexistent", "XDG_DATA_DIRS=/nonexistent"};
  const std::string program = (prefix / "bin" / "qubic-solve").string();
  const Run answer =
      qubic::testing::runProgram(program, {"prove", qubic::positionString(at("1a1 4d4 1d1 1a4"))},
                                 std::chrono::seconds(60), env);
  INFO(answer.out << answer.err);
  CHECK(answer.exitCode == 0);
  CHECK_THAT(answer.out, Catch::Contains("from: the opening table"));
  CHECK_THAT(answer.err, Catch::Contains("qubic.cert: damaged"));
  const Run info =
      qubic::testing::runProgram(program, {"table", "info"}, std::chrono::seconds(60), env);
  INFO(info.out << info.err);
  CHECK(info.exitCode == 0);
  CHECK_THAT(info.out, Catch::Contains("4 stones: ") && !Catch::Contains("  certificates: "));
  CHECK_THAT(info.err, Catch::Contains("qubic.cert: damaged"));
  const Run verify =
      qubic::testing::runProgram(program, {"table", "verify"}, std::chrono::seconds(60), env);
  CHECK(verify.exitCode == 2);
  CHECK_THAT(verify.err, Catch::Contains("qubic.cert"));
  fs::remove_all(prefix);
}
