// Counts every heap allocation a test program makes, so a test can show that a search
// makes none: read allocationCount() before and after.
//
// Include this from exactly one file of a test program (each tests/test_*.cpp is a program
// of its own): it replaces the program's global operator new and delete. Every replaceable
// form is replaced, all on malloc/free. Replacing only some would pair this allocator with
// the library's (or AddressSanitizer's), which ASan reports as alloc-dealloc-mismatch, and
// would leave the other forms uncounted.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdlib>
#include <new>

namespace qubic::testing {

inline std::atomic<long> allocationsMade{0};

// Allocations so far by any form of new, in any thread.
inline long allocationCount() { return allocationsMade.load(); }

namespace detail {

// Null when there is no memory; an alignment up to the default one means the default.
inline void* countedAllocation(std::size_t size, std::size_t alignment) noexcept {
  ++allocationsMade;
  if (size == 0) size = 1;
  if (alignment <= alignof(std::max_align_t)) return std::malloc(size);
  return std::aligned_alloc(alignment, (size + alignment - 1) / alignment * alignment);
}

// The throwing forms: try the new-handler until there is memory or none is installed.
inline void* countedAllocationOrThrow(std::size_t size, std::size_t alignment) {
  for (;;) {
    if (void* p = countedAllocation(size, alignment)) return p;
    const std::new_handler handler = std::get_new_handler();
    if (!handler) throw std::bad_alloc();
    handler();
  }
}

inline std::size_t alignment(std::align_val_t a) { return static_cast<std::size_t>(a); }

// Every delete frees here, out of line: inlined, GCC 12 sees free() given what operator
// new returned and takes the pair for a mismatch (-Wmismatched-new-delete, from -O1).
[[gnu::noinline]] inline void release(void* p) noexcept { std::free(p); }

}  // namespace detail
}  // namespace qubic::testing

// Replaceable functions may not be inline: hence "exactly one file of a program".
void* operator new(std::size_t n) { return qubic::testing::detail::countedAllocationOrThrow(n, 0); }
void* operator new[](std::size_t n) {
  return qubic::testing::detail::countedAllocationOrThrow(n, 0);
}
void* operator new(std::size_t n, std::align_val_t a) {
  return qubic::testing::detail::countedAllocationOrThrow(n, qubic::testing::detail::alignment(a));
}
void* operator new[](std::size_t n, std::align_val_t a) {
  return qubic::testing::detail::countedAllocationOrThrow(n, qubic::testing::detail::alignment(a));
}
void* operator new(std::size_t n, const std::nothrow_t&) noexcept {
  return qubic::testing::detail::countedAllocation(n, 0);
}
void* operator new[](std::size_t n, const std::nothrow_t&) noexcept {
  return qubic::testing::detail::countedAllocation(n, 0);
}
void* operator new(std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return qubic::testing::detail::countedAllocation(n, qubic::testing::detail::alignment(a));
}
void* operator new[](std::size_t n, std::align_val_t a, const std::nothrow_t&) noexcept {
  return qubic::testing::detail::countedAllocation(n, qubic::testing::detail::alignment(a));
}
void operator delete(void* p) noexcept { qubic::testing::detail::release(p); }
void operator delete[](void* p) noexcept { qubic::testing::detail::release(p); }
void operator delete(void* p, std::size_t) noexcept { qubic::testing::detail::release(p); }
void operator delete[](void* p, std::size_t) noexcept { qubic::testing::detail::release(p); }
void operator delete(void* p, std::align_val_t) noexcept { qubic::testing::detail::release(p); }
void operator delete[](void* p, std::align_val_t) noexcept { qubic::testing::detail::release(p); }
void operator delete(void* p, std::size_t, std::align_val_t) noexcept {
  qubic::testing::detail::release(p);
}
void operator delete[](void* p, std::size_t, std::align_val_t) noexcept {
  qubic::testing::detail::release(p);
}
void operator delete(void* p, const std::nothrow_t&) noexcept {
  qubic::testing::detail::release(p);
}
void operator delete[](void* p, const std::nothrow_t&) noexcept {
  qubic::testing::detail::release(p);
}
void operator delete(void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  qubic::testing::detail::release(p);
}
void operator delete[](void* p, std::align_val_t, const std::nothrow_t&) noexcept {
  qubic::testing::detail::release(p);
}
