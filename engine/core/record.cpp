#include "record.hpp"

#include <algorithm>
#include <cctype>
#include <unordered_set>

#include "enum_text.hpp"
#include "notation.hpp"

namespace qubic {

namespace {

constexpr std::string_view kResultTag = "Result";
constexpr std::string_view kPositionTag = "Position";
constexpr std::size_t kLineWidth = 79;

bool isResultToken(std::string_view word) {
  return word == "1-0" || word == "0-1" || word == "1/2-1/2" || word == "*";
}

GameResult resultFromToken(std::string_view word) {
  if (word == "1-0") return GameResult::XWins;
  if (word == "0-1") return GameResult::OWins;
  if (word == "1/2-1/2") return GameResult::Draw;
  return GameResult::Unfinished;
}

// "12." or "12..." (the number of a move pair); these carry no information on reading.
bool isMoveNumber(std::string_view word) {
  const std::size_t digits = word.find_first_not_of("0123456789");
  if (digits == 0 || digits == std::string_view::npos) return false;
  const std::string_view dots = word.substr(digits);
  return dots == "." || dots == "...";
}

bool isTagName(std::string_view name) {
  return !name.empty() && std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

// Length of the valid UTF-8 sequence at text[i] (1-4), or 0 when it is not one.
std::size_t utf8Length(std::string_view text, std::size_t i) {
  const auto byte = [&](std::size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b = byte(i);
  if (b < 0x80) return 1;
  const std::size_t n = b >= 0xc2 && b <= 0xdf   ? 2
                        : b >= 0xe0 && b <= 0xef ? 3
                        : b >= 0xf0 && b <= 0xf4 ? 4
                                                 : 0;
  if (n == 0 || i + n > text.size()) return 0;
  for (std::size_t k = 1; k < n; ++k)
    if ((byte(i + k) & 0xc0) != 0x80) return 0;
  if ((b == 0xe0 && byte(i + 1) < 0xa0) || (b == 0xed && byte(i + 1) > 0x9f) ||
      (b == 0xf0 && byte(i + 1) < 0x90) || (b == 0xf4 && byte(i + 1) > 0x8f))
    return 0;  // overlong forms, surrogates, beyond U+10FFFF
  return n;
}

// What a record may hold of any text (engines' words end up in tags and comments): valid
// UTF-8 on one line, control characters as spaces, broken bytes as U+FFFD.
std::string printable(std::string_view text) {
  std::string out;
  for (std::size_t i = 0; i < text.size();) {
    const std::size_t n = utf8Length(text, i);
    if (n == 0) {
      out += "\xef\xbf\xbd";
      ++i;
      continue;
    }
    const auto c = static_cast<unsigned char>(text[i]);
    if (n == 1 && (c < 0x20 || c == 0x7f))
      out += ' ';
    else
      out.append(text.substr(i, n));
    i += n;
  }
  return out;
}

std::string quoteTagValue(std::string_view value) {
  std::string out = "\"";
  for (char c : printable(value)) {
    if (c == '"' || c == '\\') out += '\\';
    out += c;
  }
  return out + '"';
}

std::string tidyComment(std::string_view comment) {
  std::string out = printable(comment);
  for (char& c : out)
    if (c == '}') c = ')';
  return out;
}

// Walks the text keeping the line number for error messages.
class Reader {
 public:
  explicit Reader(std::string_view text) : text_(text) {}

  void skipSpace() {
    while (pos_ < text_.size() && std::isspace(static_cast<unsigned char>(text_[pos_]))) advance();
  }
  bool atEnd() const { return pos_ >= text_.size(); }
  char peek() const { return text_[pos_]; }
  int line() const { return line_; }
  void advance() {
    if (text_[pos_] == '\n') ++line_;
    ++pos_;
  }
  // Everything up to (not including) `stop` on the current line; false when the line ends first.
  bool readUntil(char stop, std::string& out, bool allowNewlines) {
    out.clear();
    while (!atEnd() && peek() != stop) {
      if (peek() == '\n' && !allowNewlines) return false;
      out += peek();
      advance();
    }
    if (atEnd()) return false;
    advance();  // the stop character
    return true;
  }
  // A whitespace-delimited word, also ending before '{' or '['.
  std::string_view word() {
    const std::size_t begin = pos_;
    while (!atEnd() && !std::isspace(static_cast<unsigned char>(peek())) && peek() != '{' &&
           peek() != '[')
      advance();
    return text_.substr(begin, pos_ - begin);
  }

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  int line_ = 1;
};

std::string at(int line) { return "line " + std::to_string(line) + ": "; }

// Reads `[Name "value"]` with the reader on the '['.
Parsed<RecordTag> readTag(Reader& in) {
  const int line = in.line();
  const std::string malformed = at(line) + "malformed tag: expected [Name \"value\"]";
  in.advance();  // '['
  in.skipSpace();
  RecordTag tag;
  while (!in.atEnd() && !std::isspace(static_cast<unsigned char>(in.peek())) && in.peek() != '"' &&
         in.peek() != ']') {
    tag.name += in.peek();
    in.advance();
  }
  if (!isTagName(tag.name)) return Parsed<RecordTag>::failure(malformed);
  while (!in.atEnd() && (in.peek() == ' ' || in.peek() == '\t')) in.advance();
  if (in.atEnd() || in.peek() != '"') return Parsed<RecordTag>::failure(malformed);
  in.advance();
  bool closed = false;
  while (!in.atEnd() && in.peek() != '\n') {
    char c = in.peek();
    in.advance();
    if (c == '"') {
      closed = true;
      break;
    }
    if (c == '\\' && !in.atEnd() && in.peek() != '\n') {
      c = in.peek();
      in.advance();
    }
    tag.value += c;
  }
  if (!closed)
    return Parsed<RecordTag>::failure(at(line) + "tag " + tag.name +
                                      ": the value has no closing quote");
  while (!in.atEnd() && (in.peek() == ' ' || in.peek() == '\t')) in.advance();
  if (in.atEnd() || in.peek() != ']') return Parsed<RecordTag>::failure(malformed);
  in.advance();
  return Parsed<RecordTag>::success(std::move(tag));
}

// The typed tags (Result, Position) leave the free list and go into their fields.
std::string takeTypedTag(GameRecord& record, const RecordTag& tag, int line, bool& sawResult) {
  if (tag.name == kResultTag) {
    if (!isResultToken(tag.value))
      return at(line) + "unknown result \"" + tag.value + "\" (expected 1-0, 0-1, 1/2-1/2 or *)";
    record.result = resultFromToken(tag.value);
    sawResult = true;
  } else if (tag.name == kPositionTag) {
    const Parsed<Position> start = parsePosition(tag.value);
    if (!start) return at(line) + "tag Position: " + start.error();
    record.start = start.value();
  } else {
    record.tags.push_back(tag);
  }
  return {};
}

std::string checkResult(const GameRecord& record, const Position& end) {
  const GameResult shown = resultOf(end);
  if (shown == GameResult::Unfinished) {
    // Unfinished on the board: any result may stand (resignation, time, adjudication).
    return {};
  }
  if (record.result != shown)
    return "the result " + std::string(resultToken(record.result)) +
           " does not match the moves, which end in " + std::string(resultToken(shown));
  return {};
}

// The tag section: the typed tags into their fields, the others kept in order. Returns
// the problem, or nothing.
std::string readTags(Reader& in, GameRecord& record, bool& sawResultTag, bool& found) {
  std::unordered_set<std::string> names;  // a set: a look through the tags read was quadratic
  for (in.skipSpace(); !in.atEnd() && in.peek() == '['; in.skipSpace()) {
    found = true;
    const int line = in.line();
    if (names.size() == kMaxRecordTags)
      return at(line) + "more than " + std::to_string(kMaxRecordTags) + " tags in one game";
    const Parsed<RecordTag> tag = readTag(in);
    if (!tag) return tag.error();
    if (!names.insert(tag.value().name).second)
      return at(line) + "tag " + tag.value().name + " appears twice";
    if (std::string problem = takeTypedTag(record, tag.value(), line, sawResultTag);
        !problem.empty())
      return problem;
  }
  return {};
}

// A comment joins the comments of the move before it; one before the first move is dropped.
std::string takeComment(Reader& in, int line, GameRecord& record) {
  in.advance();  // the '{'
  std::string comment;
  if (!in.readUntil('}', comment, true)) return at(line) + "comment has no closing '}'";
  if (!record.moves.empty()) {
    std::string& target = record.comments.back();
    if (!target.empty()) target += ' ';
    target += tidyComment(comment);
  }
  return {};
}

// The result token that ends the movetext: it must agree with the Result tag.
std::string takeResult(std::string_view word, int line, GameRecord& record, bool& sawResultTag) {
  const GameResult ending = resultFromToken(word);
  if (sawResultTag && ending != record.result)
    return at(line) + "the moves end with " + std::string(word) + " but the Result tag says " +
           std::string(resultToken(record.result));
  record.result = ending;
  sawResultTag = true;
  return {};
}

// A move of the movetext, checked by the rules and played on `pos`.
std::string takeMove(std::string_view word, int line, Position& pos, GameRecord& record) {
  const std::string where = at(line) + "move " + std::to_string(record.moves.size() + 1) + " (" +
                            std::string(word) + "): ";
  const Parsed<int> cell = parseMove(word);
  if (!cell) return where + cell.error();
  if (pos.isGameOver()) return where + "the game is already over";
  if (!pos.isLegal(cell.value()))
    return where + "cell " + moveToken(cell.value()) + " is already occupied";
  pos.play(cell.value());
  record.moves.push_back(cell.value());
  record.comments.emplace_back();
  return {};
}

// Reads one game from the reader; `found` is false when only whitespace was left.
Parsed<GameRecord> readGame(Reader& in, bool& found) {
  GameRecord record;
  bool sawResultTag = false;
  found = false;
  if (std::string problem = readTags(in, record, sawResultTag, found); !problem.empty())
    return Parsed<GameRecord>::failure(problem);

  Position pos = record.start;
  bool terminated = false;
  int lastLine = in.line();
  while (!in.atEnd() && !terminated) {
    const char c = in.peek();
    const int line = in.line();
    lastLine = line;
    if (c == '[') break;  // the next game's tags: this one had no result token
    found = true;
    std::string problem;
    if (c == '{') {
      problem = takeComment(in, line, record);
    } else if (const std::string_view word = in.word(); isResultToken(word)) {
      problem = takeResult(word, line, record, sawResultTag);
      terminated = true;
    } else if (!isMoveNumber(word)) {
      problem = takeMove(word, line, pos, record);
    }
    if (!problem.empty()) return Parsed<GameRecord>::failure(problem);
    in.skipSpace();
  }
  if (found)
    if (std::string problem = checkResult(record, pos); !problem.empty())
      return Parsed<GameRecord>::failure(at(lastLine) + problem);
  return Parsed<GameRecord>::success(std::move(record));
}

}  // namespace

std::string_view resultToken(GameResult result) {
  constexpr EnumText<GameResult> kTokens[] = {{GameResult::Unfinished, "*"},
                                              {GameResult::XWins, "1-0"},
                                              {GameResult::OWins, "0-1"},
                                              {GameResult::Draw, "1/2-1/2"}};
  static_assert(namesEvery(kTokens, GameResult::Draw));
  return textOf(kTokens, result);
}

GameResult resultOf(const Position& pos) {
  switch (pos.status()) {
    case Status::XWins:
      return GameResult::XWins;
    case Status::OWins:
      return GameResult::OWins;
    case Status::Draw:
      return GameResult::Draw;
    case Status::Ongoing:
      break;
  }
  return GameResult::Unfinished;
}

std::string GameRecord::tag(std::string_view name) const {
  for (const RecordTag& t : tags)
    if (t.name == name) return t.value;
  return {};
}

void GameRecord::setTag(std::string_view name, std::string value) {
  for (RecordTag& t : tags)
    if (t.name == name) {
      t.value = std::move(value);
      return;
    }
  tags.push_back({std::string(name), std::move(value)});
}

void GameRecord::addMove(int cell, std::string comment) {
  moves.push_back(cell);
  comments.push_back(std::move(comment));
}

Position GameRecord::finalPosition() const {
  Position pos = start;
  for (int cell : moves) pos.play(cell);
  return pos;
}

std::string recordToString(const GameRecord& record) {
  std::string out;
  for (const RecordTag& t : record.tags) out += "[" + t.name + " " + quoteTagValue(t.value) + "]\n";
  if (record.start.moveCount() > 0)
    out += "[Position " + quoteTagValue(positionString(record.start)) + "]\n";
  out += "[Result \"" + std::string(resultToken(record.result)) + "\"]\n\n";

  // Move text wrapped at kLineWidth, numbered by X's moves as in "1. 1a1 2b2 2. ...".
  std::string line;
  auto put = [&](const std::string& piece) {
    if (!line.empty() && line.size() + 1 + piece.size() > kLineWidth) {
      out += line + '\n';
      line.clear();
    }
    line += (line.empty() ? "" : " ") + piece;
  };
  const int firstPly = record.start.moveCount();
  for (std::size_t i = 0; i < record.moves.size(); ++i) {
    const int ply = firstPly + static_cast<int>(i);
    const int number = ply / 2 + 1;
    if (ply % 2 == 0)
      put(std::to_string(number) + ".");
    else if (i == 0)
      put(std::to_string(number) + "...");
    put(moveToken(record.moves[i]));
    if (i < record.comments.size() && !record.comments[i].empty())
      put(std::string(1, '{').append(tidyComment(record.comments[i])).append("}"));
  }
  put(std::string(resultToken(record.result)));
  return out + line + '\n';
}

Parsed<GameRecord> parseRecord(std::string_view text) {
  Reader in(text);
  bool found = false;
  Parsed<GameRecord> game = readGame(in, found);
  if (!game) return game;
  if (!found) return Parsed<GameRecord>::failure("no game found: the text is empty");
  in.skipSpace();
  if (!in.atEnd())
    return Parsed<GameRecord>::failure(
        at(in.line()) + "unexpected text after the end of the game (one game per file)");
  return game;
}

Parsed<std::vector<GameRecord>> parseRecords(std::string_view text) {
  using Result = Parsed<std::vector<GameRecord>>;
  Reader in(text);
  std::vector<GameRecord> games;
  for (;;) {
    bool found = false;
    Parsed<GameRecord> game = readGame(in, found);
    if (!game)
      return Result::failure("game " + std::to_string(games.size() + 1) + ", " + game.error());
    if (!found) break;
    games.push_back(game.value());
  }
  return Result::success(std::move(games));
}

}  // namespace qubic
