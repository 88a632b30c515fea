// The shipped data files whose content becomes a claim (the book, the opening table) are
// held against the checksums the build recorded (CMakeLists.txt): a shipped file damaged,
// replaced or left from another build is refused, and the programs solve instead.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace qubic {

// The checksums of the shipped files this program was built with: data/qubic.table, and
// the books it accepts: data/qubic.book, and in a page's build also the page's book
// (data/qubic-page.book, the 1a1 line alone), which a page loads first.
std::uint64_t recordedTableChecksum();
std::span<const std::uint64_t> recordedBookChecksums();

// Why a data file (ending, as ours do, with the checksum of its content) is none of those
// whose checksums the build recorded as `recorded`; "" when it is one.
std::string notAsShipped(std::span<const std::uint8_t> bytes,
                         std::span<const std::uint64_t> recorded);

// For --help: where the book and the opening table are looked for, which are used, and
// that each must be the file the build shipped.
std::string shippedDataReport();

}  // namespace qubic
