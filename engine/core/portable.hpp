// The few things the engine needs beyond what every C++20 library gives: the standard
// library of the WebAssembly build (clang 14's libc++ under Debian's emscripten) lacks
// std::atomic_ref, and only x86 has a pause instruction. One code base for both builds.
#pragma once

#include <cstdint>

namespace qubic {

// A relaxed atomic load and store of a word shared between threads (what
// std::atomic_ref<T>(w).load/store(std::memory_order_relaxed) does): plain moves on the
// machines we build for, yet free of undefined behaviour when another thread writes.
template <class T>
inline T relaxedLoad(const T& word) {
  return __atomic_load_n(&word, __ATOMIC_RELAXED);
}
template <class T>
inline void relaxedStore(T& word, T value) {
  __atomic_store_n(&word, value, __ATOMIC_RELAXED);
}

// A hint to the processor inside a spin-wait loop.
inline void spinPause() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

}  // namespace qubic
