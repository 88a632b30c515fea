// Following the book's strategy from a position and checking it with the rules: X plays
// the book's move, and every reply O has (one per class of equivalent replies) must lead
// to a book position or to a forcing win the rules-only checker accepts. What it reaches
// is a sub-book, so a book can carry another's strategy after an opening, checked.
#pragma once

#include <cstdint>
#include <string>

#include "book.hpp"
#include "position.hpp"

namespace qubic {

struct BookWalk {
  Book reached;  // the entries the strategy uses (finished: ready for find and serialize)
  std::uint64_t replies = 0, intoBook = 0, byThrees = 0;
  std::string fault;  // the first position where the strategy does not hold; empty if none
};

// From `start` (X to move, or O to move after X's move), the book's strategy for X.
// Independent of the solver: the threat search only proposes forcing sequences, which
// engine/verify checks move by move.
BookWalk walkBook(const Book& book, const Position& start);

}  // namespace qubic
