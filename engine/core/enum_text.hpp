// The one way the project names an enum's values: a table of {value, text} pairs per enum,
// looked up by `textOf`. A table meant to name every value is checked where it is defined,
// `static_assert(namesEvery(table, Enum::Last))`, in place of a switch's -Wswitch warning.
#pragma once

#include <cstddef>
#include <string_view>

namespace qubic {

template <class Enum>
struct EnumText {
  Enum value;
  std::string_view text;
};

// The text `table` gives `value`, or `otherwise` when it gives none (a table may name only
// some values, e.g. the ones whose short text differs from the long one).
template <class Enum, std::size_t N>
constexpr std::string_view textOf(const EnumText<Enum> (&table)[N], Enum value,
                                  std::string_view otherwise = {}) {
  for (const EnumText<Enum>& entry : table)
    if (entry.value == value) return entry.text;
  return otherwise;
}

// Does `table` name every value of its enum, from the first (0) to `last`, each once and
// in the enum's order? A value added before `last` without a name then fails to compile.
template <class Enum, std::size_t N>
constexpr bool namesEvery(const EnumText<Enum> (&table)[N], Enum last) {
  for (std::size_t i = 0; i < N; ++i)
    if (static_cast<std::size_t>(table[i].value) != i) return false;
  return static_cast<std::size_t>(last) + 1 == N;
}

}  // namespace qubic
