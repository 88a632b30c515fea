#include "player.hpp"

#include <algorithm>
#include <array>
#include <random>

#include "notation.hpp"
#include "pns.hpp"
#include "strategy.hpp"
#include "threat_search.hpp"
#include "threats.hpp"

namespace qubic {

namespace {

// How the levels differ. Levels 1-3 are Citrenbaum's tiers as they are; from level 4
// on the engine searches, with a growing share of the move time, and now and then
// (less often each level) plays the forcing tier's unsearched move instead.
struct LevelProfile {
  double timeShare;    // of the move time the searches may use
  double shallowRate;  // chance of playing the forcing tier's move without searching
};

constexpr std::array<LevelProfile, kMaxLevel + 1> kProfiles = {{
    {0, 0}, {0, 0}, {0, 0}, {0, 0},  // 0 unused; 1-3 are the strategy tiers
    {0.05, 0.30}, {0.10, 0.20}, {0.20, 0.12}, {0.35, 0.06}, {0.50, 0.03}, {0.75, 0.01}, {1.0, 0.0},
}};

std::string pliesText(int plies) {
  const int moves = (plies + 1) / 2;
  return std::to_string(moves) + (moves == 1 ? " move" : " moves");
}

}  // namespace

struct Player::Impl {
  std::mt19937_64 rng;
  TranspositionTable table;
  ThreatSearch threats;
  ProofSearch search;
  Strategy elementary, planar, forcing;

  Impl(const PlayerOptions& o)
      : rng(o.seed),
        table(o.hashMb),
        threats(std::size_t{1} << 18),
        search(table, threats),
        elementary(Tier::Elementary, o.seed),
        planar(Tier::Planar, o.seed),
        forcing(Tier::Forcing, o.seed) {}

  MoveChoice fromStrategy(Strategy& s, const Position& pos) {
    const StrategyMove m = s.choose(pos);
    MoveChoice c;
    c.move = m.move;
    c.reason = m.reason;
    return c;
  }

  MoveChoice think(const Position& pos, std::chrono::milliseconds budget, const MoveLimits& limits,
                    const ProgressFn& progress);
};

Player::Player(const PlayerOptions& options) : options_(options), impl_(std::make_unique<Impl>(options)) {
  setLevel(options.level);
}

Player::~Player() = default;

void Player::setLevel(int level) { options_.level = std::clamp(level, kMinLevel, kMaxLevel); }

void Player::setSeed(std::uint64_t seed) {
  options_.seed = seed;
  impl_->rng.seed(seed);
}

void Player::newGame() { impl_->rng.seed(options_.seed); }

MoveChoice Player::Impl::think(const Position& pos, std::chrono::milliseconds budget, const MoveLimits& limits,
                               const ProgressFn& progress) {
  const Side us = pos.sideToMove(), them = opponent(us);
  MoveChoice choice;

  // 1. Moves that decide at once.
  if (const Bitboard wins = threatCells(pos, us)) {
    choice.move = lowestCell(wins);
    choice.verdict = Verdict::Win;
    choice.plies = 1;
    choice.reason = "completes a line at " + moveToken(choice.move);
    return choice;
  }
  const Bitboard blocks = threatCells(pos, them);
  if (popcount(blocks) >= 2) {
    choice.move = lowestCell(blocks);
    choice.verdict = Verdict::Loss;
    choice.plies = 2;
    choice.reason = "blocks one of two threes; the other cannot be stopped";
    return choice;
  }

  // 2. A forced win by threes alone is the fastest kind of proof.
  ThreatLimits quick;
  quick.maxNodes = 200000;
  quick.stop = limits.stop;
  const ThreatResult forced = threats.forcedWin(pos, us, quick);
  choice.nodes += forced.nodes;
  if (forced.win) {
    choice.move = forced.sequence[0];
    choice.verdict = Verdict::Win;
    choice.plies = forced.length;
    choice.reason = (blocks ? "blocks a three and starts" : "starts") + std::string(" a forced win in ") +
                    pliesText(forced.length) + " at " + moveToken(choice.move);
    return choice;
  }
  if (blocks) {
    // The only move that does not lose at once; searching it is pointless.
    choice.move = lowestCell(blocks);
    choice.reason = "blocks a three at " + moveToken(choice.move);
    return choice;
  }

  // 3. Proof-number search: first for our win, then against the opponent's.
  const auto began = std::chrono::steady_clock::now();
  auto left = [&] {
    return std::max(std::chrono::milliseconds(1),
                    budget - std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - began));
  };
  SearchLimits attack;
  attack.maxTime = budget / 2;
  attack.maxNodes = limits.maxNodes / 2;
  attack.stop = limits.stop;
  const PnsResult ours = search.prove(pos, us, attack);
  choice.nodes += ours.nodes;
  if (ours.answer == Answer::Proven && ours.bestMove >= 0) {
    choice.move = ours.bestMove;
    choice.verdict = Verdict::Win;
    choice.plies = ours.distance;
    choice.reason = "plays a proven win in " + pliesText(ours.distance) + " at " + moveToken(choice.move);
    return choice;
  }
  if (progress && ours.bestMove >= 0) {
    MoveChoice guess = choice;
    guess.move = ours.bestMove;
    progress(guess);
  }

  SearchLimits defence;
  defence.maxTime = left();
  defence.maxNodes = limits.maxNodes - std::min(limits.maxNodes, ours.nodes);
  defence.stop = limits.stop;
  const PnsResult theirs = search.prove(pos, them, defence);
  choice.nodes += theirs.nodes;

  if (theirs.answer == Answer::Proven) {
    // Lost against best play: make the opponent's win as long as the proofs allow.
    // Replies the search never looked at were pruned as quick losses, so they count 0.
    int longest = -1;
    for (Bitboard m = pos.emptyCells(); m;) {
      const int cell = popLowest(m);
      Position next = pos;
      next.play(cell);
      const TTEntry* e = search.lookup(next, them);
      const int length = e && e->pn == 0 ? e->distance : 0;
      if (length > longest) longest = length, choice.move = cell;
    }
    choice.verdict = Verdict::Loss;
    choice.plies = longest + 1;
    choice.reason = "the opponent can force a win; this defence lasts longest";
    return choice;
  }
  if (theirs.answer == Answer::Disproven && theirs.bestMove >= 0) {
    choice.move = theirs.bestMove;
    choice.reason = "keeps the opponent from forcing a win";
    return choice;
  }
  // Nothing proven: the forcing tier's judgement (its threats, breaking the opponent's
  // forcing lines, plane play), unless the search has shown that move loses. (Following
  // the proof search's most-proving move instead played measurably worse.)
  const MoveChoice tier = fromStrategy(forcing, pos);
  Position after = pos;
  after.play(tier.move);
  const TTEntry* refuted = search.lookup(after, them);
  if (refuted && refuted->pn == 0 && theirs.bestMove >= 0) {
    choice.move = theirs.bestMove;
    choice.reason = "avoids a move the search proved losing";
  } else {
    choice.move = tier.move;
    choice.reason = tier.reason;
  }
  choice.score = static_cast<int>(std::min<ProofNumber>(theirs.rootDn, 100000)) -
                 static_cast<int>(std::min<ProofNumber>(ours.rootPn, 100000));
  return choice;
}

MoveChoice Player::choose(const Position& pos, const MoveLimits& limits, const ProgressFn& progress) {
  const auto began = std::chrono::steady_clock::now();
  MoveChoice choice;
  if (pos.isGameOver()) return choice;

  const int level = options_.level;
  const LevelProfile profile = kProfiles[level];
  if (level <= 3) {
    Strategy& tier = level == 1 ? impl_->elementary : level == 2 ? impl_->planar : impl_->forcing;
    choice = impl_->fromStrategy(tier, pos);
  } else if (std::uniform_real_distribution<double>(0, 1)(impl_->rng) < profile.shallowRate) {
    choice = impl_->fromStrategy(impl_->forcing, pos);
  } else {
    const auto budget = std::chrono::milliseconds(
        std::max<long long>(1, static_cast<long long>(limits.moveTime.count() * profile.timeShare)));
    choice = impl_->think(pos, budget, limits, progress);
  }
  if (!pos.isLegal(choice.move)) {
    // Defensive: never hand back an illegal move, whatever went wrong above.
    choice.move = lowestCell(pos.emptyCells());
    choice.reason = "plays the first free cell";
  }
  choice.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  if (progress) progress(choice);
  return choice;
}

}  // namespace qubic
