// The real Searcher: the engine's Player, thinking on a JobThread so that the
// protocol keeps answering (isready, stop, quit) while it searches.
#pragma once

#include <functional>
#include <memory>

#include "engine/play/job_thread.hpp"
#include "searcher.hpp"

namespace qubic {

class PlayerSearcher final : public Searcher {
 public:
  // Receives the search's results on the search thread: progress (done == false) any
  // number of times, then the final result (done == true) once. It must take the lock
  // that guards the UgiSession before passing them on.
  using Report = std::function<void(const MoveChoice& choice, bool done)>;

  // With `onCallerThread`, start() searches at once on the caller's thread and reports
  // before it returns, and stop() can do nothing: for a build without threads (the
  // WebAssembly engine in a page, protocol/wasm/), whose searches are stopped from outside.
  // `studied` receives a study's lines (StudyJob), under the same rules as `report`.
  explicit PlayerSearcher(Report report, bool onCallerThread = false, StudyReport studied = {});
  ~PlayerSearcher() override;  // stops and waits for a running search

  // Only between searches: it may replace the Player a running search uses. The session
  // refuses setoption while searching, and waiting here instead could deadlock on the
  // session lock a finishing search needs for its report.
  std::string configure(const EngineSettings& settings) override;
  std::string notice() const override;
  void newGame() override;
  void start(const SearchJob& job) override;
  void stop() override;
  // Thinks and returns the result on the caller's thread, without progress reports.
  MoveChoice think(const SearchJob& job);

  // Waits for the search thread when a stop was asked for, so that the next command
  // finds the search finished. Call it without holding the session lock: the thread
  // needs that lock to deliver its bestmove.
  void waitIfStopping();
  // Waits until the running search (if any) has delivered its result. Same caveat.
  void waitForSearch();
  // With ProvenCache on, merges the values MultiPV proved into the cache file
  // (config/proven_cache); call it once no search runs, before exit. What went wrong, or "".
  std::string saveProvenValues();

 private:
  MoveChoice search(const SearchJob& job, const std::atomic<bool>& stop,
                    const ProgressFn& progress);
  // A game's review as the game and `qubic-solve review --positions` make it: the same
  // solver options, budget and opening table, so the same verdicts.
  std::vector<std::string> review(const StudyJob& job, const std::atomic<bool>& stop);

  Report report_;
  StudyReport studied_;
  std::unique_ptr<Player> player_;
  std::shared_ptr<const OpeningTable> table_;  // the shipped opening table, read once
  bool cacheLoaded_ = false;                   // the proven values' cache was read into the player
  std::string cacheNotice_;                    // why the cache was not read, for notice()
  std::shared_ptr<const Book> book_;  // the book loaded from applied_.solutionFile; null: none
  EngineSettings applied_;
  // Last: its destructor stops and joins the search before the rest goes. None when the
  // searches run on the caller's thread.
  std::unique_ptr<JobThread> jobs_;
};

}  // namespace qubic
