// Making the opening book from a proof: the proof checked by the rules alone, X's
// strategic moves collected from it, optionally shrunk (engine/book/book_shrink), other
// books' strategies kept after given openings, and the whole walked again from every start
// so that only the entries the strategy uses stay, each with its distance as the player
// plays it. qubic-solve --book is this plus the files; `make book` runs it.
#pragma once

#include <functional>
#include <istream>
#include <memory>
#include <string>
#include <vector>

#include "book.hpp"
#include "book_shrink.hpp"
#include "book_walk.hpp"
#include "engine/core/position.hpp"

namespace qubic {

// Another book's strategy kept after an opening (qubic-solve --add-line): walked and
// checked from `start`, its moves come before the proof's where both have one.
struct KeptLine {
  std::string moves, from;  // the opening and the book's name, for the report
  Position start;           // the position after `moves`
  std::shared_ptr<const Book> book;
};

struct BookMaking {
  std::vector<KeptLine> lines;
  // The strategy shrunk instead of the proof's (qubic-solve --shrink-from): that book's,
  // walked and checked from the proof's position; the proof's own is then what annealing
  // may draw on (ShrinkOptions::anneal.pool, set here when `annealWithProof`).
  std::shared_ptr<const Book> shrinkFrom;
  std::string shrinkFromName;
  bool shrink = false;
  ShrinkOptions shrinkOptions;
  bool annealWithProof = false;
  // Lines for people, in order: what each step found (the tool prints them).
  std::function<void(const std::string&)> report;
};

struct MadeBook {
  Book book;          // finished, ready to serialize
  std::string error;  // why no book was made (the proof does not verify, a line fails, ...)
};

MadeBook makeBook(std::istream& proof, const BookMaking& making);

// "N book positions (F forced blocks), R O replies: I into the book, T lose to checked
// threes": a walk as the reports and qubic-solve describe it.
std::string describeWalk(const BookWalk& walk);

}  // namespace qubic
