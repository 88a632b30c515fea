#include "explain.hpp"

#include <sstream>

#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

std::vector<ForcingStep> explainForcingWin(Position pos, std::span<const std::uint8_t> moves) {
  std::vector<ForcingStep> steps;
  const Side attacker = pos.sideToMove();
  for (std::size_t i = 0; i < moves.size(); i += 2) {
    ForcingStep step;
    step.move = moves[i];
    step.completesLine = pos.completesLine(step.move, attacker);
    pos.play(step.move);
    // The lines through the move that now hold three attacker stones and an empty cell.
    for (int k = 0; k < kLineTables.lineCount[step.move]; ++k) {
      const int line = kLineTables.linesThrough[step.move][k];
      if (pos.lineCount(attacker, line) != 3 || !pos.isOpenFor(attacker, line)) continue;
      const Bitboard empty = lineMask(line) & pos.emptyCells();
      if (empty) step.threes.push_back({line, lowestCell(empty)});
    }
    if (i + 1 < moves.size()) {
      step.reply = moves[i + 1];
      pos.play(step.reply);
    }
    steps.push_back(std::move(step));
  }
  return steps;
}

std::string describeStep(const ForcingStep& step, Side attacker) {
  const std::string other = attacker == Side::X ? "O" : "X";
  if (step.completesLine) return "completes a line";
  if (step.threes.size() >= 2) {
    std::string what = "makes " + std::to_string(step.threes.size()) + " threes at once:";
    for (std::size_t k = 0; k < step.threes.size(); ++k) {
      what += k == 0 ? " " : ", ";
      what += lineName(step.threes[k].line) + " (at " + moveToken(step.threes[k].cell) + ")";
    }
    return what + "; " + other + " can block only one";
  }
  if (step.threes.size() == 1)
    return "makes a three on " + lineName(step.threes[0].line) + "; " + other + " must block";
  return {};
}

ForcingWin checkedForcingWin(ThreatSearch& threats, const Position& pos, std::uint64_t maxNodes,
                             bool shortest, const std::atomic<bool>* stop) {
  ThreatLimits limits;
  limits.shortest = shortest;
  limits.maxNodes = maxNodes;
  limits.stop = stop;
  const ThreatResult t = threats.forcedWin(pos, pos.sideToMove(), limits);
  ForcingWin win{{t.sequence.begin(), t.sequence.begin() + t.length}, t.plies()};
  if (!t.win || !checkForcingWin(pos, pos.sideToMove(), win.moves).empty()) win = {};
  return win;
}

ProvenQuietWin explainQuietWin(Solver& solver, const Position& pos, const SolveLimits& limits) {
  ProvenQuietWin q;
  const Side us = pos.sideToMove();
  const PnsResult r = solver.prove(pos, us, limits);
  if (r.answer != Answer::Proven || r.bestMove < 0) return q;
  std::stringstream proof;
  SearchLimits writeLimits;
  writeLimits.stop = limits.stop;
  if (!writeProof(proof, pos, us, solver.search(), solver.threats(), writeLimits).complete)
    return q;
  const VerifyResult v = verifyProof(proof);
  if (!v.verified) return q;
  q.proven = true;
  q.plies = v.plies;
  q.move = r.bestMove;
  q.choices = v.attackerNodes - v.forcingWins;
  Position after = pos;
  after.play(q.move);
  ThreatLimits threatLimits;
  threatLimits.shortest = true;
  threatLimits.maxNodes = 1'000'000;
  threatLimits.stop = limits.stop;
  const ThreatResult t = solver.threats().forcedWin(after, us, threatLimits);
  if (t.win) q.threat.assign(t.sequence.begin(), t.sequence.begin() + t.length);
  return q;
}

WinExplained explainWin(const Position& pos, const std::atomic<bool>* stop) {
  WinExplained e;
  ThreatSearch threats(std::size_t{1} << 16);
  if (const ForcingWin win = checkedForcingWin(threats, pos, kExplainThreatNodes, true, stop);
      !win.moves.empty()) {
    e.steps = explainForcingWin(pos, win.moves);
    e.plies = win.plies;
    return e;
  }
  if (stop && *stop) return e;
  SolverOptions options;
  options.tableMb = 32;
  options.threatEntries = std::size_t{1} << 16;
  Solver solver(options);
  SolveLimits budget;
  budget.maxPositions = kExplainQuietPositions;
  budget.stop = stop;
  e.quiet = explainQuietWin(solver, pos, budget);
  return e;
}

std::string describeQuietWin(const ProvenQuietWin& q, Side us) {
  std::string threat;
  for (std::size_t k = 0; k < q.threat.size(); k += 2)
    threat.append(" ").append(moveToken(q.threat[k]));
  return sideName(us) + " wins within " + std::to_string((q.plies + 1) / 2) +
         " moves, but not by threes alone (a checked proof; " + std::to_string(q.choices) +
         " positions where " + sideName(us) + " chooses). The first move, " + moveToken(q.move) +
         ", makes no three" +
         (threat.empty() ? ": more quiet moves follow."
                         : "; were " + sideName(opponent(us)) + " to pass, " + sideName(us) +
                               " would win by threes:" + threat + ".");
}

}  // namespace qubic
