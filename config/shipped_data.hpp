// The shipped data files whose content becomes a claim (the book, the opening table) are
// held against the checksums the build recorded (CMakeLists.txt): a shipped file damaged,
// replaced or left from another build is refused, and the programs solve instead.
#pragma once

#include <cstdint>
#include <span>
#include <string>

namespace qubic {

// The checksums of data/qubic.table and data/qubic.book this program was built with.
std::uint64_t recordedTableChecksum();
std::uint64_t recordedBookChecksum();

// Why a data file (ending, as ours do, with the checksum of its content) is not the one
// whose checksum the build recorded as `recorded`; "" when it is.
std::string notAsShipped(std::span<const std::uint8_t> bytes, std::uint64_t recorded);

// For --help: where the book and the opening table are looked for, which are used, and
// that each must be the file the build shipped.
std::string shippedDataReport();

}  // namespace qubic
