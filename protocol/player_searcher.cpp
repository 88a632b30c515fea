#include "player_searcher.hpp"

#include <chrono>
#include <exception>
#include <new>

namespace qubic {

namespace {

// Seed 0 asks for different games on every run.
std::uint64_t effectiveSeed(std::int64_t seed) {
  if (seed != 0) return static_cast<std::uint64_t>(seed);
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) | 1;
}

}  // namespace

PlayerSearcher::PlayerSearcher(Report report) : report_(std::move(report)) {}

PlayerSearcher::~PlayerSearcher() {
  stop_ = true;
  join();
}

std::string PlayerSearcher::configure(const EngineSettings& settings) {
  if (!player_ || settings.hashMb != applied_.hashMb) {
    // The table is allocated once per player, so a new size means a new player. The old
    // one is kept until the new one exists, so a failed allocation changes nothing.
    PlayerOptions options;
    options.level = settings.level;
    options.hashMb = static_cast<std::size_t>(settings.hashMb);
    options.seed = effectiveSeed(settings.seed);
    try {
      player_ = std::make_unique<Player>(options);
    } catch (const std::bad_alloc&) {
      return "cannot allocate " + std::to_string(settings.hashMb) + " MB for the hash table";
    }
  } else {
    player_->setLevel(settings.level);
    if (settings.seed != applied_.seed) player_->setSeed(effectiveSeed(settings.seed));
  }
  // Threads, OwnBook and BookFile are kept for when the Player can use them.
  applied_ = settings;
  return {};
}

void PlayerSearcher::newGame() {
  join();
  player_->newGame();
}

void PlayerSearcher::start(const SearchJob& job) {
  join();  // the previous search has delivered its result already; its thread may linger
  stop_ = false;
  thread_ = std::thread([this, job] {
    report_(search(job, [this](const MoveChoice& best) { report_(best, false); }), true);
  });
}

void PlayerSearcher::stop() { stop_ = true; }

MoveChoice PlayerSearcher::think(const SearchJob& job) {
  join();
  stop_ = false;
  // No progress reports: the caller holds the session lock that report_ would take.
  return search(job, {});
}

MoveChoice PlayerSearcher::search(const SearchJob& job, const ProgressFn& progress) {
  MoveLimits limits = job.limits;
  limits.stop = &stop_;
  try {
    return player_->choose(job.position, limits, progress);
  } catch (const std::exception&) {
    return MoveChoice{};  // no move: the session substitutes a legal one and says so
  }
}

void PlayerSearcher::waitIfStopping() {
  if (stop_) join();
}

void PlayerSearcher::waitForSearch() { join(); }

void PlayerSearcher::join() {
  if (thread_.joinable()) thread_.join();
}

}  // namespace qubic
