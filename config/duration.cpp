#include "duration.hpp"

#include <array>
#include <cctype>
#include <cstdlib>
#include <string>
#include <utility>

namespace qubic {

Parsed<double> parseDuration(std::string_view text, double secondsPerBareUnit) {
  static constexpr std::array<std::pair<std::string_view, double>, 5> kUnits = {
      {{"ms", 0.001}, {"s", 1}, {"min", 60}, {"m", 60}, {"h", 3600}}};
  const std::string whole(text);
  const auto bad = [&] {
    return Parsed<double>::failure("needs a duration such as 500ms, 2.5s, 3min or 1h, got \"" +
                                   whole + "\"");
  };
  // Digits with at most one point, then the unit: one spelling (no signs, exponents, hex).
  std::size_t digits = 0, points = 0, i = 0;
  for (;
       i < whole.size() && (std::isdigit(static_cast<unsigned char>(whole[i])) || whole[i] == '.');
       ++i)
    (whole[i] == '.' ? points : digits) += 1;
  if (digits == 0 || points > 1) return bad();
  const double value = std::strtod(whole.substr(0, i).c_str(), nullptr);
  if (value > 1e12) return bad();
  const std::string_view unit = std::string_view(whole).substr(i);
  if (unit.empty() && secondsPerBareUnit == 0)
    return Parsed<double>::failure("needs a unit, e.g. " + whole + "ms or " + whole +
                                   "s (a bare number meant milliseconds here before, and means "
                                   "seconds in the other programs)");
  if (unit.empty()) return Parsed<double>::success(value * secondsPerBareUnit);
  for (const auto& [name, seconds] : kUnits)
    if (unit == name) return Parsed<double>::success(value * seconds);
  return bad();
}

}  // namespace qubic
