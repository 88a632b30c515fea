// The UGI protocol as a state machine: one input line in, reply lines out. It owns the
// game position and the settings and decides what every command means; it has no
// threads and reads nothing itself. Searches run through a Searcher, whose results come
// back through onSearchProgress/onSearchDone. The caller serialises all calls (main.cpp
// holds one mutex around them). The protocol is specified in docs/protocol.md.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "config/settings.hpp"
#include "engine/core/position.hpp"
#include "engine/play/player.hpp"
#include "searcher.hpp"
#include "ugi_commands.hpp"

namespace qubic {

// Receives each reply line, without the newline.
using LineSink = std::function<void(std::string_view)>;

class UgiSession {
 public:
  // Applies `settings` (the option defaults) to the searcher at once.
  UgiSession(const Settings& settings, Searcher& searcher, LineSink output);

  // Answers one command line. Never throws; anything wrong is answered with
  // `info string error: ...` and changes nothing. Lines after `quit` are ignored.
  void handle(std::string_view line);
  // A line longer than `maxBytes` came and was dropped: one error, nothing changes.
  void rejectLongLine(std::size_t maxBytes);
  // Behind the web bridge (qubic-engine --serve-page): no option may name a file.
  void refuseFileOptions();
  // A build that lacks what an option needs (threads, a home for files: the engine in a
  // page) neither lists nor takes it; setoption names why.
  void omitOption(std::string_view name, std::string why);
  // Tells the controller something that is not an answer: `info string <text>`.
  void inform(std::string_view text);

  // From the searcher: the best move so far, and the final result of the search.
  void onSearchProgress(const MoveChoice& best);
  void onSearchDone(const MoveChoice& result);
  // A study's lines (StudyReport): its progress, then (`done`) a review's or an
  // explanation's result.
  void onStudied(const std::vector<std::string>& lines, bool done = true);

  // True when `line` needs the engine idle and a search with a time limit is running
  // (so it ends by itself): the caller should wait for that search before handing the line
  // over. Other lines are answered at once (with an error if they need the engine idle),
  // so `stop` is always read during a search without a time limit.
  bool waitsForSearch(std::string_view line) const;
  // `stop`, `isready` and `quit`: carried out at once, ahead of any line that waits.
  static bool jumpsQueue(std::string_view line);

  bool searching() const { return search_.has_value(); }
  bool quitRequested() const { return quit_; }
  const Position& position() const { return position_; }
  const Settings& settings() const { return settings_; }

 private:
  struct RunningSearch {
    Position position;  // what is searched: `bestmove` must be legal here
    bool infinite = false;
    bool timed = false;  // has a time budget, so it ends by itself
    bool stopRequested = false;
    std::optional<MoveChoice> heldResult;  // an infinite search that ended before `stop`
    std::string lastInfo;
    std::string study;     // a `review` or `explain`: it ends with reviewok or explainok
    bool studied = false;  // the study's lines came: a `stop` after them stopped nothing
  };
  // One command line taken apart; the views point into the line.
  struct Command {
    std::vector<std::string_view> args;  // the words after the command word
    std::string_view rest;               // the raw text after the command word
  };
  struct CommandSpec;  // name, whether it may run during a search, handler
  static const CommandSpec* findCommand(std::string_view word);

  void dispatch(std::string_view line);
  void ugi(const Command& c);
  void isReady(const Command& c);
  void setOption(const Command& c);
  void newGame(const Command& c);
  void setPosition(const Command& c);
  void go(const Command& c);
  void review(const Command& c);
  void explain(const Command& c);
  void startStudy(const StudyJob& job, std::string_view name);
  void stop(const Command& c);
  void quit(const Command& c);
  void query(const Command& c);
  void queryLevel(std::string_view word);
  void draw(const Command& c);
  void bench(const Command& c);
  void benchSolve();
  void help(const Command& c);

  void finishSearch(const MoveChoice& result);
  void say(std::string_view line);
  void sayLines(std::string_view text);
  void error(const std::string& what);
  // Reports an error when a command that takes no arguments got some.
  bool rejectArguments(std::string_view command, const Command& c);

  Settings settings_;
  Searcher& searcher_;
  LineSink output_;
  Position position_;
  PositionLine line_;  // the last position command's start and moves (review)
  std::optional<RunningSearch> search_;
  bool quit_ = false;
  bool servesPage_ = false;                                        // refuseFileOptions()
  std::vector<std::pair<std::string_view, std::string>> omitted_;  // omitOption()
};

}  // namespace qubic
