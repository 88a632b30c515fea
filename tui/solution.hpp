// What the game knows of the solution, as the settings ask ([engine] use_solution,
// solution_file, proven_cache): the opening book the top level plays from, the shipped
// opening table, and the proven values the review and the overlay share (with the values
// kept across runs). What could not be read is said once, at the start.
#pragma once

#include <memory>
#include <string>

#include "config/settings.hpp"
#include "engine/book/book.hpp"
#include "engine/book/opening_table.hpp"
#include "known_values.hpp"

namespace qubic::tui {

struct Solution {
  std::shared_ptr<const Book> book;  // null: none read, or use_solution off
  std::string bookProblem;
  std::shared_ptr<const OpeningTable> table;  // empty when there is none or it is unusable
  std::string tableProblem;
  std::shared_ptr<KnownValues> known;
  std::string cacheProblem;  // why the proven values kept across runs were not read

  // The sentence for the start when something could not be read ("" when all is well).
  std::string problem() const;
  // Keeps the proven values for the next run, when the settings ask for it; call when no
  // thread adds to them. What went wrong, or "".
  std::string keep() const;
};

Solution loadSolution(const EngineSettings& engine);

}  // namespace qubic::tui
