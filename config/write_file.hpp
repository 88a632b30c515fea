// Writing a file a program makes (a proof, a book, a report) at a path the user named:
// a file already there is replaced only when it is of the same kind (it starts with the
// kind's signature) or empty; anything else, another file of the user's, a FIFO, a
// device, a directory, is refused and left as it was. The new content is written beside
// the old file and renamed over it, so a failure part-way leaves the old one whole.
#pragma once

#include <string>
#include <string_view>

namespace qubic {

struct OutputKind {
  std::string_view name;       // "proof file", for messages
  std::string_view signature;  // how every file of the kind starts, e.g. "qubic-proof "
};

inline constexpr OutputKind kProofFile{"proof file", "qubic-proof "};  // docs/proof-format.md
inline constexpr OutputKind kBookFile{"book", "QUBOOK01"};             // docs/book-format.md
inline constexpr OutputKind kTableFile{"opening table",
                                       "QUBTAB0"};  // docs/table-format.md, any version
inline constexpr OutputKind kTableResult{"table job result", "qubic-table-result "};
inline constexpr OutputKind kCertificatesFile{"certificates file",
                                              "QUBCRT0"};  // docs/table-format.md
inline constexpr OutputKind kKnownWinsFile{"known-wins file", "qubic-known-wins "};
inline constexpr OutputKind kLadderReport{"ladder report", "# Playing strength of the levels"};
inline constexpr OutputKind kPoolReport{"pool report", "# Playing strength: the pooled fit"};

// Whether `path` may be written as `kind`: the reason it may not, "" when it may. Checked
// before long work, so a refusal comes first, not after an hour of solving.
std::string checkOutputFile(const std::string& path, const OutputKind& kind);
// Writes `content` to `path` as above; returns an error message, "" on success.
std::string writeOutputFile(const std::string& path, std::string_view content,
                            const OutputKind& kind);

}  // namespace qubic
