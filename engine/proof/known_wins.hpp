// Known wins: positions other proofs have shown won for the side to move, each with its
// winning move (the opening table's jobs collect them from the proofs of jobs already
// decided, docs/table-runs.md). A proof search takes such a position as proven at once where
// the attacker is to move, and as disproven where the defender is; the proof writer then
// descends through the attacker's like any other proven node, so what the search proves
// with them is written out in full and checked by the rules: a wrong entry can cost time,
// never a claim (a table job takes no draw from a search with them).
#pragma once

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/core/position.hpp"

namespace qubic {

class KnownWins {
 public:
  KnownWins();  // none
  // `pos`'s side to move wins by `move`. Call seal() before looking anything up.
  void add(const Position& pos, int move);
  void merge(const KnownWins& other);  // adds `other`'s entries (sealing once many wait)
  // Adds `other`'s entries and empties it: both sealed, then one linear merge, so two
  // large sets join without a copy of either in the unsealed form.
  void merge(KnownWins&& other);
  void seal();  // sorts the entries added since the last seal, drops repeats

  // The side to move's winning move in `pos` (in `pos`'s own cells), if known.
  std::optional<int> winningMove(const Position& pos) const;
  // The same for a canonical form (docs/notation.md), the move in the form's cells.
  std::optional<int> winningMove(Bitboard canonicalX, Bitboard canonicalO) const;
  std::size_t size() const { return count_; }
  // How many positions of `stones` stones it holds.
  std::size_t countOf(int stones) const;

  // The file: "qubic-known-wins 1\n", the entry count (8 bytes), each
  // entry as X's and O's stones of its canonical form (8 bytes each) and the move (1),
  // sorted, then an FNV-1a checksum of everything before it. The sealed entries are kept
  // as the file's bytes and searched in place: a run's file of ten million entries is
  // read, checked and used without a second copy (docs/benchmarks.md).
  const std::vector<std::uint8_t>& toBytes() const { return file_; }
  static Parsed<KnownWins> fromBytes(std::vector<std::uint8_t> bytes);
  // The entries a well-formed file of `bytes` bytes holds: its size tells, unread.
  static std::uint64_t entriesInFile(std::uint64_t bytes);

 private:
  struct Entry {
    Bitboard x = 0, o = 0;
    std::uint8_t move = 0;
  };
  Entry entry(std::size_t i) const;  // the i-th sealed entry, read from the file's bytes
  // Makes the file of two sorted runs of entries, `a(i)` and `b(j)`, one entry a position.
  template <class A, class B>
  void encodeUnion(std::size_t countA, const A& a, std::size_t countB, const B& b);
  std::vector<Entry> added_;        // added or merged since the last seal()
  std::vector<std::uint8_t> file_;  // the sealed entries as the file holds them
  std::size_t count_ = 0;           // how many
};

}  // namespace qubic
