// qubic-solve's book: written from a verified proof (--book), optionally carrying another
// book's checked strategy after an opening (--add-line); described (--book-info); and
// followed move by move from every first move with the rules as referee (--check-book).
#pragma once

#include <atomic>
#include <istream>
#include <string>
#include <vector>

namespace qubic {

// --add-line MOVES [--add-from FILE] (may be repeated): the strategy of FILE's book
// (default: the book being written, as it is on disk) after MOVES, walked and checked, is
// kept in the new book; where it meets the proof's, its moves are kept.
struct BookLine {
  std::string moves, from;
};

struct BookOptions {
  std::vector<BookLine> lines;
  // --shrink: the proof's strategy is made smaller first (engine/book/book_shrink); --reprove N:
  // with other moves proved afresh at positions whose subtree holds at least N.
  bool shrink = false;
  std::size_t reproveFrom = 0;
  int reproveMoves = 0;    // --reprove-moves N: other moves proved afresh at each (0: default)
  int partsDepth = 0;      // --parts D: the parts D X moves deep shrunk on their own first
  bool partsOnly = false;  // --parts-only: the whole is left as it is, only its parts shrunk
  std::uint64_t annealMillions = 0;  // --anneal M: annealing, M million changes a round
  bool annealWithProof = false;      // --anneal-proof: the proof's strategy known too
  int annealDepth = 0;               // --anneal-depth D: new positions' depth (0: default)
  // --shrink-from FILE: that book's strategy from the proof's position (walked and
  // checked) is shrunk instead of the proof's: a book shrunk before goes on shrinking.
  std::string shrinkFrom;
  int threads = 1;  // --threads: re-proving tries moves (or parts) on this many threads
  // Ctrl-C: the shrink stops and keeps what it has checked so far.
  const std::atomic<bool>* stop = nullptr;
};

// Writes the book of the proof in `proof` to `path` once the rules-only checker accepts the
// proof. Returns "" or why no book was written.
std::string writeBook(std::istream& proof, const std::string& path, const BookOptions& keep);

// --book-info: strategic positions, longest win, size. Returns the exit status.
int bookInfoMain(const std::string& path);

// --check-book: for each class of X's first move, does the book's strategy win against
// every defence? Exit status 0 when it does for every first move, 1 when not, 2 on errors.
int checkBookMain(const std::string& path);

}  // namespace qubic
