// A position the tests write as the moves that lead to it.
#pragma once

#include <catch2/catch.hpp>

#include <string>

#include "engine/core/notation.hpp"

namespace qubic::testing {

// The position after `moves` from the empty board; the test stops when they are not legal.
inline Position fromMoves(const std::string& moves) {
  const Parsed<Position> p = playMoves(Position{}, moves);
  INFO(p.error());
  REQUIRE(p);
  return p.value();
}

}  // namespace qubic::testing
