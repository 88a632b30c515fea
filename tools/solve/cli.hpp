// qubic-solve's commands, one file each: each declares itself once (a Command: its words,
// synopsis, help and options, and the function that runs it), and main.cpp lists them.
// commands.cpp reads a command's arguments by its options (a mistake throws UsageError,
// reported with the command's name) and runs it.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "book.hpp"
#include "config/command_line.hpp"
#include "engine/core/position.hpp"

namespace qubic {

using Args = std::vector<std::string>;

struct Command {
  const char* name;      // "prove", or "book make" for the book's and the table's commands
  const char* synopsis;  // what follows the name in its usage line
  const char* summary;   // its line in the overview
  const char* help;      // its --help, after the usage line and the summary
  CommandLine::Spec options;
  int (*run)(const CommandLine& line);  // the exit status
};

// qubic-solve's command line over `commands`: the overview, --version, a command's help,
// the old forms (old_forms.cpp), the command's run.
int runCommandLine(const std::vector<const Command*>& commands, const Args& args);

// The old forms (options alone, e.g. `--verify FILE`): whether `first` begins one, and the
// new words it stands for (old_forms.cpp).
bool isOldForm(const std::string& first, const std::vector<const Command*>& commands);
Args newWordsOf(Args old);

// "qubic-solve: MESSAGE" on stderr, then exit status 2 (bad arguments or files found late).
[[noreturn]] void failWith(const std::string& message);

// Whether a command's options include `option`.
bool takesOption(const CommandLine::Spec& spec, const std::string& option);

// A count option: a whole number from min to max (the message says so).
std::uint64_t wholeNumber(const CommandLine& line, const std::string& option,
                          std::uint64_t fallback, std::uint64_t min, std::uint64_t max);

// The solve: prove's options, and book make's and book shrink's besides (prove.cpp).
struct SolveRequest {
  Position start;
  std::string moves, proofPath, bookPath, piecesDir, parallel = "evaluation";
  double seconds = -1, nodeLimit = 0, hashMb = 64, threads = 1, split = 0, splitDepth = 0;
  bool noTable = false;
  BookOptions keep;
};
CommandLine::Spec proveOptions();
// The position (positional words from `firstPosition` on) and prove's options.
SolveRequest readSolveRequest(const CommandLine& line, std::size_t firstPosition);
int runSolve(SolveRequest request);

// Prints prove's answer from the shipped opening table when it holds `pos` (table_info.cpp);
// false when it does not (or there is no usable table). A win's move not stored in the
// table is searched for within `seconds` (if > 0) and `maxNodes` (if > 0).
bool answerFromTable(const Position& pos, double seconds, std::uint64_t maxNodes);

extern const Command kProve, kVerify, kExplain, kReview, kPuzzles;   // a file each
extern const Command kBookMake, kBookShrink, kBookInfo, kBookCheck;  // book.cpp
extern const Command kTableList, kTableJob;                          // table_job.cpp
extern const Command kTableJoin, kTableStatus;                       // table_join.cpp
extern const Command kTableInfo, kTableCheck;                        // table_info.cpp
extern const Command kTableKnown;                                    // table_known.cpp
extern const Command kTableCertify, kTableVerify;                    // table_certify.cpp

}  // namespace qubic
