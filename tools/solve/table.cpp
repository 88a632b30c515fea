// qubic-solve table: the opening table as independent jobs (docs/table.md). `list` gives
// the jobs, `job` decides one position into a result file of its own (idempotent: a
// decided position is not solved again), `join` checks every result by the rules and writes
// the table, `status` says how far a run is, `info` what a table says. The jobs are run by
// GNU parallel or a Slurm array (tools/table/), never by a scheduler of ours.
#include "table.hpp"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include "cli.hpp"
#include "config/book_file.hpp"
#include "config/program.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "config/write_file.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/position_value.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"
#include "engine/proof/verify.hpp"
#include "engine/study/review.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;
using Args = std::vector<std::string>;

// The job's default budget: positions evaluated by one thread, so that a job decides the
// same way on every machine (most four-stone positions need well under a million).
constexpr std::uint64_t kDefaultJobPositions = 2'000'000;

// A count option of a table command: a whole number from min to max.
std::uint64_t count(const CommandLine& line, const std::string& option, std::uint64_t fallback,
                    std::uint64_t min, std::uint64_t max) {
  return static_cast<std::uint64_t>(line.count(
      option, static_cast<double>(fallback), static_cast<double>(min), static_cast<double>(max),
      "a whole number from " + std::to_string(min) + " to " + std::to_string(max)));
}

Position canonicalPosition(const Position& p) {
  const CanonicalForm c = canonical(p);
  return Position::fromStones(c.x, c.o);
}

// A job's name: its stones and its table key, e.g. "4s-0a1b2c".
std::string jobName(const Position& canonicalPos) {
  char name[32];
  std::snprintf(name, sizeof name, "%ds-%06x", canonicalPos.moveCount(),
                tableKey(canonical(canonicalPos)));
  return name;
}

// A result file's fields ("key: value" lines after the signature line).
struct JobResult {
  std::string name, position, value, checked;
  int plies = 0;
  std::uint64_t budget = 0, positions = 0;
  double seconds = 0;
};

// A result file read, or why it is not one (a FIFO, a directory, garbage: not a hang).
Parsed<JobResult> readResult(const fs::path& path) {
  const Parsed<std::string> text = readRegularFile(path.string(), 1 << 16);
  if (!text) return Parsed<JobResult>::failure(text.error());
  if (text.value().rfind(kTableResult.signature, 0) != 0)
    return Parsed<JobResult>::failure("not a job's result");
  JobResult r;
  r.name = path.stem().string();
  std::istringstream in(text.value());
  std::string line;
  while (std::getline(in, line)) {
    const std::size_t colon = line.find(": ");
    if (colon == std::string::npos) continue;
    const std::string key = line.substr(0, colon), value = line.substr(colon + 2);
    if (key == "position") r.position = value;
    if (key == "value") r.value = value;
    if (key == "checked") r.checked = value;
    if (key == "plies") r.plies = std::atoi(value.c_str());
    if (key == "budget") r.budget = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "positions") r.positions = std::strtoull(value.c_str(), nullptr, 10);
    if (key == "seconds") r.seconds = std::atof(value.c_str());
  }
  return Parsed<JobResult>::success(r);
}

bool decided(const JobResult& r) { return r.value != "unknown"; }

// A job's result, written beside and renamed: a job killed midway leaves none.
void writeResult(const fs::path& path, const JobResult& r) {
  std::ostringstream out;
  out << kTableResult.signature << "1\nposition: " << r.position << "\nvalue: " << r.value
      << "\nplies: " << r.plies << "\nchecked: " << r.checked << "\nbudget: " << r.budget
      << "\npositions: " << r.positions << "\nseconds: " << r.seconds << "\n";
  if (const std::string e = writeOutputFile(path.string(), out.str(), kTableResult); !e.empty())
    failWith(e);
}

// The proof files of a result: one, NAME.qpf, when the winner is to move; else one per
// class of the mover's replies, NAME-<reply>.qpf. Each proves `winner` wins the position
// it starts from.
std::vector<std::pair<fs::path, Position>> proofFiles(const fs::path& dir, const std::string& name,
                                                      const Position& pos, Side winner) {
  if (winner == pos.sideToMove()) return {{dir / (name + ".qpf"), pos}};
  std::vector<std::pair<fs::path, Position>> files;
  for (Bitboard m = nonEquivalentMoves(pos); m; m &= m - 1) {
    Position child = pos;
    child.play(lowestCell(m));
    files.push_back({dir / (name + "-" + moveToken(lowestCell(m)) + ".qpf"), child});
  }
  return files;
}

// Writes the proofs of `winner`'s win in `pos` (see proofFiles), each checked by the rules
// before it is kept; the plies of the win (one more than the longest reply's, when the
// winner is not to move), or what went wrong.
Parsed<int> writeCheckedProofs(Solver& solver, const Position& pos, Side winner,
                               std::uint64_t budget, const fs::path& dir, const std::string& name) {
  int plies = 0;
  for (const auto& [path, start] : proofFiles(dir, name, pos, winner)) {
    if (!(start == pos)) {
      SolveLimits limits;
      limits.maxPositions = budget;
      if (solver.prove(start, winner, limits).answer != Answer::Proven)
        return Parsed<int>::failure("a reply's win not proven again within the budget");
    }
    std::stringstream proof;
    const ProofWriteResult written =
        writeProof(proof, start, winner, solver.search(), solver.threats(), SearchLimits{},
                   ForcingWins::First);
    if (!written.complete) return Parsed<int>::failure("proof not written: " + written.error);
    const std::string text = proof.str();
    std::istringstream in(text);
    const VerifyResult v = verifyProof(in);
    if (!v.verified) return Parsed<int>::failure("the rules refuse the proof: " + v.error);
    plies = std::max(plies, v.plies + (start == pos ? 0 : 1));
    if (const std::string e = writeOutputFile(path.string(), text, kProofFile); !e.empty())
      return Parsed<int>::failure(e);
  }
  return Parsed<int>::success(plies);
}

Position positionArgument(const CommandLine& w) {
  if (w.positional().size() != 1) failWith("table job: one POSITION, e.g. \"x.../... x\"");
  const Parsed<Position> p = parsePosition(w.positional()[0]);
  if (!p) failWith("table job: " + p.error());
  if (p.value().moveCount() > kTableMaxStones)
    failWith("table job: the table holds positions of at most " + std::to_string(kTableMaxStones) +
             " stones");
  return canonicalPosition(p.value());
}

}  // namespace

int tableList(const Args& args) {
  const CommandLine w(args, {{}, {"--stones", "--first"}});
  const int stones = static_cast<int>(count(w, "--stones", 4, 0, kTableMaxStones));
  if (!w.positional().empty()) failWith("table list takes no " + w.positional()[0]);
  // --first FILE: openings as move lists, a line each (e.g. data/openings-4ply.txt, the
  // level ladder's), listed right after the book's lines.
  std::vector<Position> openings;
  if (w.has("--first")) {
    const Parsed<std::string> text = readRegularFile(w.text("--first"), std::size_t{16} << 20);
    if (!text) failWith("--first: " + text.error());
    std::istringstream lines(text.value());
    for (std::string line; std::getline(lines, line);) {
      if (line.empty() || line[0] == '#') continue;
      const Parsed<Position> p = playMoves(Position{}, line);
      if (!p) failWith("--first: " + p.error());
      if (p.value().moveCount() == stones) openings.push_back(p.value());
    }
  }
  // The positions the book's strategy reaches (X as the book plays, O every reply) first:
  // the table is useful early on the lines games take.
  std::vector<Position> first;
  if (const auto book = loadBookFile(""); book) {
    std::vector<Position> level{Position{}};
    for (int s = 0; s < stones; ++s) {
      std::vector<Position> next;
      for (const Position& p : level) {
        if (p.sideToMove() == Side::X) {
          if (const auto m = book.value()->find(p)) next.push_back(p), next.back().play(m->move);
          continue;
        }
        for (Bitboard m = nonEquivalentMoves(p); m; m &= m - 1)
          next.push_back(p), next.back().play(lowestCell(m));
      }
      level = std::move(next);
    }
    first = std::move(level);
  }
  std::set<std::uint32_t> listed;
  auto list = [&](const Position& p) {
    if (listed.insert(tableKey(canonical(p))).second)
      std::printf("%s\n", positionString(canonicalPosition(p)).c_str());
  };
  for (const Position& p : first) list(p);
  for (const Position& p : openings) list(p);
  for (const Position& p : canonicalPositions(stones)) list(p);
  return 0;
}

int tableJob(const Args& args) {
  const CommandLine w(args, {{}, {"--dir", "--positions", "--hash"}});
  const Position pos = positionArgument(w);
  if (!w.has("--dir")) failWith("table job needs --dir DIR (where results are kept)");
  const fs::path dir = w.text("--dir");
  const std::uint64_t budget =
      count(w, "--positions", kDefaultJobPositions, 10'000, 1'000'000'000'000);
  const std::string name = jobName(pos);
  const fs::path resultPath = dir / (name + ".result");
  if (const auto old = readResult(resultPath);
      old && (decided(old.value()) || old.value().budget >= budget)) {
    std::printf("%s: %s (already, budget %llu)\n", name.c_str(), old.value().value.c_str(),
                static_cast<unsigned long long>(old.value().budget));
    return 0;
  }
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) failWith("cannot make " + dir.string() + ": " + ec.message());

  std::atomic<bool> interrupted{false};
  stopOnInterrupt(interrupted);
  SolverOptions options;
  options.tableMb = count(w, "--hash", kDefaultSolveTableMb, 1, 1 << 16);
  Solver solver(options);
  const auto began = std::chrono::steady_clock::now();
  std::uint64_t positions = 0;
  const BothSides<PnsResult> answers = askBothSides<PnsResult>(pos.sideToMove(), [&](Side s) {
    SolveLimits limits;
    // The side not to move rarely wins this early: a tenth of the budget settles the
    // cases where it does, and keeps an undecided job from costing twice its budget.
    limits.maxPositions = s == pos.sideToMove() ? budget : std::max<std::uint64_t>(budget / 10, 1);
    limits.stop = &interrupted;
    const PnsResult r = solver.prove(pos, s, limits);
    positions += r.positions;
    return r;
  });
  // An interrupted job leaves no result: the next run does it again.
  if (interrupted.load()) return 130;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();

  std::string value = answers.winner ? sideName(*answers.winner) + " wins"
                      : answers.draw ? "draw"
                                     : "unknown";
  std::string checked = answers.draw ? "solver" : "";
  int plies = 0;
  if (answers.winner) {
    // Written and checked by the rules now; the join checks them again before use. A win
    // of the side not to move is one proof per class of the mover's replies.
    const Parsed<int> proven = writeCheckedProofs(solver, pos, *answers.winner, budget, dir, name);
    if (!proven) failWith(name + ": " + proven.error());
    plies = proven.value();
    checked = "rules";
  }
  writeResult(resultPath,
              {name, positionString(pos), value, checked, plies, budget, positions, seconds});
  std::printf("%s: %s%s\n", name.c_str(), value.c_str(),
              plies ? (" in at most " + std::to_string(plies) + " plies").c_str() : "");
  return 0;
}

namespace {

// The entry of a result, checked: the name is its position's, and a win's proof is accepted
// by the rules-only checker with the plies the result claims. The error says what is wrong.
Parsed<TableEntry> checkResult(const fs::path& dir, const JobResult& r, Position& pos) {
  using Result = Parsed<TableEntry>;
  const Parsed<Position> parsed = parsePosition(r.position);
  if (!parsed) return Result::failure("no position: " + parsed.error());
  pos = parsed.value();
  if (pos.moveCount() > kTableMaxStones || !(canonicalPosition(pos) == pos) ||
      jobName(pos) != r.name)
    return Result::failure("its position is not the one its name stands for");
  if (r.value != "X wins" && r.value != "O wins" && r.value != "draw")
    return Result::failure("no value");
  const Side winner = r.value == "X wins" ? Side::X : Side::O;
  const TableValue value = r.value == "draw"   ? TableValue::Draw
                           : winner == Side::X ? TableValue::XWins
                                               : TableValue::OWins;
  // Proven by the solver alone (a draw): not certified.
  if (r.checked == "solver") return Result::success({value, r.plies, false, false});
  if (r.value == "draw") return Result::failure("a draw said checked by the rules");
  int plies = 0;
  for (const auto& [path, start] : proofFiles(dir, r.name, pos, winner)) {
    // Checked first, so that a FIFO or a directory of a proof's name is refused, not read.
    if (const Parsed<std::size_t> file = checkRegularFile(path.string(), kMaxProofBytes); !file)
      return Result::failure("its proof " + path.string() + ": " + file.error());
    std::ifstream proof(path);
    if (!proof) return Result::failure("its proof " + path.string() + " cannot be read");
    const VerifyResult v = verifyProof(proof);
    if (!v.verified) return Result::failure("the rules refuse " + path.string() + ": " + v.error);
    if (!(v.root == start) || (v.root.sideToMove() != winner))
      return Result::failure(path.string() + " proves another position or winner");
    plies = std::max(plies, v.plies + (start == pos ? 0 : 1));
  }
  if (plies != r.plies) return Result::failure("its proofs give another distance");
  return Result::success({value, plies, false, true});
}

// The results in `dir`, by name; each file of a result's name that is not one is named on
// standard error and counted in `damaged`.
std::vector<JobResult> resultsIn(const fs::path& dir, std::size_t& damaged) {
  std::vector<JobResult> results;
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".result") continue;
    if (const auto r = readResult(e.path())) {
      results.push_back(r.value());
    } else {
      std::fprintf(stderr, "qubic-solve: %s: refused: %s\n", e.path().c_str(), r.error().c_str());
      ++damaged;
    }
  }
  if (ec) failWith("cannot read " + dir.string() + ": " + ec.message());
  std::sort(results.begin(), results.end(),
            [](const JobResult& a, const JobResult& b) { return a.name < b.name; });
  return results;
}

}  // namespace

// The shipped table's four-stone values for the positions `table` does not hold (join
// --keep-shipped: a run whose job directory is gone goes on from the table it made). Only
// the table this build recorded is taken (config/shipped_data); its values were checked
// by the rules when it was joined. Returns how many it added.
std::size_t keepShipped(OpeningTable& table) {
  const auto shipped = loadTableFile("");
  if (!shipped) failWith("--keep-shipped: " + shipped.error());
  // Looked up before any is added: find() needs the table finished (sorted).
  std::vector<std::pair<Position, TableEntry>> kept;
  for (const Position& p : canonicalPositions(kTableMaxStones))
    if (!table.find(p))
      if (const std::optional<TableEntry> e = shipped.value()->find(p)) kept.push_back({p, *e});
  for (const auto& [p, e] : kept) table.add(p, e);
  table.finish();
  return kept.size();
}

int tableJoin(const Args& args) {
  const CommandLine w(args, {{"--keep-shipped"}, {"--out"}});
  if (w.positional().size() != 1 || !w.has("--out"))
    failWith("table join: DIR --out FILE [--keep-shipped]");
  const fs::path dir = w.positional()[0];
  const std::string out = w.text("--out");
  if (const std::string refused = checkOutputFile(out, kTableFile); !refused.empty())
    failWith(refused);
  OpeningTable table;
  std::size_t refusedCount = 0, unknown = 0;
  for (const JobResult& r : resultsIn(dir, refusedCount)) {
    if (!decided(r)) {
      ++unknown;
      continue;
    }
    Position pos;
    const Parsed<TableEntry> e = checkResult(dir, r, pos);
    if (!e) {
      std::fprintf(stderr, "qubic-solve: %s: left out: %s\n", r.name.c_str(), e.error().c_str());
      ++refusedCount;
      continue;
    }
    table.add(pos, e.value());
  }
  table.finish();
  const std::size_t fromJobs = table.size();
  const std::size_t kept = w.has("--keep-shipped") ? keepShipped(table) : 0;
  const std::size_t derived = table.deriveFewerStones();
  const std::vector<std::uint8_t> bytes = table.serialize();
  if (const std::string e =
          writeOutputFile(out, std::string(bytes.begin(), bytes.end()), kTableFile);
      !e.empty())
    failWith(e);
  std::printf(
      "table: %zu positions from jobs (checked by the rules), %zu kept from the shipped table, "
      "%zu derived, %zu left out, %zu not decided: %s\n",
      fromJobs, kept, derived, refusedCount, unknown, out.c_str());
  return refusedCount ? 1 : 0;
}

int tableStatus(const Args& args) {
  const CommandLine w(args, {{}, {"--stones"}});
  if (w.positional().size() != 1) failWith("table status: DIR [--stones N]");
  const int stones = static_cast<int>(count(w, "--stones", 4, 0, kTableMaxStones));
  const std::string prefix = std::to_string(stones) + "s-";
  std::map<std::string, int> values;
  double seconds = 0, decidedSeconds = 0, longest = 0;
  std::size_t done = 0, decidedCount = 0;
  const JobResult* hardest = nullptr;
  std::vector<double> times;
  std::size_t damaged = 0;
  const std::vector<JobResult> results = resultsIn(w.positional()[0], damaged);
  for (const JobResult& r : results) {
    if (r.name.rfind(prefix, 0) != 0) continue;
    ++done;
    ++values[r.value];
    seconds += r.seconds;
    longest = std::max(longest, r.seconds);
    times.push_back(r.seconds);
    if (decided(r))
      decidedSeconds += r.seconds, ++decidedCount;
    else if (!hardest || r.budget > hardest->budget)
      hardest = &r;
  }
  const std::size_t all = canonicalPositions(stones).size();
  std::printf("jobs done: %zu of %zu (%d stones)\n", done, all, stones);
  for (const auto& [value, n] : values) std::printf("  %s: %d\n", value.c_str(), n);
  std::printf("core time: %.2f h (longest job %.1f s)\n", seconds / 3600, longest);
  if (!times.empty()) {
    std::sort(times.begin(), times.end());
    auto quantile = [&](double q) {
      return times[static_cast<std::size_t>(q * (times.size() - 1))];
    };
    std::printf("job time: median %.2f s, 90%% %.2f s, 99%% %.2f s; decided jobs %.2f h\n",
                quantile(0.5), quantile(0.9), quantile(0.99), decidedSeconds / 3600);
  }
  if (hardest)
    std::printf("hardest open: %s (%s), not decided in %llu positions\n", hardest->name.c_str(),
                hardest->position.c_str(), static_cast<unsigned long long>(hardest->budget));
  if (decidedCount && done < all)
    std::printf("estimate for the %zu not run: %.1f core-hours at the mean so far\n", all - done,
                (all - done) * (seconds / done) / 3600);
  return 0;
}

namespace {

// The winning move of a won position whose replies are not in the table (four stones: the
// table's leaves): a short solve finds it (milliseconds, as the job's proof did); the
// value shown stays the table's. -1 when the mover does not win or the solve does not end.
int winningMoveBySolving(const Position& pos, ValueKind kind) {
  if (kind != ValueKind::Win) return -1;
  SolverOptions options;
  options.tableMb = 16;
  Solver solver(options);
  SolveLimits limits;
  limits.seconds = 30;
  const PnsResult r = solver.prove(pos, pos.sideToMove(), limits);
  return r.answer == Answer::Proven ? r.bestMove : -1;
}

}  // namespace

bool answerFromTable(const Position& pos) {
  const auto began = std::chrono::steady_clock::now();
  std::string problem;
  const std::shared_ptr<const OpeningTable> table = shippedTableOrEmpty(&problem);
  if (!problem.empty()) std::fprintf(stderr, "qubic-solve: warning: %s\n", problem.c_str());
  const std::optional<ProvenValue> v = tableValue(*table, pos);
  if (!v) return false;
  std::fprintf(stderr, "position: %s\n", positionString(pos).c_str());
  const Side mover = pos.sideToMove();
  if (v->kind == ValueKind::Draw) {
    std::printf("value: draw\n");
  } else {
    const Side winner = v->kind == ValueKind::Win ? mover : opponent(mover);
    std::printf("value: %s wins\n", sideName(winner).c_str());
    const int best = v->bestMove >= 0 ? v->bestMove : winningMoveBySolving(pos, v->kind);
    if (best >= 0) std::printf("best: %s\n", moveToken(best).c_str());
    std::printf("plies: %d\n", v->plies);
  }
  std::printf("from: the opening table (%s): %s; --no-table solves it afresh\n",
              shippedTablePath().c_str(),
              v->kind == ValueKind::Draw
                  ? "proven by the solver, not certified"
                  : "every proof under it was checked by the rules when the table was made; "
                    "plies bounds the win along them");
  std::printf("time: %.3f\n",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  return true;
}

int tableInfo(const Args& args) {
  const CommandLine w(args, {{}, {}});
  if (w.positional().size() > 1) failWith("table info: [FILE]");
  const auto loaded = loadTableFile(w.positional().empty() ? "" : w.positional()[0]);
  if (!loaded) failWith(loaded.error());
  const OpeningTable& t = *loaded.value();
  for (int s = 0; s <= kTableMaxStones; ++s) {
    int x = 0, o = 0, draws = 0, longest = 0, certified = 0;
    Position longestAt;
    const std::vector<Position> all = canonicalPositions(s);  // enumerated once a section
    for (const Position& p : all) {
      const auto e = t.find(p);
      if (!e) continue;
      x += e->value == TableValue::XWins;
      o += e->value == TableValue::OWins;
      draws += e->value == TableValue::Draw;
      certified += e->certified;
      if (e->value != TableValue::Draw && e->plies > longest) longest = e->plies, longestAt = p;
    }
    std::printf(
        "%d stones: %zu of %zu positions: X wins %d, O wins %d, draws %d (proven by the "
        "solver, not certified); %d certified by the rules\n",
        s, t.size(s), all.size(), x, o, draws, certified);
    if (longest)
      std::printf("  longest win: %d plies at most, %s\n", longest,
                  positionString(longestAt).c_str());
    // The surprises, listed: O wins and draws, the first 100 of a section (rare: 28 of the
    // 17 523 four-stone positions on 2026-11-28; docs/table.md lists them all).
    int listed = 0;
    for (const Position& p : all)
      if (const auto e = t.find(p); e && e->value != TableValue::XWins && listed++ < 100)
        std::printf("  %s: %s\n", e->value == TableValue::OWins ? "O wins" : "draw",
                    positionString(p).c_str());
  }
  return 0;
}

}  // namespace qubic
