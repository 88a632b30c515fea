#include "large_array.hpp"

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <new>

#if defined(__linux__)
#include <sys/mman.h>
#endif

namespace qubic::detail {

namespace {
constexpr std::size_t kHugePage = std::size_t{2} << 20;
}

void* allocateZeroed(std::size_t bytes) {
  // Whole huge pages, so the kernel can back every part of the array with them.
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + kHugePage - 1) / kHugePage * kHugePage;
  void* p = std::aligned_alloc(kHugePage, rounded);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  madvise(p, rounded, MADV_HUGEPAGE);  // advice only: without it the table still works
#endif
  std::memset(p, 0, rounded);
  return p;
}

void freeZeroed(void* p) { std::free(p); }

}  // namespace qubic::detail
