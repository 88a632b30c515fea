// A UGI front for the 4x4x4 players of FreemanZlat/mctstest (alpha-beta, minimax, MCTS),
// so that qubic-match can rate programs that are not ours on our scale (docs/strength.md,
// "The pooled scale"). It is built outside this tree, against a checkout of mctstest, by
// build-mctstest.sh; it is not part of the build, and nothing of mctstest is kept here.
//
//   mctstest-ugi ab|minimax|mcts
//
// Cells are numbered as ours (16 (level - 1) + 4 (rank - 1) + file), which is also how
// GameXO_4x4x4 lays out its lines, so a move is the same number on both sides. A move's
// time is the movetime asked for, else a twentieth of the clock plus half the increment.
#include <cctype>
#include <iostream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "GameXO_4x4x4.h"
#include "PlayerAB.h"
#include "PlayerMCTS.h"
#include "PlayerMinimax.h"
#include "Utils.h"

namespace {

std::string token(unsigned cell) {
  return std::string(1, static_cast<char>('1' + cell / 16)) + static_cast<char>('a' + cell % 4) +
         static_cast<char>('1' + cell / 4 % 4);
}

int cellOf(const std::string& t) {
  if (!t.empty() && std::isdigit(static_cast<unsigned char>(t[0])) && t.size() <= 2)
    return std::stoi(t);
  if (t.size() != 3) return -1;
  const int level = t[0] - '1', file = std::tolower(static_cast<unsigned char>(t[1])) - 'a',
            rank = t[2] - '1';
  if (level < 0 || level > 3 || file < 0 || file > 3 || rank < 0 || rank > 3) return -1;
  return 16 * level + 4 * rank + file;
}

struct Front {
  std::string kind;
  std::unique_ptr<GameXO_4x4x4> game = std::make_unique<GameXO_4x4x4>();
  Random random;

  // "startpos" or "fen <planes> <side>", then "moves ...": the stones of a position string
  // are played in turn, X first, which the rules allow when the counts are legal.
  void position(std::istringstream& in) {
    game = std::make_unique<GameXO_4x4x4>();
    std::string word;
    in >> word;
    if (word == "fen") {
      std::string planes, side;
      in >> planes >> side;
      std::vector<unsigned> x, o;
      unsigned cell = 0;
      for (char c : planes) {
        if (c == '/') continue;
        if (c == 'x' || c == 'X') x.push_back(cell);
        if (c == 'o' || c == 'O') o.push_back(cell);
        ++cell;
      }
      for (std::size_t i = 0; i < x.size() || i < o.size(); ++i) {
        if (i < x.size()) game->move_do(x[i]);
        if (i < o.size()) game->move_do(o[i]);
      }
    }
    while (in >> word)
      if (word != "moves" && cellOf(word) >= 0) game->move_do(static_cast<unsigned>(cellOf(word)));
  }

  void go(std::istringstream& in) {
    long movetime = -1, clock[2] = {-1, -1}, increment[2] = {0, 0};
    std::string key;
    long value = 0;
    while (in >> key >> value) {
      if (key == "movetime") movetime = value;
      if (key == "p1time" || key == "wtime") clock[0] = value;
      if (key == "p2time" || key == "btime") clock[1] = value;
      if (key == "p1inc" || key == "winc") increment[0] = value;
      if (key == "p2inc" || key == "binc") increment[1] = value;
    }
    const int side = game->get_player() ? 0 : 1;
    long ms = movetime > 0 ? movetime : 1000;
    if (movetime <= 0 && clock[side] > 0) ms = clock[side] / 20 + increment[side] / 2;
    const auto budget = static_cast<uint32_t>(ms > 10 ? ms - 5 : 5);
    std::unique_ptr<Player> player;
    if (kind == "minimax")
      player = std::make_unique<PlayerMinimax>(budget);
    else if (kind == "mcts")
      player = std::make_unique<PlayerMCTS>(budget);
    else
      player = std::make_unique<PlayerAB>(budget);
    std::cout << "bestmove " << token(player->move(game.get(), &random, false)) << std::endl;
  }
};

}  // namespace

int main(int argc, char** argv) {
  const std::string kind = argc > 1 ? argv[1] : "ab";
  if (kind != "ab" && kind != "minimax" && kind != "mcts") {
    std::cerr << "usage: mctstest-ugi ab|minimax|mcts\n";
    return 2;
  }
  Front front{kind};
  std::string line;
  while (std::getline(std::cin, line)) {
    std::istringstream in(line);
    std::string command;
    in >> command;
    if (command == "ugi")
      std::cout << "id name mctstest-" << kind << "\nid author FreemanZlat (mctstest)\nugiok"
                << std::endl;
    else if (command == "isready")
      std::cout << "readyok" << std::endl;
    else if (command == "uginewgame")
      front.game = std::make_unique<GameXO_4x4x4>();
    else if (command == "position")
      front.position(in);
    else if (command == "go")
      front.go(in);
    else if (command == "quit")
      break;
  }
  return 0;
}
