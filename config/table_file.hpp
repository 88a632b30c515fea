// The opening table on disk (docs/table-format.md): the table shipped in data/, or a file
// a command names.
#pragma once

#include <memory>
#include <string>

#include "engine/book/opening_table.hpp"
#include "engine/book/table_certificates.hpp"
#include "engine/core/parsed.hpp"

namespace qubic {

inline constexpr const char* kShippedTableName = "qubic.table";

// Where the shipped table is: the first qubic.table of dataDirs(), "" when there is none.
std::string shippedTablePath();

// Reads and checks a table file (its format and checksum); "" reads the shipped one, which
// must also be the very file the build recorded (its checksum): a table damaged, or
// replaced, or left from another build becomes no claim. The error names the file and
// says what is wrong.
Parsed<std::shared_ptr<const OpeningTable>> loadTableFile(const std::string& path);

// The shipped table, or an empty one (every position "not in the table") when there is
// none or it is unusable; `warning` then says why (empty when all is well or there is none).
std::shared_ptr<const OpeningTable> shippedTableOrEmpty(std::string* warning = nullptr);

inline constexpr const char* kShippedCertificatesName = "qubic.cert";

// Where the shipped certificates are: the first qubic.cert of dataDirs(), "" when none.
std::string shippedCertificatesPath();

// Reads a certificates file (docs/table-format.md, "Certificates"); the error names it.
Parsed<TableCertificates> loadCertificatesFile(const std::string& path);
// Whether the certificates file holds one for `pos`'s class, read from the entries' heads
// alone: a few kilobytes of a file of megabytes, where loading it whole (and checking its
// checksum) takes most of a table answer's time. A file cut short is refused; a flipped
// bit within a certificate is found when it is replayed, which reads the file whole.
Parsed<bool> certificateHeld(const std::string& path, const Position& pos);

}  // namespace qubic
