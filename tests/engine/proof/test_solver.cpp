#include <catch2/catch.hpp>

#include <atomic>
#include <random>
#include <sstream>
#include <thread>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/solver.hpp"
#include "engine/proof/verify.hpp"
#include "random_positions.hpp"

using namespace qubic;
using qubic::testing::randomPosition;

namespace {

SolverOptions withThreads(int threads, bool quickFirst = false, std::size_t tableMb = 16,
                          Parallelism parallelism = Parallelism::Evaluation) {
  SolverOptions options;
  options.threads = threads;
  options.parallelism = parallelism;
  options.tableMb = tableMb;
  options.threatEntries = std::size_t{1} << 16;
  options.quickFirst = quickFirst;
  return options;
}

// Proves `attacker` wins from `pos`, writes the proof and has the rules-only checker read it.
VerifyResult proveAndVerify(Solver& solver, const Position& pos, Side attacker) {
  const PnsResult r = solver.prove(pos, attacker, {});
  INFO(positionString(pos));
  REQUIRE(r.answer == Answer::Proven);
  std::stringstream proof;
  const ProofWriteResult w =
      writeProof(proof, pos, attacker, solver.search(), solver.threats(), SearchLimits{});
  INFO(w.error);
  REQUIRE(w.complete);
  return verifyProof(proof);
}

}  // namespace

TEST_CASE("every proof the parallel solver finds is accepted by the rules-only checker") {
  // Positions after 1a1 4d4 1d1 and a third of O's 21 non-equivalent replies: X wins all
  // of them, with searches of thousands to about a million positions, so threads meet.
  const int threads = GENERATE(2, 3);
  const Parallelism mode = GENERATE(Parallelism::Evaluation, Parallelism::SharedTable);
  const Position root = playMoves(Position{}, "1a1 4d4 1d1").value();
  int checked = 0, index = 0;
  for (Bitboard replies = nonEquivalentMoves(root); replies;) {
    Position p = root;
    p.play(popLowest(replies));
    if (index++ % 3 != 2) continue;
    Solver solver(withThreads(threads, false, 64, mode));
    const VerifyResult v = proveAndVerify(solver, p, Side::X);
    INFO(positionString(p) << " " << v.error);
    CHECK(v.verified);
    ++checked;
  }
  CHECK(checked == 7);
}

TEST_CASE("the parallel solver agrees with one thread on random middle-game positions") {
  // Both answers are checked against each other and every win against the checker; a
  // disagreement would mean a thread read a half-written or stale entry as solved.
  const Parallelism mode = GENERATE(Parallelism::Evaluation, Parallelism::SharedTable);
  std::mt19937_64 rng(2026);
  int proven = 0, disproven = 0;
  for (int i = 0; i < 40; ++i) {
    const Position p = randomPosition(rng, std::uniform_int_distribution<int>(8, 20)(rng));
    for (const Side attacker : {Side::X, Side::O}) {
      SolveLimits limits;
      limits.maxNodes = 3'000'000;
      Solver one(withThreads(1)), two(withThreads(2, false, 16, mode));
      const PnsResult a = one.prove(p, attacker, limits), b = two.prove(p, attacker, limits);
      if (a.answer == Answer::Unknown || b.answer == Answer::Unknown) continue;
      INFO(positionString(p) << " attacker " << (attacker == Side::X ? 'x' : 'o'));
      CHECK(a.answer == b.answer);
      if (b.answer == Answer::Proven) {
        ++proven;
        CHECK(proveAndVerify(two, p, attacker).verified);
      } else {
        ++disproven;
      }
    }
  }
  CHECK(proven >= 10);
  CHECK(disproven >= 10);
}

TEST_CASE("a parallel solve stops when asked, with an unknown answer") {
  const Parallelism mode = GENERATE(Parallelism::Evaluation, Parallelism::SharedTable);
  std::atomic<bool> stop{false};
  Solver solver(withThreads(2, false, 16, mode));
  std::thread stopper([&] {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    stop = true;
  });
  SolveLimits limits;
  limits.stop = &stop;
  const PnsResult r = solver.prove(Position{}, Side::X, limits);  // far too big to finish
  stopper.join();
  CHECK(r.answer == Answer::Unknown);
  CHECK(r.nodes > 0);
}

TEST_CASE("a parallel solve ends at its node limit") {
  const Parallelism mode = GENERATE(Parallelism::Evaluation, Parallelism::SharedTable);
  Solver solver(withThreads(2, false, 16, mode));
  SolveLimits limits;
  limits.maxNodes = 2'000'000;
  const PnsResult r = solver.prove(Position{}, Side::X, limits);
  CHECK(r.answer == Answer::Unknown);
  CHECK(r.nodes >= limits.maxNodes);
}

TEST_CASE("a small question is settled by the quick first try, on its small table") {
  Solver solver(withThreads(2, true));
  const Position p = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  const PnsResult r = solver.prove(p, Side::X, {});
  CHECK(r.answer == Answer::Proven);
  CHECK(r.positions <= kQuickPositions);
  CHECK(solver.table().bytes() <= (kQuickTableMb << 20));
  CHECK(proveAndVerify(solver, p, Side::X).verified);
}

TEST_CASE("one thread finds the same proof every time") {
  const Position p = playMoves(Position{}, "1a1 4d4 1d1 2b2").value();
  auto proofOf = [&] {
    Solver solver(withThreads(1));
    REQUIRE(solver.prove(p, Side::X, {}).answer == Answer::Proven);
    std::stringstream proof;
    REQUIRE(
        writeProof(proof, p, Side::X, solver.search(), solver.threats(), SearchLimits{}).complete);
    return proof.str();
  };
  CHECK(proofOf() == proofOf());
}

TEST_CASE("with the evaluations shared out, the search takes the course one thread takes") {
  // The helpers only evaluate children the search would evaluate itself, and it uses their
  // answers in its own order. Only a threat search cut short by its node limit could end
  // differently, depending on what the shared table holds by then: allow 1 % of positions.
  const Position root = playMoves(Position{}, "1a1 4d4 1d1").value();
  int checked = 0, index = 0;
  for (Bitboard replies = nonEquivalentMoves(root); replies;) {
    Position p = root;
    p.play(popLowest(replies));
    if (index++ % 3 != 0) continue;
    Solver one(withThreads(1, false, 64)), two(withThreads(2, false, 64));
    const PnsResult a = one.prove(p, Side::X, {}), b = two.prove(p, Side::X, {});
    INFO(positionString(p) << ": " << a.positions << " and " << b.positions << " positions");
    REQUIRE(a.answer == Answer::Proven);
    CHECK(b.answer == Answer::Proven);
    CHECK(std::abs(static_cast<double>(a.positions) - static_cast<double>(b.positions)) <=
          0.01 * static_cast<double>(a.positions));
    CHECK(proveAndVerify(two, p, Side::X).verified);
    ++checked;
  }
  CHECK(checked == 7);
}

TEST_CASE("a solve whose bounded search finds no win ends at once, unknown") {
  // X has no win within 5 stones. The bounded search disproves the root, which claims
  // nothing; the solve must end there, not ask the table's disproven root again slice after
  // slice (no position evaluated, so no budget of positions or nodes is ever spent) until
  // its time runs out. The search takes well under a second; the time limit is 120 s.
  for (const int threads : {1, 2}) {
    SolverOptions options = withThreads(threads);
    options.pns.stoneCap[static_cast<int>(Side::X)] = 5;
    Solver solver(options);
    SolveLimits limits;
    limits.maxPositions = 50'000'000;
    limits.seconds = 120;
    const PnsResult r = solver.prove(Position{}, Side::X, limits);
    CHECK(r.answer == Answer::Unknown);
    CHECK(r.rootDn == 0);
    CHECK(r.positions > 0);
    CHECK(r.seconds < 12);
  }
}

TEST_CASE("moves excluded at the root are not played") {
  // The split solve asks again without a move that turned out not to win.
  Solver solver(withThreads(1));
  const Position forced = playMoves(Position{}, "1a1 2a1 1b1 2b1 3c3 2c1").value();
  const PnsResult r = solver.prove(forced, Side::X, {});
  REQUIRE(r.answer == Answer::Proven);
  REQUIRE(r.bestMove == parseMove("2d1").value());  // the block of O's three: the only move
  solver.clear();
  SolveLimits without;
  without.excludedRootMoves = bit(r.bestMove);
  CHECK(solver.prove(forced, Side::X, without).answer == Answer::Disproven);

  const Position open = playMoves(Position{}, "1a1 4d4 1d1 1b2").value();
  solver.clear();
  const PnsResult first = solver.prove(open, Side::X, {});
  REQUIRE(first.answer == Answer::Proven);
  solver.clear();
  SolveLimits other;
  other.excludedRootMoves = bit(first.bestMove);
  const PnsResult second = solver.prove(open, Side::X, other);
  REQUIRE(second.answer == Answer::Proven);
  CHECK(second.bestMove != first.bestMove);
  std::stringstream proof;
  REQUIRE(
      writeProof(proof, open, Side::X, solver.search(), solver.threats(), SearchLimits{}).complete);
  CHECK(proof.str().find("- M " + moveToken(first.bestMove) + " ") == std::string::npos);
  CHECK(verifyProof(proof).verified);
}
