// The move chooser: what the front ends call to get the engine's move and its reason.
// Order at full strength: win now, the opening book, block, a proven forced win (threat search,
// then df-pn within a share of the time), the longest defence when lost, otherwise the heuristic
// search (engine/play/search) in the time left. Lower levels play by rules (engine/play/level_mix).
#pragma once

#include <array>
#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "elo_scale.hpp"
#include "engine/book/book.hpp"
#include "engine/book/opening_table.hpp"
#include "engine/core/position.hpp"
#include "level_mix.hpp"
#include "move_limits.hpp"
#include "proven_store.hpp"
#include "reference.hpp"

namespace qubic {

struct PlayerOptions {
  int level = kMaxLevel;
  // All its tables, allocated once when the player is made (Player::tableBytes): a quarter
  // for the heuristic search, small threat tables, the rest (at least 1 MB) for the proofs.
  std::size_t hashMb = 64;
  std::uint64_t seed = 1;  // for the lower levels' randomness: same seed, same games
  int threads =
      1;  // of the proof searches (engine/proof/solver); 1 keeps every search deterministic
};

// The value of the position for the side to move, as far as the engine knows it.
enum class Verdict : std::uint8_t { Unknown, Win, Loss };

struct MoveChoice {
  int move = -1;  // -1 only when the game is already over
  Verdict verdict = Verdict::Unknown;
  int plies = 0;       // plies to the end of the game when the verdict is known
  int score = 0;       // heuristic score for the side to move (hundredths of a stone), when unknown
  std::string reason;  // one sentence a player understands, e.g. "blocks a three at 2c3"
  std::uint64_t nodes = 0;
  double seconds = 0;
  int depth = 0;  // plies the main search had completed (0: decided without searching)
  // The expected line of play, starting with `move` (empty when there is none).
  std::array<std::uint8_t, kCells> pv{};
  int pvLength = 0;
  bool fromBook = false;   // the verdict comes from the opening book (and a winning move)
  bool fromTable = false;  // ... from the opening table
  bool fromStore = false;  // ... from the values proven before (this run's, or kept across runs)
  std::string error;       // set by chooseReportingErrors when the search failed (move is then -1)
  int hashfull = -1;       // the proof table's use in parts per thousand (-1: not known)
  // With MoveLimits::multiPv > 1: the best root moves, best first, the move chosen being
  // first. Each has its proven value when known (verdict, plies), else a heuristic score
  // from a small search of that move alone; `ranked` of these is empty.
  std::vector<MoveChoice> ranked;
};

// Called from the searching thread while the player thinks (best guess so far).
using ProgressFn = std::function<void(const MoveChoice&)>;

class Player {
 public:
  explicit Player(const PlayerOptions& options = {});
  ~Player();
  Player(const Player&) = delete;
  Player& operator=(const Player&) = delete;

  int level() const { return options_.level; }
  void setLevel(int level);  // clamped to kMinLevel..kMaxLevel
  // Between two levels (engine/play/elo_scale): each move is the next level's with the
  // chance `towardNext`, drawn from the seed.
  void setStrength(const Strength& strength);
  // Plays as a reference player (engine/play/reference) instead of its level; None: the
  // level again.
  void setReference(Reference reference) { reference_ = reference; }
  // The seed of the first game from now; every newGame() after it starts a game with a seed
  // of its own, derived from this one and the game's number.
  void setSeed(std::uint64_t seed);
  // The opening book (engine/book/book), shared by every player that uses it; none at first.
  // Only the top level plays from it, and only when `use` is set: lower levels may lose.
  void setBook(std::shared_ptr<const Book> book, bool use = true);
  // The opening table's proven values (engine/book/opening_table), shared; none at first.
  // They settle the value of a move into a position the table holds (MultiPV lines, the
  // chosen move's claim) at every level; they never change the move a level plays.
  void setOpeningTable(std::shared_ptr<const OpeningTable> table);
  // Forgets everything learned before (proofs, threat failures, search scores; the tables
  // stay allocated), so that a game's moves do not depend on the games before it, and
  // draws the next game's seed. UGI asks this of uginewgame.
  void newGame();

  // The engine's move in `pos` (precondition: the game is not over). Never returns an
  // illegal move; respects the limits (time, nodes, stop).
  MoveChoice choose(const Position& pos, const MoveLimits& limits, const ProgressFn& progress = {});

  // The values MultiPV proved (engine/play/proven_store), for a cache across runs: touch
  // them only while no search runs.
  ProvenStore& provenValues();

  // The memory of all its tables: within PlayerOptions::hashMb (from 4 MB up).
  std::size_t tableBytes() const;
  // The threads its proof searches run on: fewer than PlayerOptions::threads when the
  // system would not start more.
  int proofThreads() const;

 private:
  struct Impl;
  int baseForMove();
  PlayerOptions options_;
  std::shared_ptr<const Book> book_;
  bool useBook_ = false;
  std::shared_ptr<const OpeningTable> table_;
  double towardNext_ = 0;
  Reference reference_ = Reference::None;
  std::uint64_t gamesBegun_ = 0;  // newGame() calls since the seed was set
  std::unique_ptr<Impl> impl_;
};

// Player::choose for the threads that run it (the protocol's searcher, the game's engine
// and overlay): a failure (no memory, a bug) comes back as MoveChoice::error, move -1, so
// the front end can say what went wrong instead of the thread taking the program down.
MoveChoice chooseReportingErrors(Player& player, const Position& pos, const MoveLimits& limits,
                                 const ProgressFn& progress = {});

}  // namespace qubic
