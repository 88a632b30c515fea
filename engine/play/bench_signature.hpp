// The bench signature: one number that changes when the search's behaviour changes, as
// engines of the field print with `bench`: the nodes of proof searches from empty tables
// and of the top level's move choice, over fixed positions, with budgets in positions and
// nodes only (one thread, no clock), so every build on every machine (the page's
// WebAssembly engine too) gives the same. qubic-bench signature and the protocol's `bench`
// print it; a test pins it; a commit that changes it says the new number in its message.
#pragma once

#include <cstdint>
#include <functional>

namespace qubic {

// Runs the signature's searches; `each(i, count, nodes)` after position i of count.
// Returns the nodes of them all.
std::uint64_t benchSignature(
    const std::function<void(int index, int count, std::uint64_t nodes)>& each = {});

}  // namespace qubic
