#include "puzzles.hpp"

#include "cli.hpp"
#include "config/program.hpp"

#include <cstdio>
#include <fstream>

#include "config/read_file.hpp"
#include "engine/study/puzzle.hpp"

namespace qubic {

int puzzlesMain(int count, std::uint64_t seed, const std::string& proofPath,
                const std::atomic<bool>& stop) {
  SolverOptions solverOptions;
  solverOptions.tableMb = 64;
  solverOptions.quickFirst = false;  // one table: what it learns serves the next questions
  Solver solver(solverOptions);
  PuzzleOptions options;
  options.count = count;
  options.seed = seed;
  options.stop = &stop;
  options.progress = [](int found, int tried) {
    std::fprintf(stderr, "\rpuzzles: %d found, %d positions tried", found, tried);
  };
  std::vector<Puzzle> puzzles;
  if (!proofPath.empty()) {
    // Streamed, as proofs are big; but never from a directory, a FIFO or a device.
    const Parsed<std::size_t> file = checkRegularFile(proofPath, kMaxProofBytes);
    if (!file) {
      std::fprintf(stderr, "qubic-solve: cannot read %s: %s\n", proofPath.c_str(),
                   file.error().c_str());
      return 2;
    }
    std::ifstream proof(proofPath);
    if (!proof) {
      std::fprintf(stderr, "qubic-solve: cannot read %s\n", proofPath.c_str());
      return 2;
    }
    PuzzleOptions fromProof = options;
    fromProof.count = count / 2;
    puzzles = puzzlesFromProof(solver, proof, fromProof);
    if (puzzles.empty()) {
      std::fprintf(stderr, "qubic-solve: %s: no puzzles (is it a proof that verifies?)\n",
                   proofPath.c_str());
      return 2;
    }
    options.count = count - static_cast<int>(puzzles.size());
  }
  const std::vector<Puzzle> fromGames = generatePuzzles(solver, options);
  puzzles.insert(puzzles.end(), fromGames.begin(), fromGames.end());
  sortPuzzles(puzzles);
  std::fprintf(stderr, "\n");
  std::printf(
      "# Qubic puzzles (docs/puzzles.md), made by qubic-solve --puzzles %d --seed %llu%s\n"
      "# position, side to move; its fastest win in plies; winning first moves; the fastest; "
      "stars\n",
      count, static_cast<unsigned long long>(seed),
      proofPath.empty() ? "" : " --from-proof (the book's proof)");
  for (const Puzzle& p : puzzles) std::printf("%s\n", puzzleLine(p).c_str());
  if (stop) {
    std::fprintf(stderr, "qubic-solve: interrupted after %zu puzzles\n", puzzles.size());
    return 1;
  }
  return 0;
}

namespace {

int puzzles(const CommandLine& line) {
  if (line.positional().size() != 1) throw UsageError("puzzles: N [--seed S] [--from-proof FILE]");
  const CommandLine count({"--puzzles", line.positional()[0]}, {{}, {"--puzzles"}});
  const double n = count.count("--puzzles", 0, 1, 100000, "a whole number from 1 to 100000");
  const double seed = line.count("--seed", 1, 0, 1e15, "a whole number from 0 to 10^15");
  static std::atomic<bool> interrupted{false};
  stopOnInterrupt(interrupted);
  return puzzlesMain(static_cast<int>(n), static_cast<std::uint64_t>(seed),
                     line.text("--from-proof"), interrupted);
}

}  // namespace

const Command kPuzzles{"puzzles",
                       "N [--seed S] [--from-proof FILE]",
                       "N proven puzzles, a line each",
                       "  \"X to move wins\", every first move settled (docs/puzzles.md)\n"
                       "  --seed      the same seed (default 1) gives the same puzzles\n"
                       "  --from-proof half of them cut from that proof's forcing wins\n",
                       {{}, {"--seed", "--from-proof"}},
                       puzzles};

}  // namespace qubic
