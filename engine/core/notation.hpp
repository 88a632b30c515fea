// Text forms of cells, lines and positions: parse (value or precise error) and print.
// The formats and the validity rules are specified in docs/notation.md.
// Nothing here is on the search path, so allocating strings is fine.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parsed.hpp"
#include "position.hpp"

namespace qubic {

// A cell as `<level><file><rank>` (e.g. "2c3" = 26) or a bare index "0".."63".
// Case-insensitive; leading and trailing whitespace is ignored.
Parsed<int> parseMove(std::string_view text);

// The lowercase token of a cell, e.g. moveToken(26) == "2c3". Precondition: 0 <= cell < 64.
std::string moveToken(int cell);

// "X" or "O".
std::string sideName(Side s);

// A line as its two end cells, e.g. lineName(0) == "1a1-1d1". Precondition: 0 <= line < 76.
std::string lineName(int line);

// A position string: four planes of 16 characters (x, o, .), level 1 first, joined by '/',
// one space, then the side to move. Accepts upper case and surrounding whitespace, and
// accepts only positions that can arise in a legal game (the rules are in docs/notation.md).
Parsed<Position> parsePosition(std::string_view text);

// The canonical (lowercase) position string; parsePosition(positionString(p)) gives p back.
std::string positionString(const Position& p);

// Plays move tokens separated by commas and/or whitespace from `start`, checking each move.
// Errors name the 1-based move number and the token:
//   "move 3 (1a1): cell 1a1 is already occupied".
// An empty list gives `start` back.
Parsed<Position> playMoves(const Position& start, std::string_view moves);
// The same check, giving the cells of the moves.
Parsed<std::vector<int>> readMoves(const Position& start, std::string_view moves);

// A multi-line drawing of the four levels side by side (rank 4 at the top), stones of
// completed lines in capitals, then the position string and the turn or result.
std::string boardDiagram(const Position& p);

}  // namespace qubic
