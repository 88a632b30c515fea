// The tests' strategies: X's book of a fresh proof, and that book with an entry taken out.
#pragma once

#include <catch2/catch.hpp>

#include <sstream>

#include "engine/book/book.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/tt.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

// The book of a fresh proof of X's win from `start` (X to move).
inline Book bookOfProof(const Position& start) {
  TranspositionTable table(16);
  ThreatSearch threats(1 << 16);
  ProofSearch search(table, threats);
  REQUIRE(search.prove(start, Side::X, {}).answer == Answer::Proven);
  std::stringstream proof;
  REQUIRE(writeProof(proof, start, Side::X, search, threats, {}).complete);
  Book book;
  const VerifyResult v = verifyProof(proof, [&](const Position& pos, int move, int plies) {
    if (pos.sideToMove() == Side::X) book.add(pos, move, plies);
  });
  REQUIRE(v.verified);
  book.finish();
  return book;
}

// `book` without its entry for `pos`: a strategy that does not hold there.
inline Book withoutEntry(const Book& book, const Position& pos) {
  Book broken;
  const CanonicalForm dropped = canonical(pos);
  book.forEachEntry([&](const Position& p, int move, int plies) {
    const CanonicalForm c = canonical(p);
    if (c.x != dropped.x || c.o != dropped.o) broken.add(p, move, plies);
  });
  broken.finish();
  return broken;
}

}  // namespace qubic
