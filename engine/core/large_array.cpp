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

std::size_t roundedSize(std::size_t bytes) {
  const std::size_t align = bytes >= kHugePage ? kHugePage : kCacheLine;
  if (bytes > SIZE_MAX - align) throw std::bad_alloc();
  return (std::max<std::size_t>(bytes, 1) + align - 1) / align * align;
}
}  // namespace

#if defined(__linux__)
// Fresh anonymous pages read as zero and cost nothing until touched, so a big table
// that a small search barely uses costs only the pages it touches: no clearing pass.
// Big arrays start on a 2 MB boundary and ask for huge pages, so the kernel can back
// every part with them.
void* allocateZeroed(std::size_t bytes) {
  const std::size_t size = roundedSize(bytes);
  if (size < kHugePage) {
    void* p = std::aligned_alloc(kCacheLine, size);
    if (!p) throw std::bad_alloc();
    return std::memset(p, 0, size);
  }
  if (size > SIZE_MAX - kHugePage) throw std::bad_alloc();
  const std::size_t mapped = size + kHugePage;
  void* raw = mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (raw == MAP_FAILED) throw std::bad_alloc();
  const std::uintptr_t start = reinterpret_cast<std::uintptr_t>(raw);
  const std::uintptr_t aligned = (start + kHugePage - 1) / kHugePage * kHugePage;
  if (aligned > start) munmap(raw, aligned - start);
  const std::size_t tail = start + mapped - (aligned + size);
  if (tail > 0) munmap(reinterpret_cast<void*>(aligned + size), tail);
#if defined(MADV_HUGEPAGE)
  madvise(reinterpret_cast<void*>(aligned), size,
          MADV_HUGEPAGE);  // advice only: without it the table still works
#endif
  return reinterpret_cast<void*>(aligned);
}

void clearZeroed(void* p, std::size_t bytes) {
  const std::size_t size = roundedSize(bytes);
  // Dropping the pages is cheaper than writing zeros over them, and they come back zero.
  if (size < kHugePage || madvise(p, size, MADV_DONTNEED) != 0) std::memset(p, 0, size);
}

void freeZeroed(void* p, std::size_t bytes) {
  if (!p) return;
  const std::size_t size = roundedSize(bytes);
  if (size < kHugePage)
    std::free(p);
  else
    munmap(p, size);
}
#else
void* allocateZeroed(std::size_t bytes) {
  const std::size_t size = roundedSize(bytes);
  void* p = std::aligned_alloc(size >= kHugePage ? kHugePage : kCacheLine, size);
  if (!p) throw std::bad_alloc();
  return std::memset(p, 0, size);
}

void clearZeroed(void* p, std::size_t bytes) { std::memset(p, 0, roundedSize(bytes)); }

void freeZeroed(void* p, std::size_t) { std::free(p); }
#endif

}  // namespace qubic::detail
