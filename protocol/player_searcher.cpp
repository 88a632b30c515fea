#include "player_searcher.hpp"

#include <chrono>
#include <exception>
#include <new>

#include "config/book_file.hpp"
#include "config/proven_cache.hpp"
#include "config/table_file.hpp"
#include "ugi_commands.hpp"

namespace qubic {

namespace {

// Seed 0 asks for different games on every run.
std::uint64_t effectiveSeed(std::int64_t seed) {
  if (seed != 0) return static_cast<std::uint64_t>(seed);
  return static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) |
         1;
}

}  // namespace

PlayerSearcher::PlayerSearcher(Report report, bool onCallerThread, StudyReport studied)
    : report_(std::move(report)),
      studied_(std::move(studied)),
      jobs_(onCallerThread ? nullptr : std::make_unique<JobThread>()) {}

PlayerSearcher::~PlayerSearcher() = default;

std::string PlayerSearcher::configure(const EngineSettings& settings) {
  // A book file that cannot be read changes nothing, except at the start, where everything
  // else is applied and the engine plays without a book.
  std::shared_ptr<const Book> book = book_;
  std::string bookProblem;
  if (!player_ || settings.solutionFile != applied_.solutionFile) {
    Parsed<std::shared_ptr<const Book>> loaded = loadBookFile(settings.solutionFile);
    if (loaded) {
      book = loaded.value();
    } else {
      bookProblem =
          loaded.error() + (player_ && book_ ? "; the book in use is kept" : "; no book is used");
      if (player_) return bookProblem;
    }
  }
  // The opening table's values, read once; an unusable table is said and none is used.
  std::string tableProblem;
  if (!table_) table_ = shippedTableOrEmpty(&tableProblem);
  if (!player_ || settings.hashMb != applied_.hashMb || settings.threads != applied_.threads) {
    // The tables (and the proof search's threads) are made once per player, so a new size
    // means a new player. The old one is kept until the new one exists, so a failed
    // allocation changes nothing.
    PlayerOptions options;
    options.level = settings.level;
    options.hashMb = static_cast<std::size_t>(settings.hashMb);
    options.seed = effectiveSeed(settings.seed);
    options.threads = settings.threads;
    try {
      auto fresh = std::make_unique<Player>(options);
      // What the old player proved goes over to the new one.
      if (player_) fresh->provenValues().merge(player_->provenValues());
      player_ = std::move(fresh);
    } catch (const std::bad_alloc&) {
      return "cannot allocate " + std::to_string(settings.hashMb) + " MB for the hash table";
    }
  } else {
    if (settings.seed != applied_.seed) player_->setSeed(effectiveSeed(settings.seed));
  }
  if (settings.limitStrength)
    player_->setStrength(strengthForElo(settings.elo));
  else
    player_->setLevel(settings.level);
  // One of the setting's choices, checked when it was set.
  player_->setReference(referenceNamed(settings.reference).value_or(Reference::None));
  book_ = book;
  player_->setBook(book_, settings.useSolution);
  player_->setOpeningTable(settings.useSolution ? table_ : nullptr);
  // A damaged or foreign cache is ignored (and replaced at the next save): said, no error.
  cacheNotice_.clear();
  if (settings.provenCache && !cacheLoaded_)
    cacheNotice_ = loadProvenCache(player_->provenValues());
  cacheLoaded_ = cacheLoaded_ || settings.provenCache;
  applied_ = settings;
  if (!bookProblem.empty()) applied_.solutionFile.clear();
  if (!tableProblem.empty()) tableProblem += "; no opening table is used";
  if (bookProblem.empty() || tableProblem.empty()) return bookProblem + tableProblem;
  return bookProblem + "; " + tableProblem;
}

std::string PlayerSearcher::notice() const {
  if (!player_ || player_->proofThreads() >= applied_.threads) return cacheNotice_;
  return (cacheNotice_.empty() ? "" : cacheNotice_ + "; ") + "Threads " +
         std::to_string(applied_.threads) + " asked, the system started " +
         std::to_string(player_->proofThreads()) + " (a process or memory limit); the engine " +
         "searches on those";
}

void PlayerSearcher::newGame() {
  waitForSearch();
  player_->newGame();
}

void PlayerSearcher::start(const SearchJob& job) {
  const auto progress = [this](const MoveChoice& best) { report_(best, false); };
  if (!jobs_) {
    const std::atomic<bool> notStopped{false};
    report_(search(job, notStopped, progress), true);
    return;
  }
  jobs_->wait();  // the previous search has delivered its result already; let it finish
  jobs_->start([this, job, progress](const std::atomic<bool>& stop) {
    report_(search(job, stop, progress), true);
  });
}

void PlayerSearcher::stop() {
  if (jobs_) jobs_->stopCurrent();
}

MoveChoice PlayerSearcher::think(const SearchJob& job) {
  waitForSearch();
  const std::atomic<bool> notStopped{false};
  // On the caller's thread, without progress reports: the caller holds the session lock
  // that report_ would take.
  return search(job, notStopped, {});
}

MoveChoice PlayerSearcher::search(const SearchJob& job, const std::atomic<bool>& stop,
                                  const ProgressFn& progress) {
  if (job.study) {
    try {
      const bool review = job.study->kind == StudyJob::Kind::Review;
      std::vector<std::string> lines =
          review ? this->review(*job.study, stop) : explainLines(job.study->start, stop);
      if (!stop && studied_) studied_(lines, true);  // a stopped study is not the study
    } catch (const std::exception& e) {
      MoveChoice failed;
      failed.error = std::string("it failed: ") + e.what();
      return failed;
    }
    return MoveChoice{};
  }
  MoveLimits limits = job.limits;
  limits.stop = &stop;
  // A failure comes back as choice.error: the session says so and plays a legal move.
  return chooseReportingErrors(*player_, job.position, limits, progress);
}

std::vector<std::string> PlayerSearcher::review(const StudyJob& job,
                                                const std::atomic<bool>& stop) {
  Solver solver(reviewSolverOptions());
  ReviewOptions options = reviewBudget(job.positions);
  options.stop = &stop;
  // "info string review progress 3 of 20": steps done of the review's (each position,
  // the frontier, then each move), for a GUI's progress bar.
  if (studied_)
    options.progress = [this, &stop](int done, int total) {
      if (!stop)
        studied_({"info string review progress " + std::to_string(done) + " of " +
                  std::to_string(total)},
                 false);
    };
  const std::shared_ptr<const OpeningTable> table = table_;
  if (table) options.known = [table](const Position& pos) { return tableValue(*table, pos); };
  std::vector<std::string> lines;
  for (const ReviewedMove& m : reviewGame(solver, job.start, job.moves, options))
    lines.push_back(reviewLine(m));
  return lines;
}

void PlayerSearcher::waitIfStopping() {
  if (jobs_ && jobs_->stopping()) jobs_->wait();
}

void PlayerSearcher::waitForSearch() {
  if (jobs_) jobs_->wait();
}

std::string PlayerSearcher::saveProvenValues() {
  if (!player_ || !applied_.provenCache) return {};
  return saveProvenCache(player_->provenValues());
}

}  // namespace qubic
