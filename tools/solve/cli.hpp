// qubic-solve's commands, one file each (main.cpp only dispatches): each takes the
// arguments after its name, reads them with config/command_line (a mistake throws
// UsageError, which main reports) and returns the exit status.
#pragma once

#include <string>
#include <vector>

#include "book.hpp"
#include "config/command_line.hpp"
#include "engine/core/position.hpp"

namespace qubic {

using Args = std::vector<std::string>;

// "qubic-solve: MESSAGE" on stderr, then exit status 2 (bad arguments or files found late).
[[noreturn]] void failWith(const std::string& message);

// The solve: prove's options, and book make's and book shrink's besides (prove.cpp).
struct SolveRequest {
  Position start;
  std::string moves, proofPath, bookPath, piecesDir, parallel = "evaluation";
  double seconds = -1, nodeLimit = 0, hashMb = 64, threads = 1, split = 0, splitDepth = 0;
  bool noTable = false;
  BookOptions keep;
};
extern const CommandLine::Spec kProveSpec;
// The position (positional words from `firstPosition` on) and prove's options.
SolveRequest readSolveRequest(const CommandLine& line, std::size_t firstPosition);
int runSolve(SolveRequest request);

int proveCommand(const Args& args);                  // prove.cpp
int verifyCommand(const Args& args);                 // verify.cpp
int explainCommand(const Args& args);                // explain.cpp
int reviewCommand(const Args& args);                 // review.cpp
int puzzlesCommand(const Args& args);                // puzzles.cpp
int bookMakeCommand(const Args& args, bool shrink);  // book.cpp: make, and shrink
int bookInfoCommand(const Args& args);               // book.cpp
int bookCheckCommand(const Args& args);              // book.cpp

// Prints prove's answer from the shipped opening table when it holds `pos` (table.cpp);
// false when it does not (or there is no usable table).
bool answerFromTable(const Position& pos);

}  // namespace qubic
