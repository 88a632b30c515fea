// qubic-solve table list and table job (docs/table-runs.md): the jobs of a table, and one
// position decided into a result file of its own (idempotent: a decided position is not
// solved again), a win's proofs written and checked by the rules. The jobs are run by GNU
// parallel or a Slurm array (tools/table/), never by a scheduler of ours.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <sstream>

#include "cli.hpp"
#include "config/book_file.hpp"
#include "config/program.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"
#include "engine/proof/verify.hpp"
#include "table_resisted.hpp"
#include "table_results.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

// The job's default budget: positions evaluated by one thread, so that a job decides the
// same way on every machine (most four-stone positions need well under a million).
constexpr std::uint64_t kDefaultJobPositions = 2'000'000;

// What writing a win's proofs gave: the plies of the win (one more than the longest
// reply's, when the winner is not to move), or what went wrong and whether it was only the
// limits (a node not proven again within them: nothing is claimed, the position stays
// unknown), not the rules refusing a proof.
struct WrittenProofs {
  Parsed<int> plies = Parsed<int>::success(0);
  bool outOfLimits = false;
};

// The limits a reply's win is proven again within before its proof is written: the job's,
// on the table as the decision left it; or, where the decision was split reply by reply,
// the budget that proved the reply, on a cleared table (the same search again).
SolveLimits againFor(Solver& solver, const Position& pos, const Position& reply,
                     const std::vector<ReplyBudget>& split, const SolveLimits& again) {
  const int move = lowestCell(reply.occupied() & ~pos.occupied());
  const auto proved = std::find_if(split.begin(), split.end(),
                                   [&](const ReplyBudget& r) { return r.move == move; });
  if (proved == split.end()) return again;
  solver.clear();
  return tableLimits(proved->positions, again.stop);
}

// Writes the proofs of `winner`'s win in `pos` (see proofFiles), each checked by the rules
// before it is kept. Each node the proof search no longer holds is asked again within
// `perNode`: a course whose zone missed a refutation claims a win that is not one, and
// asked again without a limit such a node was searched for hours.
WrittenProofs writeCheckedProofs(Solver& solver, const Position& pos, Side winner,
                                 const std::vector<ReplyBudget>& split, const SolveLimits& again,
                                 const fs::path& dir, const std::string& name,
                                 const SearchLimits& perNode) {
  WrittenProofs w;
  const auto outOfLimits = [&](const std::string& error) {
    w.plies = Parsed<int>::failure(error);
    w.outOfLimits = true;
    return w;
  };
  int plies = 0;
  for (const auto& [path, start] : proofFiles(dir, name, pos, winner)) {
    if (!(start == pos) &&
        solver.prove(start, winner, againFor(solver, pos, start, split, again)).answer !=
            Answer::Proven)
      return outOfLimits("a reply's win not proven again within the budget");
    std::stringstream proof;
    const ProofWriteResult written = writeProof(proof, start, winner, solver.search(),
                                                solver.threats(), perNode, ForcingWins::First);
    if (!written.complete) return outOfLimits("proof not written: " + written.error);
    const std::string text = proof.str();
    std::istringstream in(text);
    const VerifyResult v = verifyProof(in);
    if (!v.verified) {
      w.plies = Parsed<int>::failure("the rules refuse the proof: " + v.error);
      return w;
    }
    plies = std::max(plies, v.plies + (start == pos ? 0 : 1));
    if (const std::string e = writeOutputFile(path.string(), text, kProofFile); !e.empty()) {
      w.plies = Parsed<int>::failure(e);
      return w;
    }
  }
  w.plies = Parsed<int>::success(plies);
  return w;
}

// A job's question: the position, the budget, and which searches (decideForTable).
struct JobQuestion {
  Position pos;
  std::uint64_t budget;
  TableSearches searches;
  // The side whose win the shipped table proves, if any: the other's search is not made.
  std::optional<Side> shippedWinner;
};
struct Decided {
  TableDecision decision;
  Parsed<int> plies = Parsed<int>::success(0);  // a win's, by its checked proofs
  bool withKnown = false;                       // decided with the known wins
};

// Decides the job's position and writes a win's proofs, or nothing when interrupted. With
// known wins, a proof runs through their subtrees, each node asked of the solver within the
// budget; should one not be proven again (a known-wins file that claims too much), the job
// decides again without them. A draw found with them rests on their disproofs alone (the
// defender's known wins disprove its nodes), so it too is decided again without them.
std::optional<Decided> decideAndProve(const SolverOptions& options, const JobQuestion& q,
                                      std::atomic<bool>& interrupted, const fs::path& dir,
                                      const std::string& name) {
  Decided d;
  bool outOfLimits = false;
  for (const bool withKnown : {options.pns.knownWins != nullptr, false}) {
    SolverOptions these = options;
    if (!withKnown) these.pns.knownWins = nullptr;
    Solver solver(these);
    d.decision = decideForTable(solver, q.pos, q.budget, &interrupted, q.searches);
    d.plies = Parsed<int>::success(0);
    d.withKnown = withKnown;
    if (interrupted.load()) return std::nullopt;
    if (!d.decision.answers.winner) {
      if (d.decision.answers.draw && withKnown) continue;
      break;
    }
    // Written and checked by the rules now; the join checks them again before use. A win
    // of the side not to move is one proof per class of the mover's replies.
    const SolveLimits again = tableLimits(q.budget, &interrupted);
    SearchLimits perNode;
    perNode.maxPositions = again.maxPositions;
    perNode.maxNodes = again.maxNodes;
    perNode.stop = again.stop;
    const WrittenProofs written =
        writeCheckedProofs(solver, q.pos, *d.decision.answers.winner, d.decision.splitReplies,
                           again, dir, name, perNode);
    d.plies = written.plies;
    outOfLimits = written.outOfLimits;
    if (interrupted.load()) return std::nullopt;
    if (d.plies || !withKnown) break;
    std::fprintf(stderr, "qubic-solve: %s: %s; deciding again without the known wins\n",
                 name.c_str(), d.plies.error().c_str());
  }
  // A proof not written within the limits claims nothing; nor does one the rules refuse in
  // a course whose search may claim a win that is not one (a quiet win's zone missed a
  // refutation). Either leaves the position unknown, and no proof of part of that win behind.
  if (!d.plies && (outOfLimits || options.pns.quietWinUnchecked)) {
    std::fprintf(stderr, "qubic-solve: %s: %s; unknown\n", name.c_str(), d.plies.error().c_str());
    std::error_code ignored;
    for (const auto& [path, start] : proofFiles(dir, name, q.pos, *d.decision.answers.winner))
      fs::remove(path, ignored);
    d.decision.answers = {};
    d.plies = Parsed<int>::success(0);
  }
  return d;
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

// --first FILE: openings as move lists, a line each (e.g. data/openings-4ply.txt, the
// level ladder's), those of `stones` stones.
std::vector<Position> openingsOf(const std::string& file, int stones) {
  const Parsed<std::string> text = readRegularFile(file, std::size_t{16} << 20);
  if (!text) failWith("--first: " + text.error());
  std::vector<Position> openings;
  std::istringstream lines(text.value());
  for (std::string line; std::getline(lines, line);) {
    if (line.empty() || line[0] == '#') continue;
    const Parsed<Position> p = playMoves(Position{}, line);
    if (!p) failWith("--first: " + p.error());
    if (p.value().moveCount() == stones) openings.push_back(p.value());
  }
  return openings;
}

// The positions of `stones` stones the book's strategy reaches (X as the book plays, O every
// reply): the table is useful early on the lines games take. None without a book.
std::vector<Position> bookLinePositions(int stones) {
  const auto book = loadBookFile("");
  if (!book) return {};
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
  return level;
}

// --resisted FILE's positions, each with the largest budget it resisted in any course,
// and with --course K those that resisted course K (to be left out); with --positions N
// too, only those that resisted it with N positions or more for the side to move.
struct Resisted {
  std::map<std::string, std::uint64_t> budgets;
  std::set<std::string> leftOut;
};

Resisted resistedPositions(const CommandLine& w) {
  Resisted resisted;
  if (w.has("--course") && !w.has("--resisted"))
    failWith("table list: --course goes with --resisted");
  if (w.has("--positions") && !w.has("--course"))
    failWith("table list: --positions goes with --course");
  if (!w.has("--resisted")) return resisted;
  if (!w.has("--undecided")) failWith("table list: --resisted goes with --undecided");
  const std::string path = w.text("--resisted");
  std::error_code ec;  // join starts a record; list only reads one, so a typo is named
  if (!std::filesystem::exists(std::filesystem::symlink_status(path, ec)))
    failWith("--resisted: " + path + ": no such file");
  const Parsed<ResistedRecord> record = readResisted(path);
  if (!record) failWith("--resisted: " + record.error());
  const int course = w.has("--course")
                         ? static_cast<int>(wholeNumber(w, "--course", 0, 0, kTableCourses - 1))
                         : -1;
  const std::uint64_t atLeast =
      w.has("--positions") ? wholeNumber(w, "--positions", 0, 1, 1'000'000'000'000) : 0;
  for (const auto& [key, b] : record.value()) {
    std::uint64_t& budget = resisted.budgets[key.first];
    budget = std::max(budget, b.budget);
    if (key.second == course && b.budget >= atLeast) resisted.leftOut.insert(key.first);
  }
  return resisted;
}

int tableList(const CommandLine& w) {
  const int stones = static_cast<int>(wholeNumber(w, "--stones", 4, 0, kTableMaxStones));
  if (!w.positional().empty()) failWith("table list takes no " + w.positional()[0]);
  const std::vector<Position> openings =
      w.has("--first") ? openingsOf(w.text("--first"), stones) : std::vector<Position>{};
  // --undecided: only what the shipped table does not decide (a later pass's list; the
  // job directory of an earlier pass need not survive). --without-move: only the side to
  // move's wins it holds without their move (a moves pass's list).
  const bool undecided = w.has("--undecided"), withoutMove = w.has("--without-move");
  if (undecided && withoutMove) failWith("table list: --undecided or --without-move, not both");
  const bool otherLikelier = w.has("--other-likelier");
  if (otherLikelier && !undecided) failWith("table list: --other-likelier goes with --undecided");
  std::shared_ptr<const OpeningTable> shipped;
  if (undecided || withoutMove) {
    auto table = loadTableFile("");
    if (!table)
      failWith(std::string(undecided ? "--undecided: " : "--without-move: ") + table.error());
    shipped = table.value();
  }
  // otherSideLikelier reads every position of the table: asked once for each likeness.
  std::map<std::pair<Bitboard, int>, bool> likelier;
  const auto likelierOther = [&](const Position& p) {
    const auto [at, added] = likelier.try_emplace(likeness(p), false);
    if (added) at->second = otherSideLikelier(*shipped, p);
    return at->second;
  };
  auto wanted = [&](const Position& p) {
    if (!shipped) return true;
    const std::optional<TableEntry> e = shipped->find(p);
    if (undecided) return !e && (!otherLikelier || likelierOther(p));
    const TableValue moverWins = p.sideToMove() == Side::X ? TableValue::XWins : TableValue::OWins;
    return e && e->value == moverWins && e->move < 0;
  };
  // --resisted FILE: the positions its record holds come last, those that resisted the
  // least first, so that a new run takes first what no run has tried.
  const Resisted resisted = resistedPositions(w);
  std::vector<std::pair<std::uint64_t, std::string>> deferred;
  std::set<std::uint32_t> listed;
  auto list = [&](const Position& p) {
    if (!wanted(p) || !listed.insert(tableKey(canonical(p))).second) return;
    const std::string line = positionString(canonicalPosition(p));
    if (resisted.leftOut.count(line)) return;  // resisted the course asked for (--course)
    if (const auto at = resisted.budgets.find(line); at != resisted.budgets.end())
      deferred.push_back({at->second, line});
    else
      std::printf("%s\n", line.c_str());
  };
  // With --undecided, first those that alone keep a position of fewer stones undecided:
  // each settles two values (lastMissingReplies). Then the book's lines, the openings, the rest.
  if (undecided)
    for (const Position& p : lastMissingReplies(*shipped, stones)) list(p);
  for (const Position& p : bookLinePositions(stones)) list(p);
  for (const Position& p : openings) list(p);
  for (const Position& p : canonicalPositions(stones)) list(p);
  std::stable_sort(deferred.begin(), deferred.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [budget, line] : deferred) std::printf("%s\n", line.c_str());
  return 0;
}

// Whether an earlier unknown's search is done again, both sides, at its own budget: once
// the known wins have grown by a quarter since (the run's proofs decide more as they grow;
// measured in docs/history/table-2026-11-29.md, "Known wins"). Never at a smaller budget,
// so that a result keeps the largest budget its position resisted. A job on a shipped win
// of the side not to move searched that side's alone (its `budget` 0): its budget is the
// other side's.
bool knownGrown(const JobResult& old, const JobQuestion& q, std::uint64_t knownWins) {
  const bool sameBudget =
      old.budget > 0 ? old.budget == q.budget : old.otherBudget == q.searches.otherBudget;
  return sameBudget && knownWins > 0 && knownWins * 4 >= old.knownWins * 5;
}

// The known-wins file's entries by its size, before it is read (a job that finds its
// position done should cost nothing); a file that is not one is refused when read.
std::uint64_t knownWinsInFile(const CommandLine& w) {
  if (!w.has("--known")) return 0;
  const Parsed<std::size_t> size = checkRegularFile(w.text("--known"), kMaxKnownWinsBytes);
  return size ? KnownWins::entriesInFile(size.value()) : 0;
}

// A finished job's result. One that searched only the other side's win again counts in
// the earlier job's positions and time: the position's whole cost.
JobResult resultOf(const Decided& job, const JobQuestion& q, const JobResult* earlier,
                   std::uint64_t knownWins, double seconds) {
  const BothSides<PnsResult>& answers = job.decision.answers;
  JobResult r;
  r.name = jobName(q.pos);
  r.position = positionString(q.pos);
  r.value = answers.winner ? sideName(*answers.winner) + " wins"
            : answers.draw ? "draw"
                           : "unknown";
  r.checked = answers.draw ? "solver" : answers.winner ? "rules" : "";
  r.plies = answers.winner ? job.plies.value() : 0;
  // 0: not searched, the shipped table proving the other side's win.
  const Side mover = q.pos.sideToMove();
  r.budget = q.shippedWinner && *q.shippedWinner != mover ? 0 : q.budget;
  r.otherBudget = q.shippedWinner == mover ? 0 : q.searches.otherBudget;
  r.knownWins = job.withKnown ? knownWins : 0;
  r.positions = job.decision.positions + (earlier ? earlier->positions : 0);
  r.seconds = seconds + (earlier ? earlier->seconds : 0);
  return r;
}

// The winner the shipped table proves, if it holds `pos` as a win (a job run again for the
// proof and its move).
std::optional<Side> shippedWinner(const OpeningTable& table, const Position& pos) {
  const std::optional<TableEntry> e = table.find(pos);
  if (!e || e->value == TableValue::Draw) return std::nullopt;
  return e->value == TableValue::XWins ? Side::X : Side::O;
}

// Which searches a job makes, and the winner the shipped table proves. Where it proves
// one side's win, that search alone, with the whole budget (a job run again for the proof
// and its move); where its like positions say the other side's is the likelier
// (engine/book/table_decision), the other side's first. Without a table, the side to move's
// first. The other side's budget is half the side to move's, but for a shipped win of its.
JobQuestion questionFor(const Position& pos, std::uint64_t budget) {
  JobQuestion q{pos, budget, {}, std::nullopt};
  q.searches.otherBudget = otherSideBudget(budget);
  const auto table = loadTableFile("");
  if (!table) return q;
  q.shippedWinner = shippedWinner(*table.value(), pos);
  const Side mover = pos.sideToMove();
  if (q.shippedWinner == mover) {
    q.searches.otherTried = true;
  } else if (q.shippedWinner) {
    q.searches.moverTried = q.searches.otherFirst = true;
    q.searches.otherBudget = budget;
  } else {
    q.searches.otherFirst = otherSideLikelier(*table.value(), pos);
  }
  return q;
}

// What an earlier result of the job leaves to do. `done`: nothing (it is decided, or both
// sides were searched with at least these budgets in this course). `moverDone`: the side to
// move's win was searched with at least this budget, and the known wins have not grown by
// a quarter since (an unknown of another course, or of a smaller proof table, is no reason
// to skip: this one may decide it).
struct EarlierWork {
  bool done = false, moverDone = false;
};

EarlierWork earlierWork(const Parsed<JobResult>& old, const JobQuestion& question, int course,
                        std::size_t tableMb, std::uint64_t knownWins) {
  if (!old) return {};
  const JobResult& r = old.value();
  const Side mover = question.pos.sideToMove();
  // A larger proof table takes another course too.
  const bool sameSearch = r.course == course && r.tableMb >= tableMb;
  const bool grown = knownGrown(r, question, knownWins);
  EarlierWork work;
  work.moverDone = sameSearch && r.budget >= question.budget && !grown;
  const bool moverCovered =
      work.moverDone || (question.shippedWinner && *question.shippedWinner != mover);
  const bool otherCovered =
      question.shippedWinner == mover ||
      (sameSearch && r.otherBudget >= question.searches.otherBudget && !grown);
  work.done = decided(r) || (moverCovered && otherCovered);
  return work;
}

void printJob(const std::string& name, const JobResult& result, const JobQuestion& question) {
  const Side mover = question.pos.sideToMove();
  const std::string other = sideName(opponent(mover));
  const std::string split = question.searches.splitOther ? ", reply by reply" : "";
  const std::string order =
      question.shippedWinner && *question.shippedWinner != mover
          ? " (" + other + "'s win alone" + split + ": the shipped table proves it)"
      : question.searches.otherFirst ? " (" + other + "'s win searched first" + split + ")"
                                     : "";
  std::printf(
      "%s: %s%s%s\n", name.c_str(), result.value.c_str(),
      result.plies ? (" in at most " + std::to_string(result.plies) + " plies").c_str() : "",
      order.c_str());
}

int tableJob(const CommandLine& w) {
  const Position pos = positionArgument(w);
  if (!w.has("--dir")) failWith("table job needs --dir DIR (where results are kept)");
  const fs::path dir = w.text("--dir");
  const std::uint64_t budget =
      wholeNumber(w, "--positions", kDefaultJobPositions, 10'000, 1'000'000'000'000);
  const std::string name = jobName(pos);
  const fs::path resultPath = dir / (name + ".result");
  const int course = static_cast<int>(wholeNumber(w, "--course", 0, 0, kTableCourses - 1));
  const Parsed<JobResult> old = readResult(resultPath);
  JobQuestion question = questionFor(pos, budget);
  shapeForCourse(question.searches, course, budget);
  if (w.has("--other-positions") && !question.shippedWinner) {
    // The other side's budget as the run asks: 0 leaves its win unsearched, where the
    // run's earlier jobs have shown it unlikely (docs/table-runs.md, "Which run next").
    question.searches.otherBudget = wholeNumber(w, "--other-positions", 0, 0, 1'000'000'000'000);
    question.searches.otherTried = question.searches.otherBudget == 0;
  }
  const std::size_t tableMb = wholeNumber(w, "--hash", kDefaultSolveTableMb, 1, 1 << 16);
  const EarlierWork earlier = earlierWork(old, question, course, tableMb, knownWinsInFile(w));
  if (earlier.done) {
    std::printf("%s: %s (already, budget %llu)\n", name.c_str(), old.value().value.c_str(),
                static_cast<unsigned long long>(old.value().budget));
    return 0;
  }
  // An earlier job's unknown with at least this budget for the side to move (one with a
  // smaller share for the other side, as the first passes gave it): only the other side's
  // win is searched again, unless the known wins have grown since.
  question.searches.moverTried = question.searches.moverTried || earlier.moverDone;
  question.searches.otherFirst = question.searches.otherFirst && !earlier.moverDone;
  const Parsed<KnownWins> known =
      w.has("--known") ? readKnownWins(w.text("--known")) : Parsed<KnownWins>::success({});
  if (!known) failWith(known.error());
  std::error_code ec;
  fs::create_directories(dir, ec);
  if (ec) failWith("cannot make " + dir.string() + ": " + ec.message());

  std::atomic<bool> interrupted{false};
  stopOnInterrupt(interrupted);
  SolverOptions options = tableSolverOptions(course);
  options.tableMb = tableMb;
  // A shipped win is proven again in full, however deep it ends.
  if (courseBoundsOtherSide(course) && !question.shippedWinner) boundOtherSide(options, pos);
  if (known.value().size() > 0) options.pns.knownWins = &known.value();
  const auto began = std::chrono::steady_clock::now();
  const std::optional<Decided> job = decideAndProve(options, question, interrupted, dir, name);
  // An interrupted job leaves no result: the next run does it again.
  if (!job) return 130;
  if (!job->plies) failWith(name + ": " + job->plies.error());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  JobResult result = resultOf(*job, question, earlier.moverDone ? &old.value() : nullptr,
                              known.value().size(), seconds);
  result.course = course;
  result.tableMb = options.tableMb;
  writeResult(resultPath, result);
  printJob(name, result, question);
  return 0;
}

}  // namespace

const Command kTableList{
    "table list",
    "[--stones N] [--first FILE] [--undecided [--resisted FILE [--course K [--positions N]]]\n"
    "       [--other-likelier] | --without-move]",
    "the opening table's jobs, a position a line",
    "  the canonical positions of N stones (default 4), those the book's lines reach first\n"
    "  --first     then those of FILE's openings (move lists, a line each, e.g.\n"
    "              data/openings-4ply.txt, the level ladder's), then the rest\n"
    "  --undecided only those the shipped table does not decide (the next pass's jobs),\n"
    "              first those that alone keep a position of fewer stones undecided\n"
    "  --resisted  with --undecided: the positions FILE's record holds (table join\n"
    "              --resisted) last, the least resisted first\n"
    "  --course    with --resisted: for a run of course K, leave out what resisted K\n"
    "              (another course, or a larger budget, may try those)\n"
    "  --positions with --course: for a run of N positions a job, leave out only what\n"
    "              resisted K with N or more (a smaller budget's unknowns are listed)\n"
    "  --other-likelier  with --undecided: only those whose like positions the side not\n"
    "              to move won more often (where courses 40-59 search that side's\n"
    "              win first)\n"
    "  --without-move  only the side to move's wins the shipped table holds without\n"
    "              their move (a moves pass's jobs: each run again for its proof and move)\n",
    {{"--undecided", "--without-move", "--other-likelier"},
     {"--stones", "--first", "--resisted", "--course", "--positions"}},
    tableList};

const Command kTableJob{
    "table job",
    "POSITION --dir DIR [--positions N] [--other-positions M]\n"
    "       [--hash MB] [--known FILE] [--course K]",
    "decide one position of the table into DIR",
    "  X wins, O wins, draw or unknown within N evaluated positions for the side to move's\n"
    "  win and N/2 for the other's (default N 2000000, one thread: the same answer on\n"
    "  every machine); a win's proof is written and checked by the rules; a position\n"
    "  already decided in DIR is not solved again, an unknown only with a larger N,\n"
    "  another course or a larger proof table\n"
    "  --other-positions  M positions for the other side's win instead of N/2 (0: not\n"
    "            searched), where the table does not decide the position\n"
    "  --hash    the proof table's megabytes (default 64; the result records it)\n"
    "  --known   a known-wins file (table known): positions other proofs have won,\n"
    "            taken as proven; the proofs are still written in full and checked;\n"
    "            an unknown of the same N is tried again once the file has a quarter\n"
    "            more wins than its search had\n"
    "  --course  0 (default) to 59: the search's settings (1 and 2: other settings;\n"
    "            3-9: course 0 seeded; 10-19: courses 0-9 that also search the\n"
    "            defender's own threat sequences; 20-29: courses 10-19 whose defender\n"
    "            must also stop the attacker's quiet wins; 30-39: the same where a\n"
    "            defender node has grown large, by zones sound without a check;\n"
    "            40-49: courses 20-29, the side not to move's win, where the likelier,\n"
    "            searched reply by reply; 50-59: courses 20-29, the side not to\n"
    "            move's win looked for within 28 plies, first and with all of N\n"
    "            where the likelier); another course searches in\n"
    "            another order and decides some positions the first leaves unknown\n",
    {{}, {"--dir", "--positions", "--other-positions", "--hash", "--known", "--course"}},
    tableJob};

}  // namespace qubic
