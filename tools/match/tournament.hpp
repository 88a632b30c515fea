// Runs a tournament: builds the schedule, skips the games a resumed record file already
// holds, plays the rest `concurrency` at a time (each worker thread owns the engine
// processes of its games), appends every finished game to the record file at once,
// prints a progress line per game and the standings at the end, and stops early when
// the SPRT is decided, when an engine crashes without -recover, or when interrupted.
#pragma once

#include <atomic>
#include <mutex>
#include <ostream>
#include <string>
#include <vector>

#include "game_runner.hpp"
#include "match_config.hpp"
#include "openings.hpp"
#include "record_log.hpp"
#include "schedule.hpp"
#include "standings.hpp"

namespace qubic::match {

enum class TournamentEnd { Completed, SprtDecided, StoppedAfterCrash, Interrupted, Failed };

class Tournament {
 public:
  // `interrupt` (set by a signal handler) stops the running games; they are not recorded.
  Tournament(TournamentConfig config, Openings openings, std::ostream& out,
             const std::atomic<bool>& interrupt);

  // Plays the tournament; problems with the record file are reported on `out` and
  // end it as Failed.
  TournamentEnd run();

  const TournamentConfig& config() const { return config_; }
  const Standings& standings() const { return standings_; }
  const std::vector<ScheduledGame>& schedule() const { return schedule_; }
  // The engines' "id name" as they gave it (empty for one that never started).
  const std::vector<std::string>& engineIds() const { return engineIds_; }
  // How many games ended each way, e.g. {"normal", 28}, {"crash", 2}, in order of first appearance.
  const std::vector<std::pair<std::string, int>>& terminations() const { return terminations_; }

 private:
  // Reads back the games of a resumed run and checks they belong to this schedule.
  std::string loadFinishedGames(std::vector<bool>& finished);
  void worker();
  void report(const ScheduledGame& game, GameOutcome& outcome, const std::string& xId,
              const std::string& oId);
  std::string progressLine(const ScheduledGame& game, const GameOutcome& outcome) const;
  void printSummary(TournamentEnd end) const;
  void countTermination(const std::string& termination);

  TournamentConfig config_;
  Openings openings_;
  std::ostream& out_;
  const std::atomic<bool>& interrupt_;
  std::vector<ScheduledGame> schedule_;
  Standings standings_;
  RecordLog log_;
  RecordsFileState recordsFile_;  // the record file as judged before the run
  std::string recordsWarning_;

  std::mutex mutex_;                    // guards everything below
  std::vector<ScheduledGame> pending_;  // in schedule order; taken from the front
  std::size_t nextPending_ = 0;
  bool noMoreGames_ = false;
  TournamentEnd end_ = TournamentEnd::Completed;
  std::vector<std::string> engineIds_;
  std::vector<std::pair<std::string, int>> terminations_;
};

}  // namespace qubic::match
