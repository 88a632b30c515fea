#include "player.hpp"

#include <stdexcept>

#include "anchor.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/splitmix.hpp"
#include "player_impl.hpp"

namespace qubic {

namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

// The seed of the k-th game (k > 0) after `seed` was set: the k-th number of the splitmix64
// sequence from `seed`, so that neighbouring seeds and games give unrelated streams.
std::uint64_t gameSeed(std::uint64_t seed, std::uint64_t k) {
  std::uint64_t state = seed + (k - 1) * 0x9e3779b97f4a7c15ULL;
  return splitmix64(state);
}

}  // namespace

Player::Player(const PlayerOptions& options)
    : options_(options), impl_(std::make_unique<Impl>(options)) {
  setLevel(options.level);
}

Player::~Player() = default;

void Player::setLevel(int level) {
  options_.level = std::clamp(level, kMinLevel, kMaxLevel);
  towardNext_ = 0;
}

void Player::setStrength(const Strength& strength) {
  setLevel(strength.level);
  towardNext_ = options_.level < kMaxLevel ? std::clamp(strength.towardNext, 0.0, 1.0) : 0.0;
}

void Player::setSeed(std::uint64_t seed) {
  options_.seed = seed;
  gamesBegun_ = 0;
  impl_->reseed(seed);
}

void Player::setBook(std::shared_ptr<const Book> book, bool use) {
  book_ = std::move(book);
  useBook_ = use && book_;
}

void Player::setOpeningTable(std::shared_ptr<const OpeningTable> table) {
  table_ = std::move(table);
  impl_->multiPv.setOpeningTable(table_.get());
}

void Player::newGame() {
  // Game k after the seed was set plays from a seed of its own, so that the games of one
  // process are independent (a match's error bars assume it) and still reproducible.
  impl_->reseed(gamesBegun_ == 0 ? options_.seed : gameSeed(options_.seed, gamesBegun_));
  ++gamesBegun_;
  impl_->search.heuristic().clear();
  impl_->proofs.solver().clear();
  impl_->threes.clear();
}

// The cascade: each stage either decides the move or narrows what the next may play.
MoveChoice Player::Impl::think(const Position& pos, const Book* book, const OpeningTable* table,
                               MoveBudget& budget, const MoveLimits& limits,
                               const ProgressFn& progress) {
  if (std::optional<MoveChoice> decided = PlayerThrees::decidedAtOnce(pos)) return *decided;
  if (book)
    if (std::optional<MoveChoice> known = threes.fromBook(pos, *book, limits)) {
      if (known->verdict != Verdict::Loss) return *known;
      budget.startSearching(Clock::now());
      return defence.practicalDefence(pos, *known, book, budget, limits, progress);
    }
  if (std::optional<MoveChoice> won = winFromTable(table, pos)) return *won;
  budget.startSearching(Clock::now());
  std::uint64_t nodes = 0;
  if (std::optional<MoveChoice> forced = proofs.forcedWinOrBlock(pos, budget, nodes))
    return *forced;
  const PlayerProofs::Verdicts proven = proofs.proveBothSides(pos, budget, limits, progress, nodes);
  if (proven.decided && proven.decided->verdict == Verdict::Loss)
    return defence.practicalDefence(pos, *proven.decided, nullptr, budget, limits, progress);
  if (proven.decided) return *proven.decided;
  // Nothing proven: the heuristic search in the time left, over the moves not proven
  // losing, and only over proven-safe moves when there are any (they keep the draw).
  const Bitboard notLosing = pos.emptyCells() & ~proven.losing;
  const Bitboard allowed = proven.safe ? proven.safe : notLosing ? notLosing : pos.emptyCells();
  MoveChoice choice;
  choice.nodes = nodes;
  return search.searchRest(pos, allowed, budget.began(), budget.deadline(), budget.nodesLeft(nodes),
                           limits, choice, progress);
}

// The base player of this move: the level's (engine/play/level_mix), or with the Elo option
// the next level's with its chance; then the stronger of the level's two base players with
// theirs.
int Player::baseForMove() {
  const auto chance = [this](double p) {
    return p > 0 && std::uniform_real_distribution<double>(0, 1)(impl_->rng) < p;
  };
  const int level = chance(towardNext_) ? options_.level + 1 : options_.level;
  const LevelMix& mix = kLevelMixes[static_cast<std::size_t>(level)];
  return chance(mix.towardNext) ? mix.base + 1 : mix.base;
}

MoveChoice Player::choose(const Position& pos, const MoveLimits& limits,
                          const ProgressFn& progress) {
  const auto began = Clock::now();
  MoveChoice choice;
  if (pos.isGameOver()) return choice;

  const int base = reference_ != Reference::None ? 0 : baseForMove();
  if (reference_ != Reference::None) {
    const AnchorMove m = referenceMove(reference_, pos, impl_->rng);
    choice.move = m.move;
    choice.reason = m.reason;
  } else if (base == 0) {
    const AnchorMove m = anchorMove(pos, impl_->rng);
    choice.move = m.move;
    choice.reason = m.reason;
  } else if (base <= 3) {
    Strategy& tier = base == 1 ? impl_->elementary : base == 2 ? impl_->planar : impl_->forcing;
    choice = impl_->fromStrategy(tier, pos);
  } else {  // the top (kTopBase)
    MoveBudget budget(limits, began);
    const Book* book = useBook_ ? book_.get() : nullptr;
    // Every report says how full the proof table is (the protocol's hashfull).
    const ProgressFn report = !progress ? ProgressFn{} : [&](const MoveChoice& c) {
      MoveChoice shown = c;
      shown.hashfull = impl_->proofs.hashfull();
      progress(shown);
    };
    choice = impl_->think(pos, book, table_.get(), budget, limits, report);
    choice.hashfull = impl_->proofs.hashfull();
  }
  if (choice.verdict == Verdict::Unknown && pos.isLegal(choice.move))
    valueFromTable(table_.get(), pos, choice);
  if (!pos.isLegal(choice.move))  // a bug: say so rather than play some other move
    throw std::logic_error("the player chose the illegal move " + std::to_string(choice.move) +
                           " in " + positionString(pos) + " (" + choice.reason + ")");
  if (choice.pvLength == 0 || choice.pv[0] != choice.move) {
    choice.pv[0] = static_cast<std::uint8_t>(choice.move);
    choice.pvLength = 1;
  }
  if (limits.multiPv > 1 && base > 3) {
    const auto deadline =
        began + milliseconds(static_cast<long long>(
                    std::min(static_cast<double>(limits.moveTime.count()), 365 * 24 * 3600e3)));
    choice.ranked = impl_->multiPv.rank(pos, choice, limits, deadline,
                                        useBook_ ? book_.get() : nullptr, choice.nodes);
  }
  choice.seconds = std::chrono::duration<double>(Clock::now() - began).count();
  if (progress) progress(choice);
  return choice;
}

ProvenStore& Player::provenValues() { return impl_->multiPv.store(); }

std::size_t Player::tableBytes() const { return impl_->bytes(); }

int Player::proofThreads() const { return impl_->proofs.solver().threads(); }

MoveChoice chooseReportingErrors(Player& player, const Position& pos, const MoveLimits& limits,
                                 const ProgressFn& progress) {
  try {
    return player.choose(pos, limits, progress);
  } catch (const std::bad_alloc&) {
    MoveChoice failed;
    failed.error = "out of memory";
    return failed;
  } catch (const std::exception& e) {
    MoveChoice failed;
    failed.error = e.what();
    return failed;
  }
}

}  // namespace qubic
