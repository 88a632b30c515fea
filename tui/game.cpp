#include "game.hpp"

namespace qubic::tui {

Seats Seats::fromHumanSide(std::string_view humanSide) {
  constexpr Controller H = Controller::Human, E = Controller::Engine;
  if (humanSide == "o") return {{E, H}};
  if (humanSide == "both") return {{H, H}};
  if (humanSide == "none") return {{E, E}};
  return {{H, E}};
}

std::string_view Seats::humanSide() const {
  const bool x = side[0] == Controller::Human, o = side[1] == Controller::Human;
  return x && o ? "both" : x ? "x" : o ? "o" : "none";
}

Seats Seats::next() const {
  const std::string_view current = humanSide();
  return fromHumanSide(current == "x"      ? "o"
                       : current == "o"    ? "both"
                       : current == "both" ? "none"
                                           : "x");
}

std::string countOf(std::size_t n, std::string_view noun) {
  return std::to_string(n) + " " + std::string(noun) + (n == 1 ? "" : "s");
}

void Game::reset(const Position& start) {
  start_ = start;
  position_ = start;
  moves_.clear();
  comments_.clear();
  redo_.clear();
}

Side Game::moverOf(std::size_t i) const {
  return ((start_.moveCount() + static_cast<int>(i)) & 1) ? Side::O : Side::X;
}

bool Game::play(int cell, std::string comment) {
  if (!position_.isLegal(cell)) return false;
  position_.play(cell);
  moves_.push_back(cell);
  comments_.push_back(std::move(comment));
  redo_.clear();
  return true;
}

std::vector<int> Game::line() const {
  std::vector<int> all = moves_;
  for (auto it = redo_.rbegin(); it != redo_.rend(); ++it) all.push_back(it->cell);
  return all;
}

void Game::undo() {
  const int cell = moves_.back();
  position_.undo(cell);
  redo_.push_back({cell, std::move(comments_.back())});
  moves_.pop_back();
  comments_.pop_back();
}

void Game::redo() {
  Undone next = std::move(redo_.back());
  redo_.pop_back();
  position_.play(next.cell);
  moves_.push_back(next.cell);
  comments_.push_back(std::move(next.comment));
}

int Game::undoTurn(const Seats& seats) {
  if (!seats.anyHuman()) {
    if (!canUndo()) return 0;
    undo();
    return 1;
  }
  // Find the latest human move; without one there is nothing of the human's to take back.
  std::size_t lastHuman = moves_.size();
  for (std::size_t i = moves_.size(); i-- > 0;)
    if (!seats.isEngine(moverOf(i))) {
      lastHuman = i;
      break;
    }
  if (lastHuman == moves_.size()) return 0;
  int taken = 0;
  while (moves_.size() > lastHuman) {
    undo();
    ++taken;
  }
  return taken;
}

int Game::redoTurn(const Seats& seats) {
  if (!canRedo()) return 0;
  redo();
  int replayed = 1;
  while (canRedo() && seats.isEngine(position_.sideToMove()) && seats.anyHuman()) {
    redo();
    ++replayed;
  }
  return replayed;
}

GameRecord Game::toRecord() const {
  GameRecord record;
  record.start = start_;
  record.moves = moves_;
  record.comments = comments_;
  record.result = resultOf(position_);
  return record;
}

void Game::load(const GameRecord& record) {
  reset(record.start);
  for (std::size_t i = 0; i < record.moves.size(); ++i)
    play(record.moves[i], i < record.comments.size() ? record.comments[i] : std::string());
}

}  // namespace qubic::tui
