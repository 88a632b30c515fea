// The engine's side of the game: when it is asked to move (its seat, the pause, a step,
// the watch delay), for how long (the move time, or what the clock allows), at what level
// (the seat's, the Elo asked for, or the best defence a mode asks for), its moves and
// hints as they come back, and the clocks that run meanwhile.
#pragma once

#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "engine_worker.hpp"
#include "game_context.hpp"
#include "shown.hpp"

namespace qubic::tui {

class EngineTurns {
 public:
  // Our engine as the settings ask (level, hash, threads, seed: a seed of 0 is the clock's).
  EngineTurns(const EngineSettings& engine, std::shared_ptr<const Book> book,
              std::shared_ptr<const OpeningTable> table);

  // Moves are asked of another UGI engine from now on (EngineWorker::useExternal).
  void useExternal(const std::string& command, const std::string& options) {
    worker_.useExternal(command, options);
  }
  std::string externalName() const { return worker_.externalName(); }

  // Asks the engine for a move when the round wants one of it.
  void maybeStart(GameContext& context);
  // Takes the engine's move or hint once it is in: played, or shown.
  void poll(GameContext& context);
  void hint(GameContext& context);
  void moveNow(GameContext& context);
  void stop() { worker_.cancel(); }  // cancel the job in flight and forget it
  bool busy() const { return worker_.busy(); }
  EngineStatus status() const { return worker_.status(); }
  // A move was played at the board: the watch delay counts from it.
  void moved() { lastMoveAt_ = std::chrono::steady_clock::now(); }

  // Keeps the clocks in step with the game: paused while nothing can move (the game over,
  // a screen open, the engine paused), following the side to move, and ends the game
  // when a side's time runs out.
  void tickClock(GameContext& context, bool screenOpen);
  // Who sits in `side`'s seat, for the panel and the record.
  std::string seatText(const GameContext& context, Side side) const;
  // The engine to move: paused, waiting, or thinking with its best move so far.
  std::vector<StyledText> lines(const GameContext& context) const;
  // All of the above for the view, as of now.
  EngineShown shown(const GameContext& context) const;

 private:
  // The engine's time for a move (or a hint) in `pos`: the move time, or on the clock
  // what the mover's time allows.
  std::chrono::milliseconds thinkingTime(const GameContext& context, const Position& pos) const;
  void play(GameContext& context, const EngineResult& result);

  EngineWorker worker_;
  std::chrono::steady_clock::time_point lastMoveAt_;
};

}  // namespace qubic::tui
