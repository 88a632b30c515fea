// The engine options as the protocol shows them (`option name Level type spin ...`),
// each one a key of the [engine] settings, so the configuration file and `setoption`
// share one set of names, types, ranges and error messages.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "config/settings.hpp"

namespace qubic {

struct UgiOption {
  std::string_view name;        // as shown by `ugi`, e.g. "MoveOverhead"
  std::string_view settingKey;  // the key in [engine], e.g. "move_overhead_ms"
};

// Every option, in the order `ugi` lists them.
const std::vector<UgiOption>& ugiOptions();

// The option called `name`, compared case-insensitively; nullptr when there is none.
const UgiOption* findUgiOption(std::string_view name);

// The `option name ... type ... default ...` line with the current value as default.
std::string optionLine(const UgiOption& option, const Settings& settings);

// The settings with the option set from `value` (as typed after `value`), or the same
// error withSetting gives. A check option also takes TRUE/False; a string option takes
// "" or "<empty>" for the empty string.
Parsed<Settings> withOption(const Settings& settings, const UgiOption& option,
                            std::string_view value);

// "Level, Hash, ..." for error messages.
std::string ugiOptionNames();

}  // namespace qubic
