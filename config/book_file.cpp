#include "book_file.hpp"

#include <vector>

#include "data_dirs.hpp"
#include "read_file.hpp"
#include "shipped_data.hpp"

namespace qubic {

std::string shippedBookPath() { return findDataFile(kShippedBookName); }

Parsed<std::shared_ptr<const Book>> loadBookFile(const std::string& path) {
  using Result = Parsed<std::shared_ptr<const Book>>;
  const std::string file = path.empty() ? shippedBookPath() : path;
  if (file.empty()) {
    std::string places;
    for (const std::string& dir : dataDirs()) places += (places.empty() ? "" : ", ") + dir;
    return Result::failure(std::string("no ") + kShippedBookName + " found in " + places);
  }
  const std::string shown = "book file \"" + file + "\"";
  const Parsed<std::string> text = readRegularFile(file, kMaxBookBytes);
  if (!text) return Result::failure("cannot read " + shown + ": " + text.error());
  const std::vector<std::uint8_t> bytes(text.value().begin(), text.value().end());
  Parsed<Book> book = Book::parse(bytes);
  if (!book) return Result::failure(shown + " is not a usable book: " + book.error());
  if (path.empty())
    if (std::string e = notAsShipped(bytes, recordedBookChecksums()); !e.empty())
      return Result::failure(shown + " is refused: " + e);
  return Result::success(std::make_shared<const Book>(book.value()));
}

}  // namespace qubic
