#include "notation.hpp"

#include <cassert>
#include <utility>
#include <vector>

#include "enum_text.hpp"

namespace qubic {

namespace {

// Own character tests: <cctype> is locale-dependent and undefined for negative chars.
constexpr bool isSpace(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f';
}
constexpr bool isDigit(char c) { return c >= '0' && c <= '9'; }
constexpr bool isLetter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }
constexpr char toLower(char c) {
  return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c;
}
constexpr bool isMoveSeparator(char c) { return isSpace(c) || c == ','; }

std::string_view trim(std::string_view s) {
  while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
  while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
  return s;
}

// Echoes user input inside a message: unprintable bytes as \xNN, long input shortened,
// so a message stays one readable line whatever was typed.
std::string printable(std::string_view s) {
  constexpr std::size_t kMaxShown = 40;
  std::string out;
  for (std::size_t i = 0; i < s.size() && i < kMaxShown; ++i) {
    const auto byte = static_cast<unsigned char>(s[i]);
    if (byte >= 0x20 && byte < 0x7f) {
      out += s[i];
    } else {
      constexpr char kHex[] = "0123456789abcdef";
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  if (s.size() > kMaxShown) out += "...";
  return out;
}

std::string quoted(std::string_view s) { return '"' + printable(s) + '"'; }
std::string quotedChar(char c) { return '\'' + printable(std::string_view(&c, 1)) + '\''; }

// Reads one token that has no surrounding whitespace. A failure holds only the reason,
// so parseMove and playMoves can each say which input it concerns.
Parsed<int> readCell(std::string_view t) {
  bool allDigits = !t.empty();
  for (char c : t) allDigits = allDigits && isDigit(c);
  if (allDigits) {
    // One spelling per index: "07" or "064" is more likely a typo than a deliberate index.
    if (t.size() > 1 && t[0] == '0')
      return Parsed<int>::failure("an index is written without leading zeros");
    if (t.size() > 2) return Parsed<int>::failure("an index must be 0-63");
    const int value = t.size() == 1 ? t[0] - '0' : 10 * (t[0] - '0') + (t[1] - '0');
    if (value >= kCells) return Parsed<int>::failure("an index must be 0-63");
    return Parsed<int>::success(value);
  }
  if (t.size() == 3 && isDigit(t[0]) && isLetter(t[1]) && isDigit(t[2])) {
    const int level = t[0] - '1', file = toLower(t[1]) - 'a', rank = t[2] - '1';
    if (level < 0 || level >= kSize)
      return Parsed<int>::failure("level " + std::string(1, t[0]) + " is not 1-4");
    if (file < 0 || file >= kSize)
      return Parsed<int>::failure("file " + quotedChar(t[1]) + " is not a-d");
    if (rank < 0 || rank >= kSize)
      return Parsed<int>::failure("rank " + std::string(1, t[2]) + " is not 1-4");
    return Parsed<int>::success(cellAt(file, rank, level));
  }
  return Parsed<int>::failure("expected <level><file><rank> such as 2c3, or an index 0-63");
}

std::vector<int> completedLines(Bitboard stones) {
  std::vector<int> lines;
  for (int l = 0; l < kLines; ++l)
    if ((stones & lineMask(l)) == lineMask(l)) lines.push_back(l);
  return lines;
}

std::string lineList(const std::vector<int>& lines) {
  std::string out;
  for (int l : lines) out += (out.empty() ? "" : ", ") + lineName(l);
  return out;
}

std::string resultText(const Position& p) {
  constexpr EnumText<Status> kWords[] = {{Status::Ongoing, "the game is not over"},
                                         {Status::XWins, "X has won"},
                                         {Status::OWins, "O has won"},
                                         {Status::Draw, "the board is full"}};
  static_assert(namesEvery(kWords, Status::Draw));
  return std::string(textOf(kWords, p.status()));
}

// The reachability rules of docs/notation.md, applied to stone sets that are already
// well formed. Together they are exactly the conditions for a legal game to reach them.
std::string reachabilityError(Bitboard x, Bitboard o, Side toMove) {
  const int nx = popcount(x), no = popcount(o);
  auto stones = [](int n) { return std::to_string(n) + (n == 1 ? " stone" : " stones"); };
  const std::string counts = "X has " + stones(nx) + " and O has " + stones(no);
  if (nx != no && nx != no + 1) return counts + "; X must have as many stones as O or one more";
  const Side expected = nx == no ? Side::X : Side::O;
  if (toMove != expected)
    return "the side to move is " + sideName(toMove) + ", but " + counts + ", so it is " +
           sideName(expected) + "'s turn";

  const std::vector<int> xLines = completedLines(x), oLines = completedLines(o);
  if (!xLines.empty() && !oLines.empty())
    return "both X and O have four in a line (X: " + lineList(xLines) + "; O: " + lineList(oLines) +
           ")";
  if (xLines.empty() && oLines.empty()) return {};

  const Side winner = xLines.empty() ? Side::O : Side::X;
  const std::vector<int>& lines = winner == Side::X ? xLines : oLines;
  const Side lastMover = opponent(expected);
  if (winner != lastMover)
    return sideName(winner) + " has four in a line (" + lineList(lines) + "), but " + counts +
           ", so " + sideName(lastMover) + " moved last";
  Bitboard common = ~Bitboard{0};
  for (int l : lines) common &= lineMask(l);
  if (common == 0)
    return sideName(winner) + "'s completed lines " + lineList(lines) +
           " have no cell in common, so no single last move completed them all";
  return {};
}

}  // namespace

std::string sideName(Side s) { return s == Side::X ? "X" : "O"; }

Parsed<int> parseMove(std::string_view text) {
  const std::string_view t = trim(text);
  if (t.empty())
    return Parsed<int>::failure("empty move: expected a token such as 2c3 or an index 0-63");
  Parsed<int> cell = readCell(t);
  if (!cell) return Parsed<int>::failure("bad move " + quoted(t) + ": " + cell.error());
  return cell;
}

std::string moveToken(int cell) {
  assert(cell >= 0 && cell < kCells);
  std::string token(3, ' ');
  token[0] = static_cast<char>('1' + levelOf(cell));
  token[1] = static_cast<char>('a' + fileOf(cell));
  token[2] = static_cast<char>('1' + rankOf(cell));
  return token;
}

std::string lineName(int line) {
  assert(line >= 0 && line < kLines);
  return moveToken(kLineTables.cells[line][0]) + '-' + moveToken(kLineTables.cells[line][3]);
}

namespace {

// The position string's two fields, its planes and its side to move, split at the one
// space between them; `t` is trimmed and not empty.
Parsed<std::pair<std::string_view, std::string_view>> planesAndSide(std::string_view t) {
  using Result = Parsed<std::pair<std::string_view, std::string_view>>;
  std::vector<std::string_view> fields;  // whitespace-separated
  for (std::size_t i = 0; i < t.size();) {
    if (isSpace(t[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < t.size() && !isSpace(t[end])) ++end;
    fields.push_back(t.substr(i, end - i));
    i = end;
  }
  if (fields.size() == 1)
    return Result::failure(
        "missing the side to move: expected a space and then x or o after the four planes");
  if (fields.size() > 2) {
    const bool sideLooksRight =
        fields[1].size() == 1 && (toLower(fields[1][0]) == 'x' || toLower(fields[1][0]) == 'o');
    if (sideLooksRight)
      return Result::failure(
          "unexpected text after the side to move: " +
          quoted(t.substr(static_cast<std::size_t>(fields[2].data() - t.data()))));
    return Result::failure(
        "expected two fields separated by one space (the four planes and the side to move), "
        "found " +
        std::to_string(fields.size()));
  }
  const std::string_view board = fields[0], side = fields[1];
  // t is trimmed, so the planes start at t[0] and the separator ends where the side field starts.
  const auto sideStart = static_cast<std::size_t>(side.data() - t.data());
  if (sideStart != board.size() + 1 || t[board.size()] != ' ')
    return Result::failure("expected exactly one space between the planes and the side to move");
  return Result::success({board, side});
}

// X's and O's stones in the four planes of `board`, level 1 first, joined by '/'.
Parsed<std::pair<Bitboard, Bitboard>> readPlanes(std::string_view board) {
  using Result = Parsed<std::pair<Bitboard, Bitboard>>;
  std::vector<std::string_view> planes;
  for (std::size_t start = 0;;) {
    const std::size_t slash = board.find('/', start);
    planes.push_back(board.substr(
        start, slash == std::string_view::npos ? std::string_view::npos : slash - start));
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (planes.size() != kSize)
    return Result::failure("expected 4 planes separated by '/', found " +
                           std::to_string(planes.size()));
  for (int level = 0; level < kSize; ++level)
    if (planes[level].size() != 16)
      return Result::failure("plane " + std::to_string(level + 1) + " has " +
                             std::to_string(planes[level].size()) + " characters, expected 16");
  Bitboard x = 0, o = 0;
  for (int level = 0; level < kSize; ++level)
    for (int i = 0; i < 16; ++i) {
      const char c = toLower(planes[level][i]);
      const int cell = 16 * level + i;
      if (c == 'x')
        x |= bit(cell);
      else if (c == 'o')
        o |= bit(cell);
      else if (c != '.')
        return Result::failure("plane " + std::to_string(level + 1) + ", character " +
                               std::to_string(i + 1) + " (cell " + moveToken(cell) +
                               "): " + quotedChar(planes[level][i]) + " is not x, o or '.'");
    }
  return Result::success({x, o});
}

}  // namespace

Parsed<Position> parsePosition(std::string_view text) {
  using Result = Parsed<Position>;
  const std::string_view t = trim(text);
  if (t.empty())
    return Result::failure(
        "empty position string: expected four planes joined by '/', a space, then x or o");
  const auto fields = planesAndSide(t);
  if (!fields) return Result::failure(fields.error());
  const auto [board, sideField] = fields.value();
  const auto stones = readPlanes(board);
  if (!stones) return Result::failure(stones.error());
  const auto [x, o] = stones.value();
  const char side = sideField.size() == 1 ? toLower(sideField[0]) : '\0';
  if (side != 'x' && side != 'o')
    return Result::failure("the side to move is " + quoted(sideField) + ", expected x or o");
  if (std::string error = reachabilityError(x, o, side == 'x' ? Side::X : Side::O); !error.empty())
    return Result::failure(std::move(error));
  return Result::success(Position::fromStones(x, o));
}

std::string positionString(const Position& p) {
  std::string s;
  for (int cell = 0; cell < kCells; ++cell) {
    if (cell > 0 && cell % 16 == 0) s += '/';
    s += (p.stones(Side::X) & bit(cell)) ? 'x' : (p.stones(Side::O) & bit(cell)) ? 'o' : '.';
  }
  s += p.sideToMove() == Side::X ? " x" : " o";
  return s;
}

Parsed<std::vector<int>> readMoves(const Position& start, std::string_view moves) {
  std::vector<int> cells;
  Position p = start;
  int number = 0;
  int commas = 0;  // in the separators since the last move
  for (std::size_t i = 0; i < moves.size();) {
    if (isMoveSeparator(moves[i])) {
      commas += moves[i] == ',';
      ++i;
      continue;
    }
    // A move after ",," or after a leading comma: an item between commas is missing.
    if (commas >= 2 || (number == 0 && commas == 1))
      return Parsed<std::vector<int>>::failure("move " + std::to_string(number + 1) +
                                               ": an empty item between commas");
    commas = 0;
    std::size_t end = i;
    while (end < moves.size() && !isMoveSeparator(moves[end])) ++end;
    const std::string_view token = moves.substr(i, end - i);
    i = end;
    ++number;

    const std::string where = "move " + std::to_string(number) + " (" + printable(token) + "): ";
    const Parsed<int> cell = readCell(token);
    if (!cell) return Parsed<std::vector<int>>::failure(where + cell.error());
    if (p.isGameOver())
      return Parsed<std::vector<int>>::failure(where + "the game is already over (" +
                                               resultText(p) + ")");
    if (!p.isEmpty(cell.value()))
      return Parsed<std::vector<int>>::failure(where + "cell " + moveToken(cell.value()) +
                                               " is already occupied");
    p.play(cell.value());
    cells.push_back(cell.value());
  }
  return Parsed<std::vector<int>>::success(std::move(cells));
}

Parsed<Position> playMoves(const Position& start, std::string_view moves) {
  const Parsed<std::vector<int>> cells = readMoves(start, moves);
  if (!cells) return Parsed<Position>::failure(cells.error());
  Position p = start;
  for (const int cell : cells.value()) p.play(cell);
  return Parsed<Position>::success(p);
}

std::string boardDiagram(const Position& p) {
  // Each level is a 9-character block ("4 . . . .") and blocks are 2 spaces apart.
  const Bitboard winning = p.winningCells();
  std::string out;
  for (int level = 0; level < kSize; ++level)
    out += (level ? "    level " : "  level ") + std::to_string(level + 1);
  out += '\n';
  for (int rank = kSize - 1; rank >= 0; --rank) {
    for (int level = 0; level < kSize; ++level) {
      out += level ? "  " : "";
      out += static_cast<char>('1' + rank);
      for (int file = 0; file < kSize; ++file) {
        const int cell = cellAt(file, rank, level);
        const bool capital = (winning & bit(cell)) != 0;
        out += ' ';
        out += (p.stones(Side::X) & bit(cell))   ? (capital ? 'X' : 'x')
               : (p.stones(Side::O) & bit(cell)) ? (capital ? 'O' : 'o')
                                                 : '.';
      }
    }
    out += '\n';
  }
  for (int level = 0; level < kSize; ++level) out += level ? "    a b c d" : "  a b c d";
  out += '\n';
  out += "position " + positionString(p) + '\n';
  switch (p.status()) {
    case Status::Ongoing:
      out += sideName(p.sideToMove()) + " to move, " + std::to_string(p.moveCount()) +
             " stones on the board";
      break;
    case Status::XWins:
    case Status::OWins: {
      const Side winner = p.status() == Status::XWins ? Side::X : Side::O;
      out += sideName(winner) + " has won: " + lineList(completedLines(p.stones(winner)));
      break;
    }
    case Status::Draw:
      out += "draw: the board is full and no line is complete";
      break;
  }
  out += '\n';
  return out;
}

}  // namespace qubic
