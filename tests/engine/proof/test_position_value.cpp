// The one rule for a position's value from the two proof questions
// (engine/proof/position_value): the order asked, when the second is asked, a draw only
// when both wins are disproven.
#include <catch2/catch.hpp>

#include <vector>

#include "engine/proof/position_value.hpp"

using namespace qubic;

namespace {

struct FakeAnswer {
  Answer answer = Answer::Unknown;
  int tag = 0;
};

// Answers from a table (X's, O's) and the sides asked, in order.
struct Asker {
  FakeAnswer x, o;
  std::vector<Side> asked;
  FakeAnswer operator()(Side s) {
    asked.push_back(s);
    return s == Side::X ? x : o;
  }
};

}  // namespace

TEST_CASE("a position's value: the first side's win, then the other's unless proven") {
  const Answer P = Answer::Proven, D = Answer::Disproven, U = Answer::Unknown;
  Asker proven{{P, 1}, {P, 2}, {}};
  const BothSides<FakeAnswer> first = askBothSides<FakeAnswer>(Side::X, proven);
  CHECK(first.winner == Side::X);
  CHECK(first.win.tag == 1);
  CHECK(proven.asked == std::vector<Side>{Side::X});  // a proven win ends the questions
  // O's win is asked after X's unknown too (qubic-solve asked it only after X's disproof).
  Asker unknown{{U, 1}, {P, 2}, {}};
  const BothSides<FakeAnswer> second = askBothSides<FakeAnswer>(Side::X, unknown);
  CHECK(second.winner == Side::O);
  CHECK(second.win.tag == 2);
  CHECK(unknown.asked == std::vector<Side>{Side::X, Side::O});
  // A draw only when both are disproven.
  Asker both{{D, 1}, {D, 2}, {}};
  CHECK(askBothSides<FakeAnswer>(Side::O, both).draw);
  CHECK(both.asked == std::vector<Side>{Side::O, Side::X});  // `first` first
  Asker half{{D, 1}, {U, 2}, {}};
  const BothSides<FakeAnswer> open = askBothSides<FakeAnswer>(Side::X, half);
  CHECK_FALSE(open.draw);
  CHECK_FALSE(open.winner);
}
