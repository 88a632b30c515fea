// The game being played: moves from a start position with undo/redo, who controls each
// side, and the conversion to and from game records. No threads, no terminal.
#pragma once

#include <array>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/position.hpp"
#include "engine/core/record.hpp"

namespace qubic::tui {

enum class Controller : std::uint8_t { Human, Engine };

// Who plays X and O, as the [tui] human_side setting names it: x, o, both or none.
struct Seats {
  std::array<Controller, 2> side{Controller::Human, Controller::Engine};

  static Seats fromHumanSide(std::string_view humanSide);
  std::string_view humanSide() const;  // back to x, o, both or none
  Controller of(Side s) const { return side[index(s)]; }
  bool isEngine(Side s) const { return of(s) == Controller::Engine; }
  bool anyHuman() const { return side[0] == Controller::Human || side[1] == Controller::Human; }
  bool anyEngine() const { return side[0] == Controller::Engine || side[1] == Controller::Engine; }
  // The next arrangement in the order x, o, both, none.
  Seats next() const;
};

// "1 move", "3 moves": a count and its noun, in the plural when it is not one.
std::string countOf(std::size_t n, std::string_view noun);

class Game {
 public:
  explicit Game(const Position& start = {}) { reset(start); }

  void reset(const Position& start = {});
  const Position& start() const { return start_; }
  const Position& position() const { return position_; }
  const std::vector<int>& moves() const { return moves_; }
  // The moves on the board, then the ones taken back that redo would replay.
  std::vector<int> line() const;
  // The engine's reason for each move, "" for human moves.
  const std::vector<std::string>& comments() const { return comments_; }
  int lastMove() const { return moves_.empty() ? -1 : moves_.back(); }
  // The side that played moves()[i].
  Side moverOf(std::size_t i) const;

  // False (and nothing changes) when the move is illegal. Clears the redo list.
  bool play(int cell, std::string comment = {});
  bool canUndo() const { return !moves_.empty(); }
  bool canRedo() const { return !redo_.empty(); }
  void undo();  // precondition: canUndo()
  void redo();  // precondition: canRedo()

  // Takes back moves until a human's move has been taken back, so the engine's reply
  // goes with it; with no human seat, one move. Returns the number of moves taken back.
  int undoTurn(const Seats& seats);
  // Replays a move taken back, then the engine replies that follow it.
  int redoTurn(const Seats& seats);

  GameRecord toRecord() const;
  // Replaces the game with the record's (already checked by parseRecord).
  void load(const GameRecord& record);

 private:
  struct Undone {
    int cell;
    std::string comment;
  };
  Position start_;
  Position position_;
  std::vector<int> moves_;
  std::vector<std::string> comments_;
  std::vector<Undone> redo_;
};

}  // namespace qubic::tui
