// The words of qubic-match's command line, in cutechess-cli's style: an option is a word
// that starts with - (one dash or two), its values the words up to the next option;
// -engine and its kin take key=value words.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "engine/core/parsed.hpp"

namespace qubic::match {

using KeyValues = std::vector<std::pair<std::string, std::string>>;

// "-games", "--games" and "games" all name the option "games"; a value is any other word.
bool isOption(const std::string& word);
std::string optionName(const std::string& word);

// A whole number from min to max, or a finite number; the error names `what`.
Parsed<long long> wholeNumber(const std::string& text, long long min, long long max,
                              const std::string& what);
Parsed<double> realNumber(const std::string& text, const std::string& what);

// Reads the key=value words after an option such as -engine (at args[i]), up to the next
// option, moving i past them.
Parsed<KeyValues> keyValues(const std::vector<std::string>& args, std::size_t& i,
                            const std::string& option);

}  // namespace qubic::match
