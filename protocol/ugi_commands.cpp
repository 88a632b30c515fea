#include "ugi_commands.hpp"

#include <algorithm>
#include <atomic>
#include <charconv>
#include <cmath>

#include "engine/core/enum_text.hpp"
#include "engine/core/lines.hpp"
#include "engine/core/notation.hpp"

namespace qubic {

namespace {

bool isSpace(char c) { return c == ' ' || c == '\t'; }  // what separates words (docs/protocol.md)
char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

// The largest time a controller may send: about 35 years in milliseconds.
constexpr std::int64_t kMaxMs = 1'000'000'000'000;

// Reads a whole word as an integer in [min, max]; the error names what it is for.
Parsed<std::int64_t> readInteger(std::string_view word, std::string_view what, std::int64_t min,
                                 std::int64_t max) {
  std::int64_t value = 0;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), value);
  if (ec == std::errc::result_out_of_range ||
      (ec == std::errc() && end == word.data() + word.size() && (value < min || value > max)))
    return Parsed<std::int64_t>::failure(std::string(what) + " must be " + std::to_string(min) +
                                         "-" + std::to_string(max) + ", got " + shown(word));
  if (ec != std::errc() || end != word.data() + word.size())
    return Parsed<std::int64_t>::failure(std::string(what) + " needs a whole number, got " +
                                         shown(word));
  return Parsed<std::int64_t>::success(value);
}

// Position of `word` (a view into `text`) within `text`.
std::size_t offsetIn(std::string_view text, std::string_view word) {
  return static_cast<std::size_t>(word.data() - text.data());
}

}  // namespace

std::vector<std::string_view> splitWords(std::string_view line) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < line.size()) {
    if (isSpace(line[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < line.size() && !isSpace(line[end])) ++end;
    words.push_back(line.substr(i, end - i));
    i = end;
  }
  return words;
}

bool sameWord(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lowerAscii(x) == lowerAscii(y);
         });
}

std::string shown(std::string_view text) {
  constexpr std::size_t kMaxShown = 40;
  constexpr char kHex[] = "0123456789abcdef";
  std::string out = "\"";
  for (std::size_t i = 0; i < text.size() && i < kMaxShown; ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte >= 0x20 && byte < 0x7f && byte != '"' && byte != '\\') {
      out += text[i];
    } else {
      out += "\\x";
      out += kHex[byte >> 4];
      out += kHex[byte & 15];
    }
  }
  if (text.size() > kMaxShown) out += "...";
  return out + '"';
}

Parsed<GoLimits> parseGoArguments(const std::vector<std::string_view>& words) {
  using Result = Parsed<GoLimits>;
  GoLimits go;
  bool seen[9] = {};
  static constexpr std::string_view kNames[9] = {
      "p1time", "p2time", "p1inc", "p2inc", "movestogo", "movetime", "nodes", "depth", "infinite"};
  for (std::size_t i = 0; i < words.size(); ++i) {
    const auto* known = std::find_if(std::begin(kNames), std::end(kNames),
                                     [&](std::string_view n) { return sameWord(n, words[i]); });
    if (known == std::end(kNames))
      return Result::failure(
          "unknown limit " + shown(words[i]) +
          "; expected p1time, p2time, p1inc, p2inc, movestogo, movetime, nodes, depth or infinite");
    const auto which = static_cast<std::size_t>(known - std::begin(kNames));
    const std::string name(kNames[which]);
    if (seen[which]) return Result::failure(name + " is given twice");
    seen[which] = true;
    if (name == "infinite") {
      go.infinite = true;
      continue;
    }
    if (i + 1 == words.size()) return Result::failure(name + " needs a value");
    const std::string_view word = words[++i];
    // Clocks may run below zero on a lagging controller; that means "no time left".
    const bool isClock = name == "p1time" || name == "p2time";
    const std::int64_t min = isClock ? -kMaxMs : (name == "movestogo" || name == "nodes") ? 1 : 0;
    const std::int64_t max = name == "depth"       ? kCells
                             : name == "movestogo" ? 1000
                             : name == "nodes"     ? INT64_MAX
                                                   : kMaxMs;
    const Parsed<std::int64_t> value = readInteger(word, name, min, max);
    if (!value) return Result::failure(value.error());
    const std::int64_t v = value.value();
    if (name == "p1time") go.clockMs[index(Side::X)] = v;
    if (name == "p2time") go.clockMs[index(Side::O)] = v;
    if (name == "p1inc") go.incrementMs[index(Side::X)] = v;
    if (name == "p2inc") go.incrementMs[index(Side::O)] = v;
    if (name == "movestogo") go.movesToGo = static_cast<int>(v);
    if (name == "movetime") go.moveTimeMs = v;
    if (name == "nodes") go.nodes = static_cast<std::uint64_t>(v);
    if (name == "depth")
      go.depth = std::max(1, static_cast<int>(v));  // ugi.md allows 0: the least search there is
  }
  if (go.infinite && words.size() > 1)
    return Result::failure("infinite cannot be combined with other limits");
  return Result::success(go);
}

Parsed<PositionLine> parsePositionArguments(std::string_view text) {
  using Result = Parsed<PositionLine>;
  const std::vector<std::string_view> words = splitWords(text);
  if (words.empty()) return Result::failure("expected startpos or fen <position string>");
  std::size_t movesAt = 1;
  while (movesAt < words.size() && !sameWord(words[movesAt], "moves")) ++movesAt;

  Position start;
  if (sameWord(words[0], "startpos")) {
    if (movesAt != 1)
      return Result::failure("expected moves after startpos, got " + shown(words[1]));
  } else if (sameWord(words[0], "fen")) {
    if (movesAt == 1)
      return Result::failure(
          "fen needs a position string (four planes joined by '/', a space, x or o)");
    const std::size_t from = offsetIn(text, words[1]);
    const std::size_t to = offsetIn(text, words[movesAt - 1]) + words[movesAt - 1].size();
    const Parsed<Position> parsed = parsePosition(text.substr(from, to - from));
    if (!parsed) return Result::failure("bad position string: " + parsed.error());
    start = parsed.value();
  } else {
    return Result::failure("expected startpos or fen, got " + shown(words[0]));
  }
  if (movesAt == words.size()) return Result::success({start, {}, start});
  const std::size_t movesEnd = offsetIn(text, words[movesAt]) + words[movesAt].size();
  const Parsed<std::vector<int>> moves = readMoves(start, text.substr(movesEnd));
  if (!moves) return Result::failure(moves.error());
  Position end = start;
  for (const int m : moves.value()) end.play(m);
  return Result::success({start, moves.value(), end});
}

Parsed<std::uint64_t> parseReviewArguments(const std::vector<std::string_view>& words) {
  using Result = Parsed<std::uint64_t>;
  if (words.empty()) return Result::success(kReviewPositions);
  if (words.size() != 2 || !sameWord(words[0], "positions"))
    return Result::failure("expected nothing or positions N, e.g. review positions 100000");
  const Parsed<std::int64_t> n = readInteger(words[1], "positions", 1, 1'000'000'000);
  if (!n) return Result::failure(n.error());
  return Result::success(static_cast<std::uint64_t>(n.value()));
}

namespace {

std::string valueWords(const ProvenValue& v) {
  switch (v.kind) {
    case ValueKind::Win:
      return "win " + std::to_string(v.plies);
    case ValueKind::Loss:
      return "loss " + std::to_string(v.plies);
    case ValueKind::Draw:
      return "draw";
    case ValueKind::Unknown:
      break;
  }
  return "unknown";
}

}  // namespace

std::vector<std::string> explainLines(const Position& pos, const std::atomic<bool>& stop) {
  const WinExplained win = explainWin(pos, &stop);
  if (stop) return {};
  const Side us = pos.sideToMove();
  if (!win.steps.empty()) {
    std::vector<std::string> lines{"info string explain forcing plies " +
                                   std::to_string(win.plies)};
    for (std::size_t k = 0; k < win.steps.size(); ++k) {
      const ForcingStep& step = win.steps[k];
      std::string threes;
      for (const Three& t : step.threes) {
        threes += threes.empty() ? " threes " : " ";
        const auto& cells = kLineTables.cells[static_cast<std::size_t>(t.line)];
        for (std::size_t i = 0; i < cells.size(); ++i) {
          if (i > 0) threes += '-';
          threes += moveToken(cells[i]);
        }
      }
      lines.push_back("info string explain step " + std::to_string(k + 1) + " move " +
                      moveToken(step.move) + " reply " +
                      (step.reply >= 0 ? moveToken(step.reply) : std::string("none")) + threes +
                      ": " + describeStep(step, us));
    }
    return lines;
  }
  if (win.quiet.proven)
    return {"info string explain quiet move " + moveToken(win.quiet.move) + " plies " +
            std::to_string(win.quiet.plies) + ": " + describeQuietWin(win.quiet, us)};
  return {"info string explain none: " + sideName(us) +
          " has no win by threes alone here, and none was proven in a short search"};
}

std::string reviewLine(const ReviewedMove& r) {
  std::string verdict(verdictName(r.verdict));
  std::replace(verdict.begin(), verdict.end(), ' ', '-');
  return "info string review ply " + std::to_string(r.ply + 1) + " move " + moveToken(r.move) +
         " before " + valueWords(r.before) + " after " + valueWords(r.after) + " verdict " +
         verdict + ": " + describeVerdict(r);
}

std::string searchStats(std::uint64_t nodes, double seconds) {
  // Guarded so that whatever a searcher reports, the line stays well-formed.
  seconds = std::isfinite(seconds) ? std::clamp(seconds, 0.0, 1e9) : 0.0;
  const auto ms = static_cast<std::int64_t>(std::llround(seconds * 1000));
  const auto nps =
      seconds > 0 ? static_cast<std::uint64_t>(static_cast<double>(nodes) / seconds) : 0;
  return "time " + std::to_string(ms) + " nodes " + std::to_string(nodes) + " nps " +
         std::to_string(nps);
}

std::string infoLine(const MoveChoice& choice) {
  std::string line = "info depth " + std::to_string(choice.depth) + " " +
                     searchStats(choice.nodes, choice.seconds);
  if (choice.hashfull >= 0) line += " hashfull " + std::to_string(std::min(choice.hashfull, 1000));
  line += " score ";
  switch (choice.verdict) {
    // Plies, not moves, negative when the engine is the one being mated (ugi.md; the
    // distance is defined in docs/notation.md).
    case Verdict::Win:
      line += "mate " + std::to_string(choice.plies);
      break;
    case Verdict::Loss:
      line += "mate -" + std::to_string(choice.plies);
      break;
    case Verdict::Unknown:
      line += "cp " + std::to_string(choice.score);
      break;
  }
  if (choice.move < 0 || choice.move >= kCells) return line;
  line += " pv " + moveToken(choice.move);
  // The rest of the expected line, when it continues from the move.
  const int length = std::clamp(choice.pvLength, 0, kCells);
  if (length > 0 && choice.pv[0] == choice.move)
    for (int i = 1; i < length; ++i) {
      line += ' ';
      line += moveToken(choice.pv[static_cast<std::size_t>(i)] % kCells);
    }
  return line;
}

std::string_view resultWord(const Position& position) {
  constexpr EnumText<Status> kWords[] = {{Status::Ongoing, "none"},
                                         {Status::XWins, "p1win"},
                                         {Status::OWins, "p2win"},
                                         {Status::Draw, "draw"}};
  static_assert(namesEvery(kWords, Status::Draw));
  return textOf(kWords, position.status());
}

}  // namespace qubic
