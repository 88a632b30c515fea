#include "shipped_data.hpp"

#include <cstdio>

#include "book_file.hpp"
#include "data_dirs.hpp"
#include "engine/core/checksum.hpp"
#include "table_file.hpp"

namespace qubic {

namespace {
constexpr std::uint64_t kBookChecksums[] = {
    QUBIC_SHIPPED_BOOK_CHECKSUM,
#ifdef QUBIC_PAGE_BOOK_CHECKSUM
    QUBIC_PAGE_BOOK_CHECKSUM,
#endif
};
}  // namespace

std::uint64_t recordedTableChecksum() { return QUBIC_SHIPPED_TABLE_CHECKSUM; }
std::span<const std::uint64_t> recordedBookChecksums() { return kBookChecksums; }

std::string notAsShipped(std::span<const std::uint8_t> bytes,
                         std::span<const std::uint64_t> recorded) {
  const std::uint64_t found = trailingChecksum(bytes);
  std::string listed;
  for (std::uint64_t sum : recorded) {
    if (found == sum) return {};
    char hex[24];
    std::snprintf(hex, sizeof hex, "%016llx", static_cast<unsigned long long>(sum));
    listed += (listed.empty() ? "" : " or ") + std::string(hex);
  }
  char text[64];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(found));
  return "it is not the file this build shipped (its checksum is " + std::string(text) +
         ", the build recorded " + listed + ")";
}

std::string shippedDataReport() {
  return "The book (the top level's strategy) and the opening table (proven values of the\n"
         "first four plies) must be the files this build shipped (their checksums are\n"
         "recorded): a damaged or other file is refused, and the values are solved instead.\n" +
         dataSearchReport(kShippedBookName) + dataSearchReport(kShippedTableName);
}

}  // namespace qubic
