// qubic-solve table known (docs/table.md): the wins the proofs of a table's run hold,
// gathered into a known-wins file (engine/proof/known_wins) that later jobs search with.
#include <cstdio>
#include <fstream>

#include "cli.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/proof/verify.hpp"
#include "table_results.hpp"

namespace qubic {

namespace {

namespace fs = std::filesystem;

// Adds the proven moves of every proof file in `dir` the rules accept whole to `known`;
// counts the files taken and the ones refused (each named on standard error).
void gatherProofs(const fs::path& dir, KnownWins& known, std::size_t& taken, std::size_t& refused) {
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir, ec)) {
    if (e.path().extension() != ".qpf") continue;
    const std::string path = e.path().string();
    if (const Parsed<std::size_t> file = checkRegularFile(path, kMaxProofBytes); !file) {
      std::fprintf(stderr, "qubic-solve: %s: refused: %s\n", path.c_str(), file.error().c_str());
      ++refused;
      continue;
    }
    std::ifstream in(path);
    KnownWins proof;
    const VerifyResult v =
        verifyProof(in, [&](const Position& pos, int move, int) { proof.add(pos, move); });
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

int tableKnown(const CommandLine& w) {
  if (w.positional().empty()) failWith("table known needs at least one DIR (a run's directory)");
  if (!w.has("--out")) failWith("table known needs --out FILE");
  const std::string out = w.text("--out");
  if (const std::string e = checkOutputFile(out, kKnownWinsFile); !e.empty()) failWith(e);
  KnownWins known;
  std::size_t taken = 0, refused = 0;
  for (const std::string& dir : w.positional()) gatherProofs(dir, known, taken, refused);
  known.seal();
  const std::vector<std::uint8_t>& bytes = known.toBytes();
  if (const std::string e = writeOutputFile(
          out, {reinterpret_cast<const char*>(bytes.data()), bytes.size()}, kKnownWinsFile);
      !e.empty())
    failWith(e);
  std::printf("%s: %zu known wins from %zu proofs (%zu refused)\n", out.c_str(), known.size(),
              taken, refused);
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
    "DIR... --out FILE",
    "the wins a run's proofs hold, for later jobs",
    "  every proof file in the directories the rules accept whole gives its proven\n"
    "  positions and moves (not its forcing wins) to FILE, a known-wins file; a job given\n"
    "  it (table job --known FILE) takes them as proven, and its own proofs are written\n"
    "  out in full and checked by the rules as always\n",
    {{}, {"--out"}},
    tableKnown};

}  // namespace qubic
