// qubic-solve explain: how the side to move wins, told as a person would follow it: a
// forcing win by threes move by move, or the first quiet move of a proven win.
#include <cstdio>
#include <span>
#include <string>

#include "cli.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/solver.hpp"
#include "engine/study/explain.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

namespace {

// Each move of a forcing win with what it does, and the reply it forces.
void printForcingWin(const Position& pos, std::span<const std::uint8_t> moves) {
  const char mover = pos.sideToMove() == Side::X ? 'X' : 'O', other = mover == 'X' ? 'O' : 'X';
  int number = 0;
  for (const ForcingStep& step : explainForcingWin(pos, moves)) {
    const std::string what = describeStep(step, pos.sideToMove());
    std::printf("  %2d. %c %s  %s\n", ++number, mover, moveToken(step.move).c_str(), what.c_str());
    if (step.reply >= 0) std::printf("      %c %s\n", other, moveToken(step.reply).c_str());
  }
}

}  // namespace

namespace {

int explainPosition(const Position& pos, double seconds) {
  if (pos.isGameOver()) failWith("the game is over");
  const Side us = pos.sideToMove();
  const char* name = us == Side::X ? "X" : "O";
  ThreatSearch threats(std::size_t{1} << 20);
  const ForcingWin win = checkedForcingWin(threats, pos, 5'000'000);
  if (!win.moves.empty()) {
    std::printf("%s to move wins by force with threes alone, %d plies (checked by the rules):\n",
                name, win.plies);
    printForcingWin(pos, win.moves);
    return 0;
  }
  // Not by threes alone: the proof search decides, and the first move is a quiet one.
  Solver solver(SolverOptions{});
  SolveLimits budget;
  budget.seconds = seconds;
  const ProvenQuietWin q = explainQuietWin(solver, pos, budget);
  if (!q.proven) {
    std::printf("%s to move: no forced win for %s found within %.0f s (not proven either way)\n",
                name, name, seconds);
    return 0;
  }
  std::printf(
      "%s to move wins in %d plies, but not by threes alone: the proof (checked: yes) has %llu "
      "positions\n"
      "where %s chooses a move. The first move, %s, makes no three; what it threatens, were\n"
      "the opponent to pass:\n",
      name, q.plies, static_cast<unsigned long long>(q.choices), name, moveToken(q.move).c_str());
  if (!q.threat.empty()) {
    const char* other = us == Side::X ? "O" : "X";
    for (std::size_t k = 0; k < q.threat.size(); ++k) {
      const std::string cell = moveToken(q.threat[k]);
      if (k % 2 == 0)
        std::printf("  %s %s", name, cell.c_str());
      else
        std::printf(", %s %s\n", other, cell.c_str());
    }
    std::printf("  and wins\n");
  } else {
    std::printf("  no win by threes alone yet: more quiet moves follow\n");
  }
  return 0;
}

int explain(const CommandLine& line) {
  const SolveRequest r = readSolveRequest(line, 0);
  Position pos = r.start;
  if (!r.moves.empty()) {
    const Parsed<Position> played = playMoves(pos, r.moves);
    if (!played) failWith(played.error());
    pos = played.value();
  }
  return explainPosition(pos, r.seconds > 0 ? r.seconds : 10);
}

}  // namespace

const Command kExplain{
    "explain",
    "[POSITION] [--moves M1,M2,...] [--time T]",
    "how the side to move wins",
    "  a forcing win by threes move by move, or the first quiet move of a proven win and\n"
    "  what it threatens\n"
    "  --time      budget (default 10 s)\n",
    {{}, {"--moves", "--time"}, {}, {"--moves"}},
    explain};

}  // namespace qubic
