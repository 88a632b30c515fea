#include "book.hpp"

#include "cli.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <memory>
#include <vector>

#include "config/book_file.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/book.hpp"
#include "engine/book/book_making.hpp"
#include "engine/book/book_shrink.hpp"
#include "engine/book/book_walk.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/verify.hpp"

namespace qubic {

namespace {

double secondsSince(std::chrono::steady_clock::time_point began) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
}

// Progress of a long shrink on stderr: annealing every 10 s, re-proving at the first
// position, each change and every 10 s, and each part.
void reportShrinkProgress(ShrinkOptions& options, std::chrono::steady_clock::time_point began) {
  struct Shown {
    double annealAt = -10, reproveAt = -10;
    std::size_t replaced = 0;
  };
  const auto shown = std::make_shared<Shown>();
  options.anneal.onProgress = [=](std::size_t done, std::size_t positions, std::size_t reached) {
    if (done < positions && secondsSince(began) < shown->annealAt + 10) return;
    shown->annealAt = secondsSince(began);
    if (done < positions)
      std::fprintf(stderr, "anneal: moves of %zu of %zu positions gathered (%.0f s)\n", done,
                   positions, secondsSince(began));
    else
      std::fprintf(stderr, "anneal: %zu positions known, %zu reached (%.0f s)\n", positions,
                   reached, secondsSince(began));
  };
  options.onReprove = [=](std::size_t reproved, std::size_t replaced, std::size_t positions) {
    if (reproved > 1 && replaced == shown->replaced && secondsSince(began) < shown->reproveAt + 10)
      return;
    shown->replaced = replaced;
    shown->reproveAt = secondsSince(began);
    std::fprintf(
        stderr, "reprove: %zu positions proved again, %zu replaced, %zu in the strategy (%.0f s)\n",
        reproved, replaced, positions, secondsSince(began));
  };
  options.onPart = [=](std::size_t done, std::size_t parts, std::size_t before, std::size_t after) {
    std::fprintf(stderr, "parts: %zu of %zu done, %zu -> %zu strategic positions (%.0f s)\n", done,
                 parts, before, after, secondsSince(began));
  };
}

// The strategy the book plays from the empty board, counted both ways: as book positions
// (every X move that is not part of a forcing win) and as a dictionary in Patashnik's form,
// whose player blocks O's three by rule (walked that way, so the count is checked).
void printOpeningLine(const Book& book) {
  const auto opening = book.find(Position{});
  if (!opening) return;
  // From the empty board, whose entry counts too (the first line of Patashnik's dictionary).
  const BookWalk asBook = walkBook(book, Position{});
  const BookWalk asDictionary = walkBook(book, Position{}, false, BlockRule::byRule);
  if (!asBook.fault.empty() || !asDictionary.fault.empty()) {
    std::printf("the %s line: does not hold\n", moveToken(opening->move).c_str());
    return;
  }
  std::printf("the %s line: %zu strategic positions, %llu of them forced blocks\n",
              moveToken(opening->move).c_str(), asBook.reached.size(),
              static_cast<unsigned long long>(asBook.forcedBlocks));
  std::printf("  as a dictionary that blocks by rule (Patashnik's form): %zu positions\n",
              asDictionary.reached.size());
}

}  // namespace

// The files of the book's making: the books to keep or shrink from are read here, the
// making itself is engine/book/book_making.
std::string writeBook(std::istream& proof, const std::string& path, const BookOptions& keep) {
  const auto began = std::chrono::steady_clock::now();
  BookMaking making;
  making.report = [](const std::string& line) { std::printf("%s\n", line.c_str()); };
  for (const BookLine& l : keep.lines) {
    const Parsed<std::shared_ptr<const Book>> source = loadBookFile(l.from);
    if (!source) return "--add-line: " + source.error();
    const Parsed<Position> start = playMoves(Position{}, l.moves);
    if (!start) return "--add-line: " + start.error();
    making.lines.push_back({l.moves, l.from, start.value(), source.value()});
  }
  if (!keep.shrinkFrom.empty()) {
    const Parsed<std::shared_ptr<const Book>> source = loadBookFile(keep.shrinkFrom);
    if (!source) return "--shrink-from: " + source.error();
    making.shrinkFrom = source.value();
    making.shrinkFromName = keep.shrinkFrom;
  }
  making.shrink = keep.shrink;
  making.annealWithProof = keep.annealWithProof;
  ShrinkOptions& options = making.shrinkOptions;
  options.reproveFrom = keep.reproveFrom;
  if (keep.reproveMoves > 0) options.reproveMoves = keep.reproveMoves;
  options.partsDepth = keep.partsDepth;
  options.shrinkWhole = !keep.partsOnly;
  options.anneal.iterations = keep.annealMillions * 1'000'000;
  if (keep.annealDepth) options.anneal.newDepth = keep.annealDepth;
  options.threads = keep.threads;
  options.stop = keep.stop;
  reportShrinkProgress(options, began);
  const MadeBook made = makeBook(proof, making);
  if (!made.error.empty()) return made.error;
  const std::vector<std::uint8_t> bytes = made.book.serialize();
  if (const std::string error = writeOutputFile(
          path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
          kBookFile);
      !error.empty())
    return error;
  std::printf("book: %s, %zu entries, %zu bytes, %.3f s\n", path.c_str(), made.book.size(),
              bytes.size(), secondsSince(began));
  return {};
}

// What a book holds: its entries are the strategic X moves of the proofs it was made from
// (positions where X's move is not part of a forcing sequence), once per symmetry class.
int bookInfoMain(const std::string& path) {
  const Parsed<std::shared_ptr<const Book>> loaded = loadBookFile(path);
  if (!loaded) {
    std::fprintf(stderr, "qubic-solve: %s\n", loaded.error().c_str());
    return 2;
  }
  const std::string file = path.empty() ? shippedBookPath() : path;
  const Book& book = *loaded.value();
  int longest = 0;
  book.forEachEntry([&](const Position&, int, int plies) { longest = std::max(longest, plies); });
  const Parsed<std::size_t> bytes = checkRegularFile(file, kMaxBookBytes);
  std::printf("book: %s\n", file.c_str());
  std::printf("strategic positions: %zu\n", book.size());
  std::printf("longest win: %d plies\n", longest);
  std::printf("bytes: %zu\n", bytes ? bytes.value() : std::size_t{0});
  printOpeningLine(book);
  return 0;
}

int checkBookMain(const std::string& path) {
  const Parsed<std::shared_ptr<const Book>> loaded = loadBookFile(path);
  if (!loaded) {
    std::fprintf(stderr, "qubic-solve: %s\n", loaded.error().c_str());
    return 2;
  }
  const Book& book = *loaded.value();
  std::printf("book: %s, %zu strategic positions\n",
              path.empty() ? shippedBookPath().c_str() : path.c_str(), book.size());
  bool all = true;
  for (Bitboard m = nonEquivalentMoves(Position{}); m;) {
    const int first = popLowest(m);
    const auto began = std::chrono::steady_clock::now();
    Position pos;
    pos.play(first);
    const BookWalk walk = walkBook(book, pos);
    all = all && walk.fault.empty();
    std::printf("first move %s: %s (%s; %.1f s)\n", moveToken(first).c_str(),
                walk.fault.empty() ? "X wins by the book" : "not covered",
                describeWalk(walk).c_str(), secondsSince(began));
    if (!walk.fault.empty()) std::printf("  stops at %s\n", walk.fault.c_str());
  }
  if (const auto opening = book.find(Position{}))
    std::printf("from the empty board the book plays %s\n", moveToken(opening->move).c_str());
  std::printf("covers every first move: %s\n", all ? "yes" : "no");
  return all ? 0 : 1;
}

namespace {

CommandLine::Spec bookMakeOptions(bool shrink) {
  CommandLine::Spec spec = proveOptions();
  spec.repeatable = {"--add-line", "--add-from"};
  if (shrink) {
    spec.flags.insert({"--parts-only", "--anneal-proof"});
    spec.valued.insert(
        {"--shrink-from", "--reprove", "--reprove-moves", "--parts", "--anneal", "--anneal-depth"});
  }
  return spec;
}

int bookMake(const CommandLine& line, bool shrink) {
  if (line.positional().empty())
    throw UsageError(std::string("book ") + (shrink ? "shrink" : "make") + ": FILE first");
  SolveRequest r = readSolveRequest(line, 1);
  r.bookPath = line.positional()[0];
  BookOptions& keep = r.keep;
  for (const auto& [option, value] : line.sequence()) {
    if (option == "--add-line") {
      keep.lines.push_back({value, ""});
    } else {
      if (keep.lines.empty() || !keep.lines.back().from.empty())
        throw UsageError("--add-from follows the --add-line it is for");
      keep.lines.back().from = value;
    }
  }
  keep.shrink = shrink;
  keep.shrinkFrom = line.text("--shrink-from");
  keep.reproveFrom =
      static_cast<std::size_t>(line.count("--reprove", 0, 2, 1e9, "a whole number from 2"));
  keep.reproveMoves =
      static_cast<int>(line.count("--reprove-moves", 0, 1, 64, "a whole number from 1 to 64"));
  keep.partsDepth =
      static_cast<int>(line.count("--parts", 0, 1, 30, "a whole number from 1 to 30"));
  keep.partsOnly = line.has("--parts-only");
  keep.annealMillions =
      static_cast<std::uint64_t>(line.count("--anneal", 0, 1, 1e6, "a whole number from 1"));
  keep.annealDepth = static_cast<int>(line.count("--anneal-depth", 0, 1, 4, "1, 2, 3 or 4"));
  keep.annealWithProof = line.has("--anneal-proof");
  return runSolve(r);
}

// book info and book check: an optional FILE and nothing else.
std::string optionalBookFile(const CommandLine& line, const char* command) {
  if (line.positional().size() > 1)
    throw UsageError(std::string(command) +
                     " takes only an optional FILE (the shipped book by default)");
  return line.positional().empty() ? "" : line.positional()[0];
}

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

}  // namespace

const Command kBookMake{"book make",
                        "FILE [prove's options] [--add-line MOVES [--add-from BOOK]]...",
                        "prove, check the proof, write X's strategy as the book",
                        kLineHelp,
                        bookMakeOptions(false),
                        [](const CommandLine& line) { return bookMake(line, false); }};

const Command kBookShrink{
    "book shrink",
    "FILE [prove's options] [--shrink-from BOOK] [--reprove N [--reprove-moves K]]\n"
    "       [--parts D [--parts-only]] [--anneal M [--anneal-depth D] [--anneal-proof]]\n"
    "       [--add-line MOVES [--add-from BOOK]]...",
    "book make with a smaller strategy (research)",
    kShrinkHelp,
    bookMakeOptions(true),
    [](const CommandLine& line) { return bookMake(line, true); }};

const Command kBookInfo{
    "book info",
    "[FILE]",
    "what a book holds",
    "  its strategic positions, its longest win and its size (default: the shipped book)\n",
    {},
    [](const CommandLine& line) { return bookInfoMain(optionalBookFile(line, "book info")); }};

const Command kBookCheck{
    "book check",
    "[FILE]",
    "is every first move won by the book?",
    "  follows the book's strategy from each of X's first moves against every defence, the\n"
    "  rules as referee (exit 0 when every first move is won)\n",
    {},
    [](const CommandLine& line) { return checkBookMain(optionalBookFile(line, "book check")); }};

}  // namespace qubic
