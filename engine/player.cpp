#include "player.hpp"

#include <algorithm>
#include <random>

#include "notation.hpp"
#include "threats.hpp"

namespace qubic {

struct Player::Impl {
  std::mt19937_64 rng;
  explicit Impl(std::uint64_t seed) : rng(seed) {}
};

Player::Player(const PlayerOptions& options) : options_(options), impl_(std::make_unique<Impl>(options.seed)) {
  setLevel(options.level);
}

Player::~Player() = default;

void Player::setLevel(int level) { options_.level = std::clamp(level, kMinLevel, kMaxLevel); }

void Player::setSeed(std::uint64_t seed) {
  options_.seed = seed;
  impl_->rng.seed(seed);
}

void Player::newGame() { impl_->rng.seed(options_.seed); }

namespace {

// Static value of a cell for the side to move: lines it keeps alive for us and lines
// it takes from the opponent, weighted steeply by how far along each line is.
int cellScore(const Position& pos, int cell) {
  static constexpr int kOwn[4] = {1, 4, 16, 0};
  static constexpr int kTheirs[4] = {1, 3, 12, 0};
  const Side us = pos.sideToMove(), them = opponent(us);
  int score = 0;
  for (int i = 0; i < kLineTables.lineCount[cell]; ++i) {
    const int line = kLineTables.linesThrough[cell][i];
    if (pos.isOpenFor(us, line)) score += kOwn[pos.lineCount(us, line)];
    if (pos.isOpenFor(them, line)) score += kTheirs[pos.lineCount(them, line)];
  }
  return score;
}

}  // namespace

MoveChoice Player::choose(const Position& pos, const MoveLimits& limits, const ProgressFn& progress) {
  (void)limits;
  const auto began = std::chrono::steady_clock::now();
  MoveChoice choice;
  if (pos.isGameOver()) return choice;
  const Side us = pos.sideToMove(), them = opponent(us);
  auto finish = [&](MoveChoice c) {
    c.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (progress) progress(c);
    return c;
  };

  if (const Bitboard wins = threatCells(pos, us)) {
    choice.move = lowestCell(wins);
    choice.verdict = Verdict::Win;
    choice.plies = 1;
    choice.reason = "completes a line at " + moveToken(choice.move);
    return finish(choice);
  }
  const Bitboard threats = threatCells(pos, them);
  if (popcount(threats) >= 2) {
    choice.move = lowestCell(threats);
    choice.verdict = Verdict::Loss;
    choice.plies = 2;
    choice.reason = "blocks one of two threes; the other cannot be stopped";
    return finish(choice);
  }
  if (threats) {
    choice.move = lowestCell(threats);
    choice.reason = "blocks a three at " + moveToken(choice.move);
    return finish(choice);
  }

  const Bitboard doubles = doubleThreatCells(pos, us);
  int bestScore = -1;
  for (Bitboard m = pos.emptyCells(); m;) {
    const int cell = popLowest(m);
    const int score = cellScore(pos, cell) * 8 + static_cast<int>(impl_->rng() % 8) + ((doubles & bit(cell)) ? 1000 : 0);
    if (score > bestScore) bestScore = score, choice.move = cell;
  }
  choice.score = bestScore;
  choice.reason = (doubles & bit(choice.move)) ? "makes a double threat at " + moveToken(choice.move)
                                               : "takes the cell on the most open lines";
  return finish(choice);
}

}  // namespace qubic
