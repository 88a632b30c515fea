// The forcing win told move by move (engine/study/explain), against the rules.
#include <catch2/catch.hpp>

#include <random>

#include "engine/core/lines.hpp"
#include "engine/proof/verify.hpp"
#include "engine/study/explain.hpp"
#include "engine/threats/threat_search.hpp"
#include "engine/threats/threats.hpp"
#include "random_positions.hpp"

using namespace qubic;

TEST_CASE(
    "each step of an explained forcing win makes the threes it names, and the last one wins") {
  std::mt19937_64 rng(31);
  ThreatSearch threats(std::size_t{1} << 16);
  int explained = 0;
  for (int i = 0; i < 4000 && explained < 60; ++i) {
    const Position start = randomPosition(rng, 10, 30);
    const Side us = start.sideToMove();
    if (threatCells(start, opponent(us)) || threatCells(start, us)) continue;  // not at once
    const ThreatResult t = threats.forcedWin(start, us, ThreatLimits{});
    if (!t.win) continue;
    const std::span<const std::uint8_t> moves(t.sequence.data(),
                                              static_cast<std::size_t>(t.length));
    REQUIRE(checkForcingWin(start, us, moves).empty());
    const std::vector<ForcingStep> steps = explainForcingWin(start, moves);
    REQUIRE(steps.size() == static_cast<std::size_t>(t.length + 1) / 2);
    Position pos = start;
    for (std::size_t s = 0; s < steps.size(); ++s) {
      const ForcingStep& step = steps[s];
      pos.play(step.move);
      // Every named three: three of our stones, none of theirs, its cell empty.
      for (const Three& three : step.threes) {
        CHECK(pos.lineCount(us, three.line) == 3);
        CHECK(pos.lineCount(opponent(us), three.line) == 0);
        CHECK(pos.isEmpty(three.cell));
        CHECK((lineMask(three.line) & bit(three.cell)) != 0);
      }
      if (s + 1 < steps.size()) {
        // One three, and the reply blocks it.
        REQUIRE(step.threes.size() == 1);
        CHECK(step.reply == step.threes[0].cell);
        pos.play(step.reply);
      } else {
        CHECK((step.completesLine || step.threes.size() >= 2));
        CHECK(step.reply == -1);
      }
    }
    ++explained;
  }
  CHECK(explained >= 30);
}
