// A fixed-size, zero-filled array for the big tables searches probe at random.
// Allocated once; memory is taken from the system only where it is touched, so a big
// table costs little until a search fills it; backed by 2 MB pages where the system allows it,
// because random probes into hundreds of megabytes miss the TLB as well as the cache, and a page
// walk costs about as much as the memory access itself (docs/history/experiments-2026-11.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <type_traits>

namespace qubic {

namespace detail {
void* allocateZeroed(std::size_t bytes);  // 2 MB- or cache-line-aligned; throws std::bad_alloc
void clearZeroed(void* p, std::size_t bytes);
void freeZeroed(void* p, std::size_t bytes);
}  // namespace detail

template <class T>
class LargeArray {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "elements start as zero bytes and are never destroyed");

 public:
  explicit LargeArray(std::size_t size)
      : size_(size),
        data_(static_cast<T*>(detail::allocateZeroed(bytesFor(size))), Free{bytesFor(size)}) {}

  T& operator[](std::size_t i) { return data_.get()[i]; }
  const T& operator[](std::size_t i) const { return data_.get()[i]; }
  T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  void clear() { detail::clearZeroed(data_.get(), size_ * sizeof(T)); }  // back to zero bytes

 private:
  static std::size_t bytesFor(std::size_t size) {
    if (size > SIZE_MAX / sizeof(T)) throw std::bad_alloc();
    return size * sizeof(T);
  }
  struct Free {
    std::size_t bytes = 0;
    void operator()(T* p) const { detail::freeZeroed(p, bytes); }
  };
  std::size_t size_;
  std::unique_ptr<T[], Free> data_;
};

}  // namespace qubic
