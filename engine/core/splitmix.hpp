// splitmix64: a tiny, well-mixed generator whose output is the same on every platform, so
// a seed names the same preset order or game seed everywhere (std::shuffle's and the
// standard distributions' output is unspecified).
#pragma once

#include <cstdint>

namespace qubic {

// The next number of the sequence whose state is `state` (advanced by the call).
constexpr std::uint64_t splitmix64(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

}  // namespace qubic
