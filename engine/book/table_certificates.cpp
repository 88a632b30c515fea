#include "table_certificates.hpp"

#include <algorithm>
#include <cstring>

#include "engine/core/checksum.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

constexpr char kMagic[8] = {'Q', 'U', 'B', 'C', 'R', 'T', '0', '1'};
// An entry's fixed part: X stones, O stones (8 bytes each), the winner, the moves'
// count and the bytes' (4 each).
constexpr std::size_t kEntryHeader = 8 + 8 + 1 + 4 + 4;

bool before(const TableCertificate& a, const TableCertificate& b) {
  const Bitboard ax = a.position.stones(Side::X), bx = b.position.stones(Side::X);
  return ax != bx ? ax < bx : a.position.stones(Side::O) < b.position.stones(Side::O);
}

}  // namespace

bool TableCertificates::add(TableCertificate c) {
  c.position = canonicalPosition(c.position);
  const auto at = std::lower_bound(entries_.begin(), entries_.end(), c, before);
  if (at != entries_.end() && at->position == c.position) return false;
  entries_.insert(at, std::move(c));
  return true;
}

const TableCertificate* TableCertificates::find(const Position& pos) const {
  const TableCertificate probe{canonicalPosition(pos), Side::X, {}};
  const auto at = std::lower_bound(entries_.begin(), entries_.end(), probe, before);
  return at != entries_.end() && at->position == probe.position ? &*at : nullptr;
}

std::vector<std::uint8_t> TableCertificates::serialize() const {
  std::vector<std::uint8_t> out(std::begin(kMagic), std::end(kMagic));
  putLittleEndian(out, entries_.size(), 4);
  for (const TableCertificate& c : entries_) {
    putLittleEndian(out, c.position.stones(Side::X), 8);
    putLittleEndian(out, c.position.stones(Side::O), 8);
    out.push_back(c.winner == Side::X ? 0 : 1);
    putLittleEndian(out, c.certificate.moves, 4);
    putLittleEndian(out, c.certificate.bytes.size(), 4);
    out.insert(out.end(), c.certificate.bytes.begin(), c.certificate.bytes.end());
  }
  putLittleEndian(out, fnv1a64(out), 8);
  return out;
}

Parsed<TableCertificates> TableCertificates::fromBytes(std::span<const std::uint8_t> bytes) {
  using Result = Parsed<TableCertificates>;
  if (bytes.size() < sizeof kMagic + 4 + 8 || std::memcmp(bytes.data(), kMagic, sizeof kMagic))
    return Result::failure("not a certificates file (no QUBCRT01 header)");
  if (fnv1a64(bytes.first(bytes.size() - 8)) != trailingChecksum(bytes))
    return Result::failure("damaged: its checksum does not match its content");
  const std::span<const std::uint8_t> body = bytes.first(bytes.size() - 8);
  std::size_t at = sizeof kMagic;
  const std::uint64_t count = getLittleEndian(body.data() + at, 4);
  at += 4;
  TableCertificates set;
  for (std::uint64_t i = 0; i < count; ++i) {
    if (body.size() - at < kEntryHeader) return Result::failure("cut short");
    const Bitboard x = getLittleEndian(body.data() + at, 8),
                   o = getLittleEndian(body.data() + at + 8, 8);
    const std::uint8_t winner = body[at + 16];
    const auto moves = static_cast<std::uint32_t>(getLittleEndian(body.data() + at + 17, 4));
    const std::uint64_t length = getLittleEndian(body.data() + at + 21, 4);
    at += kEntryHeader;
    if ((x & o) || winner > 1 || body.size() - at < length)
      return Result::failure("entry " + std::to_string(i + 1) + " is damaged");
    TableCertificate c{Position::fromStones(x, o),
                       winner ? Side::O : Side::X,
                       {moves,
                        {body.begin() + static_cast<std::ptrdiff_t>(at),
                         body.begin() + static_cast<std::ptrdiff_t>(at + length)}}};
    at += length;
    if (!(canonicalPosition(c.position) == c.position) ||
        (!set.entries_.empty() && !before(set.entries_.back(), c)))
      return Result::failure("entry " + std::to_string(i + 1) + " is out of order");
    set.entries_.push_back(std::move(c));
  }
  if (at != body.size()) return Result::failure("bytes after the last entry");
  return Result::success(std::move(set));
}

CertificateResult replay(const TableCertificate& c, const WinFn& onWin) {
  return checkCertificate(c.position, c.winner, c.certificate, onWin);
}

}  // namespace qubic
