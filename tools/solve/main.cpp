// qubic-solve's commands: `qubic-solve COMMAND ...`, each with its own options and --help,
// each in a file of its own. main only dispatches: a command's options are checked against
// what it takes, then the command reads its arguments. The old forms (options alone, e.g.
// `--verify FILE`) are mapped onto the commands by one table, with a line on stderr naming
// the new form.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "config/book_file.hpp"
#include "config/data_dirs.hpp"
#include "config/program.hpp"
#include "config/shipped_data.hpp"
#include "table.hpp"

namespace {

using Args = std::vector<std::string>;

struct Command {
  const char* name;  // "prove", or "book make" for the book's commands
  const char* synopsis;
  const char* summary;
  const char* options;            // its --help, after the synopsis
  std::set<std::string> allowed;  // the options it takes (besides --help)
  int (*run)(const Args& rest);   // the command, given the arguments after its name
};

const std::set<std::string> kSolveOptions{"--moves",       "--time",     "--nodes",   "--hash",
                                          "--threads",     "--parallel", "--split",   "--pieces",
                                          "--split-depth", "--proof",    "--no-table"};
std::set<std::string> with(std::set<std::string> a, const std::set<std::string>& b) {
  a.insert(b.begin(), b.end());
  return a;
}

const char* const kSolveHelp =
    "  POSITION    a position string (default: the empty board)\n"
    "  --moves     moves played from POSITION first, e.g. 1a1,4d4\n"
    "  --time      give up after this long: 90s, 2min, 500ms (a bare number is seconds;\n"
    "              default 10min unless --nodes is given; 0: no limit)\n"
    "  --nodes     give up after this many nodes (default: no limit)\n"
    "  --hash      size of the proof table in MB (default 64; memory is taken as the search\n"
    "              fills it)\n"
    "  --threads   threads of the solve (default 1; one thread finds the same proof every run)\n"
    "  --parallel  how the threads share it: 'evaluation' (default: one search whose threat\n"
    "              searches are shared out) or 'table' (a search per thread over one table:\n"
    "              faster on most runs, but some take far longer)\n"
    "  --split     prove X's win in pieces: a piece not settled within M million positions is\n"
    "              split into O's replies to X's most promising move; --threads pieces at once,\n"
    "              --hash MB each; the pieces' proofs are joined and checked\n"
    "  --split-depth with --split: how many plies below the position pieces may be split\n"
    "              (default 8)\n"
    "  --pieces    with --split: keep each piece settled in DIR, and take them from there on\n"
    "              a rerun\n"
    "  --proof     when a side wins, write the proof to FILE (docs/proof-format.md)\n"
    "  --no-table  solve even a position the opening table holds (docs/table.md); without\n"
    "              it such a position is answered from the table at once, unless --proof\n"
    "              or a book is asked for\n";

const char* const kShrinkHelp =
    "  X's moves re-chosen so that the strategy needs fewer strategic positions, each choice\n"
    "  checked by the rules; then as book make, with its options\n"
    "  --shrink-from shrink the strategy of BOOK from the position (followed and checked by\n"
    "              the rules) instead of the proof's, e.g. a book shrunk before\n"
    "  --reprove   also prove other moves afresh where X's move needs at least N strategic\n"
    "              positions below it, and keep the smallest (slow)\n"
    "  --reprove-moves with --reprove: how many other moves each such position tries (default 6)\n"
    "  --parts     then shrink X's strategy below each of O's replies D X moves deep on its\n"
    "              own (--threads parts at once) and join the parts, while that saves\n"
    "  --parts-only with --parts: leave the whole as it is and shrink only its parts\n"
    "  --anneal    anneal X's strategy as a whole (M million changes tried a round), in rounds\n"
    "              while it saves; the moves are gathered on --threads threads\n"
    "  --anneal-depth with --anneal: new positions may be up to D strategic moves from a win\n"
    "              by threes (default 2)\n"
    "  --anneal-proof with --anneal and --shrink-from: annealing may take parts of the\n"
    "              proof's own strategy too\n";

const char* const kLineHelp =
    "  --add-line  keep the strategy of BOOK after the opening MOVES (default BOOK: FILE as it\n"
    "              is now), followed move by move and checked by the rules; its moves come\n"
    "              before the proof's; may be repeated, each with its own --add-from\n"
    "  and the options of prove (qubic-solve prove --help)\n";

std::vector<Command> commands() {
  const std::set<std::string> lines{"--add-line", "--add-from"};
  const std::set<std::string> shrink{"--shrink-from",  "--reprove",     "--reprove-moves",
                                     "--parts",        "--parts-only",  "--anneal",
                                     "--anneal-depth", "--anneal-proof"};
  return {
      {"prove",
       "[POSITION] [--moves M1,M2,...] [--time T] [--nodes N] [--hash MB] [--threads N]\n"
       "       [--parallel evaluation|table] [--split M [--pieces DIR] [--split-depth P]]\n"
       "       [--proof FILE] [--no-table]",
       "who wins, the best move and the distance; the proof to a file", kSolveHelp, kSolveOptions,
       qubic::proveCommand},
      {"verify",
       "FILE",
       "check a proof with the rules alone",
       "  prints 'verified: yes', or 'verified: no' and the first faulty node\n",
       {},
       qubic::verifyCommand},
      {"explain",
       "[POSITION] [--moves M1,M2,...] [--time T]",
       "how the side to move wins",
       "  a forcing win by threes move by move, or the first quiet move of a proven win and\n"
       "  what it threatens\n"
       "  --time      budget (default 10 s)\n",
       {"--moves", "--time"},
       qubic::explainCommand},
      {"review",
       "RECORD|MOVES [--game N] [--time T] [--hash MB] [--threads N]",
       "judge every move of a game with proofs",
       "  the value before and after each move, and a verdict (kept the win, threw it away,\n"
       "  walked into a forced loss, perhaps a longer defence, ...)\n"
       "  RECORD      a game record file, or a file of many games (qubic-match's records)\n"
       "  MOVES       or a move list, e.g. \"1a1 2a1 1b1\"\n"
       "  --game      only game N of the file (1 is the first)\n"
       "  --time      budget per position (default 5 s); in a game won, the loser's\n"
       "              last position not proven lost gets up to 4 budgets more\n"
       "  --hash      the proof table's size in MB (default 64)\n"
       "  --threads   threads of the proof searches (default 1)\n",
       {"--game", "--time", "--hash", "--threads"},
       qubic::reviewCommand},
      {"puzzles",
       "N [--seed S] [--from-proof FILE]",
       "N proven puzzles, a line each",
       "  \"X to move wins\", every first move settled (docs/puzzles.md)\n"
       "  --seed      the same seed (default 1) gives the same puzzles\n"
       "  --from-proof half of them cut from that proof's forcing wins\n",
       {"--seed", "--from-proof"},
       qubic::puzzlesCommand},
      {"book make", "FILE [prove's options] [--add-line MOVES [--add-from BOOK]]...",
       "prove, check the proof, write X's strategy as the book", kLineHelp,
       with(kSolveOptions, lines),
       [](const Args& rest) { return qubic::bookMakeCommand(rest, false); }},
      {"book shrink",
       "FILE [prove's options] [--shrink-from BOOK] [--reprove N [--reprove-moves K]]\n"
       "       [--parts D [--parts-only]] [--anneal M [--anneal-depth D] [--anneal-proof]]\n"
       "       [--add-line MOVES [--add-from BOOK]]...",
       "book make with a smaller strategy (research)", kShrinkHelp,
       with(with(kSolveOptions, lines), shrink),
       [](const Args& rest) { return qubic::bookMakeCommand(rest, true); }},
      {"book info",
       "[FILE]",
       "what a book holds",
       "  its strategic positions, its longest win and its size (default: the shipped book)\n",
       {},
       qubic::bookInfoCommand},
      {"book check",
       "[FILE]",
       "is every first move won by the book?",
       "  follows the book's strategy from each of X's first moves against every defence, the\n"
       "  rules as referee (exit 0 when every first move is won)\n",
       {},
       qubic::bookCheckCommand},
      {"table list",
       "[--stones N] [--first FILE]",
       "the opening table's jobs, a position a line",
       "  the canonical positions of N stones (default 4), those the book's lines reach first\n"
       "  --first     then those of FILE's openings (move lists, a line each, e.g.\n"
       "              data/openings-4ply.txt, the level ladder's), then the rest\n",
       {"--stones", "--first"},
       qubic::tableList},
      {"table job",
       "POSITION --dir DIR [--positions N] [--hash MB]",
       "decide one position of the table into DIR",
       "  X wins, O wins, draw or unknown within N evaluated positions for the side to move's\n"
       "  win and N/10 for the other's (default N 2000000, one thread: the same answer on\n"
       "  every machine); a win's proof is written and checked by the rules; a position\n"
       "  already decided in DIR is not solved again\n",
       {"--dir", "--positions", "--hash"},
       qubic::tableJob},
      {"table join",
       "DIR --out FILE [--keep-shipped]",
       "check every result by the rules and write the table",
       "  each win's proof in DIR is checked again, a damaged result or proof (garbage, a\n"
       "  FIFO, a directory) named and refused (exit 1); values of fewer stones follow by\n"
       "  the rules (docs/table.md); --keep-shipped keeps the shipped table's four-stone\n"
       "  values DIR has not decided (a run whose directory is gone goes on)\n",
       {"--out", "--keep-shipped"},
       qubic::tableJoin},
      {"table status",
       "DIR [--stones N]",
       "how far a table's run is",
       "  jobs done, values, core time, the hardest open position, an estimate for the rest\n",
       {"--stones"},
       qubic::tableStatus},
      {"table info",
       "[FILE]",
       "what a table says",
       "  positions per number of stones, their values, the longest win (default: the shipped\n"
       "  table)\n",
       {},
       qubic::tableInfo},
  };
}

void overview(FILE* out) {
  std::fputs(
      "usage: qubic-solve COMMAND [ARGUMENTS]\n"
      "Proves who wins a Qubic position, checks proofs, reviews games, makes puzzles and\n"
      "the opening book.\n\nCommands:\n",
      out);
  for (const Command& c : commands()) std::fprintf(out, "  %-11s %s\n", c.name, c.summary);
  std::fputs(
      "\n`qubic-solve COMMAND --help` gives a command's options. The old forms (options\n"
      "alone, e.g. `qubic-solve --verify FILE`) still work and name the new one.\n",
      out);
}

void commandHelp(const Command& c) {
  std::printf("usage: qubic-solve %s %s\n%s\n%s", c.name, c.synopsis, c.summary, c.options);
}

// The old forms, as one table: the option that chose the mode (first match in this order),
// the command it is now, and whether the option's value is the command's first argument
// (FILE, RECORD, N). An old form without any of them is `prove`.
struct OldMode {
  const char* option;
  const char* command;
  bool takesValue;
};
constexpr OldMode kOldModes[] = {
    {"--verify", "verify", true},        {"--explain", "explain", false},
    {"--review", "review", true},        {"--puzzles", "puzzles", true},
    {"--book-info", "book info", false}, {"--check-book", "book check", false},
    {"--shrink", "book shrink", false},  {"--book", "book make", true},
};

// The new words of an old form: the command's words, its first argument, the rest as given.
// A --shrink goes with --book: both leave, and --book's FILE leads.
Args newWordsOf(Args old) {
  const OldMode* mode = nullptr;
  for (const OldMode& m : kOldModes)
    if (!mode && std::find(old.begin(), old.end(), m.option) != old.end()) mode = &m;
  Args words;
  std::istringstream command(mode ? mode->command : "prove");
  for (std::string w; command >> w;) words.push_back(w);
  if (mode && std::string(mode->option) == "--shrink") {
    old.erase(std::find(old.begin(), old.end(), "--shrink"));
    mode = &kOldModes[7];  // --book FILE leads, as for book make
  }
  if (const auto at = mode ? std::find(old.begin(), old.end(), mode->option) : old.end();
      at != old.end()) {
    const bool value = mode->takesValue && at + 1 != old.end();
    if (value) words.push_back(*(at + 1));
    old.erase(at, at + (value ? 2 : 1));
  }
  words.insert(words.end(), old.begin(), old.end());
  return words;
}

// An old form starts with a position or with an option some mode or command takes.
bool isOldForm(const std::string& first) {
  if (first.find('/') != std::string::npos) return true;
  for (const OldMode& m : kOldModes)
    if (first == m.option) return true;
  for (const Command& c : commands())
    if (c.allowed.count(first)) return true;
  return false;
}

int usageError(const std::string& message, const std::string& command) {
  std::fprintf(stderr, "qubic-solve: %s\nTry 'qubic-solve %s--help' for more information.\n",
               message.c_str(), command.empty() ? "" : (command + " ").c_str());
  return 2;
}

// Runs the command `words` names with the arguments after its name.
int dispatch(const Args& words) {
  const bool twoWords = words[0] == "book" || words[0] == "table";
  if (words[0] == "book" && (words.size() < 2 || words[1] == "--help"))
    return usageError("book needs a command: make, shrink, info or check", "");
  if (words[0] == "table" && (words.size() < 2 || words[1] == "--help"))
    return usageError("table needs a command: list, job, join, status or info", "");
  const std::string name = twoWords ? words[0] + " " + words[1] : words[0];
  const Args rest(words.begin() + (twoWords ? 2 : 1), words.end());
  for (const Command& c : commands()) {
    if (name != c.name) continue;
    for (const std::string& a : rest)
      if (a == "--help" || a == "-h") {
        commandHelp(c);
        return 0;
      }
    for (const std::string& a : rest)
      if (a.rfind("--", 0) == 0 && !c.allowed.count(a))
        return usageError(name + " takes no " + a, name);
    try {
      return c.run(rest);
    } catch (const qubic::UsageError& e) {
      return usageError(e.what(), name);
    }
  }
  return usageError("unknown command '" + name + "'", "");
}

}  // namespace

int main(int argc, char** argv) {
  const Args args(argv + 1, argv + argc);
  if (args.empty() || args[0] == "--help" || args[0] == "-h") {
    overview(stdout);
    std::fputs(qubic::shippedDataReport().c_str(), stdout);
    return 0;
  }
  if (args[0] == "--version") {
    std::fputs(qubic::versionText("qubic-solve").c_str(), stdout);
    return 0;
  }
  const bool old = isOldForm(args[0]);
  if (args[0].rfind("--", 0) == 0 && !old)
    return usageError("unknown option '" + args[0] + "'", "");
  const Args words = old ? newWordsOf(args) : args;
  if (old) {
    std::string form;
    for (const std::string& w : words) form += (form.empty() ? "" : " ") + w;
    std::fprintf(stderr, "qubic-solve: note: the old form; it is now `qubic-solve %s`\n",
                 form.c_str());
  }
  return dispatch(words);
}
