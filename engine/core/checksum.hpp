// Checksums of the data files. FNV-1a (64 bits) catches a damaged file: a flipped bit, a
// cut or padded end. It is no proof of origin: anyone can recompute it, so a file whose
// content becomes a claim is also held against a checksum recorded elsewhere (the build's,
// config/shipped_data) or carries a keyed MAC (engine/core/siphash.hpp).
#pragma once

#include <cstdint>
#include <span>
#include <vector>

namespace qubic {

constexpr std::uint64_t fnv1a64(std::span<const std::uint8_t> bytes) {
  std::uint64_t h = 0xcbf29ce484222325ULL;
  for (const std::uint8_t b : bytes) h = (h ^ b) * 0x100000001b3ULL;
  return h;
}

// Little-endian words as the data files write them.
inline void putLittleEndian(std::vector<std::uint8_t>& out, std::uint64_t v, int bytes) {
  for (int i = 0; i < bytes; ++i) out.push_back(static_cast<std::uint8_t>(v >> (8 * i)));
}
constexpr std::uint64_t getLittleEndian(const std::uint8_t* p, int bytes) {
  std::uint64_t v = 0;
  for (int i = 0; i < bytes; ++i) v |= std::uint64_t{p[i]} << (8 * i);
  return v;
}

// The checksum a data file ends with (its last 8 bytes), 0 for a file shorter than that.
constexpr std::uint64_t trailingChecksum(std::span<const std::uint8_t> bytes) {
  return bytes.size() < 8 ? 0 : getLittleEndian(bytes.data() + bytes.size() - 8, 8);
}

}  // namespace qubic
