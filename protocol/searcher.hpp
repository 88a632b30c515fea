// What the protocol needs from whatever thinks about moves. The real one runs the
// Player on a thread (PlayerSearcher); tests use a scripted one, so transcripts of the
// protocol are deterministic and need no threads.
#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "config/settings.hpp"
#include "engine/core/position.hpp"
#include "engine/play/player.hpp"
#include "engine/study/review.hpp"

namespace qubic {

// A study of the game instead of a search: `review` (the moves from `start` judged with
// proofs, each position within `positions` evaluated positions: engine/study/review) or
// `explain` (how the side to move at `start` wins: engine/study/explain).
struct StudyJob {
  enum class Kind : std::uint8_t { Review, Explain };
  Kind kind = Kind::Review;
  Position start;
  std::vector<int> moves;
  std::uint64_t positions = 0;
};

// One search: the position (the game is not over) and its limits. limits.stop is left
// empty; the searcher owns the stop flag. With `study`, the job is that study instead: its
// lines go to the study report, and the final result (no move) ends it.
struct SearchJob {
  Position position;
  MoveLimits limits;
  bool infinite = false;  // the protocol holds the answer back until `stop`
  std::optional<StudyJob> study;
};

// Receives a study's lines, as the protocol says them (on the searching thread, as the
// results): its progress as it goes (`done` false), then, unless it was stopped, its
// result (`done` true).
using StudyReport = std::function<void(const std::vector<std::string>& lines, bool done)>;

class Searcher {
 public:
  virtual ~Searcher() = default;

  // Applies the engine settings; called only while no search runs. Returns an error
  // phrase (and keeps the previous settings) when they cannot be applied, else "". The
  // first call has no previous settings: it applies what it can (for instance everything
  // but a book file that cannot be read) and still returns the phrase.
  virtual std::string configure(const EngineSettings& settings) = 0;
  // What the last configure applied differently from what was asked, to tell the GUI
  // (e.g. fewer threads than asked, the system having refused more); "" when nothing.
  virtual std::string notice() const { return {}; }
  // Forgets the previous game; called only while no search runs.
  virtual void newGame() = 0;

  // Starts thinking and returns at once. The results go to UgiSession::onSearchProgress
  // (any number of times) and then UgiSession::onSearchDone (exactly once).
  virtual void start(const SearchJob& job) = 0;
  // Asks the running search to finish now; its result still arrives through onSearchDone.
  virtual void stop() = 0;
};

}  // namespace qubic
