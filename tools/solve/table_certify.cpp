// qubic-solve table certify and table verify (docs/table.md, "Certificates"): the table's
// O wins made into certificates from a run's proofs, and the certificates replayed by the
// rules alone against the table's values.
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "cli.hpp"
#include "config/data_dirs.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/table_certificates.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/thread_start.hpp"
#include "engine/proof/proof_strategy.hpp"
#include "engine/proof/verify.hpp"
#include "table_results.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

std::string shippedCertificatesOrFail() {
  const std::string path = shippedCertificatesPath();
  if (path.empty())
    failWith("no " + std::string(kShippedCertificatesName) + " found\n" +
             dataSearchReport(kShippedCertificatesName));
  return path;
}

// The strategy of an O win's proofs (one file per class of X's replies), each accepted
// whole by the rules-only checker; the error says which is not.
Parsed<ProofStrategy> strategyOf(const fs::path& dir, const JobResult& r, const Position& pos) {
  ProofStrategy strategy;
  for (const auto& [path, start] : proofFiles(dir, r.name, pos, Side::O)) {
    if (const Parsed<std::size_t> file = checkRegularFile(path.string(), kMaxProofBytes); !file)
      return Parsed<ProofStrategy>::failure(path.string() + ": " + file.error());
    std::ifstream in(path);
    const VerifyResult v =
        verifyProof(in, {}, {}, [&](const Position& p, int move) { strategy.add(p, move); });
    if (!v.verified) return Parsed<ProofStrategy>::failure(path.string() + ": " + v.error);
    if (!(v.root == start))
      return Parsed<ProofStrategy>::failure(path.string() + " proves another position");
  }
  return Parsed<ProofStrategy>::success(std::move(strategy));
}

// Adds the certificates of the O wins in `dir` that `set` does not hold; counts them and
// the ones left out (each named on standard error).
void certifyDir(const fs::path& dir, TableCertificates& set, std::size_t& added,
                std::size_t& leftOut) {
  std::size_t damaged = 0;
  for (const JobResult& r : resultsIn(dir, damaged)) {
    if (r.value != "O wins" || r.checked != "rules") continue;
    const Parsed<Position> pos = parsePosition(r.position);
    if (!pos || set.find(pos.value())) continue;
    const Parsed<ProofStrategy> strategy = strategyOf(dir, r, pos.value());
    Certificate certificate;
    const CertificateResult c =
        strategy ? makeCertificate(
                       pos.value(), Side::O,
                       [&](const Position& p) { return strategy.value().moveFor(p); }, certificate)
                 : CertificateResult{false, strategy.error()};
    if (!c.ok) {
      std::fprintf(stderr, "qubic-solve: %s: left out: %s\n", r.name.c_str(), c.error.c_str());
      ++leftOut;
      continue;
    }
    set.add({pos.value(), Side::O, std::move(certificate)});
    ++added;
  }
  leftOut += damaged;
}

int tableCertify(const CommandLine& w) {
  if (w.positional().empty() || !w.has("--out"))
    failWith("table certify: DIR... --out FILE [--keep-shipped]");
  const std::string out = w.text("--out");
  if (const std::string refused = checkOutputFile(out, kCertificatesFile); !refused.empty())
    failWith(refused);
  TableCertificates set;
  if (w.has("--keep-shipped")) {
    Parsed<TableCertificates> shipped = loadCertificatesFile(shippedCertificatesOrFail());
    if (!shipped) failWith("--keep-shipped: " + shipped.error());
    set = std::move(shipped).value();
  }
  const std::size_t kept = set.entries().size();
  std::size_t added = 0, leftOut = 0;
  for (const std::string& dir : w.positional()) certifyDir(dir, set, added, leftOut);
  const std::vector<std::uint8_t> bytes = set.serialize();
  if (const std::string e = writeOutputFile(
          out, {reinterpret_cast<const char*>(bytes.data()), bytes.size()}, kCertificatesFile);
      !e.empty())
    failWith(e);
  std::printf("%s: %zu certificates (%zu kept, %zu new, %zu left out), %zu bytes\n", out.c_str(),
              set.entries().size(), kept, added, leftOut, bytes.size());
  return leftOut ? 1 : 0;
}

// Where the table disagrees with a certificate: "" when it holds the position as a win of
// the certificate's winner.
std::string againstTable(const OpeningTable& table, const TableCertificate& c) {
  const std::optional<TableEntry> e = table.find(c.position);
  if (!e) return "the table does not hold it";
  const TableValue said = c.winner == Side::X ? TableValue::XWins : TableValue::OWins;
  return e->value == said ? "" : "the table gives it another value";
}

// The indices of the certificates to replay: all, or `sample` spread evenly over the file
// (the last among them).
std::vector<std::size_t> chosen(std::size_t count, std::uint64_t sample) {
  std::vector<std::size_t> out;
  for (std::size_t i = 0; i < count; ++i)
    if (sample >= count || (i * sample) / count != ((i + 1) * sample) / count) out.push_back(i);
  return out;
}

// --position POS: the index of the certificate of POS's class, or a clear error.
std::size_t indexOf(const TableCertificates& set, const std::string& text,
                    const std::string& path) {
  const Parsed<Position> pos = parsePosition(text);
  if (!pos) failWith("--position: " + pos.error());
  if (const TableCertificate* c = set.find(pos.value()))
    return static_cast<std::size_t>(c - set.entries().data());
  std::fprintf(stderr, "qubic-solve: %s holds no certificate of %s's class\n", path.c_str(),
               positionString(pos.value()).c_str());
  std::exit(1);
}

int tableVerify(const CommandLine& w) {
  if (w.positional().size() > 1 || (w.has("--position") && w.has("--sample")))
    failWith("table verify: [FILE] [--sample N | --position POS] [--threads N]");
  const std::string path = w.positional().empty() ? shippedCertificatesOrFail() : w.positional()[0];
  const Parsed<TableCertificates> set = loadCertificatesFile(path);
  if (!set) failWith(set.error());
  const auto table = loadTableFile("");
  if (!table) failWith(table.error());
  const std::vector<TableCertificate>& all = set.value().entries();
  const std::vector<std::size_t> picked =
      w.has("--position")
          ? std::vector<std::size_t>{indexOf(set.value(), w.text("--position"), path)}
          : chosen(all.size(), wholeNumber(w, "--sample", all.size(), 1, 1u << 30));
  const auto threads = static_cast<int>(wholeNumber(w, "--threads", 1, 1, 256));
  const auto started = std::chrono::steady_clock::now();
  // Each certificate is replayed on its own (a replay shares nothing with another), by
  // whichever thread takes it next; the report follows the file's order.
  std::vector<CertificateResult> results(picked.size());
  std::atomic<std::size_t> next{0};
  const auto work = [&](int) {
    for (std::size_t k; (k = next++) < picked.size();) {
      const TableCertificate& c = all[picked[k]];
      results[k] = replay(c);
      if (const std::string t = againstTable(*table.value(), c); results[k].ok && !t.empty())
        results[k] = {false, t};
    }
  };
  workOnThreads(threads, work);  // as many as the system starts
  std::size_t refused = 0;
  std::uint64_t moves = 0, nodes = 0;
  for (std::size_t k = 0; k < picked.size(); ++k) {
    moves += results[k].moves;
    nodes += results[k].attackerNodes;
    if (results[k].ok) continue;
    ++refused;
    std::printf("refused: %s: %s\n", positionString(all[picked[k]].position).c_str(),
                results[k].error.c_str());
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
  std::printf("%s: %zu of %zu certificates replayed, %zu accepted, %zu refused\n", path.c_str(),
              picked.size(), all.size(), picked.size() - refused, refused);
  std::printf("replay: %llu moves read, %llu positions with the winner to move, %.1f s\n",
              static_cast<unsigned long long>(moves), static_cast<unsigned long long>(nodes),
              seconds);
  std::printf("verified: %s\n", refused ? "no" : "yes");
  return refused ? 1 : 0;
}

}  // namespace

const Command kTableCertify{
    "table certify",
    "DIR... --out FILE [--keep-shipped]",
    "certificates of the O wins a run proved",
    "  every O win of the runs' directories whose proofs the rules accept becomes a\n"
    "  certificate (docs/table-format.md): only the moves a rules-only replay cannot supply;\n"
    "  --keep-shipped: the shipped certificates too (a run whose directory is gone)\n",
    {{"--keep-shipped"}, {"--out"}},
    tableCertify};

const Command kTableVerify{
    "table verify",
    "[FILE] [--sample N | --position POS] [--threads N]",
    "replay the table's certificates by the rules",
    "  each certificate (default: the shipped qubic.cert) replayed with the rules alone, and\n"
    "  its winner held against the shipped table's value; --sample N: N of them spread\n"
    "  over the file; --position POS: the one of POS's class (exit 1 when there is none);\n"
    "  --threads N: N replays at a time (exit 0 when every one replayed is accepted)\n",
    {{}, {"--sample", "--threads", "--position"}},
    tableVerify};

}  // namespace qubic
