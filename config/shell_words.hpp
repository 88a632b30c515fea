// A command line split into words as a POSIX shell splits it, without running a shell:
// blanks separate words; 'single quotes' keep everything; "double quotes" keep all but a
// backslash before $ ` " \ or a newline; a backslash outside quotes keeps the next
// character. Nothing is expanded (no $VAR, no ~, no globs). Used for a command a user
// gives as one string, e.g. qubic --engine "'/opt/my engine/bin' --threads 2".
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/core/parsed.hpp"

namespace qubic {

// The words of `text`; an unbalanced quote or a backslash at the end is an error.
Parsed<std::vector<std::string>> shellWords(std::string_view text);

}  // namespace qubic
