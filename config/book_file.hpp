// The opening book on disk: the book shipped in data/, or a file the settings name.
#pragma once

#include <memory>
#include <string>

#include "engine/book/book.hpp"
#include "engine/core/parsed.hpp"

namespace qubic {

inline constexpr const char* kShippedBookName = "qubic.book";

// Where the shipped book is: the first qubic.book of dataDirs() (config/data_dirs.hpp), ""
// when there is none.
std::string shippedBookPath();

// Reads and checks a book file; "" reads the shipped one. The error names the file and
// says what is wrong (missing, unreadable, corrupt, another format version).
Parsed<std::shared_ptr<const Book>> loadBookFile(const std::string& path);

}  // namespace qubic
