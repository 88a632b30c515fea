#include "openings.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "config/read_file.hpp"
#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic::match {

namespace {

std::string_view trimmed(std::string_view s) {
  const std::size_t begin = s.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos) return {};
  return s.substr(begin, s.find_last_not_of(" \t\r") - begin + 1);
}

// The cells of a move list that playMoves has already accepted.
std::vector<int> cellsOf(std::string_view moves) {
  std::vector<int> cells;
  std::string words(moves);
  for (char& c : words)
    if (c == ',') c = ' ';
  std::istringstream in(words);
  std::string token;
  while (in >> token) cells.push_back(parseMove(token).value());
  return cells;
}

Parsed<Opening> parseOpening(std::string_view line) {
  Opening opening;
  opening.text = std::string(line);
  if (line.find('/') != std::string_view::npos) {
    const Parsed<Position> start = parsePosition(line);
    if (!start) return Parsed<Opening>::failure(start.error());
    opening.start = start.value();
  } else {
    const Parsed<Position> end = playMoves(Position{}, line);
    if (!end) return Parsed<Opening>::failure(end.error());
    opening.moves = cellsOf(line);
  }
  if (opening.position().isGameOver())
    return Parsed<Opening>::failure("the game is already over in this opening");
  return Parsed<Opening>::success(std::move(opening));
}

}  // namespace

Position Opening::position() const {
  Position p = start;
  for (int cell : moves) p.play(cell);
  return p;
}

namespace {

std::string_view lineAt(std::string_view text, std::size_t begin) {
  std::size_t end = text.find('\n', begin);
  if (end == std::string_view::npos) end = text.size();
  return trimmed(text.substr(begin, end - begin));
}

}  // namespace

Opening Openings::operator[](std::size_t i) const {
  return parseOpening(lineAt(text_, lines_[i])).value();  // checked when read
}

Parsed<Openings> parseOpenings(std::string_view text, std::string_view source) {
  using Result = Parsed<Openings>;
  Openings openings;
  openings.text_ = std::string(text);
  int lineNumber = 0;
  for (std::size_t begin = 0; begin < text.size();) {
    const std::size_t end = std::min(text.find('\n', begin), text.size());
    const std::string_view line = lineAt(text, begin);
    const std::size_t start = begin;
    begin = end + 1;
    ++lineNumber;
    if (line.empty() || line.front() == '#') continue;
    if (Parsed<Opening> opening = parseOpening(line); !opening)
      return Result::failure(std::string(source) + ":" + std::to_string(lineNumber) + ": " +
                             opening.error());
    openings.lines_.push_back(static_cast<std::uint32_t>(start));
  }
  if (openings.lines_.empty())
    return Result::failure(std::string(source) + ": no openings in the file");
  return Result::success(std::move(openings));
}

Parsed<Openings> loadOpeningsFile(const std::string& path) {
  const Parsed<std::string> text = readRegularFile(path, kMaxOpeningsBytes);
  if (!text)
    return Parsed<Openings>::failure(path + ": cannot read the openings file: " + text.error());
  return parseOpenings(text.value(), path);
}

Openings builtInOpenings() {
  std::string lines;
  for (Bitboard first = nonEquivalentMoves(Position{}); first;) {
    const int x = popLowest(first);
    Position afterX;
    afterX.play(x);
    for (Bitboard replies = nonEquivalentMoves(afterX) & kSevenLineCells; replies;)
      lines += moveToken(x) + " " + moveToken(popLowest(replies)) + "\n";
  }
  return parseOpenings(lines, "built-in").value();
}

}  // namespace qubic::match
