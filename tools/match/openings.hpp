// Openings: the positions games start from. A file holds one per line, either a
// position string or a list of moves from the empty board; without a file a built-in
// set of two-move starts is used.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"

namespace qubic::match {

struct Opening {
  std::string text;        // as written in the file, e.g. "1a1 2b2" (the record's Opening tag)
  Position start;          // the empty board, or the position a position string gives
  std::vector<int> moves;  // played from `start`; empty for a position string

  Position position() const;  // where the engines take over
};

// The openings of a tournament, kept as their text (a few bytes each, not a Position
// each: a 16 MB file of "0" lines is 8 million openings) and read again when a game
// needs one; every line was checked once when the text was read.
class Openings {
 public:
  std::size_t size() const { return lines_.size(); }
  Opening operator[](std::size_t i) const;

 private:
  friend Parsed<Openings> parseOpenings(std::string_view text, std::string_view source);
  std::string text_;
  std::vector<std::uint32_t> lines_;  // where each opening's line starts in text_
};

// Reads openings text; blank lines and lines starting with '#' are skipped. Errors name
// the line, "openings.txt:3: move 2 (1a1): cell 1a1 is already occupied"; an opening in
// which the game is already over is refused, and so is a text without any opening.
Parsed<Openings> parseOpenings(std::string_view text, std::string_view source);
Parsed<Openings> loadOpeningsFile(const std::string& path);

// One X move anywhere and one O reply on a seven-line cell (a corner or a centre cell),
// one position per class under the board's 192 symmetries: 12 openings, in a fixed
// order. O's strong reply offsets most of X's first-move advantage (docs/tournaments.md
// gives the measurement); after a weak reply X wins nearly every game, which tells
// nothing about the engines.
Openings builtInOpenings();

}  // namespace qubic::match
