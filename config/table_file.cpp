#include "table_file.hpp"

#include <vector>

#include "data_dirs.hpp"
#include "read_file.hpp"
#include "shipped_data.hpp"

namespace qubic {

namespace {
// The full four-stone table is some 120 KB; a file far beyond that is not one of ours.
constexpr std::size_t kMaxTableBytes = std::size_t{16} << 20;
// The certificates of every O win would be some 6 MB; those of every win some 100 MB.
constexpr std::size_t kMaxCertificatesBytes = std::size_t{1} << 30;
}  // namespace

std::string shippedTablePath() { return findDataFile(kShippedTableName); }

Parsed<std::shared_ptr<const OpeningTable>> loadTableFile(const std::string& path) {
  using Result = Parsed<std::shared_ptr<const OpeningTable>>;
  const std::string file = path.empty() ? shippedTablePath() : path;
  if (file.empty()) return Result::failure(std::string("no ") + kShippedTableName + " found");
  const std::string shown = "table file \"" + file + "\"";
  const Parsed<std::string> text = readRegularFile(file, kMaxTableBytes);
  if (!text) return Result::failure("cannot read " + shown + ": " + text.error());
  const std::vector<std::uint8_t> bytes(text.value().begin(), text.value().end());
  Parsed<OpeningTable> table = OpeningTable::fromBytes(bytes);
  if (!table) return Result::failure(shown + " is not a usable table: " + table.error());
  const std::uint64_t recorded[] = {recordedTableChecksum()};
  if (path.empty())
    if (std::string e = notAsShipped(bytes, recorded); !e.empty())
      return Result::failure(shown + " is refused: " + e);
  return Result::success(std::make_shared<const OpeningTable>(table.value()));
}

std::shared_ptr<const OpeningTable> shippedTableOrEmpty(std::string* warning) {
  if (shippedTablePath().empty()) return std::make_shared<const OpeningTable>();
  const auto loaded = loadTableFile("");
  if (loaded) return loaded.value();
  if (warning) *warning = loaded.error();
  return std::make_shared<const OpeningTable>();
}

std::string shippedCertificatesPath() { return findDataFile(kShippedCertificatesName); }

Parsed<TableCertificates> loadCertificatesFile(const std::string& path) {
  Parsed<std::vector<std::uint8_t>> bytes = readRegularBytes(path, kMaxCertificatesBytes);
  if (!bytes) return Parsed<TableCertificates>::failure(path + ": " + bytes.error());
  Parsed<TableCertificates> set = TableCertificates::fromBytes(bytes.value());
  if (!set) return Parsed<TableCertificates>::failure(path + ": " + set.error());
  return set;
}

}  // namespace qubic
