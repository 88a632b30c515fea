#include "ugi.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <exception>

#include "engine/core/notation.hpp"
#include "engine/play/bench_signature.hpp"
#include "engine/play/elo_scale.hpp"
#include "engine/play/level_words.hpp"
#include "engine/play/timeman.hpp"
#include "engine/proof/solver.hpp"
#include "ugi_commands.hpp"
#include "ugi_options.hpp"

#ifndef QUBIC_VERSION
#define QUBIC_VERSION "dev"
#endif

namespace qubic {

namespace {

constexpr std::string_view kHelpText =
    "Commands (docs/protocol.md has the full specification):\n"
    "  ugi                              identify the engine and list its options\n"
    "  isready                          answered with readyok, also while searching\n"
    "  setoption name <N> value <V>     set an option listed by ugi\n"
    "  uginewgame                       forget the previous game, start from the empty board\n"
    "  position startpos [moves ...]    set the position; moves like 1a1 or indices 0-63\n"
    "  position fen <planes> <side> [moves ...]\n"
    "  go [p1time T] [p2time T] [p1inc I] [p2inc I] [movestogo N] [movetime T]\n"
    "     [nodes N] [depth D] [infinite]  think and answer bestmove <move>\n"
    "  stop                             answer bestmove now\n"
    "  query gameover|p1turn|result|winline|review  answered with response ...\n"
    "  review [positions N]             review the position's moves with proofs: a line\n"
    "                                   each, then reviewok (stop ends it early)\n"
    "  explain                          how the side to move wins, step by step, then\n"
    "                                   explainok\n"
    "  d                                draw the board\n"
    "  bench                            the bench signature: nodes of fixed searches\n"
    "  bench solve                      solve the empty board (one thread, no book or table)\n"
    "  quit                             leave the program";

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  return text.substr(first, text.find_last_not_of(" \t") - first + 1);
}

// The text of `line` after `word` (a view into it).
std::string_view textAfter(std::string_view line, std::string_view word) {
  return line.substr(static_cast<std::size_t>(word.data() - line.data()) + word.size());
}

}  // namespace

UgiSession::UgiSession(const Settings& settings, Searcher& searcher, LineSink output)
    : settings_(settings), searcher_(searcher), output_(std::move(output)) {
  if (std::string problem = searcher_.configure(settings_.engine); !problem.empty()) error(problem);
  if (const std::string notice = searcher_.notice(); !notice.empty()) say("info string " + notice);
}

void UgiSession::refuseFileOptions() { servesPage_ = true; }

void UgiSession::omitOption(std::string_view name, std::string why) {
  if (const UgiOption* option = findUgiOption(name))
    omitted_.emplace_back(option->name, std::move(why));
}

void UgiSession::inform(std::string_view text) { say("info string " + std::string(text)); }

void UgiSession::handle(std::string_view line) {
  if (quit_) return;
  try {
    dispatch(line);
  } catch (const std::exception& e) {
    error(std::string("internal: ") + e.what());
  } catch (...) {
    error("internal: unexpected failure");
  }
}

struct UgiSession::CommandSpec {
  std::string_view name;
  bool whileSearching;  // only commands that leave the game and the options alone
  void (UgiSession::*run)(const Command&);
};

const UgiSession::CommandSpec* UgiSession::findCommand(std::string_view word) {
  static constexpr CommandSpec kCommands[] = {
      {"ugi", false, &UgiSession::ugi},
      {"isready", true, &UgiSession::isReady},
      {"setoption", false, &UgiSession::setOption},
      {"uginewgame", false, &UgiSession::newGame},
      {"position", false, &UgiSession::setPosition},
      {"go", false, &UgiSession::go},
      {"review", false, &UgiSession::review},
      {"explain", false, &UgiSession::explain},
      {"stop", true, &UgiSession::stop},
      {"quit", true, &UgiSession::quit},
      {"query", true, &UgiSession::query},
      {"d", true, &UgiSession::draw},
      {"bench", false, &UgiSession::bench},
      {"help", true, &UgiSession::help},
  };
  const auto* spec = std::find_if(std::begin(kCommands), std::end(kCommands),
                                  [&](const CommandSpec& c) { return sameWord(c.name, word); });
  return spec == std::end(kCommands) ? nullptr : spec;
}

bool UgiSession::waitsForSearch(std::string_view line) const {
  if (!search_ || !search_->timed) return false;
  const std::vector<std::string_view> words = splitWords(line);
  const CommandSpec* spec = words.empty() ? nullptr : findCommand(words.front());
  return spec && !spec->whileSearching;
}

bool UgiSession::jumpsQueue(std::string_view line) {
  while (!line.empty() && (line.back() == '\n' || line.back() == '\r')) line.remove_suffix(1);
  const std::vector<std::string_view> words = splitWords(line);
  return !words.empty() &&
         (words.front() == "stop" || words.front() == "isready" || words.front() == "quit");
}

void UgiSession::dispatch(std::string_view line) {
  // Words are separated by spaces and tabs (docs/protocol.md); one trailing CR, from a
  // controller that ends lines with CRLF, is not part of the line.
  if (!line.empty() && line.back() == '\n') line.remove_suffix(1);
  if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
  const std::vector<std::string_view> words = splitWords(line);
  if (words.empty()) return;  // blank lines are allowed and ignored
  const std::string_view word = words.front();
  const CommandSpec* spec = findCommand(word);
  if (!spec) return error("unknown command " + shown(word) + "; send help for the list");
  if (searching() && !spec->whileSearching)
    return error(std::string(spec->name) + " is not allowed while searching; send stop first");
  const Command command{std::vector<std::string_view>(words.begin() + 1, words.end()),
                        textAfter(line, word)};
  (this->*spec->run)(command);
}

void UgiSession::ugi(const Command& c) {
  if (rejectArguments("ugi", c)) return;
  say(std::string("id name Qubic ") + QUBIC_VERSION);
  say("id author the Qubic engine authors");
  for (const UgiOption& option : ugiOptions())
    if (std::none_of(omitted_.begin(), omitted_.end(),
                     [&](const auto& o) { return o.first == option.name; }))
      say(optionLine(option, settings_));
  say("ugiok");
}

void UgiSession::isReady(const Command& c) {
  if (rejectArguments("isready", c)) return;
  say("readyok");
}

void UgiSession::setOption(const Command& c) {
  const auto& args = c.args;
  if (args.size() < 2 || !sameWord(args[0], "name"))
    return error("setoption: expected setoption name <option> value <value>");
  const auto valueWord = std::find_if(args.begin() + 1, args.end(),
                                      [](std::string_view w) { return sameWord(w, "value"); });
  if (valueWord == args.begin() + 1)
    return error("setoption: the option name is missing before value");
  // Names are taken as typed between `name` and `value`, so a name with spaces would work.
  const std::string_view first = args[1], last = *(valueWord - 1);
  const std::string_view name(first.data(),
                              static_cast<std::size_t>(last.data() + last.size() - first.data()));
  const UgiOption* option = findUgiOption(name);
  if (!option) {
    error("setoption: unknown option " + shown(name) + "; the options are " + ugiOptionNames());
    return;
  }
  const std::string_view value =
      valueWord == args.end() ? std::string_view{} : trimmed(textAfter(c.rest, *valueWord));
  for (const auto& [omitted, why] : omitted_)
    if (omitted == option->name)
      return error("setoption " + std::string(omitted) + ": not in this build (" + why + ")");
  // Behind the web bridge a page must not name the server's files (issue 68, 4): an error
  // about a file it named would tell the page which files exist.
  if (servesPage_ && option->name == std::string_view("SolutionFile"))
    return error(
        "setoption SolutionFile: not behind the web bridge (the server's files are not "
        "the page's to name); the shipped book is used");
  // A value is one line of text: control bytes (a NUL in a path, an escape sequence)
  // would reach files, and later output, as they are.
  if (std::any_of(value.begin(), value.end(),
                  [](char ch) { return static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f; }))
    return error("setoption " + std::string(option->name) + ": the value " + shown(value) +
                 " has control characters");
  const Parsed<Settings> updated = withOption(settings_, *option, value);
  if (!updated) {
    error("setoption " + std::string(option->name) + ": " + updated.error());
    return;
  }
  if (std::string problem = searcher_.configure(updated.value().engine); !problem.empty()) {
    error("setoption " + std::string(option->name) + ": " + problem);
    return;
  }
  settings_ = updated.value();
  if (const std::string notice = searcher_.notice(); !notice.empty()) say("info string " + notice);
}

void UgiSession::newGame(const Command& c) {
  if (rejectArguments("uginewgame", c)) return;
  searcher_.newGame();
  position_ = Position{};
  line_ = PositionLine{};
}

void UgiSession::setPosition(const Command& c) {
  const Parsed<PositionLine> parsed = parsePositionArguments(c.rest);
  if (!parsed) {
    error("position: " + parsed.error());
    return;
  }
  line_ = parsed.value();
  position_ = line_.end;
}

// Our extension (docs/protocol.md): the moves of the last `position` reviewed with proofs,
// as the game's review and `qubic-solve review --positions N` make it.
void UgiSession::review(const Command& c) {
  const Parsed<std::uint64_t> positions = parseReviewArguments(c.args);
  if (!positions) return error("review: " + positions.error());
  if (line_.moves.empty())
    return error("review: the position has no moves to review; send position ... moves ...");
  startStudy({StudyJob::Kind::Review, line_.start, line_.moves, positions.value()}, "review");
}

// Our extension (docs/protocol.md): how the side to move wins, step by step where it wins
// by threes, as the game's explain (x) and `qubic-solve explain` tell it.
void UgiSession::explain(const Command& c) {
  if (rejectArguments("explain", c)) return;
  if (position_.isGameOver()) return error("explain: the game is over");
  startStudy({StudyJob::Kind::Explain, position_, {}, 0}, "explain");
}

void UgiSession::startStudy(const StudyJob& study, std::string_view name) {
  SearchJob job;
  job.position = position_;
  job.study = study;
  search_ =
      RunningSearch{position_, false, false, false, std::nullopt, {}, std::string(name), false};
  try {
    searcher_.start(job);
  } catch (...) {
    search_.reset();
    throw;
  }
}

void UgiSession::onStudied(const std::vector<std::string>& lines, bool done) {
  if (!search_ || search_->study.empty()) return;
  if (done) search_->studied = true;
  for (const std::string& line : lines) say(line);
}

void UgiSession::go(const Command& c) {
  if (position_.isGameOver()) {
    error("go: the game is over (result " + std::string(resultWord(position_)) +
          "); send position or uginewgame");
    return;
  }
  const Parsed<GoLimits> parsed = parseGoArguments(c.args);
  if (!parsed) {
    error("go: " + parsed.error());
    return;
  }
  const GoLimits& asked = parsed.value();
  SearchJob job;
  job.position = position_;
  job.infinite = asked.infinite;
  job.limits.moveTime = moveBudget(asked, position_.sideToMove(), popcount(position_.emptyCells()),
                                   std::chrono::milliseconds(settings_.engine.moveOverheadMs));
  if (asked.nodes) job.limits.maxNodes = *asked.nodes;
  if (asked.depth) job.limits.maxDepth = *asked.depth;
  job.limits.multiPv = settings_.engine.multiPv;
  // Set before starting, so a searcher that answers at once finds the search it answers.
  // Timed when the GUI gave a time, however long (`movetime 1000000000000` is a year's
  // worth, past kNoTimeLimit, but still a time: a position sent meanwhile is queued).
  const bool timed =
      !asked.infinite && (job.limits.moveTime < kNoTimeLimit || asked.moveTimeMs.has_value() ||
                          asked.clockMs[index(position_.sideToMove())].has_value());
  search_ = RunningSearch{position_, asked.infinite, timed, false, std::nullopt, {}, {}, false};
  try {
    searcher_.start(job);
  } catch (...) {
    search_.reset();  // nothing runs, so nothing may wait for it
    throw;
  }
}

void UgiSession::stop(const Command& c) {
  if (rejectArguments("stop", c)) return;
  if (!search_ || search_->stopRequested) return;  // nothing to stop: not an error
  search_->stopRequested = true;
  if (search_->heldResult) return finishSearch(*search_->heldResult);
  searcher_.stop();
}

void UgiSession::quit(const Command& c) {
  if (rejectArguments("quit", c)) return;
  quit_ = true;
  // A running search still answers with its bestmove, as after `stop`.
  if (search_ && !search_->stopRequested) {
    search_->stopRequested = true;
    if (search_->heldResult) return finishSearch(*search_->heldResult);
    searcher_.stop();
  }
}

namespace {

// An extension for GUIs, which hold no rules: the cells of the completed line(s) as move
// tokens joined by commas, "none" while no line is complete.
std::string winningLineWord(const Position& pos) {
  std::string word;
  for (Bitboard cells = pos.winningCells(); cells;)
    word += (word.empty() ? "" : ",") + moveToken(popLowest(cells));
  return word.empty() ? "none" : word;
}

}  // namespace

void UgiSession::query(const Command& c) {
  const auto& args = c.args;
  if (!args.empty() && sameWord(args[0], "level")) {
    if (args.size() != 2)
      return error("query level: expected one level from " + std::to_string(kMinLevel) + " to " +
                   std::to_string(kMaxLevel) + ", e.g. query level 3");
    return queryLevel(args[1]);
  }
  if (args.size() != 1) {
    error(
        "query: expected query gameover, query p1turn, query result, query winline, "
        "query review, query explain or query level N");
    return;
  }
  if (sameWord(args[0], "gameover"))
    return say(position_.isGameOver() ? "response true" : "response false");
  if (sameWord(args[0], "p1turn"))
    return say(position_.sideToMove() == Side::X ? "response true" : "response false");
  if (sameWord(args[0], "result")) return say("response " + std::string(resultWord(position_)));
  if (sameWord(args[0], "winline")) return say("response " + winningLineWord(position_));
  // Whether `review` is offered: a GUI asks before it sends a command other engines lack.
  if (sameWord(args[0], "review") || sameWord(args[0], "explain")) return say("response true");
  error("query: unknown question " + shown(args[0]) +
        "; expected gameover, p1turn, result, winline, review, explain or level N");
}

// An extension for GUIs that offer the levels by name: the level's rating and its words.
void UgiSession::queryLevel(std::string_view word) {
  int level = -1;
  const auto [end, ec] = std::from_chars(word.data(), word.data() + word.size(), level);
  if (ec != std::errc() || end != word.data() + word.size() || level < kMinLevel ||
      level > kMaxLevel)
    return error("query level: expected a level from " + std::to_string(kMinLevel) + " to " +
                 std::to_string(kMaxLevel) + ", got " + shown(word));
  say("response " + std::to_string(kLevelElo[static_cast<std::size_t>(level)]) + " " +
      std::string(levelName(level)) + ": " + std::string(levelWords(level)));
}

void UgiSession::draw(const Command& c) {
  if (rejectArguments("d", c)) return;
  sayLines(boardDiagram(position_));
}

void UgiSession::bench(const Command& c) {
  if (c.args.size() == 1 && sameWord(c.args[0], "solve")) return benchSolve();
  if (!c.args.empty()) return error("bench: expected nothing or solve, got " + shown(c.args[0]));
  // The bench signature, as qubic-bench signature prints it: budgets in positions and nodes
  // only, so every build prints the same number (the page's engine too).
  const auto began = std::chrono::steady_clock::now();
  int positions = 0;
  const std::uint64_t nodes = benchSignature([&](int i, int count, std::uint64_t here) {
    positions = count;
    say("info string bench " + std::to_string(i + 1) + "/" + std::to_string(count) + ": nodes " +
        std::to_string(here));
  });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  say("info string bench: signature " + std::to_string(nodes) + " over " +
      std::to_string(positions) + " positions, " + searchStats(nodes, seconds));
}

// The empty board's solve on one thread from empty tables, neither book nor opening table
// (as `qubic-solve prove --threads 1 --no-table`): the same course on every build, so its
// time compares builds, the page's engine with the native one (docs/benchmarks.md).
void UgiSession::benchSolve() {
  Solver solver(SolverOptions{});
  const PnsResult r = solver.prove(Position{}, Side::X, SolveLimits{});
  const bool won = r.answer == Answer::Proven;
  say("info string bench solve: the empty board, " +
      std::string(won                             ? "X wins"
                  : r.answer == Answer::Disproven ? "X does not win"
                                                  : "unsettled") +
      (won && r.bestMove >= 0 ? " with " + moveToken(r.bestMove) : std::string()) + "; " +
      std::to_string(r.positions) + " positions, " + searchStats(r.nodes, r.seconds));
}

void UgiSession::help(const Command& c) {
  if (rejectArguments("help", c)) return;
  sayLines(kHelpText);
}

void UgiSession::onSearchProgress(const MoveChoice& best) {
  if (!search_ || search_->heldResult) return;
  MoveChoice shownBest = best;
  // A pv must be playable: it is cut before its first illegal move.
  Position played = search_->position;
  const bool pvFollows = shownBest.pvLength > 0 && shownBest.pv[0] == shownBest.move;
  const int length = pvFollows ? std::min(shownBest.pvLength, kCells) : 1;
  int playable = 0;
  for (; playable < length; ++playable) {
    const int move =
        playable == 0 ? shownBest.move : shownBest.pv[static_cast<std::size_t>(playable)];
    if (!played.isLegal(move)) break;
    played.play(move);
  }
  if (playable == 0) shownBest.move = -1;
  shownBest.pvLength = pvFollows ? playable : 0;
  std::string line = infoLine(shownBest);
  if (line == search_->lastInfo) return;
  say(line);
  search_->lastInfo = std::move(line);
}

void UgiSession::onSearchDone(const MoveChoice& result) {
  if (!search_ || search_->heldResult) return;
  if (!search_->study.empty()) {
    const std::string study = search_->study;
    if (!result.error.empty()) error(study + ": " + result.error);
    if (search_->stopRequested && !search_->studied)
      say("info string " + study + " stopped: " +
          (study == "review" ? "the moves were not all judged" : "nothing was proven"));
    search_.reset();
    return say(study + "ok");
  }
  MoveChoice checked = result;
  if (!search_->position.isLegal(checked.move)) {
    // Never print an illegal move, whatever the searcher did.
    checked.move = lowestCell(search_->position.emptyCells());
    checked.reason = "the search gave no legal move, so the first free cell is played";
    error("internal: the search " +
          (result.error.empty() ? "returned no legal move" : "failed: " + result.error) +
          "; playing " + moveToken(checked.move));
  }
  onSearchProgress(checked);
  // MultiPV: the ranked root moves, rank 1 being the move played (ugi.md's `multipv`).
  for (std::size_t i = 0; i < checked.ranked.size(); ++i) {
    MoveChoice line = checked.ranked[i];
    line.nodes = checked.nodes;
    line.seconds = checked.seconds;
    line.hashfull = checked.hashfull;
    if (!search_->position.isLegal(line.move)) continue;
    Position after = search_->position;  // the pv stays playable
    int playable = 0;
    for (; playable < line.pvLength && after.isLegal(line.pv[static_cast<std::size_t>(playable)]);
         ++playable)
      after.play(line.pv[static_cast<std::size_t>(playable)]);
    line.pvLength = playable;
    say("info multipv " + std::to_string(i + 1) + infoLine(line).substr(4));
  }
  if (search_->infinite && !search_->stopRequested) {
    search_->heldResult = checked;  // `go infinite` answers only after `stop`
    return;
  }
  finishSearch(checked);
}

void UgiSession::finishSearch(const MoveChoice& result) {
  // Where shown values that were not proven by this search come from (issue 68, 2).
  bool table = result.fromTable, store = result.fromStore;
  for (const MoveChoice& line : result.ranked)
    table = table || line.fromTable, store = store || line.fromStore;
  if (table)
    say("info string values from the opening table (the shipped file, checked against the "
        "build's checksum)");
  if (store)
    say("info string values proven before: this run's, or kept across runs "
        "(ProvenCache, written under this installation's key)");
  if (settings_.engine.explain && !result.reason.empty())
    say("info string reason: " + result.reason);

  search_.reset();
  say("bestmove " + moveToken(result.move));
}

void UgiSession::say(std::string_view line) {
  // One reply is one line, whatever text it carries.
  std::string clean(line);
  std::replace_if(
      clean.begin(), clean.end(), [](char c) { return c == '\n' || c == '\r'; }, ' ');
  output_(clean);
}

void UgiSession::sayLines(std::string_view text) {
  while (!text.empty()) {
    const auto end = text.find('\n');
    say(text.substr(0, end));
    if (end == std::string_view::npos) break;
    text.remove_prefix(end + 1);
  }
}

void UgiSession::rejectLongLine(std::size_t maxBytes) {
  error("a line of more than " + std::to_string(maxBytes) + " bytes: ignored");
}

void UgiSession::error(const std::string& what) {
  // An error may quote what the GUI sent: cut, and without control bytes, whatever it was.
  constexpr std::size_t kMaxError = 400;
  std::string line;
  for (const char ch : what) {
    if (line.size() >= kMaxError) {
      line += "...";
      break;
    }
    line += static_cast<unsigned char>(ch) < 0x20 || ch == 0x7f ? '?' : ch;
  }
  say("info string error: " + line);
}

bool UgiSession::rejectArguments(std::string_view command, const Command& c) {
  if (c.args.empty()) return false;
  error(std::string(command) + " takes no arguments, got " + shown(c.args[0]));
  return true;
}

}  // namespace qubic
