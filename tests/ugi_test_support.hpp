// A scripted Searcher and a transcript runner, so protocol sessions can be tested
// line by line with exact expected replies and no threads.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/core/notation.hpp"
#include "protocol/searcher.hpp"
#include "protocol/ugi.hpp"

namespace qubic::testing {

// Answers every search with the lowest free cell and fixed statistics. A finite search
// ends after the line that started it; an infinite one when stopped (or at once when
// `infiniteEndsEarly`, as a search that proves the result would).
class FakeSearcher final : public Searcher {
 public:
  std::string configure(const EngineSettings& settings) override {
    if (!failConfigure.empty()) return failConfigure;
    applied = settings;
    return {};
  }
  void newGame() override { ++newGames; }
  void start(const SearchJob& job) override {
    running = job;
    stopped = false;
    jobs.push_back(job);
  }
  void stop() override { stopped = true; }

  // Delivers the result of the running search if it would have ended by now.
  void settle(UgiSession& session) {
    if (!running || (running->infinite && !stopped && !infiniteEndsEarly)) return;
    const MoveChoice result = answer(*running);
    running.reset();
    MoveChoice early = result;
    early.depth = 1;  // a first, shallower report, as a real search gives
    session.onSearchProgress(early);
    session.onSearchDone(result);
  }

  MoveChoice answer(const SearchJob& job) const {
    if (scripted) return *scripted;
    MoveChoice c;
    c.move = lowestCell(job.position.emptyCells());
    c.depth = 3;
    c.score = 12;
    c.nodes = 1000;
    c.seconds = 0.5;
    c.reason = "takes the lowest free cell";
    return c;
  }

  EngineSettings applied;
  std::string failConfigure;           // when set, configure fails with this message
  std::optional<MoveChoice> scripted;  // when set, every search returns this
  bool infiniteEndsEarly = false;
  std::optional<SearchJob> running;
  bool stopped = false;
  int newGames = 0;
  std::vector<SearchJob> jobs;
};

// A session over a FakeSearcher that records every reply.
struct Transcript {
  explicit Transcript(const Settings& settings = {})
      : session(settings, searcher, [this](std::string_view line) { replies.emplace_back(line); }) {
  }

  // Sends one line and returns the replies it caused (including a search finishing).
  std::vector<std::string> send(std::string_view line) {
    replies.clear();
    session.handle(line);
    searcher.settle(session);
    return replies;
  }

  FakeSearcher searcher;
  std::vector<std::string> replies;
  UgiSession session;
};

inline bool isError(const std::string& reply) { return reply.rfind("info string error: ", 0) == 0; }

}  // namespace qubic::testing
