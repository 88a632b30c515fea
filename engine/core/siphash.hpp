// SipHash-2-4 (Aumasson and Bernstein, 2012): a keyed hash, here the MAC of the store of
// proven values, so that only a holder of the key can write values the engine will trust.
#pragma once

#include <array>
#include <cstdint>
#include <span>

namespace qubic {

using SipKey = std::array<std::uint8_t, 16>;

std::uint64_t siphash24(const SipKey& key, std::span<const std::uint8_t> bytes);

}  // namespace qubic
