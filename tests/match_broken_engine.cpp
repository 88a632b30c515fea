// A deliberately broken UGI engine for the qubic-match tests. It plays the first free
// cell, and on its Nth `go` (counted from its start) misbehaves as told:
//   match_broken_engine crash N | hang N | illegal N | garbage N | nonsense N | exit-at-start |
//   sound
// crash: abort() (killed by SIGABRT); hang: stops answering; illegal: plays an occupied
// cell; garbage: prints a line that is not UGI; nonsense: "bestmove 9z9"; exit-at-start:
// exits with code 1 at once; sound: never misbehaves (it offers no options, though).
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>

#include "engine/core/notation.hpp"

using namespace qubic;

namespace {

// "position startpos [moves ...]" or "position fen <string> [moves ...]".
Position readPosition(const std::string& line) {
  const std::size_t moves = line.find(" moves ");
  const std::string head = line.substr(0, moves);
  Position start;
  if (head.rfind("position fen ", 0) == 0) start = parsePosition(head.substr(13)).value();
  if (moves == std::string::npos) return start;
  return playMoves(start, line.substr(moves + 7)).value();
}

void say(const std::string& line) {
  std::cout << line << std::endl;  // flushed: the manager waits for each line
}

}  // namespace

int main(int argc, char** argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  const int when = argc > 2 ? std::atoi(argv[2]) : 1;
  if (mode == "exit-at-start") {
    std::fputs("broken engine: exiting at start\n", stderr);
    return 1;
  }
  Position position;
  int goes = 0;
  std::string line;
  while (std::getline(std::cin, line)) {
    if (line == "ugi") {
      say("id name broken engine (" + mode + ")");
      say("ugiok");
    } else if (line == "isready") {
      say("readyok");
    } else if (line == "uginewgame") {
      position = Position{};
    } else if (line.rfind("position ", 0) == 0) {
      position = readPosition(line);
    } else if (line.rfind("go", 0) == 0) {
      if (++goes == when) {
        if (mode == "crash") std::abort();
        if (mode == "hang")
          for (;;) std::this_thread::sleep_for(std::chrono::seconds(1));
        if (mode == "garbage") {
          say("%$# this is not UGI");
          continue;
        }
        if (mode == "nonsense") {
          say("bestmove 9z9");
          continue;
        }
        if (mode == "illegal") {
          say("bestmove " + moveToken(lowestCell(position.occupied())));
          continue;
        }
      }
      say("info depth 1 score cp 0 pv " + moveToken(lowestCell(position.emptyCells())));
      say("bestmove " + moveToken(lowestCell(position.emptyCells())));
    } else if (line == "quit") {
      return 0;
    }
  }
  return 0;
}
