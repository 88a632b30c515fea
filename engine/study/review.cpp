#include "review.hpp"

#include <algorithm>
#include <sstream>

#include "engine/core/enum_text.hpp"
#include "engine/core/notation.hpp"
#include "explain.hpp"

#include "engine/proof/position_value.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

std::optional<ProvenValue> tableValue(const OpeningTable& table, const Position& pos) {
  const std::optional<TableEntry> e = table.find(pos);
  if (!e) return std::nullopt;
  ProvenValue v;
  if (e->value == TableValue::Draw) {
    v.kind = ValueKind::Draw;
    return v;
  }
  if (!e->certified) return std::nullopt;
  const Side winner = e->value == TableValue::XWins ? Side::X : Side::O;
  v.kind = winner == pos.sideToMove() ? ValueKind::Win : ValueKind::Loss;
  v.plies = e->plies;
  if (v.kind != ValueKind::Win) return v;
  v.bestMove = e->move;
  if (v.bestMove >= 0) return v;
  // No move stored (a QUBTAB02 entry, or a win whose proof was not at hand at the join): the
  // shortest certified win among the replies the table holds.
  int shortest = kCells + 1;
  for (Bitboard m = pos.emptyCells(); m; m &= m - 1) {
    Position next = pos;
    next.play(lowestCell(m));
    const std::optional<TableEntry> r = table.find(next);
    if (r && r->certified && r->value == e->value && r->plies < shortest)
      shortest = r->plies, v.bestMove = lowestCell(m);
  }
  return v;
}

namespace {

ProvenValue seenFromTheOtherSide(const ProvenValue& v) {
  ProvenValue flipped;
  flipped.plies = v.plies;
  if (v.kind == ValueKind::Win) flipped.kind = ValueKind::Loss;
  if (v.kind == ValueKind::Loss) flipped.kind = ValueKind::Win;
  if (v.kind == ValueKind::Draw) flipped.kind = ValueKind::Draw;
  return flipped;
}

bool inTime(const ReviewOptions& options) { return !(options.stop && options.stop->load()); }

// Does any move but `played` also win for the mover? True only when every other move was
// shown not to win (a solver disproof each).
bool onlyWinningMove(Solver& solver, const Position& pos, int played, const ReviewOptions& o) {
  const Side mover = pos.sideToMove();
  for (Bitboard m = pos.emptyCells() & ~bit(played); m;) {
    Position after = pos;
    after.play(popLowest(m));
    if (!inTime(o)) return false;
    if (after.isGameOver()) return false;  // it completes a line too (or fills the board)
    const PnsResult r = solver.prove(after, mover, o.perAlternative);
    if (r.answer != Answer::Disproven) return false;
  }
  return true;
}

// In a lost position: the other move after which the opponent's win takes longest, when it
// takes longer than `playedPlies` (plies counted from before the move). Returns whether
// every other move was proven lost.
bool longestDefence(Solver& solver, const Position& pos, int played, int playedPlies,
                    const ReviewOptions& o, ReviewedMove& review) {
  const Side them = opponent(pos.sideToMove());
  int longest = playedPlies;
  bool allLost = true;
  for (Bitboard m = pos.emptyCells() & ~bit(played); m;) {
    const int move = popLowest(m);
    Position after = pos;
    after.play(move);
    if (!inTime(o)) return false;
    if (after.isGameOver()) {
      allLost = false;  // the board is full: a draw
      continue;
    }
    const CheckedWin win = checkedWin(solver, after, them, o.perAlternative);
    const int plies = win.answer == Answer::Proven ? win.plies : 0;
    allLost = allLost && plies > 0;
    if (plies > 0 && plies + 1 > longest) {
      longest = plies + 1;
      review.better = move;
      review.betterPlies = longest;
    }
  }
  return allLost;
}

MoveVerdict verdictOf(const ReviewedMove& r) {
  const ValueKind before = r.before.kind, after = r.after.kind;
  if (before == ValueKind::Win) {
    if (after == ValueKind::Win)
      return r.after.plies == 0 ? MoveVerdict::Won : MoveVerdict::KeptWin;
    return after == ValueKind::Unknown ? MoveVerdict::NotProven : MoveVerdict::ThrewWinAway;
  }
  if (after == ValueKind::Loss) {
    if (before == ValueKind::Loss) return MoveVerdict::BestDefence;
    return before == ValueKind::Draw ? MoveVerdict::WalkedIntoLoss : MoveVerdict::IntoLoss;
  }
  if (after == ValueKind::Win) return MoveVerdict::FoundWin;
  if (after == ValueKind::Draw && before == ValueKind::Draw) return MoveVerdict::KeptDraw;
  return MoveVerdict::NotProven;
}

// Fills in what the two values alone do not say: the better move, only move, and whether a
// missed win was one by threes alone.
void lookCloser(Solver& solver, const Position& pos, ReviewedMove& r, const ReviewOptions& o) {
  if (r.verdict == MoveVerdict::KeptWin) {
    r.onlyMove = onlyWinningMove(solver, pos, r.move, o);
  } else if (r.verdict == MoveVerdict::ThrewWinAway) {
    r.better = r.before.bestMove;
    const ForcingWin win = checkedForcingWin(solver.threats(), pos, 1'000'000, false, o.stop);
    if (!win.moves.empty()) {
      r.verdict = MoveVerdict::MissedForcedWin;
      r.better = win.moves[0];
    }
  } else if (r.verdict == MoveVerdict::BestDefence) {
    const bool allLost = longestDefence(solver, pos, r.move, r.after.plies + 1, o, r);
    if (r.better >= 0)
      r.verdict = MoveVerdict::ShorterDefence;
    else if (!allLost)
      r.verdict = MoveVerdict::LostEitherWay;
  }
}

}  // namespace

SolverOptions reviewSolverOptions() {
  SolverOptions options;
  options.tableMb = 64;  // memory is taken only as the search fills it
  options.threatEntries = std::size_t{1} << 18;
  return options;
}

ReviewOptions reviewBudget(std::uint64_t perPosition) {
  ReviewOptions o;
  o.perPosition.maxPositions = perPosition;
  o.perAlternative.maxPositions = perPosition / 10;
  o.frontierBudgets = 4;
  return o;
}

CheckedWin checkedWin(Solver& solver, const Position& pos, Side attacker,
                      const SolveLimits& limits) {
  CheckedWin result;
  const PnsResult r = solver.prove(pos, attacker, limits);
  if (r.answer != Answer::Proven) {
    result.answer = r.answer;
    return result;
  }
  SearchLimits writeLimits;
  writeLimits.stop = limits.stop;
  std::stringstream proof;
  const ProofWriteResult w =
      writeProof(proof, pos, attacker, solver.search(), solver.threats(), writeLimits);
  if (!w.complete) return result;  // stopped while writing: not known
  const VerifyResult v = verifyProof(proof);
  if (!v.verified) return result;  // never expected; a proof that fails proves nothing
  result.answer = Answer::Proven;
  result.plies = v.plies;
  result.bestMove = r.bestMove;
  return result;
}

ProvenValue provenValue(Solver& solver, const Position& pos, const SolveLimits& limits) {
  return provenValue(solver, pos, limits, Side::X);
}

ProvenValue provenValue(Solver& solver, const Position& pos, const SolveLimits& limits,
                        Side first) {
  ProvenValue v;
  const Side mover = pos.sideToMove();
  if (pos.isGameOver()) {
    // The side to move has nothing left: the opponent completed a line, or the board is full.
    v.kind = pos.winningCells() != 0 ? ValueKind::Loss : ValueKind::Draw;
    return v;
  }
  const BothSides<CheckedWin> value = askBothSides<CheckedWin>(
      first, [&](Side attacker) { return checkedWin(solver, pos, attacker, limits); });
  if (value.winner) {
    v.kind = *value.winner == mover ? ValueKind::Win : ValueKind::Loss;
    v.plies = value.win.plies;
    if (*value.winner == mover) v.bestMove = value.win.bestMove;
  } else if (value.draw) {
    v.kind = ValueKind::Draw;
  }
  return v;
}

namespace {

// The side a proven value says wins, if any.
std::optional<Side> winnerOf(const ProvenValue& v, Side toMove) {
  if (v.kind == ValueKind::Win) return toMove;
  if (v.kind == ValueKind::Loss) return opponent(toMove);
  return std::nullopt;
}

// The values of the game's positions, from the end backwards: the proofs of later
// positions are in the table when earlier ones are asked, and the side that wins later is
// asked first.
class ValueFinder {
 public:
  ValueFinder(Solver& solver, const std::vector<Position>& positions, const ReviewOptions& o)
      : solver_(solver), positions_(positions), options_(o), values_(positions.size()) {}

  std::vector<ProvenValue>& values() { return values_; }

  void find(std::size_t i, SolveLimits limits) {
    limits.stop = options_.stop;
    const Position& pos = positions_[i];
    if (options_.known)
      if (const std::optional<ProvenValue> v = options_.known(pos);
          v && v->kind != ValueKind::Unknown)
        return void(values_[i] = *v);
    std::optional<Side> first;
    if (i + 1 < values_.size()) first = winnerOf(values_[i + 1], positions_[i + 1].sideToMove());
    if (!first && options_.winnerHint) first = options_.winnerHint(pos);
    values_[i] = provenValue(solver_, pos, limits, first.value_or(Side::X));
    if (options_.learned && values_[i].kind != ValueKind::Unknown)
      options_.learned(pos, values_[i]);
  }

  // In a game won by one side: the first index from which every position is proven won
  // by the winner (values_.size() when not even the last one is).
  std::size_t frontier(Side winner) const {
    std::size_t j = values_.size();
    while (j > 0 && winnerOf(values_[j - 1], positions_[j - 1].sideToMove()) == winner) --j;
    return j;
  }

  // Moves the frontier back while doubling budgets settle the position before it, up to
  // `budgets` times perPosition in all (its positions, or its seconds when it counts none).
  void pushFrontier(Side winner, int budgets) {
    double left = budgets, ask = 1;  // in units of perPosition
    while (left > 0 && inTime(options_)) {
      const std::size_t j = frontier(winner);
      if (j == 0 || j == values_.size() || values_[j - 1].kind != ValueKind::Unknown) return;
      const double share = std::min(ask, left);
      left -= share;
      find(j - 1, scaled(options_.perPosition, share));
      // Settled: the next one back starts from the base budget; else this one gets twice.
      ask = values_[j - 1].kind != ValueKind::Unknown ? 1 : 2 * ask;
    }
  }

 private:
  static SolveLimits scaled(SolveLimits limits, double k) {
    if (limits.maxPositions > 0)
      limits.maxPositions =
          std::max<std::uint64_t>(1, static_cast<std::uint64_t>(limits.maxPositions * k));
    limits.seconds *= k;
    return limits;
  }

  Solver& solver_;
  const std::vector<Position>& positions_;
  const ReviewOptions& options_;
  std::vector<ProvenValue> values_;
};

}  // namespace

std::vector<ReviewedMove> reviewGame(Solver& solver, const Position& start,
                                     std::span<const int> moves, const ReviewOptions& options) {
  const std::size_t n = moves.size();
  if (n > static_cast<std::size_t>(kCells)) return {};  // not a game (moves must be legal)
  const int total = 2 * static_cast<int>(n) + 2;        // progress: positions, frontier, moves
  std::vector<Position> positions(n + 1, start);
  for (std::size_t i = 0; i < n; ++i) {
    positions[i + 1] = positions[i];
    positions[i + 1].play(moves[i]);
  }
  ValueFinder finder(solver, positions, options);
  // Once a position is not settled, the ones before it, further from the end, seldom are:
  // they get a tenth of the budget (enough for a win by threes), the frontier the rest.
  SolveLimits limits = options.perPosition;
  for (std::size_t i = n + 1; i-- > 0;) {
    if (inTime(options)) finder.find(i, limits);
    if (finder.values()[i].kind == ValueKind::Unknown && options.frontierBudgets > 0)
      limits = options.perAlternative;
    if (options.progress) options.progress(static_cast<int>(n + 1 - i), total);
  }
  const Status status = positions[n].status();
  if (options.frontierBudgets > 0 &&
      (options.perPosition.maxPositions > 0 || options.perPosition.seconds > 0) &&
      (status == Status::XWins || status == Status::OWins))
    finder.pushFrontier(status == Status::XWins ? Side::X : Side::O, options.frontierBudgets);
  if (options.progress) options.progress(static_cast<int>(n + 2), total);
  const std::vector<ProvenValue>& values = finder.values();
  std::vector<ReviewedMove> review(n);
  ReviewOptions closer = options;
  closer.perAlternative.stop = options.stop;
  for (std::size_t i = 0; i < n; ++i) {
    ReviewedMove& r = review[i];
    r.ply = static_cast<int>(i);
    r.move = moves[i];
    r.mover = positions[i].sideToMove();
    r.before = values[i];
    r.after = seenFromTheOtherSide(values[i + 1]);
    r.verdict = verdictOf(r);
    if (inTime(options)) lookCloser(solver, positions[i], r, closer);
    if (options.progress) options.progress(static_cast<int>(n + 3 + i), total);
  }
  return review;
}

std::string_view verdictName(MoveVerdict verdict) {
  static constexpr EnumText<MoveVerdict> kNames[] = {
      {MoveVerdict::Won, "wins"},
      {MoveVerdict::KeptWin, "kept the win"},
      {MoveVerdict::FoundWin, "into a proven win"},
      {MoveVerdict::ThrewWinAway, "threw the win away"},
      {MoveVerdict::MissedForcedWin, "missed a forced win"},
      {MoveVerdict::WalkedIntoLoss, "walked into a forced loss"},
      {MoveVerdict::IntoLoss, "into a proven loss"},
      // Both compare proof lengths, which bound how long each loss lasts: they say no more.
      {MoveVerdict::BestDefence, "every move loses, none proven to last longer"},
      {MoveVerdict::ShorterDefence, "perhaps a longer defence"},
      {MoveVerdict::LostEitherWay, "lost either way"},
      {MoveVerdict::KeptDraw, "kept the draw"},
      {MoveVerdict::NotProven, "not proven"}};
  static_assert(namesEvery(kNames, MoveVerdict::NotProven));
  return textOf(kNames, verdict);
}

namespace {

std::string pliesText(int plies) {
  return std::to_string(plies) + (plies == 1 ? " ply" : " plies");
}

}  // namespace

std::string describeVerdict(const ReviewedMove& r) {
  std::string text(verdictName(r.verdict));
  if (r.onlyMove) text += " (only move, by the solver)";
  if (r.verdict == MoveVerdict::ShorterDefence)
    text += ": " + moveToken(r.better) + "'s loss is proven within " + pliesText(r.betterPlies) +
            ", this move's within " + pliesText(r.after.plies + 1);
  else if (r.better >= 0)
    text += " (" + moveToken(r.better) + " wins)";
  return text;
}

std::string describeValue(const ProvenValue& v, Side mover) {
  switch (v.kind) {
    case ValueKind::Win:
      return v.plies == 0 ? sideName(mover) + " has won"
                          : sideName(mover) + " wins, " + pliesText(v.plies);
    case ValueKind::Loss:
      return sideName(opponent(mover)) + " wins, " + pliesText(v.plies);
    case ValueKind::Draw:
      return "draw";
    case ValueKind::Unknown:
      return "not proven";
  }
  return "";
}

namespace {

// A verdict that rests on proven values both before and after the move.
bool settled(MoveVerdict v) {
  return v != MoveVerdict::NotProven && v != MoveVerdict::IntoLoss && v != MoveVerdict::FoundWin;
}

}  // namespace

ReviewOutcome reviewOutcome(const std::vector<ReviewedMove>& review, const Position& end) {
  ReviewOutcome outcome;
  for (std::size_t i = 0; i < review.size(); ++i) {
    if (isMistake(review[i].verdict)) outcome.mistakes.push_back(i);
    if (!settled(review[i].verdict)) ++outcome.unsettled;
  }
  outcome.allSettled = outcome.unsettled == 0;
  const Status status = end.status();
  if (status != Status::XWins && status != Status::OWins) return outcome;
  outcome.loser = status == Status::XWins ? Side::O : Side::X;
  // Back from the end while the position after each move is proven lost for the loser.
  for (std::size_t i = review.size(); i-- > 0;) {
    const ReviewedMove& r = review[i];
    const ValueKind lostForLoser = r.mover == outcome.loser ? ValueKind::Loss : ValueKind::Win;
    if (r.after.kind != lostForLoser) break;
    if (r.mover == outcome.loser) outcome.lostAfter = i;
  }
  return outcome;
}

bool isMistake(MoveVerdict v) {
  return v == MoveVerdict::ThrewWinAway || v == MoveVerdict::MissedForcedWin ||
         v == MoveVerdict::WalkedIntoLoss;
}

}  // namespace qubic
