// Ordering a short list of distinct keys, highest first, by counting each key's place
// among them: no branch depends on the keys, so none is mispredicted (an insertion sort of
// a search node's few moves missed most of its compares), and the compiler compares many
// keys at once. Quadratic: for the few dozen moves of a node, not for long lists.
#pragma once

#include <cstdint>

namespace qubic {

// Calls place(rank, key) for each key, rank 0 for the highest.
template <class Place>
void placeByRank(const std::uint32_t* keys, int n, Place&& place) {
  for (int i = 0; i < n; ++i) {
    int rank = 0;
    for (int j = 0; j < n; ++j) rank += keys[j] > keys[i];
    place(rank, keys[i]);
  }
}

}  // namespace qubic
