#include "solution.hpp"

#include "config/book_file.hpp"
#include "config/proven_cache.hpp"
#include "config/table_file.hpp"

namespace qubic::tui {

namespace {

// The book the settings ask for; null with the reason in `problem` when it cannot be read.
std::shared_ptr<const Book> loadBook(const EngineSettings& engine, std::string& problem) {
  if (!engine.useSolution) return nullptr;
  Parsed<std::shared_ptr<const Book>> book = loadBookFile(engine.solutionFile);
  if (!book) {
    problem = book.error();
    return nullptr;
  }
  return book.value();
}

// The values kept across runs when the settings ask for them (engine.proven_cache): a
// damaged or foreign file is ignored (and replaced on exit), `problem` saying why.
std::shared_ptr<ProvenStore> provenCache(const EngineSettings& engine, std::string& problem) {
  if (!engine.provenCache) return nullptr;
  auto store = std::make_shared<ProvenStore>();
  problem = loadProvenCache(*store);
  return store;
}

}  // namespace

Solution loadSolution(const EngineSettings& engine) {
  Solution s;
  s.book = loadBook(engine, s.bookProblem);
  if (engine.useSolution) s.table = shippedTableOrEmpty(&s.tableProblem);
  s.known = std::make_shared<KnownValues>(s.table, provenCache(engine, s.cacheProblem));
  return s;
}

std::string Solution::problem() const {
  if (!bookProblem.empty()) return bookProblem + "; playing without a book.";
  if (!tableProblem.empty()) return tableProblem + "; playing without the opening table.";
  if (!cacheProblem.empty()) return cacheProblem + ".";
  return {};
}

std::string Solution::keep() const {
  return known->cache() ? saveProvenCache(*known->cache()) : "";
}

}  // namespace qubic::tui
