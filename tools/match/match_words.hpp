// The values of qubic-match's options, in cutechess-cli's style (the words are read into
// option groups by config/command_line): numbers, and the key=value words of -engine and
// its kin.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/parsed.hpp"

namespace qubic::match {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// A whole number from min to max, or a finite number; the error names `what`.
Parsed<long long> wholeNumber(const std::string& text, long long min, long long max,
                              const std::string& what);
Parsed<double> realNumber(const std::string& text, const std::string& what);

// The key=value words of an option such as -engine.
Parsed<KeyValues> keyValues(const std::vector<std::string>& words, const std::string& option);

}  // namespace qubic::match
