// The opening table's certificates (docs/table-format.md, "Certificates"): for a table
// entry's win, a certificate (engine/proof/certificate) anyone can replay with the rules
// alone. Built from bytes and written to bytes; reading files is the caller's job.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"
#include "engine/proof/certificate.hpp"

namespace qubic {

struct TableCertificate {
  Position position;  // the canonical form of the entry's position
  Side winner = Side::X;
  Certificate certificate;
};

class TableCertificates {
 public:
  // Adds the certificate of `c.position`'s class unless one is held already: the first
  // kept. Its position is kept in canonical form.
  bool add(TableCertificate c);
  const TableCertificate* find(const Position& pos) const;
  // In the file's order: by the canonical form's X stones, then O stones.
  const std::vector<TableCertificate>& entries() const { return entries_; }

  static Parsed<TableCertificates> fromBytes(std::span<const std::uint8_t> bytes);
  std::vector<std::uint8_t> serialize() const;

 private:
  std::vector<TableCertificate> entries_;
};

// A certificates file's layout (docs/table-format.md, "Certificates"): a head (the magic and
// the entries' count), each entry's fixed head and its certificate's bytes, a checksum. A
// reader after one entry can walk the heads alone (config/table_file's certificateHeld).
inline constexpr std::size_t kCertificatesFileHead = 8 + 4;
inline constexpr std::size_t kCertificateEntryHead = 8 + 8 + 1 + 4 + 4;
struct CertificateEntryHead {
  Bitboard x = 0, o = 0;                // the canonical form's stones
  std::uint8_t winner = 0;              // 0 X, 1 O
  std::uint32_t moves = 0, length = 0;  // the certificate's moves and bytes
};
// The entries' count, or nothing when `head` (kCertificatesFileHead bytes) is not a
// certificates file's.
std::optional<std::uint32_t> certificatesCount(std::span<const std::uint8_t> head);
// Precondition: `bytes` holds at least kCertificateEntryHead bytes.
CertificateEntryHead certificateEntryHead(std::span<const std::uint8_t> bytes);

// Replays one certificate by the rules (checkCertificate from its position).
CertificateResult replay(const TableCertificate& c, const WinFn& onWin = {});

}  // namespace qubic
