#include "ugi_options.hpp"

#include <algorithm>
#include <stdexcept>
#include <variant>

namespace qubic {

namespace {

constexpr std::string_view kSection = "engine";
constexpr std::string_view kEmptyString = "<empty>";

char lowerAscii(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
           return lowerAscii(x) == lowerAscii(y);
         });
}

const SettingField& fieldOf(const UgiOption& option) {
  for (const SettingField& f : settingFields())
    if (f.section == kSection && f.key == option.settingKey) return f;
  // Every entry of ugiOptions() names an existing key; tests/protocol/test_ugi.cpp checks it.
  throw std::logic_error("no setting engine." + std::string(option.settingKey));
}

}  // namespace

const std::vector<UgiOption>& ugiOptions() {
  static const std::vector<UgiOption> options = {
      {"Level", "level"},
      {"Hash", "hash_mb"},
      {"Threads", "threads"},
      {"MoveOverhead", "move_overhead_ms"},
      {"UseSolution", "use_solution"},
      {"SolutionFile", "solution_file"},
      {"Seed", "seed"},
      {"Explain", "explain"},
      {"ProvenCache", "proven_cache"},
      {"MultiPV", "multi_pv"},
      {"LimitStrength", "limit_strength"},
      {"Elo", "elo"},
      {"Reference", "reference"},
  };
  return options;
}

const UgiOption* findUgiOption(std::string_view name) {
  for (const UgiOption& option : ugiOptions())
    if (equalsIgnoringCase(option.name, name)) return &option;
  return nullptr;
}

std::string optionLine(const UgiOption& option, const Settings& settings) {
  const SettingField& field = fieldOf(option);
  std::string line = "option name " + std::string(option.name) + " type ";
  if (const auto* integer = std::get_if<SettingField::Integer>(&field.kind)) {
    line += "spin default " + std::to_string(integer->access.get(settings)) + " min " +
            std::to_string(integer->min) + " max " + std::to_string(integer->max);
  } else if (const auto* boolean = std::get_if<SettingField::Boolean>(&field.kind)) {
    line += std::string("check default ") + (boolean->access.get(settings) ? "true" : "false");
  } else {
    const auto& text = std::get<SettingField::Text>(field.kind);
    const std::string value = text.access.get(settings);
    line += text.choices.empty() ? "string" : "combo";
    line += " default " + (value.empty() ? std::string(kEmptyString) : value);
    for (std::string_view choice : text.choices) line += " var " + std::string(choice);
  }
  return line;
}

Parsed<Settings> withOption(const Settings& settings, const UgiOption& option,
                            std::string_view value) {
  const SettingField& field = fieldOf(option);
  std::string typed(value);
  if (std::holds_alternative<SettingField::Boolean>(field.kind))
    std::transform(typed.begin(), typed.end(), typed.begin(), lowerAscii);
  else if (std::holds_alternative<SettingField::Text>(field.kind) && typed == kEmptyString)
    typed.clear();
  return withSetting(settings, std::string(kSection) + "." + std::string(option.settingKey), typed);
}

std::string ugiOptionNames() {
  std::string names;
  for (const UgiOption& option : ugiOptions())
    names += (names.empty() ? "" : ", ") + std::string(option.name);
  return names;
}

}  // namespace qubic
