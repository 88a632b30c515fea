#include "solve_book.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <vector>

#include "config/book_file.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/book.hpp"
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

std::string describe(const BookWalk& w) {
  return std::to_string(w.reached.size()) + " book positions (" + std::to_string(w.forcedBlocks) +
         " forced blocks), " + std::to_string(w.replies) +
         " O replies: " + std::to_string(w.intoBook) + " into the book, " +
         std::to_string(w.byThrees) + " lose to checked threes";
}

// The strategy of each line's book after its moves, walked and checked,
// then the proof's (`book`) where those do not reach; walked again from the proof's
// position and from each line's, so that only entries the joined strategy uses are kept,
// each with its distance as the player will play it. A book made again from itself is
// the same: each line is followed exactly as it was.
Parsed<Book> withLines(const Book& book, const Position& proofRoot, const BookOptions& keep) {
  Book joined;
  std::vector<Position> starts{proofRoot};
  for (const BookLine& l : keep.lines) {
    const Parsed<std::shared_ptr<const Book>> source = loadBookFile(l.from);
    if (!source) return Parsed<Book>::failure("--add-line: " + source.error());
    const Parsed<Position> start = playMoves(Position{}, l.moves);
    if (!start) return Parsed<Book>::failure("--add-line: " + start.error());
    const BookWalk line = walkBook(*source.value(), start.value());
    if (!line.fault.empty())
      return Parsed<Book>::failure("--add-line: the strategy of " + l.from + " after " + l.moves +
                                   " does not hold at " + line.fault);
    std::printf("the line %s of %s: %s\n", l.moves.c_str(), l.from.c_str(), describe(line).c_str());
    line.reached.forEachEntry(
        [&](const Position& pos, int move, int plies) { joined.add(pos, move, plies); });
    starts.push_back(start.value());
  }
  book.forEachEntry(
      [&](const Position& pos, int move, int plies) { joined.add(pos, move, plies); });
  joined.finish();
  BookWalk walk = walkBook(joined, starts, true);
  if (!walk.fault.empty())
    return Parsed<Book>::failure("--add-line: the joined strategy does not hold at " + walk.fault);
  std::printf("joined with the proof's: %s\n", describe(walk).c_str());
  return Parsed<Book>::success(std::move(walk.reached));
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

std::string writeBook(std::istream& proof, const std::string& path, const BookOptions& keep) {
  const auto began = std::chrono::steady_clock::now();
  Book book;
  const VerifyResult v = verifyProof(proof, [&](const Position& pos, int move, int plies) {
    if (pos.sideToMove() == Side::X) book.add(pos, move, plies);
  });
  if (!v.verified) return "the proof does not verify, no book written: " + v.error;
  book.finish();
  Book proofStrategy;  // with --shrink-from: the proof's own, which annealing may draw on
  if (!keep.shrinkFrom.empty()) {
    const Parsed<std::shared_ptr<const Book>> source = loadBookFile(keep.shrinkFrom);
    if (!source) return "--shrink-from: " + source.error();
    BookWalk walk = walkBook(*source.value(), v.root);
    if (!walk.fault.empty())
      return "--shrink-from: the strategy of " + keep.shrinkFrom + " does not hold at " +
             walk.fault;
    std::printf("the strategy of %s: %s\n", keep.shrinkFrom.c_str(), describe(walk).c_str());
    proofStrategy = std::move(book);
    book = std::move(walk.reached);
  }
  if (keep.shrink) {
    ShrinkOptions options;
    options.reproveFrom = keep.reproveFrom;
    if (keep.reproveMoves > 0) options.reproveMoves = keep.reproveMoves;
    options.partsDepth = keep.partsDepth;
    options.shrinkWhole = !keep.partsOnly;
    options.anneal.iterations = keep.annealMillions * 1'000'000;
    if (keep.annealWithProof) options.anneal.pool = &proofStrategy;
    if (keep.annealDepth) options.anneal.newDepth = keep.annealDepth;
    double annealShownAt = -10;
    options.anneal.onProgress = [&](std::size_t done, std::size_t positions, std::size_t reached) {
      if (done < positions && secondsSince(began) < annealShownAt + 10) return;
      annealShownAt = secondsSince(began);
      if (done < positions)
        std::fprintf(stderr, "anneal: moves of %zu of %zu positions gathered (%.0f s)\n", done,
                     positions, secondsSince(began));
      else
        std::fprintf(stderr, "anneal: %zu positions known, %zu reached (%.0f s)\n", positions,
                     reached, secondsSince(began));
    };
    options.threads = keep.threads;
    options.stop = keep.stop;
    std::size_t shown = 0;  // a line for the first position, each change, and every 10 s
    double shownAt = -10;
    options.onReprove = [&](std::size_t reproved, std::size_t replaced, std::size_t positions) {
      if (reproved > 1 && replaced == shown && secondsSince(began) < shownAt + 10) return;
      shown = replaced;
      shownAt = secondsSince(began);
      std::fprintf(
          stderr,
          "reprove: %zu positions proved again, %zu replaced, %zu in the strategy (%.0f s)\n",
          reproved, replaced, positions, secondsSince(began));
    };
    options.onPart = [&](std::size_t done, std::size_t parts, std::size_t before,
                         std::size_t after) {
      std::fprintf(stderr, "parts: %zu of %zu done, %zu -> %zu strategic positions (%.0f s)\n",
                   done, parts, before, after, secondsSince(began));
    };
    ShrunkBook shrunk = shrinkBook(book, v.root, options);
    if (!shrunk.fault.empty())
      return "--shrink: the proof's strategy does not hold at " + shrunk.fault;
    std::printf("shrink: %zu strategic positions", shrunk.before);
    for (const ShrinkPass& p : shrunk.passes)
      std::printf(" -> %zu (%zu %s, %.1f s)", p.positions, p.replaced,
                  p.step == ShrinkStep::Parts     ? "parts shrunk alone"
                  : p.step == ShrinkStep::Reprove ? "moves proved again"
                  : p.step == ShrinkStep::Anneal  ? "moves changed by annealing"
                                                  : "moves changed",
                  p.seconds);
    std::printf("%s\n", shrunk.stopped ? " (interrupted: kept what was checked so far)" : "");
    book = std::move(shrunk.book);
  }
  if (!keep.lines.empty()) {
    Parsed<Book> joined = withLines(book, v.root, keep);
    if (!joined) return joined.error();
    book = joined.value();
  }
  const std::vector<std::uint8_t> bytes = book.serialize();
  if (const std::string error = writeOutputFile(
          path, std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()),
          kBookFile);
      !error.empty())
    return error;
  std::printf("book: %s, %zu entries, %zu bytes, %.3f s\n", path.c_str(), book.size(), bytes.size(),
              secondsSince(began));
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
                walk.fault.empty() ? "X wins by the book" : "not covered", describe(walk).c_str(),
                secondsSince(began));
    if (!walk.fault.empty()) std::printf("  stops at %s\n", walk.fault.c_str());
  }
  if (const auto opening = book.find(Position{}))
    std::printf("from the empty board the book plays %s\n", moveToken(opening->move).c_str());
  std::printf("covers every first move: %s\n", all ? "yes" : "no");
  return all ? 0 : 1;
}

}  // namespace qubic
