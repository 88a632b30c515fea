#include <catch2/catch.hpp>

#include "engine/book/table_certificates.hpp"
#include "engine/core/checksum.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"

using namespace qubic;

namespace {

Position at(const char* text) { return parsePosition(text).value(); }

TableCertificates twoEntries() {
  TableCertificates set;
  CHECK(set.add({at("x......o......../................/................/................ x"),
                 Side::X,
                 {3, {1, 2, 3}}}));
  CHECK(set.add({at("xo............../................/................/...............x o"),
                 Side::O,
                 {0, {}}}));
  return set;
}

}  // namespace

TEST_CASE("table certificates keep one entry a class, found from any equivalent position") {
  TableCertificates set = twoEntries();
  const Position p = at("x......o......../................/................/................ x");
  for (const int s : {0, 7, 100, 191}) {
    const TableCertificate* c = set.find(transform(s, p));
    REQUIRE(c != nullptr);
    CHECK(c->winner == Side::X);
    CHECK(c->certificate.moves == 3);
  }
  CHECK_FALSE(set.add({transform(5, p), Side::O, {}}));  // the first is kept
  CHECK(set.find(transform(5, p))->winner == Side::X);
  CHECK(set.find(Position()) == nullptr);
}

TEST_CASE("a certificates file reads back as written, and a damaged one is refused") {
  const std::vector<std::uint8_t> bytes = twoEntries().serialize();
  const Parsed<TableCertificates> back = TableCertificates::fromBytes(bytes);
  REQUIRE(back);
  REQUIRE(back.value().entries().size() == 2);
  CHECK(back.value().serialize() == bytes);
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    std::vector<std::uint8_t> flipped = bytes;
    flipped[i] ^= 0x10;
    CHECK_FALSE(TableCertificates::fromBytes(flipped));
  }
  for (std::size_t n = 0; n < bytes.size(); ++n)
    CHECK_FALSE(TableCertificates::fromBytes(std::span(bytes).first(n)));
  // A well-sealed file whose entry's count of bytes runs past the end.
  std::vector<std::uint8_t> liar(bytes.begin(), bytes.end() - 8);
  liar[8 + 4 + 21] = 200;
  putLittleEndian(liar, fnv1a64(liar), 8);
  const Parsed<TableCertificates> refused = TableCertificates::fromBytes(liar);
  REQUIRE_FALSE(refused);
  CHECK(refused.error().find("damaged") != std::string::npos);
}
