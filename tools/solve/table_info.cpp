// qubic-solve table info and table check, and prove's answer from the opening table
// (docs/table.md): what a table says, whether its derived values follow from its
// four-stone ones, and a position's value from the shipped one with a winning move.
#include <chrono>
#include <cstdio>
#include <map>
#include <optional>

#include "cli.hpp"
#include "config/table_file.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/book/table_decision.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/position_value.hpp"
#include "engine/proof/solver.hpp"
#include "engine/study/review.hpp"

namespace qubic {

namespace {

// The winning move of a won position whose replies are not in the table (four stones: the
// table's leaves): a short solve finds it (milliseconds, as the job's proof did); the
// value shown stays the table's. -1 when the mover does not win or the solve does not end.
// Within the caller's limits: the seconds left of its --time (at most 30 here, the table
// having answered the question asked) and its --nodes.
int winningMoveBySolving(const Position& pos, ValueKind kind, const SolveLimits& limits) {
  if (kind != ValueKind::Win) return -1;
  Solver solver(tableSolverOptions());
  const PnsResult r = solver.prove(pos, pos.sideToMove(), limits);
  return r.answer == Answer::Proven ? r.bestMove : -1;
}

// "  distances: 11-15 plies 3, 16-20 plies 40, ...": the wins of a section by their
// distance (plies at most, along the proofs), five plies a bucket.
void printDistances(const std::map<int, int>& byBucket) {
  if (byBucket.empty()) return;
  std::printf("  distances:");
  const char* comma = "";
  for (const auto& [bucket, n] : byBucket) {
    std::printf("%s %d-%d plies %d", comma, 5 * bucket + 1, 5 * bucket + 5, n);
    comma = ",";
  }
  std::printf("\n");
}

// The certificates that go with the table shown: --certificates FILE, else the shipped
// ones with the shipped table (none when none is found, or with a table FILE).
std::optional<TableCertificates> certificatesFor(const CommandLine& w, std::string& path) {
  path = w.has("--certificates")  ? w.text("--certificates")
         : w.positional().empty() ? shippedCertificatesPath()
                                  : "";
  if (path.empty()) return std::nullopt;
  Parsed<TableCertificates> set = loadCertificatesFile(path);
  if (set) return std::move(set.value());
  if (w.has("--certificates")) failWith(set.error());
  // The shipped ones unusable: the table is still shown, and the reason.
  std::fprintf(stderr, "qubic-solve: warning: %s\n", set.error().c_str());
  return std::nullopt;
}

// "  certificates: 424 of the 571 O wins, 0 of the 18 842 X wins (FILE; table verify ...)":
// the section's wins whose certificate, of the same winner, the file holds.
void printCertificates(const TableCertificates& certs, const std::string& path,
                       const OpeningTable& t, const std::vector<Position>& section) {
  int certified[2] = {0, 0}, wins[2] = {0, 0};  // by winner: X, O
  for (const Position& p : section) {
    const auto e = t.find(p);
    if (!e || e->value == TableValue::Draw) continue;
    const Side winner = e->value == TableValue::XWins ? Side::X : Side::O;
    ++wins[winner == Side::O];
    const TableCertificate* c = certs.find(p);
    certified[winner == Side::O] += c && c->winner == winner;
  }
  if (certified[0] + certified[1] == 0) return;
  std::printf(
      "  certificates: %d of the %d O wins, %d of the %d X wins (%s; table verify "
      "replays them by the rules)\n",
      certified[1], wins[1], certified[0], wins[0], path.c_str());
}

int tableInfo(const CommandLine& w) {
  if (w.positional().size() > 1) failWith("table info: [FILE]");
  const auto loaded = loadTableFile(w.positional().empty() ? "" : w.positional()[0]);
  if (!loaded) failWith(loaded.error());
  const OpeningTable& t = *loaded.value();
  std::string certificatesPath;
  const std::optional<TableCertificates> certs = certificatesFor(w, certificatesPath);
  const bool every = w.has("--all");
  for (int s = 0; s <= kTableMaxStones; ++s) {
    int x = 0, o = 0, draws = 0, longest = 0, certified = 0, withMove = 0;
    std::map<int, int> byBucket;
    Position longestAt;
    const std::vector<Position> all = canonicalPositions(s);  // enumerated once a section
    for (const Position& p : all) {
      const auto e = t.find(p);
      if (!e) continue;
      x += e->value == TableValue::XWins;
      o += e->value == TableValue::OWins;
      draws += e->value == TableValue::Draw;
      certified += e->certified;
      withMove += e->move >= 0;
      if (e->value != TableValue::Draw && e->plies > longest) longest = e->plies, longestAt = p;
      if (e->value != TableValue::Draw) ++byBucket[(e->plies - 1) / 5];
    }
    std::printf(
        "%d stones: %zu of %zu positions: X wins %d, O wins %d, draws %d (proven by the "
        "solver, not certified); %d certified by the rules; %d with their move\n",
        s, t.size(s), all.size(), x, o, draws, certified, withMove);
    if (longest)
      std::printf("  longest win: %d plies at most, %s\n", longest,
                  positionString(longestAt).c_str());
    printDistances(byBucket);
    if (certs) printCertificates(*certs, certificatesPath, t, all);
    // The surprises, listed: O wins and draws, the first 100 of a section unless --all
    // (rare, but they can be many: --all is the only full list, docs/table.md).
    int surprises = 0;
    for (const Position& p : all)
      if (const auto e = t.find(p);
          e && e->value != TableValue::XWins && (surprises++ < 100 || every))
        std::printf("  %s: %s\n", e->value == TableValue::OWins ? "O wins" : "draw",
                    positionString(p).c_str());
    if (surprises > 100 && !every)
      std::printf("  ... and %d more O wins and draws (--all lists them)\n", surprises - 100);
  }
  return 0;
}

std::string tokenOrNone(int move) { return move >= 0 ? moveToken(move) : "none"; }

// table check: the file's format and checksum (as every reader checks them), then every
// value of fewer stones derived again by the rules from the four-stone values alone and
// compared with the file's, and every four-stone value held against the wins whose moves
// transpose to it. The four-stone values stand on their proofs, which table join checked by
// the rules (docs/table-runs.md says how to re-run a job), or on such a transposition.
int tableCheck(const CommandLine& w) {
  if (w.positional().size() > 1) failWith("table check: [FILE]");
  const std::string path = w.positional().empty() ? "" : w.positional()[0];
  const auto loaded = loadTableFile(path);
  if (!loaded) {
    std::printf("table check: no: %s\n", loaded.error().c_str());
    return 1;
  }
  const OpeningTable& t = *loaded.value();
  OpeningTable rederived;
  for (const Position& p : canonicalPositions(kTableMaxStones))
    if (const auto e = t.find(p)) rederived.add(p, *e);
  rederived.finish();
  rederived.deriveFewerStones();
  std::size_t compared = 0, differ = 0, fourWithMoves = 0;
  for (const Position& p : canonicalPositions(kTableMaxStones))
    if (const auto e = t.find(p); e && e->move >= 0) ++fourWithMoves;
  for (int s = 0; s < kTableMaxStones; ++s)
    for (const Position& p : canonicalPositions(s)) {
      auto held = t.find(p);
      const auto derived = rederived.find(p);
      if (!held && !derived) continue;
      ++compared;
      // A table without a move for a position claims nothing about its moves.
      if (held && derived && held->move < 0) held->move = derived->move;
      if (held && derived && *held == *derived) continue;
      if (++differ <= 20)
        std::printf("  %s: the file %s, the rules %s\n", positionString(p).c_str(),
                    held ? "holds a value" : "holds none", derived ? "derive one" : "derive none");
      if (held && derived)
        std::printf("    (values %d and %d, plies %d and %d, moves %s and %s)\n",
                    static_cast<int>(held->value), static_cast<int>(derived->value), held->plies,
                    derived->plies, tokenOrNone(held->move).c_str(),
                    tokenOrNone(derived->move).c_str());
    }
  // Two four-stone entries whose moves meet must agree (deriveByTransposition).
  const auto conflicts = transpositionConflicts(t);
  for (std::size_t i = 0; i < conflicts.size() && i < 20; ++i)
    std::printf("  %s: the file's value contradicts %s's win, whose move reaches where it does\n",
                positionString(conflicts[i].first).c_str(),
                positionString(conflicts[i].second).c_str());
  std::printf(
      "table check: %s: format and checksum good, every move legal; %zu four-stone values "
      "(%zu with their move), %s with the wins their moves transpose to; %zu values and moves "
      "of fewer stones derived again by the rules: %s\n",
      path.empty() ? shippedTablePath().c_str() : path.c_str(), t.size(kTableMaxStones),
      fourWithMoves,
      conflicts.empty() ? "all agreeing" : (std::to_string(conflicts.size()) + " not").c_str(),
      compared, differ ? (std::to_string(differ) + " differ").c_str() : "all equal");
  return differ || !conflicts.empty() ? 1 : 0;
}

}  // namespace

bool answerFromTable(const Position& pos, double seconds, std::uint64_t maxNodes) {
  const auto began = std::chrono::steady_clock::now();
  const auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  };
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
    SolveLimits limits;
    limits.seconds = std::max(std::min(seconds > 0 ? seconds : 30.0, 30.0) - elapsed(), 1e-3);
    limits.maxNodes = maxNodes;
    // A win's move, or a loss's longest defence, as the table holds them; a win's is
    // searched for where the table has none.
    const int held = v->kind == ValueKind::Win ? v->bestMove : table->find(pos)->move;
    const int best = held >= 0 ? held : winningMoveBySolving(pos, v->kind, limits);
    if (best >= 0)
      std::printf("best: %s\n", moveToken(best).c_str());
    else if (v->kind == ValueKind::Win)
      std::fprintf(stderr,
                   "qubic-solve: note: the winning move was not found within the limits "
                   "(--no-table solves the position)\n");
    std::printf("plies: %d\n", v->plies);
  }
  std::printf("from: the opening table (%s): %s; --no-table solves it afresh\n",
              shippedTablePath().c_str(),
              v->kind == ValueKind::Draw
                  ? "proven by the solver, not certified"
                  : "every proof under it was checked by the rules when the table was made; "
                    "plies bounds the win along them");
  // A certified win says how to re-check it by the rules alone, now.
  if (v->kind != ValueKind::Draw && pos.moveCount() == kTableMaxStones)
    if (const std::string path = shippedCertificatesPath(); !path.empty()) {
      const Parsed<bool> held = certificateHeld(path, pos);
      if (!held)
        std::fprintf(stderr, "qubic-solve: warning: %s\n", held.error().c_str());
      else if (held.value())
        std::printf(
            "certificate: %s; qubic-solve table verify --position '%s' replays it by "
            "the rules\n",
            path.c_str(), positionString(pos).c_str());
    }
  std::printf("time: %.3f\n", elapsed());
  return true;
}

const Command kTableInfo{
    "table info",
    "[FILE] [--all] [--certificates FILE]",
    "what a table says",
    "  positions per number of stones, their values, the longest win, the wins by distance,\n"
    "  the wins a certificates file covers, the O wins and draws (the first 100 of each\n"
    "  number of stones; --all: every one) (default: the shipped table, with the shipped\n"
    "  certificates)\n",
    {{"--all"}, {"--certificates"}},
    tableInfo};

const Command kTableCheck{
    "table check",
    "[FILE]",
    "does a table hold together?",
    "  its format and checksum, and every value of fewer than four stones derived again by\n"
    "  the rules from its four-stone values and compared (default: the shipped table; exit\n"
    "  0 when all agree)\n",
    {},
    tableCheck};

}  // namespace qubic
