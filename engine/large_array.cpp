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
constexpr std::size_t kCacheLine = 64;
}

void* allocateZeroed(std::size_t bytes) {
  // Big arrays take whole huge pages, so the kernel can back every part with them;
  // small ones just whole cache lines.
  const std::size_t align = bytes >= kHugePage ? kHugePage : kCacheLine;
  const std::size_t rounded = (std::max<std::size_t>(bytes, 1) + align - 1) / align * align;
  void* p = std::aligned_alloc(align, rounded);
  if (!p) throw std::bad_alloc();
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  if (align == kHugePage) madvise(p, rounded, MADV_HUGEPAGE);  // advice only: without it the table still works
#endif
  std::memset(p, 0, rounded);
  return p;
}

void freeZeroed(void* p) { std::free(p); }

}  // namespace qubic::detail
