// The game's engine, thinking on a JobThread so that the interface stays responsive.
// One job at a time (tui/background_job); a new job or cancel() stops the one in flight and
// its result is dropped: only the newest job's result is handed out.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "background_job.hpp"
#include "engine/play/player.hpp"
#include "external_engine.hpp"

namespace qubic::tui {

enum class JobPurpose : std::uint8_t { Move, Hint };

struct EngineJob {
  Position position;
  // The game's start and moves to `position`: what an external engine is told.
  Position start;
  std::vector<int> moves;
  bool external = false;  // asked of the external engine, if there is one (games, not puzzles)
  JobPurpose purpose = JobPurpose::Move;
  int level = kMaxLevel;
  double towardNext = 0;  // between `level` and the next (an Elo asked for): engine/play/elo_scale
  std::chrono::milliseconds moveTime{1000};
  bool newGame = false;  // tell the player a new game began before thinking
};

struct EngineResult {
  JobPurpose purpose = JobPurpose::Move;
  Position position;  // the position the job was about
  MoveChoice choice;
  // An external engine's failure: it loses the game ("crash", "time forfeit", ...).
  std::string forfeit, forfeitDetails;
};

// What the engine is doing right now, for the status panel.
struct EngineStatus {
  bool thinking = false;
  JobPurpose purpose = JobPurpose::Move;
  double elapsedSeconds = 0;
  MoveChoice best;  // the best guess so far (move -1 before the first report)
};

class EngineWorker {
 public:
  // `book`: the opening book the top level plays from (null: none).
  explicit EngineWorker(const PlayerOptions& options, std::shared_ptr<const Book> book = {},
                        std::shared_ptr<const OpeningTable> table = {});
  // Moves are asked of another UGI engine from now on (hints stay ours): `command` with
  // its arguments, `options` as Name=Value pairs separated by ';'.
  void useExternal(const std::string& command, const std::string& options);
  // That engine's name ("id name" once it has answered, else its command); "" for ours.
  std::string externalName() const;
  ~EngineWorker() = default;  // the JobThread stops the search and joins
  EngineWorker(const EngineWorker&) = delete;
  EngineWorker& operator=(const EngineWorker&) = delete;

  // Starts a job, cancelling any job in flight.
  void start(const EngineJob& job);
  // Stops the job in flight and forgets it: its result will never be handed out.
  void cancel();
  // Asks the job in flight to finish now with its best move so far (MoveLimits.stop).
  void moveNow();

  bool busy() const;
  EngineStatus status() const;
  // The latest job's result once, when it has finished.
  std::optional<EngineResult> takeResult();

 private:
  // What the job thread tells the game: whether a job is thinking (its purpose, since when,
  // its best guess so far), whether the newest job has settled, and its result until taken.
  struct State {
    bool settled = true;  // no job in flight, or the newest one has finished
    bool running = false;
    JobPurpose purpose = JobPurpose::Move;
    std::chrono::steady_clock::time_point since;
    MoveChoice progress;
    std::optional<EngineResult> result;
  };
  using Publish = BackgroundJob<State>::Publish;
  void run(const EngineJob& job, const std::atomic<bool>& stop, const Publish& publish);
  void runExternal(const EngineJob& job, const std::atomic<bool>& stop, const Publish& publish);

  Player player_;  // used only on the job thread once constructed
  std::string externalCommand_, externalOptions_;
  std::unique_ptr<ExternalEngine> external_;  // made and used on the job thread
  mutable std::mutex nameMutex_;
  std::string externalName_;  // guarded by nameMutex_
  BackgroundJob<State> job_;  // last: its thread ends before what it uses
};

}  // namespace qubic::tui
