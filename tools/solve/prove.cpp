// qubic-solve prove (and the solve under book make and book shrink): who wins a position,
// by the proof-number solver or, with --split, in pieces; the proof written and checked.
#include <unistd.h>

#include <atomic>
#include <cmath>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "book.hpp"
#include "cli.hpp"
#include "config/book_file.hpp"
#include "config/command_line.hpp"
#include "config/data_dirs.hpp"
#include "config/duration.hpp"
#include "config/program.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/book.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/position_value.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"
#include "engine/proof/split_solve.hpp"
#include "engine/proof/verify.hpp"
#include "engine/study/explain.hpp"
#include "engine/threats/threat_search.hpp"
#include "puzzles.hpp"
#include "review.hpp"

using namespace qubic;

namespace {

// The solve's time limit when the user gives neither --time nor --nodes: the empty board
// takes seconds; a position not settled in ten minutes is not worth waiting for unasked.
constexpr double kDefaultSolveSeconds = 600;

[[noreturn]] void fail(const std::string& message) { failWith(message); }

// Set by Ctrl-C or SIGTERM: the solve stops and what is known is printed.
std::atomic<bool> interrupted{false};

double physicalMemoryMb() {
  const long pages = sysconf(_SC_PHYS_PAGES), pageSize = sysconf(_SC_PAGESIZE);
  if (pages <= 0 || pageSize <= 0) return 1 << 20;  // unknown: let the allocation decide
  return static_cast<double>(pages) * static_cast<double>(pageSize) / (1 << 20);
}

}  // namespace

// The small notes of --pieces (a split's move, a lost piece): any regular file there is ours.
constexpr OutputKind kPieceNote{"note of --pieces", ""};

// Keeps one piece's result: written beside and renamed, so never half a piece under the
// real name. A piece that cannot be kept (a read-only or full disk) is said, and the solve
// goes on: only a later solve misses it.
void keepPiece(const std::string& path, const std::string& content, const OutputKind& kind) {
  if (const std::string error = writeOutputFile(path, content, kind); !error.empty())
    std::fprintf(stderr, "warning: --pieces: not kept: %s\n", error.c_str());
}

// --pieces DIR: each proven piece is kept as DIR/piece-<position>.proof (and each split
// piece's move as DIR/split-<position>.txt), and a later split solve
// takes it from there instead of proving it again (the joined proof is checked as a whole).
void keepPiecesIn(const std::string& dir, SplitOptions& options) {
  std::error_code error;
  std::filesystem::create_directories(dir, error);
  if (!std::filesystem::is_directory(dir))
    fail("--pieces: " + dir +
         (error ? " cannot be made: " + error.message() : std::string(" is not a directory")));
  const auto file = [dir](const Position& pos) {
    std::string name = positionString(pos);
    for (char& c : name) c = c == '/' ? '_' : c == ' ' ? '-' : c;
    return dir + "/piece-" + name + ".proof";  // never a hidden file: names may start with "."
  };
  options.recall = [file](const Position& pos) -> std::optional<std::string> {
    const Parsed<std::string> text = readRegularFile(file(pos), kMaxProofBytes);
    // Only a whole proof of this very position is taken.
    if (!text || text.value().find("position " + positionString(pos) + "\n") == std::string::npos ||
        text.value().size() < 4 || text.value().compare(text.value().size() - 4, 4, "end\n") != 0)
      return std::nullopt;
    return text.value();
  };
  options.remember = [file](const Position& pos, const std::string& proof) {
    keepPiece(file(pos), proof, kProofFile);
  };
  // A split piece: the move it was split at, as a move token in DIR/split-<position>.txt.
  const auto splitFile = [file](const Position& pos) {
    std::string path = file(pos);
    path.replace(path.rfind("/piece-"), 7, "/split-");
    return path.substr(0, path.size() - 6) + ".txt";
  };
  options.recallSplit = [splitFile](const Position& pos) -> std::optional<int> {
    const Parsed<std::string> text = readRegularFile(splitFile(pos), 64);
    if (!text) return std::nullopt;
    const Parsed<int> move = parseMove(text.value().substr(0, text.value().find('\n')));
    return move ? std::optional<int>(move.value()) : std::nullopt;
  };
  // A piece X does not win: DIR/lost-<position>.txt.
  const auto lostFile = [file](const Position& pos) {
    std::string path = file(pos);
    path.replace(path.rfind("/piece-"), 7, "/lost-");
    return path.substr(0, path.size() - 6) + ".txt";
  };
  options.recallLoss = [lostFile](const Position& pos) {
    const Parsed<std::string> text = readRegularFile(lostFile(pos), 64);
    return text && text.value() == positionString(pos) + "\n";
  };
  options.rememberLoss = [lostFile](const Position& pos) {
    keepPiece(lostFile(pos), positionString(pos) + "\n", kPieceNote);
  };
  options.rememberSplit = [splitFile](const Position& pos, int move) {
    if (move < 0) {
      std::error_code ignored;  // not there, or not removable: a later solve splits again
      std::filesystem::remove(splitFile(pos), ignored);
      return;
    }
    keepPiece(splitFile(pos), moveToken(move) + "\n", kPieceNote);
  };
}

// --split: X's win proved in pieces, the pieces' proofs joined and checked by the rules.
int splitMain(const Position& start, SplitOptions options, const std::string& proofPath,
              const std::string& bookPath, const BookOptions& keep) {
  std::fprintf(stderr, "position: %s\n", positionString(start).c_str());
  stopOnInterrupt(interrupted);
  const auto report = [](const PieceReport& p) {
    const char* answer = p.answer == Answer::Proven      ? "X wins"
                         : p.answer == Answer::Disproven ? "X does not win"
                                                         : "split";
    std::fprintf(stderr, "piece %d/%d  %-24s %-14s %8.1fs  %llu positions\n", p.done, p.known,
                 p.moves.empty() ? "(root)" : p.moves.c_str(), answer, p.seconds,
                 static_cast<unsigned long long>(p.positions));
  };
  SplitResult r;
  try {
    r = splitSolve(start, Side::X, options, &interrupted, report);
  } catch (const std::bad_alloc&) {
    fail("cannot allocate " + std::to_string(options.workers) + " tables of " +
         std::to_string(options.solver.tableMb) + " MB; try a smaller --hash or fewer --threads");
  }
  if (interrupted.load()) std::printf("interrupted: yes\n");
  std::printf("value: %s\n", r.proven ? "X wins" : "unknown");
  if (!r.proven) std::printf("why: %s\n", r.error.c_str());
  std::printf("time: %.3f\n", r.seconds);
  std::printf("nodes: %llu\n", static_cast<unsigned long long>(r.nodes));
  std::printf("positions: %llu\n", static_cast<unsigned long long>(r.positions));
  std::printf("pieces: %llu (split %llu times, %llu other moves tried, %llu from --pieces)\n",
              static_cast<unsigned long long>(r.pieces), static_cast<unsigned long long>(r.splits),
              static_cast<unsigned long long>(r.retries),
              static_cast<unsigned long long>(r.recalled));
  std::printf("threads: %d\n", options.workers);
  if (!r.proven) {
    if (!proofPath.empty() || !bookPath.empty()) fail("no proof written: X is not proven to win");
    return 0;
  }
  std::istringstream proof(r.proof);
  const VerifyResult v = verifyProof(proof);
  if (!v.verified) fail("the joined proof does not verify: " + v.error);
  std::printf("verified: yes\nplies: %d\n", v.plies);
  if (!proofPath.empty())
    if (const std::string error = writeOutputFile(proofPath, r.proof, kProofFile); !error.empty())
      fail(error);
  if (!bookPath.empty()) {
    std::istringstream again(r.proof);
    if (const std::string error = writeBook(again, bookPath, keep); !error.empty()) fail(error);
  }
  return 0;
}

namespace qubic {

CommandLine::Spec proveOptions() {
  return {{"--no-table"},
          {"--moves", "--time", "--nodes", "--hash", "--threads", "--parallel", "--split",
           "--pieces", "--split-depth", "--proof"},
          {},
          {"--moves"}};
}

SolveRequest readSolveRequest(const CommandLine& line, std::size_t firstPosition) {
  SolveRequest r;
  // A position string holds one space, so it may arrive as one argument or two.
  const std::vector<std::string>& words = line.positional();
  std::string text;
  for (std::size_t i = firstPosition; i < words.size(); ++i)
    text += (text.empty() ? "" : " ") + words[i];
  if (!text.empty()) {
    const Parsed<Position> parsed = parsePosition(text);
    if (!parsed) failWith("bad position: " + parsed.error());
    r.start = parsed.value();
  }
  r.moves = line.text("--moves");
  if (line.has("--time")) r.seconds = line.seconds("--time", -1);
  r.nodeLimit = line.number("--nodes", 0, 0, 1e18, "a number of nodes up to 10^18");
  r.hashMb = line.number("--hash", r.hashMb, 0, 1e18, "a whole number of MB");
  r.threads = line.number("--threads", 1, 0, 1e9, "a whole number");
  r.parallel = line.text("--parallel", "evaluation");
  if (r.parallel != "evaluation" && r.parallel != "table")
    failWith("--parallel must be 'evaluation' or 'table', got '" + r.parallel + "'");
  r.split =
      line.number("--split", 0, 0.001, 1e12, "a budget from 0.001 to 10^12 million positions");
  r.splitDepth = line.count("--split-depth", 0, 1, 60, "a whole number from 1 to 60");
  r.piecesDir = line.text("--pieces");
  r.proofPath = line.text("--proof");
  r.noTable = line.has("--no-table");
  return r;
}

// The book's options: each only with what it refines, and every book named readable and
// every line to carry over playable, said before the solve, not after it.
void checkBookOptions(BookOptions& keep, const std::string& bookPath) {
  if (!keep.lines.empty() && bookPath.empty()) fail("--add-line needs --book");
  if (keep.shrink && bookPath.empty()) fail("--shrink needs --book");
  if (keep.reproveFrom && !keep.shrink) fail("--reprove needs --shrink");
  if (keep.partsDepth && !keep.shrink) fail("--parts needs --shrink");
  if (keep.reproveMoves && !keep.reproveFrom) fail("--reprove-moves needs --reprove");
  if (keep.partsOnly && !keep.partsDepth) fail("--parts-only needs --parts");
  if (keep.annealMillions && !keep.shrink) fail("--anneal needs --shrink");
  if (keep.annealDepth && !keep.annealMillions) fail("--anneal-depth needs --anneal");
  if (keep.annealWithProof && (!keep.annealMillions || keep.shrinkFrom.empty()))
    fail("--anneal-proof needs --anneal and --shrink-from");
  if (keep.annealMillions && keep.partsOnly)
    fail("--anneal anneals the whole: not with --parts-only");
  if (!keep.shrinkFrom.empty() && !keep.shrink) fail("--shrink-from needs --shrink");
  if (!keep.shrinkFrom.empty())
    if (const auto source = loadBookFile(keep.shrinkFrom); !source)
      fail("--shrink-from: " + source.error());
  for (BookLine& l : keep.lines) {
    if (l.from.empty()) l.from = bookPath;
    if (const Parsed<Position> line = playMoves(Position{}, l.moves); !line)
      fail("--add-line: " + line.error());
    if (const auto source = loadBookFile(l.from); !source) fail("--add-line: " + source.error());
  }
}

namespace {

// The request made whole and checked before any solve: the moves played, the table's size and
// the threads in range, the book's options consistent, the output files writable, the lines
// to carry over playable. Returns the solver's options.
SolverOptions checkRequest(SolveRequest& r) {
  if (!r.moves.empty()) {
    const Parsed<Position> played = playMoves(r.start, r.moves);
    if (!played) fail(played.error());
    r.start = played.value();
  }
  const double memoryMb = physicalMemoryMb();
  if (r.hashMb < 1 || r.hashMb > memoryMb || r.hashMb != std::floor(r.hashMb))
    fail("--hash must be a whole number of MB from 1 to " +
         std::to_string(static_cast<long long>(memoryMb)) + " (this machine's memory)");
  if (r.threads < 1 || r.threads > kMaxSolveThreads || r.threads != std::floor(r.threads))
    fail("--threads must be a whole number from 1 to " + std::to_string(kMaxSolveThreads));
  SolverOptions options;
  options.threads = static_cast<int>(r.threads);
  options.tableMb = static_cast<std::size_t>(r.hashMb);
  options.parallelism = r.parallel == "table" ? Parallelism::SharedTable : Parallelism::Evaluation;
  r.keep.threads = options.threads;
  r.keep.stop = &interrupted;
  if (!r.piecesDir.empty() && r.split <= 0) fail("--pieces needs --split");
  if (r.splitDepth > 0 && r.split <= 0) fail("--split-depth needs --split");
  if (r.split > 0 && (r.seconds > 0 || r.nodeLimit > 0))
    fail("--split takes no --time or --nodes: its budget is per piece (Ctrl-C stops it)");
  if (r.split > 0 && r.hashMb * r.threads > memoryMb)
    fail("--hash times --threads exceeds this machine's memory");
  checkBookOptions(r.keep, r.bookPath);
  // A file there that is not of its kind is refused now, not after the solve.
  if (!r.proofPath.empty())
    if (const std::string refused = checkOutputFile(r.proofPath, kProofFile); !refused.empty())
      fail(refused);
  if (!r.bookPath.empty())
    if (const std::string refused = checkOutputFile(r.bookPath, kBookFile); !refused.empty())
      fail(refused);
  return options;
}

// Totals of the solve's questions, for its last lines.
struct SolveTotals {
  std::uint64_t nodes = 0, positions = 0;  // positions: evaluated by the proof search
  double seconds = 0;
};

// Asks X's win, then O's unless X's is proven (engine/proof/position_value), within the
// request's time or nodes, a progress line a second on stderr.
BothSides<PnsResult> solveBothSides(Solver& solver, const SolveRequest& r, SolveTotals& totals) {
  const auto began = std::chrono::steady_clock::now();
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  };
  auto solve = [&](Side attacker) {
    SolveLimits limits;
    limits.stop = &interrupted;
    if (r.seconds > 0) {
      limits.seconds = r.seconds - elapsed();
      if (limits.seconds <= 0) return PnsResult{};
    }
    if (r.nodeLimit > 0) {
      if (totals.nodes >= r.nodeLimit) return PnsResult{};
      limits.maxNodes = static_cast<std::uint64_t>(r.nodeLimit) - totals.nodes;
    }
    const std::uint64_t before = totals.nodes, positionsBefore = totals.positions;
    double lastShown = -1;
    return solver.prove(r.start, attacker, limits, [&](const PnsResult& soFar) {
      totals.nodes = before + soFar.nodes;
      totals.positions = positionsBefore + soFar.positions;
      const double t = elapsed();
      if (t - lastShown < 1 && soFar.answer == Answer::Unknown) return;  // a line a second
      lastShown = t;
      std::fprintf(stderr, "%8.1fs  %s?  nodes %llu  %.0f nodes/s  pn %u  dn %u  table %.0f%%\n", t,
                   attacker == Side::X ? "X wins" : "O wins",
                   static_cast<unsigned long long>(totals.nodes), totals.nodes / std::max(t, 1e-9),
                   soFar.rootPn, soFar.rootDn, 100 * solver.table().fill());
    });
  };
  const BothSides<PnsResult> answers = askBothSides<PnsResult>(Side::X, solve);
  totals.seconds = elapsed();
  return answers;
}

// The answer's lines: the value, the best move and the distance when a side wins, the work.
void printAnswer(const Solver& solver, const SolveRequest& r, const BothSides<PnsResult>& answers,
                 const SolveTotals& totals) {
  const std::string value = answers.winner ? sideName(*answers.winner) + " wins"
                            : answers.draw ? "draw"
                                           : "unknown";
  if (interrupted.load()) std::printf("interrupted: yes\n");
  std::printf("value: %s\n", value.c_str());
  if (value == "unknown" && !interrupted.load() && r.seconds > 0 && totals.seconds >= r.seconds)
    std::printf("stopped: the time limit of %g s\n", r.seconds);
  // A best move exists when the winner is the side to move.
  if (answers.winner == r.start.sideToMove() && answers.win.bestMove >= 0)
    std::printf("best: %s\n", moveToken(answers.win.bestMove).c_str());
  // Plies to the end along the proof found, against any defence (docs/notation.md).
  if (answers.winner && answers.win.distance > 0) std::printf("plies: %d\n", answers.win.distance);
  std::printf("time: %.3f\n", totals.seconds);
  std::printf("nodes: %llu\n", static_cast<unsigned long long>(totals.nodes));
  std::printf("positions: %llu\n", static_cast<unsigned long long>(totals.positions));
  std::printf("threads: %d\n", solver.threads());
  if (solver.threads() < solver.threadsAsked())
    std::fprintf(stderr,
                 "qubic-solve: warning: %d threads asked, the system started %d (a process or "
                 "memory limit); the solve ran on those\n",
                 solver.threadsAsked(), solver.threads());
}

// --proof and book make/shrink: the winner's proof written, and X's strategy as the book.
void writeProofAndBook(Solver& solver, const SolveRequest& r, Side winner) {
  const auto began = std::chrono::steady_clock::now();
  std::fputs("writing the proof\n", stderr);
  std::stringstream proof;
  // The solve's limits are spent; only Ctrl-C stops the writer, and then nothing is written.
  SearchLimits limits;
  limits.stop = &interrupted;
  const ProofWriteResult w = writeProof(proof, r.start, winner, solver.search(), solver.threats(),
                                        limits, ForcingWins::First);
  if (interrupted.load()) fail("interrupted: no proof written");
  if (!w.complete) fail("proof not written completely: " + w.error);
  std::printf(
      "proof: %llu attacker nodes, %llu forcing wins, %llu references, %llu listed replies, %.3f "
      "s\n",
      static_cast<unsigned long long>(w.attackerNodes),
      static_cast<unsigned long long>(w.forcingWins), static_cast<unsigned long long>(w.references),
      static_cast<unsigned long long>(w.listedReplies),
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count());
  if (!r.proofPath.empty())
    if (const std::string error = writeOutputFile(r.proofPath, proof.str(), kProofFile);
        !error.empty())
      fail(error);
  if (r.bookPath.empty()) return;
  // A book holds X's strategy; O's win would leave it empty and a shrink lost.
  if (winner != Side::X) fail("no book written: a book holds X's strategy, and O wins here");
  if (const std::string error = writeBook(proof, r.bookPath, r.keep); !error.empty()) fail(error);
}

}  // namespace

int runSolve(SolveRequest r) {
  const SolverOptions options = checkRequest(r);
  if (r.split > 0) {
    SplitOptions s;
    s.solver = options;
    s.workers = options.threads;
    s.piecePositions = static_cast<std::uint64_t>(r.split * 1e6);
    if (r.splitDepth > 0) s.maxSplitPlies = static_cast<int>(r.splitDepth);
    if (!r.piecesDir.empty()) keepPiecesIn(r.piecesDir, s);
    return splitMain(r.start, s, r.proofPath, r.bookPath, r.keep);
  }
  // A position the opening table holds is answered from it, unless a proof, a book or a
  // solve is what was asked for.
  if (!r.noTable && r.proofPath.empty() && r.bookPath.empty() &&
      answerFromTable(r.start, r.seconds, static_cast<std::uint64_t>(r.nodeLimit)))
    return 0;
  std::unique_ptr<Solver> solver;
  try {
    solver = std::make_unique<Solver>(options);
  } catch (const std::bad_alloc&) {
    fail("cannot allocate a " + std::to_string(options.tableMb) +
         " MB table; try a smaller --hash");
  }
  std::fprintf(stderr, "position: %s\n", positionString(r.start).c_str());
  // A position can take far longer than anyone meant to wait: without a limit of the
  // user's the solve stops at a stated one and says what it knows.
  if (r.seconds < 0 && r.nodeLimit <= 0) {
    r.seconds = kDefaultSolveSeconds;
    std::fprintf(stderr, "time limit: %.0f min (the default; --time 0 for none)\n", r.seconds / 60);
  }
  stopOnInterrupt(interrupted);
  SolveTotals totals;
  const BothSides<PnsResult> answers = solveBothSides(*solver, r, totals);
  printAnswer(*solver, r, answers, totals);
  if (r.proofPath.empty() && r.bookPath.empty()) return 0;
  if (!answers.winner) fail("no proof written: no side is proven to win");
  writeProofAndBook(*solver, r, *answers.winner);
  return 0;
}

namespace {

const char* const kProveHelp =
    "  POSITION    a position string (default: the empty board)\n"
    "  --moves     moves played from POSITION first, e.g. 1a1,4d4\n"
    "  --time      give up after this long: 90s, 2min, 500ms (a bare number is seconds;\n"
    "              default 10min unless --nodes is given; 0: no limit)\n"
    "  --nodes     give up after this many nodes (default: no limit)\n"
    "  --hash      size of the proof table in MB (default 64; memory is taken as the search\n"
    "              fills it)\n"
    "  --threads   threads of the solve (default 1; one thread finds the same proof every run)\n"
    "  --parallel  how the threads share it: 'evaluation' (default: one search whose threat\n"
    "              searches are shared out) or 'table' (a search per thread over one table:\n"
    "              faster on most runs, but some take far longer)\n"
    "  --split     prove X's win in pieces: a piece not settled within M million positions is\n"
    "              split into O's replies to X's most promising move; --threads pieces at once,\n"
    "              --hash MB each; the pieces' proofs are joined and checked\n"
    "  --split-depth with --split: how many plies below the position pieces may be split\n"
    "              (default 8)\n"
    "  --pieces    with --split: keep each piece settled in DIR, and take them from there on\n"
    "              a rerun\n"
    "  --proof     when a side wins, write the proof to FILE (docs/proof-format.md)\n"
    "  --no-table  solve even a position the opening table holds (docs/table.md); without\n"
    "              it such a position is answered from the table at once, unless --proof\n"
    "              or a book is asked for\n";

}  // namespace

const Command kProve{
    "prove",
    "[POSITION] [--moves M1,M2,...] [--time T] [--nodes N] [--hash MB] [--threads N]\n"
    "       [--parallel evaluation|table] [--split M [--pieces DIR] [--split-depth P]]\n"
    "       [--proof FILE] [--no-table]",
    "who wins, the best move and the distance; the proof to a file",
    kProveHelp,
    proveOptions(),
    [](const CommandLine& line) { return runSolve(readSolveRequest(line, 0)); }};

}  // namespace qubic
