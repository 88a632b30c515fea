#include "command_line.hpp"

#include <cmath>
#include <cstdlib>
#include <optional>

#include "duration.hpp"

namespace qubic {

CommandLine::CommandLine(const std::vector<std::string>& args, const Spec& spec) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    std::string arg = args[i];
    if (arg.size() < 2 || arg.rfind("--", 0) != 0) {
      positional_.push_back(arg);
      continue;
    }
    // GNU's --name=VALUE, as well as --name VALUE.
    std::optional<std::string> attached;
    if (const std::size_t eq = arg.find('='); eq != std::string::npos) {
      attached = arg.substr(eq + 1);
      arg.resize(eq);
      if (spec.flags.count(arg)) throw UsageError(arg + " takes no value");
    }
    if (spec.flags.count(arg)) {
      if (!values_.emplace(arg, "").second) throw UsageError(arg + " is given twice");
      continue;
    }
    const bool repeatable = spec.repeatable.count(arg) != 0;
    if (!repeatable && !spec.valued.count(arg)) throw UsageError("unknown option '" + arg + "'");
    if (!attached && i + 1 >= args.size()) throw UsageError(arg + " needs a value");
    // An empty file name is a mistake (`review ''` reviewed nothing and solved the empty
    // board instead): only the options that say so take an empty value.
    const std::string value = attached ? *attached : args[++i];
    if (value.empty() && !spec.mayBeEmpty.count(arg))
      throw UsageError(arg + " needs a value, not an empty one");
    if (repeatable) {
      sequence_.emplace_back(arg, value);
    } else if (!values_.emplace(arg, value).second) {
      throw UsageError(arg + " is given twice");
    }
  }
}

bool CommandLine::has(const std::string& option) const { return values_.count(option) != 0; }

std::string CommandLine::text(const std::string& option, const std::string& fallback) const {
  const auto it = values_.find(option);
  return it == values_.end() ? fallback : it->second;
}

double CommandLine::number(const std::string& option, double fallback, double min, double max,
                           const std::string& allowed) const {
  const auto it = values_.find(option);
  if (it == values_.end()) return fallback;
  const char* text = it->second.c_str();
  char* end = nullptr;
  const double v = std::strtod(text, &end);
  if (end == text || *end != '\0' || !std::isfinite(v))
    throw UsageError(option + " needs a number, got '" + it->second + "'");
  if (v < min || v > max) throw UsageError(option + " must be " + allowed);
  return v;
}

double CommandLine::count(const std::string& option, double fallback, double min, double max,
                          const std::string& allowed) const {
  const double v = number(option, fallback, min, max, allowed);
  if (v != std::floor(v)) throw UsageError(option + " must be " + allowed);
  return v;
}

double CommandLine::seconds(const std::string& option, double fallback) const {
  const auto it = values_.find(option);
  if (it == values_.end()) return fallback;
  const Parsed<double> time = parseDuration(it->second, 1);
  if (!time) throw UsageError(option + " " + time.error());
  return time.value();
}

bool isOptionWord(const std::string& word) {
  return word.size() > 1 && word[0] == '-' && word.find('=') == std::string::npos;
}

std::vector<OptionGroup> optionGroups(const std::vector<std::string>& args) {
  std::vector<OptionGroup> groups;
  for (const std::string& word : args) {
    if (isOptionWord(word)) {
      const std::size_t name = word.find_first_not_of('-');  // "--" alone names nothing
      groups.push_back({name == std::string::npos ? "" : word.substr(name), word, {}});
      continue;
    }
    if (groups.empty()) throw UsageError("unexpected \"" + word + "\" (options start with -)");
    groups.back().values.push_back(word);
  }
  return groups;
}

}  // namespace qubic
