// qubic-solve --puzzles: proven puzzles (engine/puzzle), a line each on standard output.
#pragma once

#include <atomic>
#include <cstdint>

namespace qubic {

int puzzlesMain(int count, std::uint64_t seed, const std::atomic<bool>& stop);

}  // namespace qubic
