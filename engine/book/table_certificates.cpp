#include "table_certificates.hpp"

#include <algorithm>
#include <cstring>

#include "engine/core/checksum.hpp"
#include "engine/core/symmetry.hpp"

namespace qubic {

namespace {

constexpr char kMagic[8] = {'Q', 'U', 'B', 'C', 'R', 'T', '0', '1'};
static_assert(sizeof kMagic + 4 == kCertificatesFileHead);

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

std::optional<std::uint32_t> certificatesCount(std::span<const std::uint8_t> head) {
  if (head.size() < kCertificatesFileHead || std::memcmp(head.data(), kMagic, sizeof kMagic))
    return std::nullopt;
  return static_cast<std::uint32_t>(getLittleEndian(head.data() + sizeof kMagic, 4));
}

CertificateEntryHead certificateEntryHead(std::span<const std::uint8_t> bytes) {
  return {getLittleEndian(bytes.data(), 8), getLittleEndian(bytes.data() + 8, 8), bytes[16],
          static_cast<std::uint32_t>(getLittleEndian(bytes.data() + 17, 4)),
          static_cast<std::uint32_t>(getLittleEndian(bytes.data() + 21, 4))};
}

Parsed<TableCertificates> TableCertificates::fromBytes(std::span<const std::uint8_t> bytes) {
  using Result = Parsed<TableCertificates>;
  const std::optional<std::uint32_t> count = certificatesCount(bytes);
  if (!count || bytes.size() < kCertificatesFileHead + 8)
    return Result::failure("not a certificates file (no QUBCRT01 header)");
  if (fnv1a64(bytes.first(bytes.size() - 8)) != trailingChecksum(bytes))
    return Result::failure("damaged: its checksum does not match its content");
  const std::span<const std::uint8_t> body = bytes.first(bytes.size() - 8);
  std::size_t at = kCertificatesFileHead;
  TableCertificates set;
  for (std::uint64_t i = 0; i < *count; ++i) {
    if (body.size() - at < kCertificateEntryHead) return Result::failure("cut short");
    const CertificateEntryHead head = certificateEntryHead(body.subspan(at));
    at += kCertificateEntryHead;
    if ((head.x & head.o) || head.winner > 1 || body.size() - at < head.length)
      return Result::failure("entry " + std::to_string(i + 1) + " is damaged");
    TableCertificate c{Position::fromStones(head.x, head.o),
                       head.winner ? Side::O : Side::X,
                       {head.moves,
                        {body.begin() + static_cast<std::ptrdiff_t>(at),
                         body.begin() + static_cast<std::ptrdiff_t>(at + head.length)}}};
    at += head.length;
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
