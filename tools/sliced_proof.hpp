// How qubic-solve (and qubic-bench's full solve) run a long proof: in slices of a fixed
// number of evaluated positions, each a fresh `prove` call from the root, with the table
// keeping everything between slices. Slices let progress be shown; slicing by positions,
// not time or threat-search nodes, keeps the search, and so the proof and the book, the
// same on every run and whatever the threat search costs.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdint>

#include "engine/pns.hpp"

namespace qubic::tools {

constexpr std::uint64_t kSlicePositions = 300'000;  // a fraction of a second each
// The proof table's default size: with the threat table and the rest, the whole process
// stays under 512 MB.
constexpr std::size_t kDefaultTableMb = 448;

struct SliceLimits {
  double seconds = 0;         // 0: no time limit
  std::uint64_t maxNodes = 0;  // 0: no node limit
};

// The last slice's answer with the totals of all slices (nodes, positions, seconds).
// `onSlice(result so far)` is called after every slice, for progress lines.
template <class OnSlice>
PnsResult proveInSlices(ProofSearch& search, const Position& start, Side attacker, const SliceLimits& limits,
                        OnSlice&& onSlice) {
  const auto began = std::chrono::steady_clock::now();
  PnsResult total;
  for (;;) {
    SearchLimits slice;
    slice.maxPositions = kSlicePositions;
    const double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    if (limits.seconds > 0) {
      if (elapsed >= limits.seconds) break;
      slice.maxTime = std::chrono::milliseconds(static_cast<long long>((limits.seconds - elapsed) * 1000) + 1);
    }
    if (limits.maxNodes > 0) {
      if (total.nodes >= limits.maxNodes) break;
      slice.maxNodes = limits.maxNodes - total.nodes;
    }
    const PnsResult r = search.prove(start, attacker, slice);
    const std::uint64_t nodes = total.nodes + r.nodes, positions = total.positions + r.positions;
    total = r;
    total.nodes = nodes;
    total.positions = positions;
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
    onSlice(total);
    if (r.answer != Answer::Unknown) break;
  }
  if (total.answer == Answer::Unknown)
    total.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  return total;
}

}  // namespace qubic::tools
