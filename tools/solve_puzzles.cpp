#include "solve_puzzles.hpp"

#include <cstdio>

#include "engine/puzzle.hpp"

namespace qubic {

int puzzlesMain(int count, std::uint64_t seed, const std::atomic<bool>& stop) {
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
  const std::vector<Puzzle> puzzles = generatePuzzles(solver, options);
  std::fprintf(stderr, "\n");
  std::printf(
      "# Qubic puzzles (docs/puzzles.md), made by qubic-solve --puzzles %d --seed %llu\n"
      "# position, side to move; its fastest win in plies; winning first moves; the fastest; "
      "stars\n",
      count, static_cast<unsigned long long>(seed));
  for (const Puzzle& p : puzzles) std::printf("%s\n", puzzleLine(p).c_str());
  if (stop) {
    std::fprintf(stderr, "qubic-solve: interrupted after %zu puzzles\n", puzzles.size());
    return 1;
  }
  return 0;
}

}  // namespace qubic
