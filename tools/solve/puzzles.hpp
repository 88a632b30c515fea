// qubic-solve --puzzles: proven puzzles (engine/study/puzzle), a line each on standard output.
#pragma once

#include <atomic>
#include <cstdint>

namespace qubic {

#include <string>

// `proofPath`: when given, half the puzzles are cut from that proof's forcing wins.
int puzzlesMain(int count, std::uint64_t seed, const std::string& proofPath,
                const std::atomic<bool>& stop);

}  // namespace qubic
