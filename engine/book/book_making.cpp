#include "book_making.hpp"

#include <cstdio>

#include "engine/core/notation.hpp"
#include "engine/proof/verify.hpp"

namespace qubic {

namespace {

// The kept lines' strategies after their openings, walked and checked, then the proof's
// (`book`) where those do not reach; walked again from the proof's position and from each
// line's start, so that only entries the joined strategy uses are kept, each with its
// distance as the player will play it. A book made again from itself is the same: each
// line is followed exactly as it was.
MadeBook withLines(const Book& book, const Position& proofRoot, const BookMaking& making) {
  MadeBook made;
  Book joined;
  std::vector<Position> starts{proofRoot};
  for (const KeptLine& l : making.lines) {
    const BookWalk line = walkBook(*l.book, l.start);
    if (!line.fault.empty()) {
      made.error = "--add-line: the strategy of " + l.from + " after " + l.moves +
                   " does not hold at " + line.fault;
      return made;
    }
    if (making.report)
      making.report("the line " + l.moves + " of " + l.from + ": " + describeWalk(line));
    line.reached.forEachEntry(
        [&](const Position& pos, int move, int plies) { joined.add(pos, move, plies); });
    starts.push_back(l.start);
  }
  book.forEachEntry(
      [&](const Position& pos, int move, int plies) { joined.add(pos, move, plies); });
  joined.finish();
  BookWalk walk = walkBook(joined, starts, true);
  if (!walk.fault.empty()) {
    made.error = "--add-line: the joined strategy does not hold at " + walk.fault;
    return made;
  }
  if (making.report) making.report("joined with the proof's: " + describeWalk(walk));
  made.book = std::move(walk.reached);
  return made;
}

// The summary line of a shrink: its passes, each with what it changed and took.
std::string describeShrink(const ShrunkBook& shrunk) {
  std::string line = "shrink: " + std::to_string(shrunk.before) + " strategic positions";
  for (const ShrinkPass& p : shrunk.passes) {
    char pass[160];
    std::snprintf(pass, sizeof pass, " -> %zu (%zu %s, %.1f s)", p.positions, p.replaced,
                  p.step == ShrinkStep::Parts     ? "parts shrunk alone"
                  : p.step == ShrinkStep::Reprove ? "moves proved again"
                  : p.step == ShrinkStep::Anneal  ? "moves changed by annealing"
                                                  : "moves changed",
                  p.seconds);
    line += pass;
  }
  return line + (shrunk.stopped ? " (interrupted: kept what was checked so far)" : "");
}

}  // namespace

std::string describeWalk(const BookWalk& w) {
  return std::to_string(w.reached.size()) + " book positions (" + std::to_string(w.forcedBlocks) +
         " forced blocks), " + std::to_string(w.replies) +
         " O replies: " + std::to_string(w.intoBook) + " into the book, " +
         std::to_string(w.byThrees) + " lose to checked threes";
}

MadeBook makeBook(std::istream& proof, const BookMaking& making) {
  MadeBook made;
  Book book;
  const VerifyResult v = verifyProof(proof, [&](const Position& pos, int move, int plies) {
    if (pos.sideToMove() == Side::X) book.add(pos, move, plies);
  });
  if (!v.verified) {
    made.error = "the proof does not verify, no book written: " + v.error;
    return made;
  }
  book.finish();
  Book proofStrategy;  // with shrinkFrom: the proof's own, which annealing may draw on
  if (making.shrinkFrom) {
    BookWalk walk = walkBook(*making.shrinkFrom, v.root);
    if (!walk.fault.empty()) {
      made.error = "--shrink-from: the strategy of " + making.shrinkFromName +
                   " does not hold at " + walk.fault;
      return made;
    }
    if (making.report)
      making.report("the strategy of " + making.shrinkFromName + ": " + describeWalk(walk));
    proofStrategy = std::move(book);
    book = std::move(walk.reached);
  }
  if (making.shrink) {
    ShrinkOptions options = making.shrinkOptions;
    if (making.annealWithProof) options.anneal.pool = &proofStrategy;
    ShrunkBook shrunk = shrinkBook(book, v.root, options);
    if (!shrunk.fault.empty()) {
      made.error = "--shrink: the proof's strategy does not hold at " + shrunk.fault;
      return made;
    }
    if (making.report) making.report(describeShrink(shrunk));
    book = std::move(shrunk.book);
  }
  if (making.lines.empty()) {
    made.book = std::move(book);
    return made;
  }
  return withLines(book, v.root, making);
}

}  // namespace qubic
