// The value of a position from the two questions a proof search answers ("does X win?",
// "does O win?"), asked the one way every caller asks them (engine/study/review,
// qubic-solve): `first`'s win, then, unless that is proven, the other side's; a draw only
// when both wins are disproven, otherwise unknown.
#pragma once

#include <optional>

#include "engine/core/position.hpp"
#include "node_evaluation.hpp"

namespace qubic {

template <class Result>
struct BothSides {
  std::optional<Side> winner;  // the side whose win is proven
  Result win{};                // its answer
  bool draw = false;           // both wins disproven
};

// `ask(side)` answers whether `side` wins, as a Result with an `answer` field.
template <class Result, class Ask>
BothSides<Result> askBothSides(Side first, Ask&& ask) {
  BothSides<Result> out;
  bool bothDisproven = true;
  for (const Side attacker : {first, opponent(first)}) {
    const Result r = ask(attacker);
    if (r.answer == Answer::Proven) {
      out.winner = attacker;
      out.win = r;
      return out;
    }
    bothDisproven = bothDisproven && r.answer == Answer::Disproven;
  }
  out.draw = bothDisproven;
  return out;
}

}  // namespace qubic
