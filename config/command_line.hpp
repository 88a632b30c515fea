// A command's arguments read one way for every program: options `--name VALUE` or
// `--name=VALUE` (or `--name` alone for a flag), each at most once unless it is declared
// repeatable, and the positional words between them; counts with ranges, durations with units
// (config/duration), file names that may not be empty. A mistake throws UsageError with a
// message for the program to print after its name (GNU style, exit status 2). Besides, the
// single-dash dialect of cutechess-cli (qubic-match), read into option groups.
#pragma once

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace qubic {

struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

class CommandLine {
 public:
  struct Spec {
    Spec() = default;
    Spec(std::set<std::string> f, std::set<std::string> v, std::set<std::string> r = {},
         std::set<std::string> e = {})
        : flags(std::move(f)),
          valued(std::move(v)),
          repeatable(std::move(r)),
          mayBeEmpty(std::move(e)) {}
    std::set<std::string> flags;       // options without a value
    std::set<std::string> valued;      // options with one value each, at most once
    std::set<std::string> repeatable;  // options with a value that may come again (in order)
    std::set<std::string> mayBeEmpty;  // valued options whose value may be "" (e.g. --moves)
  };
  CommandLine(const std::vector<std::string>& args, const Spec& spec);

  bool has(const std::string& option) const;
  const std::vector<std::string>& positional() const { return positional_; }
  // The repeatable options in the order given, with their values.
  const std::vector<std::pair<std::string, std::string>>& sequence() const { return sequence_; }

  std::string text(const std::string& option, const std::string& fallback = "") const;
  // A whole number from min to max, or a number (fractions allowed) from min to max; the
  // message says `allowed` (e.g. "a whole number from 1 to 60").
  double count(const std::string& option, double fallback, double min, double max,
               const std::string& allowed) const;
  double number(const std::string& option, double fallback, double min, double max,
                const std::string& allowed) const;
  // Seconds: a duration with a unit, a bare number being seconds.
  double seconds(const std::string& option, double fallback) const;

 private:
  std::vector<std::string> positional_;
  std::map<std::string, std::string> values_;
  std::vector<std::pair<std::string, std::string>> sequence_;
};

// cutechess-cli's dialect (qubic-match): an option is a word that starts with a dash (one or
// two; "-games" and "--games" both name "games") and has no '=' in it; its values are the
// words up to the next option, so `-engine cmd=x name=y` is one option with two values. A
// word before any option is refused ("unexpected ..."); what each option takes is the
// program's to check.
struct OptionGroup {
  std::string name;                 // without its dashes
  std::string word;                 // as given, e.g. "--games"
  std::vector<std::string> values;  // the words after it, up to the next option
};
bool isOptionWord(const std::string& word);
std::vector<OptionGroup> optionGroups(const std::vector<std::string>& args);

}  // namespace qubic
