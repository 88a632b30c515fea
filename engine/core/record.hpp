// Game records: a PGN-like plain-text format shared by the game and the tournament tool.
// Tags in brackets, then the moves as tokens, optionally numbered and commented, then
// the result. The format is specified in docs/game-records.md. Pure: strings in, strings out.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "parsed.hpp"
#include "position.hpp"

namespace qubic {

enum class GameResult : std::uint8_t { Unfinished, XWins, OWins, Draw };

// "1-0", "0-1", "1/2-1/2" or "*".
std::string_view resultToken(GameResult result);
// The result a finished position shows; Unfinished while the game goes on.
GameResult resultOf(const Position& pos);

struct RecordTag {
  std::string name;   // letters, digits and '_', e.g. "X", "OLevel"
  std::string value;  // any text on one line
};

struct GameRecord {
  // Free tags in file order. Result and Position are typed fields below, never in here.
  std::vector<RecordTag> tags;
  Position start;                     // the "Position" tag; the empty board when absent
  std::vector<int> moves;             // cells, each legal when played from `start`
  std::vector<std::string> comments;  // one per move, "" for none (same size as moves)
  GameResult result = GameResult::Unfinished;

  // The value of a free tag, "" when absent.
  std::string tag(std::string_view name) const;
  // Replaces the tag's value, or appends the tag when absent.
  void setTag(std::string_view name, std::string value);
  // Appends a move with an optional comment (precondition: legal in finalPosition()).
  void addMove(int cell, std::string comment = {});
  Position finalPosition() const;
};

// The record as text; parseRecord(recordToString(r)) gives r back (comments with braces
// or newlines are tidied first: '}' becomes ')' and line breaks become spaces).
std::string recordToString(const GameRecord& record);

// Far more tags than any game has; a record with more is refused, not read slowly.
constexpr std::size_t kMaxRecordTags = 1000;

// Exactly one game. Errors name the line, e.g. "line 9: move 12 (2b2): cell 2b2 is already
// occupied"; moves are checked with the rules, and the result must agree with them.
Parsed<GameRecord> parseRecord(std::string_view text);

// Any number of games one after another (a tournament's file); empty text gives none.
Parsed<std::vector<GameRecord>> parseRecords(std::string_view text);

}  // namespace qubic
