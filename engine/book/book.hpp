// The opening book: for positions of a verified proof where the winner is to move, the
// winning move, stored once per class of equivalent positions (docs/book-format.md).
// The book is built from bytes and written to bytes; reading files is the caller's job.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"

namespace qubic {

struct BookMove {
  int move = -1;
  int pliesToWin = 0;  // along the proof the book was made from (an upper bound)
};

class Book {
 public:
  Book() = default;

  // Adds the winning move of a position (any of its equivalent forms). Call finish()
  // after the last add() and before find() or serialize(); for each class of equivalent
  // positions the first entry added is kept.
  void add(const Position& pos, int move, int pliesToWin);
  void finish();

  // The book's move for `pos`, mapped onto pos itself, or nothing when pos is not in it.
  std::optional<BookMove> find(const Position& pos) const;

  // For the side facing the book's winner: the reply after which the book's win takes
  // longest (the move that makes the winner's task hardest), or nothing when no reply
  // leads into the book.
  std::optional<BookMove> hardestReply(const Position& pos) const;

  // Calls f(position, move, pliesToWin) for every entry, in its stored (canonical) form.
  template <class F>
  void forEachEntry(F&& f) const {
    for (const Entry& e : entries_)
      f(Position::fromStones(e.x, e.o), int{e.move}, int{e.pliesToWin});
  }

  std::size_t size() const { return entries_.size(); }
  bool empty() const { return entries_.empty(); }

  // The file image: header, entries sorted by canonical position, checksum.
  std::vector<std::uint8_t> serialize() const;
  // Rejects anything but an intact file of this version, with the reason.
  static Parsed<Book> parse(std::span<const std::uint8_t> bytes);

 private:
  struct Entry {
    Bitboard x = 0, o = 0;  // the canonical form
    std::uint8_t move = 0;  // in the canonical form's coordinates
    std::uint8_t pliesToWin = 0;
  };
  std::vector<Entry> entries_;
};

}  // namespace qubic
