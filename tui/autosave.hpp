// The unfinished game kept on disk between runs, one file per running game: each qubic
// writes its own file in $XDG_STATE_HOME/qubic/unfinished/ (else ~/.local/state/...) and
// holds a lock on it while it runs, so two games never share, offer or delete each
// other's file. A file no running qubic holds is a game left by a run that ended (Ctrl-C,
// a signal, a crash), offered at the next start.
#pragma once

#include <optional>
#include <string>

#include "engine/core/record.hpp"

namespace qubic::tui {

class Autosave {
 public:
  Autosave() = default;
  ~Autosave();  // lets go of the lock; the file stays, for the next run to offer
  Autosave(const Autosave&) = delete;
  Autosave& operator=(const Autosave&) = delete;

  // Takes over the newest kept game that no running qubic holds, if any: from then on it
  // is this game's file (written over by write(), deleted by remove()).
  // A kept file that does not read as a game is moved aside, to unfinished/unreadable/,
  // and said once in setAside().
  std::optional<GameRecord> claimLeftGame();
  // What claimLeftGame() moved aside, as a sentence for the player ("" for nothing).
  const std::string& setAside() const { return setAside_; }
  // Keeps `record` as this game's unfinished game (a new file renamed into place, so a
  // crash never leaves half a game); returns an error message, "" on success.
  std::string write(const GameRecord& record);
  // Forgets this game's file (nothing to do when there is none).
  void remove();
  // This game's file, "" before the first write or claim.
  const std::string& path() const { return path_; }

 private:
  std::string lock(const std::string& path);  // "" when another process holds it
  void unlock();

  void moveAside(const std::string& why);

  std::string path_;
  int lockFd_ = -1;
  std::string setAside_;
};

// Where kept games live: <state directory>/unfinished ("" when there is no state directory).
std::string autosaveDirectory();

}  // namespace qubic::tui
