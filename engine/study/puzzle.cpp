#include "puzzle.hpp"

#include <algorithm>
#include <charconv>
#include <random>
#include <set>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/play/player.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/move_value.hpp"
#include "engine/threats/threats.hpp"
#include "explain.hpp"
#include "review.hpp"

namespace qubic {

namespace {

// Harder with a longer win, easier with many ways to it.
int starsOf(int plies, int winningMoves) {
  int stars = (plies - 3) / 2;  // 5 plies: 1 star, 13 or more: 5
  if (winningMoves == 1) ++stars;
  if (winningMoves >= 4) --stars;
  return std::clamp(stars, 1, 5);
}

// The engine's moves in the games puzzles are cut from: a level and a seed per side and
// game, a node budget per move (not time), so the games are the same on every machine.
constexpr std::uint64_t kEngineNodesPerMove = 20'000;

MoveLimits engineMoveLimits() {
  MoveLimits limits;
  limits.moveTime = std::chrono::minutes(10);  // the node budget decides, not the clock
  limits.maxNodes = kEngineNodesPerMove;
  return limits;
}

SolveLimits budget(std::uint64_t positions, const std::atomic<bool>* stop) {
  SolveLimits limits;
  limits.maxPositions = positions;
  limits.stop = stop;
  return limits;
}

}  // namespace

std::optional<Puzzle> settlePuzzle(Solver& solver, const Position& pos, std::uint64_t positions,
                                   const std::atomic<bool>* stop, int maxWinningMoves) {
  const Side us = pos.sideToMove();
  if (pos.isGameOver() || threatCells(pos, us) || threatCells(pos, opponent(us)))
    return std::nullopt;
  Puzzle p;
  p.position = pos;
  for (Bitboard moves = pos.emptyCells(); moves;) {
    const int move = popLowest(moves);
    Position after = pos;
    after.play(move);
    if (after.isGameOver()) continue;  // it fills the board: a draw
    const CheckedWin win = checkedWin(solver, after, us, budget(positions, stop));
    if (win.answer == Answer::Unknown) return std::nullopt;  // not settled: no claim
    if (win.answer == Answer::Disproven) continue;
    if (++p.winningMoves > maxWinningMoves) return std::nullopt;
    if (p.bestMove < 0 || win.plies + 1 < p.plies) {
      p.bestMove = move;
      p.plies = win.plies + 1;
    }
  }
  if (p.winningMoves == 0) return std::nullopt;
  p.stars = starsOf(p.plies, p.winningMoves);
  return p;
}

std::vector<Puzzle> generatePuzzles(Solver& solver, const PuzzleOptions& o) {
  std::vector<Puzzle> found;
  std::set<std::uint64_t> seen;  // canonical keys: no puzzle twice, even in another form
  std::mt19937_64 rng(o.seed);
  int tried = 0;
  PlayerOptions small;
  small.hashMb = 8;
  Player players[2] = {Player(small), Player(small)};
  while (static_cast<int>(found.size()) < o.count && !(o.stop && o.stop->load())) {
    // One game between two engines of levels 2 to 6, and at most one puzzle from it: the
    // first position that makes one.
    for (Player& player : players) {
      player.setLevel(std::uniform_int_distribution<int>(2, 6)(rng));
      player.setSeed(rng() | 1);
      player.newGame();
    }
    Position pos;
    while (!pos.isGameOver()) {
      const MoveChoice choice = players[index(pos.sideToMove())].choose(pos, engineMoveLimits());
      if (!pos.isLegal(choice.move)) break;  // never expected: a player always has a move
      pos.play(choice.move);
      if (pos.moveCount() < 8 || pos.isGameOver()) continue;
      const Side us = pos.sideToMove();
      if (threatCells(pos, us) || threatCells(pos, opponent(us))) continue;
      ++tried;
      // A quick look first: most positions have no short win for the side to move.
      const PnsResult quick = solver.prove(pos, us, budget(o.positionsPerSolve, o.stop));
      if (quick.answer != Answer::Proven || quick.distance > o.maxPlies) continue;
      if (!seen.insert(canonicalKey(pos)).second) continue;
      const std::optional<Puzzle> p =
          settlePuzzle(solver, pos, o.positionsPerSolve, o.stop, o.maxWinningMoves);
      if (p && p->plies >= o.minPlies && p->plies <= o.maxPlies &&
          p->winningMoves <= o.maxWinningMoves) {
        found.push_back(*p);
        break;
      }
    }
    if (o.progress) o.progress(static_cast<int>(found.size()), tried);
  }
  sortPuzzles(found);
  return found;
}

void sortPuzzles(std::vector<Puzzle>& puzzles) {
  std::stable_sort(puzzles.begin(), puzzles.end(), [](const Puzzle& a, const Puzzle& b) {
    return a.stars != b.stars ? a.stars < b.stars : a.plies < b.plies;
  });
}

std::vector<Puzzle> puzzlesFromProof(Solver& solver, std::istream& proof, const PuzzleOptions& o) {
  // The checked proof's forcing wins of a puzzle's length, once per class of positions.
  // A proof may hold longer forcing wins than the shortest (ForcingWins::First), so the
  // length is that of a shortest one: the candidates do not depend on how it was written.
  // (A threat search of its own: the solver's tables stay as they were.)
  std::vector<Position> candidates;
  std::set<std::uint64_t> seen;
  ThreatSearch threats;
  const VerifyResult v = verifyProof(proof, {}, [&](const Position& pos, int plies) {
    if (plies < o.minPlies) return;
    plies = checkedForcingWin(threats, pos, kProofThreatNodes, true, o.stop).plies;
    if (plies >= o.minPlies && plies <= o.maxPlies && seen.insert(canonicalKey(pos)).second)
      candidates.push_back(pos);
  });
  std::vector<Puzzle> found;
  if (!v.verified) return found;
  // Sampled across the whole proof (a stride), not just its first branch.
  const std::size_t stride =
      std::max<std::size_t>(1, candidates.size() / (4 * static_cast<std::size_t>(o.count) + 1));
  int tried = 0;
  for (std::size_t offset = 0; offset < stride; ++offset)
    for (std::size_t i = offset; i < candidates.size(); i += stride) {
      if (static_cast<int>(found.size()) >= o.count || (o.stop && o.stop->load())) break;
      ++tried;
      const std::optional<Puzzle> p =
          settlePuzzle(solver, candidates[i], o.positionsPerSolve, o.stop, o.maxWinningMoves);
      if (p && p->plies >= o.minPlies && p->winningMoves <= o.maxWinningMoves) found.push_back(*p);
      if (o.progress) o.progress(static_cast<int>(found.size()), tried);
    }
  sortPuzzles(found);
  return found;
}

AnswerCheck checkAnswer(Solver& solver, const Puzzle& puzzle, int move, std::uint64_t positions) {
  AnswerCheck check;
  const Position& pos = puzzle.position;
  if (!pos.isLegal(move)) return {AnswerVerdict::DoesNotWin, 0};
  const Side us = pos.sideToMove();
  Position after = pos;
  after.play(move);
  const CheckedWin win = checkedWin(solver, after, us, budget(positions, nullptr));
  if (win.answer == Answer::Disproven) return {AnswerVerdict::DoesNotWin, 0};
  if (win.answer != Answer::Proven) return check;
  check.plies = win.plies + 1;
  check.verdict = check.plies <= puzzle.plies ? AnswerVerdict::Fastest : AnswerVerdict::Wins;
  return check;
}

std::string puzzleLine(const Puzzle& p) {
  return positionString(p.position) + " " + std::to_string(p.plies) + " " +
         std::to_string(p.winningMoves) + " " + moveToken(p.bestMove) + " " +
         std::to_string(p.stars);
}

Parsed<Puzzle> parsePuzzle(std::string_view line) {
  using Result = Parsed<Puzzle>;
  // The position string holds one space: its first two words.
  std::vector<std::string_view> words;
  for (std::size_t i = 0; i < line.size();) {
    const std::size_t end = std::min(line.find(' ', i), line.size());
    if (end > i) words.push_back(line.substr(i, end - i));
    i = end + 1;
  }
  if (words.size() != 6)
    return Result::failure("expected a position, plies, winning moves, best move and stars");
  const Parsed<Position> pos = parsePosition(std::string(words[0]) + " " + std::string(words[1]));
  if (!pos) return Result::failure("position: " + pos.error());
  Puzzle p;
  p.position = pos.value();
  auto number = [](std::string_view w, int lo, int hi, int& out) {
    const auto [end, ec] = std::from_chars(w.data(), w.data() + w.size(), out);
    return ec == std::errc{} && end == w.data() + w.size() && out >= lo && out <= hi;
  };
  if (!number(words[2], 1, kCells, p.plies)) return Result::failure("plies must be 1-64");
  if (!number(words[3], 1, kCells, p.winningMoves))
    return Result::failure("winning moves must be 1-64");
  const Parsed<int> best = parseMove(words[4]);
  if (!best || !p.position.isLegal(best.value()))
    return Result::failure("the best move is not a legal move");
  p.bestMove = best.value();
  if (!number(words[5], 1, 5, p.stars)) return Result::failure("stars must be 1-5");
  return Result::success(p);
}

Parsed<std::vector<Puzzle>> parsePuzzles(std::string_view text) {
  std::vector<Puzzle> puzzles;
  int number = 0;
  for (std::size_t i = 0; i <= text.size();) {
    const std::size_t end = std::min(text.find('\n', i), text.size());
    const std::string_view line = text.substr(i, end - i);
    i = end + 1;
    ++number;
    if (line.empty() || line[0] == '#') continue;
    const Parsed<Puzzle> p = parsePuzzle(line);
    if (!p)
      return Parsed<std::vector<Puzzle>>::failure("line " + std::to_string(number) + ": " +
                                                  p.error());
    puzzles.push_back(p.value());
  }
  return Parsed<std::vector<Puzzle>>::success(std::move(puzzles));
}

}  // namespace qubic
