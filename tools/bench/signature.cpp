// Section "signature": the bench signature (engine/play/bench_signature), the same number
// the protocol's `bench` prints.
#include <chrono>
#include <cstdio>

#include "bench.hpp"
#include "engine/play/bench_signature.hpp"

namespace qubic::bench {

int benchSignature() {
  const auto began = std::chrono::steady_clock::now();
  int positions = 0;
  const std::uint64_t nodes =
      qubic::benchSignature([&](int, int count, std::uint64_t) { positions = count; });
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("signature: %llu nodes over %d positions (%.1f s)\n",
              static_cast<unsigned long long>(nodes), positions, seconds);
  return 0;
}

}  // namespace qubic::bench
