#include "table_file.hpp"

#include <algorithm>
#include <vector>

#include "engine/core/symmetry.hpp"

#include "data_dirs.hpp"
#include "read_file.hpp"
#include "shipped_data.hpp"

namespace qubic {

namespace {
// The full four-stone table is some 120 KB; a file far beyond that is not one of ours.
constexpr std::size_t kMaxTableBytes = std::size_t{16} << 20;
// Room for the certificates of every win, not only the O wins' that ship.
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

Parsed<bool> certificateHeld(const std::string& path, const Position& pos) {
  using Result = Parsed<bool>;
  const Parsed<RegularFile> file = RegularFile::open(path, kMaxCertificatesBytes);
  if (!file) return Result::failure(path + ": " + file.error());
  const auto head = file.value().readAt(0, kCertificatesFileHead);
  const std::optional<std::uint32_t> count = head ? certificatesCount(head.value()) : std::nullopt;
  if (!count) return Result::failure(path + ": not a certificates file (no QUBCRT01 header)");
  const Position image = canonicalPosition(pos);
  // Every head is read, so a file cut short or padded is refused as loading it would be.
  const std::size_t end = file.value().size() - std::min<std::size_t>(file.value().size(), 8);
  std::size_t at = kCertificatesFileHead;
  bool held = false;
  for (std::uint32_t i = 0; i < *count; ++i) {
    const auto bytes = file.value().readAt(at, kCertificateEntryHead);
    const std::string damaged = path + ": damaged: entry " + std::to_string(i + 1);
    if (!bytes || at + kCertificateEntryHead > end) return Result::failure(damaged + " cut short");
    const CertificateEntryHead entry = certificateEntryHead(bytes.value());
    at += kCertificateEntryHead + entry.length;
    if (at > end) return Result::failure(damaged + " runs past the file's end");
    held = held || (entry.x == image.stones(Side::X) && entry.o == image.stones(Side::O));
  }
  if (at != end) return Result::failure(path + ": damaged: bytes after the last entry");
  return Result::success(held);
}

}  // namespace qubic
