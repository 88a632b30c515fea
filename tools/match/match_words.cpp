#include "match_words.hpp"

#include <charconv>
#include <cmath>

namespace qubic::match {

Parsed<long long> wholeNumber(const std::string& text, long long min, long long max,
                              const std::string& what) {
  long long value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() || value < min ||
      value > max)
    return Parsed<long long>::failure(what + " needs a whole number from " + std::to_string(min) +
                                      " to " + std::to_string(max) + ", got \"" + text + "\"");
  return Parsed<long long>::success(value);
}

Parsed<double> realNumber(const std::string& text, const std::string& what) {
  double value = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (text.empty() || ec != std::errc() || end != text.data() + text.size() ||
      !std::isfinite(value))
    return Parsed<double>::failure(what + " needs a number, got \"" + text + "\"");
  return Parsed<double>::success(value);
}

Parsed<KeyValues> keyValues(const std::vector<std::string>& words, const std::string& option) {
  KeyValues pairs;
  for (const std::string& word : words) {
    const std::size_t equals = word.find('=');
    if (equals == std::string::npos || equals == 0)
      return Parsed<KeyValues>::failure("-" + option + " takes key=value words, got \"" + word +
                                        "\"");
    pairs.emplace_back(word.substr(0, equals), word.substr(equals + 1));
  }
  return Parsed<KeyValues>::success(std::move(pairs));
}

}  // namespace qubic::match
