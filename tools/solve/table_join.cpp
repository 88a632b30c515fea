// qubic-solve table join and table status (docs/table-runs.md): every result of a run checked
// by the rules and the table written (values of fewer stones derived), and how far a run is.
#include <algorithm>
#include <cstdio>
#include <fstream>
#include <map>
#include <sstream>

#include "cli.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/verify.hpp"
#include "table_resisted.hpp"
#include "table_results.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

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
  // The move: the proof's first when the winner is to move, else the reply it wins slowest.
  int plies = 0, move = -1;
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
    const int distance = v.plies + (start == pos ? 0 : 1);
    if (distance > plies)
      plies = distance,
      move = start == pos ? v.rootMove : lowestCell(start.occupied() & ~pos.occupied());
  }
  if (plies != r.plies) return Result::failure("its proofs give another distance");
  return Result::success({value, plies, false, true, move});
}

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

// The checked entries of the decided results in `dirs`, by position; where two
// directories decide one position, a certified win before a draw by the solver alone,
// else the shorter win (two checked proofs cannot name different winners). Counts the
// results refused and gathers those not decided.
std::map<std::string, std::pair<Position, TableEntry>> checkedEntries(
    const std::vector<std::string>& dirs, std::size_t& refusedCount,
    std::vector<JobResult>& unknowns) {
  std::map<std::string, std::pair<Position, TableEntry>> entries;
  for (const fs::path dir : dirs)
    for (const JobResult& r : resultsIn(dir, refusedCount)) {
      if (!decided(r)) {
        unknowns.push_back(r);
        continue;
      }
      Position pos;
      const Parsed<TableEntry> e = checkResult(dir, r, pos);
      if (!e) {
        std::fprintf(stderr, "qubic-solve: %s: left out: %s\n", r.name.c_str(), e.error().c_str());
        ++refusedCount;
        continue;
      }
      const auto [at, added] = entries.try_emplace(r.position, pos, e.value());
      TableEntry& held = at->second.second;
      const bool better = e.value().certified != held.certified ? e.value().certified
                                                                : e.value().plies < held.plies;
      if (!added && better) held = e.value();
    }
  return entries;
}

// --resisted FILE's record, read before the long work so that a damaged one stops it.
ResistedRecord resistedBefore(const std::string& file) {
  if (file.empty()) return {};
  if (const std::string refused = checkResistedOutput(file); !refused.empty()) failWith(refused);
  Parsed<ResistedRecord> read = readResisted(file);
  if (!read) failWith("--resisted: " + read.error());
  return std::move(read).value();
}

// The record with the run's unknowns added, less the positions the new table decides (a
// record of runs whose directories are gone, for table list).
void resistedAfterJoin(ResistedRecord& record, const std::vector<JobResult>& unknowns,
                       const OpeningTable& table) {
  for (const JobResult& r : unknowns) addResisted(record, r);
  for (auto at = record.begin(); at != record.end();) {
    const Parsed<Position> p = parsePosition(at->first.first);
    at = p && table.find(p.value()) ? record.erase(at) : std::next(at);
  }
}

int tableJoin(const CommandLine& w) {
  if (w.positional().empty() || !w.has("--out"))
    failWith("table join: DIR... --out FILE [--keep-shipped] [--resisted FILE]");
  const std::string out = w.text("--out");
  if (const std::string refused = checkOutputFile(out, kTableFile); !refused.empty())
    failWith(refused);
  const std::string resistedFile = w.has("--resisted") ? w.text("--resisted") : "";
  ResistedRecord record = resistedBefore(resistedFile);
  OpeningTable table;
  std::size_t refusedCount = 0;
  std::vector<JobResult> unknowns;
  for (const auto& [name, entry] : checkedEntries(w.positional(), refusedCount, unknowns))
    table.add(entry.first, entry.second);
  table.finish();
  const std::size_t fromJobs = table.size();
  const std::size_t kept = w.has("--keep-shipped") ? keepShipped(table) : 0;
  const std::size_t transposed = table.deriveByTransposition();
  const std::size_t derived = table.deriveFewerStones();
  const std::vector<std::uint8_t> bytes = table.serialize();
  if (const std::string e =
          writeOutputFile(out, std::string(bytes.begin(), bytes.end()), kTableFile);
      !e.empty())
    failWith(e);
  std::printf(
      "table: %zu positions from jobs (checked by the rules), %zu kept from the shipped table, "
      "%zu won by transposition, %zu derived, %zu left out, %zu not decided: %s\n",
      fromJobs, kept, transposed, derived, refusedCount, unknowns.size(), out.c_str());
  if (!resistedFile.empty()) {
    resistedAfterJoin(record, unknowns, table);
    if (const std::string e = writeResisted(resistedFile, record); !e.empty()) failWith(e);
    std::printf("resisted: %zu positions and courses: %s\n", record.size(), resistedFile.c_str());
  }
  return refusedCount ? 1 : 0;
}

// The jobs listed in DIR/jobs-N.txt (what run-jobs.sh runs), or 0 when there is no list:
// a later pass lists only what is left, so "of all N-stone positions" would mislead.
std::size_t listedJobs(const fs::path& dir, int stones) {
  const fs::path list = dir / ("jobs-" + std::to_string(stones) + ".txt");
  std::error_code ec;
  if (!fs::exists(list, ec)) return 0;
  const Parsed<std::string> text = readRegularFile(list.string(), std::size_t{1} << 24);
  if (!text) failWith(list.string() + ": " + text.error());
  std::size_t lines = 0;
  std::istringstream in(text.value());
  for (std::string line; std::getline(in, line);) lines += !line.empty();
  return lines;
}

// --resisted: every position a job did not decide, with the budgets it was given (the side
// to move's, the other side's: readResult gives an old result's tenth), largest first: where
// the next pass starts.
void printResisted(std::vector<const JobResult*> open) {
  std::stable_sort(open.begin(), open.end(),
                   [](const JobResult* a, const JobResult* b) { return a->budget > b->budget; });
  std::printf("resisted (position, positions given to the side to move, to the other side):\n");
  for (const JobResult* r : open)
    std::printf("  %s %s %llu %llu\n", r->name.c_str(), r->position.c_str(),
                static_cast<unsigned long long>(r->budget),
                static_cast<unsigned long long>(r->otherBudget));
}

// What a run's results of one size say, for table status.
struct RunTally {
  std::map<std::string, int> values;  // results by value
  double seconds = 0, decidedSeconds = 0, longest = 0;
  std::size_t done = 0, decidedCount = 0;
  std::vector<const JobResult*> open;  // the unknowns
  std::vector<double> times;           // every job's, sorted
};

RunTally tallyOf(const std::vector<JobResult>& results, const std::string& prefix) {
  RunTally t;
  for (const JobResult& r : results) {
    if (r.name.rfind(prefix, 0) != 0) continue;
    ++t.done;
    ++t.values[r.value];
    t.seconds += r.seconds;
    t.longest = std::max(t.longest, r.seconds);
    t.times.push_back(r.seconds);
    if (decided(r))
      t.decidedSeconds += r.seconds, ++t.decidedCount;
    else
      t.open.push_back(&r);
  }
  std::sort(t.times.begin(), t.times.end());
  return t;
}

// The times, the hardest position left, and what the jobs not run would cost.
void printCosts(const RunTally& t, std::size_t total) {
  std::printf("core time: %.2f h (longest job %.1f s)\n", t.seconds / 3600, t.longest);
  if (!t.times.empty()) {
    auto quantile = [&](double q) {
      return t.times[static_cast<std::size_t>(q * (t.times.size() - 1))];
    };
    std::printf("job time: median %.2f s, 90%% %.2f s, 99%% %.2f s; decided jobs %.2f h\n",
                quantile(0.5), quantile(0.9), quantile(0.99), t.decidedSeconds / 3600);
  }
  const auto hardest = std::max_element(
      t.open.begin(), t.open.end(),
      [](const JobResult* a, const JobResult* b) { return a->budget < b->budget; });
  if (hardest != t.open.end())
    std::printf("hardest open: %s (%s), not decided in %llu positions\n", (*hardest)->name.c_str(),
                (*hardest)->position.c_str(), static_cast<unsigned long long>((*hardest)->budget));
  if (t.decidedCount && t.done < total)
    std::printf("estimate for the %zu not run: %.1f core-hours at the mean so far\n",
                total - t.done, (total - t.done) * (t.seconds / t.done) / 3600);
}

int tableStatus(const CommandLine& w) {
  if (w.positional().size() != 1) failWith("table status: DIR [--stones N] [--resisted]");
  const fs::path dir = w.positional()[0];
  const int stones = static_cast<int>(wholeNumber(w, "--stones", 4, 0, kTableMaxStones));
  std::size_t damaged = 0;
  const std::vector<JobResult> results = resultsIn(dir, damaged);
  const RunTally t = tallyOf(results, std::to_string(stones) + "s-");
  const std::size_t all = canonicalPositions(stones).size();
  const std::size_t listed = listedJobs(dir, stones);
  if (listed)
    std::printf("jobs done: %zu of the %zu in jobs-%d.txt (%zu positions of %d stones)\n", t.done,
                listed, stones, all, stones);
  else
    std::printf("jobs done: %zu of %zu (%d stones)\n", t.done, all, stones);
  for (const auto& [value, n] : t.values) std::printf("  %s: %d\n", value.c_str(), n);
  printCosts(t, listed ? listed : all);
  if (w.has("--resisted")) printResisted(t.open);
  return 0;
}

}  // namespace

const Command kTableJoin{
    "table join",
    "DIR... --out FILE [--keep-shipped] [--resisted FILE]",
    "check every result by the rules and write the table",
    "  each win's proof in the directories is checked again, a damaged result or proof\n"
    "  (garbage, a FIFO, a directory) named and refused (exit 1); values of fewer stones\n"
    "  follow by the rules (docs/table.md); --keep-shipped keeps the shipped table's\n"
    "  four-stone values they have not decided (a run whose directory is gone goes on);\n"
    "  --resisted FILE adds the unknowns, with their budgets, to FILE's record of them\n"
    "  (data/table-resisted.txt) and drops what the table decides (table list --resisted)\n",
    {{"--keep-shipped"}, {"--out", "--resisted"}},
    tableJoin};

const Command kTableStatus{
    "table status",
    "DIR [--stones N] [--resisted]",
    "how far a table's run is",
    "  jobs done (of those in DIR/jobs-N.txt when it is there), values, core time, the\n"
    "  hardest open position, an estimate for the rest; --resisted lists every position\n"
    "  not decided with the budgets its job was given\n",
    {{"--resisted"}, {"--stones"}},
    tableStatus};

}  // namespace qubic
