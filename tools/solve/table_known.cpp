// qubic-solve table known (docs/table-runs.md): the wins the proofs of a table's run hold,
// gathered into a known-wins file (engine/proof/known_wins) that later jobs search with.
#include <fcntl.h>
#include <sys/stat.h>
#include <time.h>

#include <atomic>
#include <cstdio>
#include <fstream>

#include "cli.hpp"
#include "config/read_file.hpp"
#include "config/table_file.hpp"
#include "config/write_file.hpp"
#include "engine/book/table_certificates.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/thread_start.hpp"
#include "engine/proof/verify.hpp"
#include "table_results.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

// A file's status change time (a hard link made sets it, unlike the modification time):
// nullopt when it cannot be read.
std::optional<timespec> changeTime(const std::string& path) {
  struct stat st {};
  if (stat(path.c_str(), &st) != 0) return std::nullopt;
  return st.st_ctim;
}

bool before(const timespec& a, const timespec& b) {
  return a.tv_sec != b.tv_sec ? a.tv_sec < b.tv_sec : a.tv_nsec < b.tv_nsec;
}

// Adds the proven moves of every proof file in `dir` the rules accept whole to `known`
// (with `since`, only of those changed at or after it); counts the files taken and the
// ones refused (each named on standard error).
void gatherProofs(const fs::path& dir, const std::optional<timespec>& since, int maxStones,
                  KnownWins& known, std::size_t& taken, std::size_t& refused) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".qpf") continue;
    const std::string path = e.path().string();
    if (since)
      if (const auto changed = changeTime(path); changed && before(*changed, *since)) continue;
    if (const Parsed<std::size_t> file = checkRegularFile(path, kMaxProofBytes); !file) {
      std::fprintf(stderr, "qubic-solve: %s: refused: %s\n", path.c_str(), file.error().c_str());
      ++refused;
      continue;
    }
    std::ifstream in(path);
    KnownWins proof;
    const VerifyResult v = verifyProof(in, [&](const Position& pos, int move, int) {
      if (pos.moveCount() <= maxStones) proof.add(pos, move);
    });
    if (!v.verified) {
      std::fprintf(stderr, "qubic-solve: %s: refused: %s\n", path.c_str(), v.error.c_str());
      ++refused;
      continue;
    }
    known.merge(proof);
    ++taken;
  }
  if (ec) failWith("cannot read " + dir.string() + ": " + ec.message());
}

// --certificates FILE: the wins of every certificate the rules accept whole (the replay of
// table verify, on `threads` threads, each certificate on its own); counts them as above.
void gatherCertificates(const std::string& path, unsigned threads, int maxStones, KnownWins& known,
                        std::size_t& taken, std::size_t& refused) {
  const Parsed<TableCertificates> set = loadCertificatesFile(path);
  if (!set) failWith(set.error());
  const std::vector<TableCertificate>& all = set.value().entries();
  std::vector<KnownWins> found(threads);
  std::atomic<std::size_t> next{0}, accepted{0};
  const auto work = [&](int t) {
    for (std::size_t k; (k = next++) < all.size();) {
      KnownWins wins;
      const CertificateResult r = replay(all[k], [&](const Position& pos, int move) {
        if (pos.moveCount() <= maxStones) wins.add(pos, move);
      });
      if (!r.ok) {
        std::fprintf(stderr, "qubic-solve: %s: refused: %s: %s\n", path.c_str(),
                     positionString(all[k].position).c_str(), r.error.c_str());
        continue;
      }
      found[static_cast<std::size_t>(t)].merge(wins);
      ++accepted;
    }
  };
  workOnThreads(static_cast<int>(threads), work);  // as many as the system starts
  for (KnownWins& wins : found) known.merge(std::move(wins));
  taken += accepted;
  refused += all.size() - accepted;
}

// --update: the wins FILE holds, and the time from which proofs are new to it (its
// modification time, which the last gather set to the moment it began). None when FILE is
// missing or empty; a damaged FILE is named and gathered again whole (it is a cache).
std::optional<timespec> keptWins(const std::string& out, KnownWins& known) {
  struct stat st {};
  if (stat(out.c_str(), &st) != 0 || st.st_size == 0) return std::nullopt;
  Parsed<KnownWins> old = readKnownWins(out);
  if (!old) {
    std::fprintf(stderr, "qubic-solve: note: %s gathered again whole: %s\n", out.c_str(),
                 old.error().c_str());
    return std::nullopt;
  }
  known = std::move(old).value();  // sealed: its size() counts what is kept
  return st.st_mtim;
}

int tableKnown(const CommandLine& w) {
  if (w.positional().empty() && !w.has("--certificates"))
    failWith("table known needs at least one DIR (a run's directory) or --certificates FILE");
  if (!w.has("--out")) failWith("table known needs --out FILE");
  const std::string out = w.text("--out");
  if (const std::string e = checkOutputFile(out, kKnownWinsFile); !e.empty()) failWith(e);
  // The file's time is set to this moment once written, so that a proof written while
  // the directories are read counts as new to the next gather (run-jobs.sh, --update).
  timespec began{};
  clock_gettime(CLOCK_REALTIME, &began);
  KnownWins known;
  const std::optional<timespec> since = w.has("--update") ? keptWins(out, known) : std::nullopt;
  const std::size_t kept = known.size();
  std::size_t taken = 0, refused = 0;
  const int maxStones = static_cast<int>(wholeNumber(w, "--max-stones", kCells, 0, kCells));
  for (const std::string& dir : w.positional())
    gatherProofs(dir, since, maxStones, known, taken, refused);
  if (w.has("--certificates"))
    gatherCertificates(w.text("--certificates"),
                       static_cast<unsigned>(wholeNumber(w, "--threads", 1, 1, 256)), maxStones,
                       known, taken, refused);
  known.seal();
  const std::vector<std::uint8_t>& bytes = known.toBytes();
  if (const std::string e = writeOutputFile(
          out, {reinterpret_cast<const char*>(bytes.data()), bytes.size()}, kKnownWinsFile);
      !e.empty())
    failWith(e);
  const timespec times[2] = {{0, UTIME_OMIT}, began};
  utimensat(AT_FDCWD, out.c_str(), times, 0);
  std::printf("%s: %zu known wins from %zu proofs and certificates (%zu refused)", out.c_str(),
              known.size(), taken, refused);
  if (since) std::printf(", %zu of them kept from before", kept);
  std::printf("\n");
  for (int stones = 0; stones <= kCells; ++stones)
    if (const std::size_t n = known.countOf(stones)) std::printf("  %2d stones: %zu\n", stones, n);
  return refused ? 1 : 0;
}

}  // namespace

Parsed<KnownWins> readKnownWins(const std::string& path) {
  Parsed<std::vector<std::uint8_t>> bytes = readRegularBytes(path, kMaxKnownWinsBytes);
  if (!bytes) return Parsed<KnownWins>::failure(path + ": " + bytes.error());
  Parsed<KnownWins> known = KnownWins::fromBytes(std::move(bytes).value());
  if (!known) return Parsed<KnownWins>::failure(path + ": " + known.error());
  return known;
}

const Command kTableKnown{
    "table known",
    "[DIR...] --out FILE [--update] [--certificates FILE [--threads N]] [--max-stones N]",
    "the wins a run's proofs hold, for later jobs",
    "  every proof file in the directories the rules accept whole gives its proven\n"
    "  positions and moves (not its forcing wins) to FILE, a known-wins file; a job given\n"
    "  it (table job --known FILE) takes them as proven, and its own proofs are written\n"
    "  out in full and checked by the rules as always;\n"
    "  --update: FILE's wins kept, and only the proofs changed since FILE was gathered\n"
    "  read (a directory new to FILE needs a gather without it);\n"
    "  --certificates FILE: the wins of every certificate of FILE (table certify's, e.g.\n"
    "  the shipped O wins') the rules replay whole, read again at each gather, on\n"
    "  --threads N threads (1);\n"
    "  --max-stones N: only positions of at most N stones (all; the shipped certificates\n"
    "  hold 143 million, 2.4 GB, and a job takes a file of at most 1 GiB)\n",
    {{"--update"}, {"--out", "--certificates", "--threads", "--max-stones"}},
    tableKnown};

}  // namespace qubic
