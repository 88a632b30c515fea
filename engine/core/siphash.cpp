#include "siphash.hpp"

#include <bit>

#include "checksum.hpp"

namespace qubic {

namespace {

struct SipState {
  std::uint64_t v0, v1, v2, v3;
  void round() {
    v0 += v1, v1 = std::rotl(v1, 13), v1 ^= v0, v0 = std::rotl(v0, 32);
    v2 += v3, v3 = std::rotl(v3, 16), v3 ^= v2;
    v0 += v3, v3 = std::rotl(v3, 21), v3 ^= v0;
    v2 += v1, v1 = std::rotl(v1, 17), v1 ^= v2, v2 = std::rotl(v2, 32);
  }
  void absorb(std::uint64_t m) {
    v3 ^= m;
    round(), round();
    v0 ^= m;
  }
};

}  // namespace

std::uint64_t siphash24(const SipKey& key, std::span<const std::uint8_t> bytes) {
  const std::uint64_t k0 = getLittleEndian(key.data(), 8), k1 = getLittleEndian(key.data() + 8, 8);
  SipState s{k0 ^ 0x736f6d6570736575ULL, k1 ^ 0x646f72616e646f6dULL, k0 ^ 0x6c7967656e657261ULL,
             k1 ^ 0x7465646279746573ULL};
  const std::size_t whole = bytes.size() / 8 * 8;
  for (std::size_t i = 0; i < whole; i += 8) s.absorb(getLittleEndian(bytes.data() + i, 8));
  // The last word: the bytes left over, and the length's low byte on top.
  std::uint64_t last = std::uint64_t{bytes.size() & 0xff} << 56;
  for (std::size_t i = whole; i < bytes.size(); ++i)
    last |= std::uint64_t{bytes[i]} << (8 * (i - whole));
  s.absorb(last);
  s.v2 ^= 0xff;
  s.round(), s.round(), s.round(), s.round();
  return s.v0 ^ s.v1 ^ s.v2 ^ s.v3;
}

}  // namespace qubic
