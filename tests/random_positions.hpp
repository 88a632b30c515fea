// The tests' random positions: engine/random_game.hpp, shared with the benchmarks.
#pragma once

#include "engine/random_game.hpp"

namespace qubic::testing {

using qubic::randomPosition;

}  // namespace qubic::testing
