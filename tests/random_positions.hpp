// The tests' random positions: engine/core/random_game.hpp, shared with the benchmarks.
#pragma once

#include "engine/core/random_game.hpp"

namespace qubic::testing {

using qubic::randomPosition;

}  // namespace qubic::testing
