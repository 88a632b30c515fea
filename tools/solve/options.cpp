// qubic-solve: proves the value of a position with the proof-number solver.
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

namespace qubic {

double number(const char* text, const char* option) {
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || v < 0)
    failWith(std::string(option) + " needs a non-negative number, got '" + text + "'");
  return v;
}

// A whole number from `min` to `max`; else the error names `option` and says `allowed`.
double wholeNumber(const char* text, const char* option, double min, double max,
                   const char* allowed) {
  const double v = number(text, option);
  if (v < min || v > max || v != std::floor(v))
    failWith(std::string(option) + " must be " + allowed);
  return v;
}

}  // namespace qubic

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
  if (!std::filesystem::is_directory(dir)) fail("--pieces: " + dir + " is not a directory");
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

namespace {

int solveMain(int argc, char** argv) {
  Position start;
  std::string moves, proofPath, bookPath, piecesDir;
  BookOptions keep;
  double seconds = -1, nodeLimit = 0, hashMb = static_cast<double>(kDefaultSolveTableMb),
         threads = 1, split = 0;
  bool havePosition = false, explainAsked = false, noTable = false;
  std::string reviewGame;
  double gameNumber = 0;
  double puzzles = 0, seed = 1, splitDepth = 0;
  std::string puzzleProof;
  std::string parallel = "evaluation";
  std::set<std::string>
      given;  // each option at most once: a repeated one is a mistake, not "the last wins"
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    const bool repeatable = arg == "--add-line" || arg == "--add-from";
    if (arg.rfind("--", 0) == 0 && !repeatable && !given.insert(arg).second)
      fail(arg + " is given twice");
    auto value = [&]() -> const char* {
      if (i + 1 >= argc) fail(arg + " needs a value");
      // An empty file name is a mistake (`review ''` reviewed nothing and solved the empty
      // board instead); only --moves may be empty, for the empty board.
      if (*argv[i + 1] == '\0' && arg != "--moves") fail(arg + " needs a value, not an empty one");
      return argv[++i];
    };
    if (arg == "--version") {
      std::fputs(versionText("qubic-solve").c_str(), stdout);
      return 0;
    }
    if (arg == "--help" || arg == "-h") {
      // The old forms' help is the commands' (main.cpp).
      std::printf("usage: qubic-solve COMMAND [ARGUMENTS]\n%s", tryHelpText("qubic-solve").c_str());
      return 0;
    } else if (arg == "--moves") {
      moves = value();
    } else if (arg == "--time") {
      const Parsed<double> time = parseDuration(value(), 1);  // a bare number: seconds
      if (!time) fail("--time " + time.error());
      seconds = time.value();
    } else if (arg == "--nodes") {
      nodeLimit = number(value(), "--nodes");
      if (nodeLimit > 1e18) fail("--nodes must be at most 10^18");  // cast to 64 bits below
    } else if (arg == "--verify") {
      return verifyCommand(value());
    } else if (arg == "--explain") {
      explainAsked = true;
    } else if (arg == "--review") {
      reviewGame = value();
    } else if (arg == "--game") {
      gameNumber = wholeNumber(value(), "--game", 1, 1e9, "a whole number from 1 to 10^9");
    } else if (arg == "--puzzles") {
      puzzles = wholeNumber(value(), "--puzzles", 1, 100000, "a whole number from 1 to 100000");
    } else if (arg == "--split-depth") {
      splitDepth = wholeNumber(value(), "--split-depth", 1, 60, "a whole number from 1 to 60");
    } else if (arg == "--from-proof") {
      puzzleProof = value();
    } else if (arg == "--seed") {
      seed = wholeNumber(value(), "--seed", 0, 1e15, "a whole number from 0 to 10^15");
    } else if (arg == "--book-info" || arg == "--check-book") {
      // An optional FILE and nothing else: an option after it is a mistake, not a file name.
      const std::string file = i + 1 < argc ? argv[i + 1] : "";
      if (i + 2 < argc || file.rfind("--", 0) == 0)
        fail(arg + " takes only an optional FILE (the shipped book by default)");
      return arg == "--book-info" ? bookInfoMain(file) : checkBookMain(file);
    } else if (arg == "--shrink") {
      keep.shrink = true;
    } else if (arg == "--reprove") {
      keep.reproveFrom = static_cast<std::size_t>(
          wholeNumber(value(), "--reprove", 2, 1e9, "a whole number from 2"));
    } else if (arg == "--reprove-moves") {
      keep.reproveMoves = static_cast<int>(
          wholeNumber(value(), "--reprove-moves", 1, 64, "a whole number from 1 to 64"));
    } else if (arg == "--anneal") {
      keep.annealMillions = static_cast<std::uint64_t>(
          wholeNumber(value(), "--anneal", 1, 1e6, "a whole number from 1"));
    } else if (arg == "--anneal-depth") {
      keep.annealDepth =
          static_cast<int>(wholeNumber(value(), "--anneal-depth", 1, 4, "1, 2, 3 or 4"));
    } else if (arg == "--anneal-proof") {
      keep.annealWithProof = true;
    } else if (arg == "--parts-only") {
      keep.partsOnly = true;
    } else if (arg == "--shrink-from") {
      keep.shrinkFrom = value();
    } else if (arg == "--parts") {
      keep.partsDepth =
          static_cast<int>(wholeNumber(value(), "--parts", 1, 30, "a whole number from 1 to 30"));
    } else if (arg == "--add-line") {
      keep.lines.push_back({value(), ""});
    } else if (arg == "--add-from") {
      if (keep.lines.empty() || !keep.lines.back().from.empty())
        fail("--add-from follows the --add-line it is for");
      keep.lines.back().from = value();
    } else if (arg == "--pieces") {
      piecesDir = value();
    } else if (arg == "--proof") {
      proofPath = value();
    } else if (arg == "--no-table") {
      noTable = true;
    } else if (arg == "--book") {
      bookPath = value();
    } else if (arg == "--hash") {
      hashMb = number(value(), "--hash");
    } else if (arg == "--threads") {
      threads = number(value(), "--threads");
    } else if (arg == "--parallel") {
      parallel = value();
      if (parallel != "evaluation" && parallel != "table")
        fail("--parallel must be 'evaluation' or 'table', got '" + parallel + "'");
    } else if (arg == "--split") {
      split = number(value(), "--split");
      if (split < 0.001 || split > 1e12)
        fail("--split needs a budget from 0.001 to 10^12 million positions");
    } else if (!havePosition && arg.rfind("--", 0) != 0) {
      // A position string holds one space, so it may arrive as one argument or two.
      std::string text = arg;
      if (i + 1 < argc && std::strlen(argv[i + 1]) == 1) text += std::string(" ") + argv[++i];
      const Parsed<Position> parsed = parsePosition(text);
      if (!parsed) fail("bad position: " + parsed.error());
      start = parsed.value();
      havePosition = true;
    } else {
      std::fprintf(stderr, "qubic-solve: %s '%s'\n%s",
                   arg.rfind("-", 0) == 0 ? "unknown option" : "unexpected argument", arg.c_str(),
                   tryHelpText("qubic-solve").c_str());
      std::exit(2);
    }
  }
  if (!moves.empty()) {
    const Parsed<Position> played = playMoves(start, moves);
    if (!played) fail(played.error());
    start = played.value();
  }
  const double memoryMb = physicalMemoryMb();
  if (hashMb < 1 || hashMb > memoryMb || hashMb != std::floor(hashMb))
    fail("--hash must be a whole number of MB from 1 to " +
         std::to_string(static_cast<long long>(memoryMb)) + " (this machine's memory)");
  if (threads < 1 || threads > kMaxSolveThreads || threads != std::floor(threads))
    fail("--threads must be a whole number from 1 to " + std::to_string(kMaxSolveThreads));

  SolverOptions options;
  options.threads = static_cast<int>(threads);
  keep.threads = options.threads;
  keep.stop = &interrupted;
  options.tableMb = static_cast<std::size_t>(hashMb);
  options.parallelism = parallel == "table" ? Parallelism::SharedTable : Parallelism::Evaluation;
  if (!piecesDir.empty() && split <= 0) fail("--pieces needs --split");
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
  // A file there that is not of its kind is refused now, not after the solve.
  if (!proofPath.empty())
    if (const std::string refused = checkOutputFile(proofPath, kProofFile); !refused.empty())
      fail(refused);
  if (!bookPath.empty())
    if (const std::string refused = checkOutputFile(bookPath, kBookFile); !refused.empty())
      fail(refused);
  for (BookLine& l : keep.lines) {  // said before the solve, not after it
    if (l.from.empty()) l.from = bookPath;
    if (const Parsed<Position> line = playMoves(Position{}, l.moves); !line)
      fail("--add-line: " + line.error());
    if (const auto source = loadBookFile(l.from); !source) fail("--add-line: " + source.error());
  }
  if (splitDepth > 0 && split <= 0) fail("--split-depth needs --split");
  if (explainAsked) return explainCommand(start, seconds > 0 ? seconds : 10);
  if (!puzzleProof.empty() && puzzles <= 0) fail("--from-proof needs --puzzles");
  if (puzzles > 0) {
    stopOnInterrupt(interrupted);
    return puzzlesMain(static_cast<int>(puzzles), static_cast<std::uint64_t>(seed), puzzleProof,
                       interrupted);
  }
  if (!reviewGame.empty()) {
    if (havePosition || !moves.empty() || split > 0 || nodeLimit > 0 || !proofPath.empty() ||
        !bookPath.empty())
      fail(
          "--review takes only --game, --time, --hash and --threads (the game says where it "
          "starts)");
    stopOnInterrupt(interrupted);
    return reviewMain(reviewGame, static_cast<int>(gameNumber), seconds > 0 ? seconds : 5, hashMb,
                      static_cast<int>(threads), interrupted);
  }
  if (gameNumber > 0) {
    fail("--game goes with --review");
  }
  if (split > 0) {
    if (seconds > 0 || nodeLimit > 0)
      fail("--split takes no --time or --nodes: its budget is per piece (Ctrl-C stops it)");
    if (hashMb * threads > memoryMb) fail("--hash times --threads exceeds this machine's memory");
    SplitOptions s;
    s.solver = options;
    s.workers = options.threads;
    s.piecePositions = static_cast<std::uint64_t>(split * 1e6);
    if (splitDepth > 0) s.maxSplitPlies = static_cast<int>(splitDepth);
    if (!piecesDir.empty()) keepPiecesIn(piecesDir, s);
    return splitMain(start, s, proofPath, bookPath, keep);
  }
  // A position the opening table holds is answered from it, unless a proof, a book or a
  // solve is what was asked for.
  if (!noTable && proofPath.empty() && bookPath.empty() && answerFromTable(start)) return 0;
  std::unique_ptr<Solver> solver;
  try {
    solver = std::make_unique<Solver>(options);
  } catch (const std::bad_alloc&) {
    fail("cannot allocate a " + std::to_string(options.tableMb) +
         " MB table; try a smaller --hash");
  }
  std::fprintf(stderr, "position: %s\n", positionString(start).c_str());
  // A position can take far longer than anyone meant to wait: without a limit of the
  // user's the solve stops at a stated one and says what it knows.
  if (seconds < 0 && nodeLimit <= 0) {
    seconds = kDefaultSolveSeconds;
    std::fprintf(stderr, "time limit: %.0f min (the default; --time 0 for none)\n", seconds / 60);
  }
  stopOnInterrupt(interrupted);

  const auto began = std::chrono::steady_clock::now();
  std::uint64_t totalNodes = 0, totalPositions = 0;  // positions: evaluated by the proof search
  auto elapsed = [&] {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  };
  auto solve = [&](Side attacker) {
    SolveLimits limits;
    limits.stop = &interrupted;
    if (seconds > 0) {
      limits.seconds = seconds - elapsed();
      if (limits.seconds <= 0) return PnsResult{};
    }
    if (nodeLimit > 0) {
      if (totalNodes >= nodeLimit) return PnsResult{};
      limits.maxNodes = static_cast<std::uint64_t>(nodeLimit) - totalNodes;
    }
    const std::uint64_t before = totalNodes, positionsBefore = totalPositions;
    double lastShown = -1;
    const PnsResult r = solver->prove(start, attacker, limits, [&](const PnsResult& soFar) {
      totalNodes = before + soFar.nodes;
      totalPositions = positionsBefore + soFar.positions;
      const double t = elapsed();
      // A line a second, and the last one.
      if (t - lastShown < 1 && soFar.answer == Answer::Unknown) return;
      lastShown = t;
      std::fprintf(stderr, "%8.1fs  %s?  nodes %llu  %.0f nodes/s  pn %u  dn %u  table %.0f%%\n", t,
                   attacker == Side::X ? "X wins" : "O wins",
                   static_cast<unsigned long long>(totalNodes), totalNodes / std::max(t, 1e-9),
                   soFar.rootPn, soFar.rootDn, 100 * solver->table().fill());
    });
    return r;
  };

  // X, the side that wins Qubic, is asked about first, then O unless X's win is proven
  // (engine/proof/position_value, as the review asks).
  const BothSides<PnsResult> answers = askBothSides<PnsResult>(Side::X, solve);
  const Side winner = answers.winner.value_or(Side::X);
  const PnsResult& won = answers.win;
  const std::string value = answers.winner ? sideName(winner) + " wins"
                            : answers.draw ? "draw"
                                           : "unknown";
  const double solveSeconds = elapsed();
  if (interrupted.load()) std::printf("interrupted: yes\n");
  std::printf("value: %s\n", value.c_str());
  if (value == "unknown" && !interrupted.load() && seconds > 0 && solveSeconds >= seconds)
    std::printf("stopped: the time limit of %g s\n", seconds);
  // A best move exists when the winner is the side to move.
  if (value.find("wins") != std::string::npos && winner == start.sideToMove() && won.bestMove >= 0)
    std::printf("best: %s\n", moveToken(won.bestMove).c_str());
  // Plies to the end along the proof found, against any defence (docs/notation.md).
  if (value.find("wins") != std::string::npos && won.distance > 0)
    std::printf("plies: %d\n", won.distance);
  std::printf("time: %.3f\n", solveSeconds);
  std::printf("nodes: %llu\n", static_cast<unsigned long long>(totalNodes));
  std::printf("positions: %llu\n", static_cast<unsigned long long>(totalPositions));
  std::printf("threads: %d\n", solver->threads());
  if (solver->threads() < solver->threadsAsked())
    std::fprintf(stderr,
                 "qubic-solve: warning: %d threads asked, the system started %d (a process or "
                 "memory limit); the solve ran on those\n",
                 solver->threadsAsked(), solver->threads());
  if (!proofPath.empty() || !bookPath.empty()) {
    if (value.find("wins") == std::string::npos) fail("no proof written: no side is proven to win");
    std::stringstream proof;
    const ProofWriteResult w = writeProof(proof, start, winner, solver->search(), solver->threats(),
                                          SearchLimits{}, ForcingWins::First);
    if (!w.complete) fail("proof not written completely: " + w.error);
    std::printf(
        "proof: %llu attacker nodes, %llu forcing wins, %llu references, %llu listed replies, %.3f "
        "s\n",
        static_cast<unsigned long long>(w.attackerNodes),
        static_cast<unsigned long long>(w.forcingWins),
        static_cast<unsigned long long>(w.references),
        static_cast<unsigned long long>(w.listedReplies), elapsed() - solveSeconds);
    if (!proofPath.empty())
      if (const std::string error = writeOutputFile(proofPath, proof.str(), kProofFile);
          !error.empty())
        fail(error);
    if (!bookPath.empty()) {
      // A book holds X's strategy; O's win would leave it empty and a shrink lost.
      if (winner != Side::X) fail("no book written: a book holds X's strategy, and O wins here");
      if (const std::string error = writeBook(proof, bookPath, keep); !error.empty()) fail(error);
    }
  }
  return 0;
}

}  // namespace

namespace qubic {

void failWith(const std::string& message) {
  std::fprintf(stderr, "qubic-solve: %s\n", message.c_str());
  std::exit(2);
}

int solveWithOptions(const std::vector<std::string>& args) {
  std::vector<std::string> words{"qubic-solve"};
  words.insert(words.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (std::string& w : words) argv.push_back(w.data());
  argv.push_back(nullptr);
  return solveMain(static_cast<int>(words.size()), argv.data());
}

}  // namespace qubic
