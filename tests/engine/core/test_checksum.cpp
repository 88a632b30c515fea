// The data files' checksums against published vectors: FNV-1a 64 (Fowler, Noll, Vo) and
// SipHash-2-4 (the paper's appendix: key 00..0f, message 00..0e).
#include <catch2/catch.hpp>

#include <string_view>
#include <vector>

#include "engine/core/checksum.hpp"
#include "engine/core/siphash.hpp"

namespace {
std::vector<std::uint8_t> bytes(std::string_view s) { return {s.begin(), s.end()}; }
}  // namespace

TEST_CASE("FNV-1a 64 gives the published values") {
  CHECK(qubic::fnv1a64(bytes("")) == 0xcbf29ce484222325ULL);
  CHECK(qubic::fnv1a64(bytes("a")) == 0xaf63dc4c8601ec8cULL);
  CHECK(qubic::fnv1a64(bytes("foobar")) == 0x85944171f73967e8ULL);
}

TEST_CASE("SipHash-2-4 gives the paper's value, and another key another tag") {
  qubic::SipKey key{};
  for (int i = 0; i < 16; ++i) key[i] = static_cast<std::uint8_t>(i);
  std::vector<std::uint8_t> message;
  for (int i = 0; i < 15; ++i) message.push_back(static_cast<std::uint8_t>(i));
  CHECK(qubic::siphash24(key, message) == 0xa129ca6149be45e5ULL);
  // The first vector of the reference implementation's table: the empty message.
  CHECK(qubic::siphash24(key, {}) == 0x726fdb47dd0e0e31ULL);
  key[15] ^= 1;
  CHECK(qubic::siphash24(key, message) != 0xa129ca6149be45e5ULL);
}
