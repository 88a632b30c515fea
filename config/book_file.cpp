#include "book_file.hpp"

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <vector>

namespace qubic {

std::string shippedBookPath() { return QUBIC_SHIPPED_BOOK; }

Parsed<std::shared_ptr<const Book>> loadBookFile(const std::string& path) {
  using Result = Parsed<std::shared_ptr<const Book>>;
  const std::string file = path.empty() ? shippedBookPath() : path;
  const std::string shown = "book file \"" + file + "\"";
  std::error_code ec;
  if (!std::filesystem::exists(file, ec)) return Result::failure("cannot read " + shown + ": no such file");
  if (std::filesystem::is_directory(file, ec)) return Result::failure("cannot read " + shown + ": it is a directory");
  std::ifstream in(file, std::ios::binary);
  if (!in) return Result::failure("cannot read " + shown + ": " + std::strerror(errno));
  const std::vector<std::uint8_t> bytes{std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
  if (in.bad()) return Result::failure("cannot read " + shown + ": read error");
  Parsed<Book> book = Book::parse(bytes);
  if (!book) return Result::failure(shown + " is not a usable book: " + book.error());
  return Result::success(std::make_shared<const Book>(book.value()));
}

}  // namespace qubic
