// What the protocol needs from whatever thinks about moves. The real one runs the
// Player on a thread (PlayerSearcher); tests use a scripted one, so transcripts of the
// protocol are deterministic and need no threads.
#pragma once

#include <string>

#include "config/settings.hpp"
#include "engine/core/position.hpp"
#include "engine/play/player.hpp"

namespace qubic {

// One search: the position (the game is not over) and its limits. limits.stop is left
// empty; the searcher owns the stop flag.
struct SearchJob {
  Position position;
  MoveLimits limits;
  bool infinite = false;  // the protocol holds the answer back until `stop`
};

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
