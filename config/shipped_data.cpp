#include "shipped_data.hpp"

#include <cstdio>

#include "book_file.hpp"
#include "data_dirs.hpp"
#include "engine/core/checksum.hpp"
#include "table_file.hpp"

namespace qubic {

std::uint64_t recordedTableChecksum() { return QUBIC_SHIPPED_TABLE_CHECKSUM; }
std::uint64_t recordedBookChecksum() { return QUBIC_SHIPPED_BOOK_CHECKSUM; }

std::string notAsShipped(std::span<const std::uint8_t> bytes, std::uint64_t recorded) {
  const std::uint64_t found = trailingChecksum(bytes);
  if (found == recorded) return {};
  char text[128];
  std::snprintf(text, sizeof text,
                "it is not the file this build shipped (its checksum is %016llx, the build "
                "recorded %016llx)",
                static_cast<unsigned long long>(found), static_cast<unsigned long long>(recorded));
  return text;
}

std::string shippedDataReport() {
  return "The book (the top level's strategy) and the opening table (proven values of the\n"
         "first four plies) must be the files this build shipped (their checksums are\n"
         "recorded): a damaged or other file is refused, and the values are solved instead.\n" +
         dataSearchReport(kShippedBookName) + dataSearchReport(kShippedTableName);
}

}  // namespace qubic
