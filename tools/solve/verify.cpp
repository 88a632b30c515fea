// qubic-solve verify: a proof file checked with the rules alone (engine/proof/verify).
#include <chrono>
#include <cstdio>
#include <fstream>

#include "cli.hpp"
#include "config/read_file.hpp"
#include "config/write_file.hpp"
#include "engine/proof/verify.hpp"

namespace qubic {

namespace {

int verify(const CommandLine& line) {
  if (line.positional().size() != 1) throw UsageError("verify: FILE");
  const std::string& path = line.positional()[0];
  if (path.empty()) throw UsageError("verify: FILE, not an empty name");
  // Proofs are big, so they are streamed; but never from a FIFO or a device.
  if (const Parsed<std::size_t> file = checkRegularFile(path, kMaxProofBytes); !file)
    failWith("cannot read " + path + ": " + file.error());
  std::ifstream in(path);
  if (!in) failWith("cannot read " + path);
  const auto began = std::chrono::steady_clock::now();
  const VerifyResult r = verifyProof(in);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - began).count();
  std::printf("attacker nodes: %llu (forcing wins %llu, references %llu), listed replies: %llu\n",
              static_cast<unsigned long long>(r.attackerNodes),
              static_cast<unsigned long long>(r.forcingWins),
              static_cast<unsigned long long>(r.references),
              static_cast<unsigned long long>(r.defenceReplies));
  std::printf("time: %.3f\n", seconds);
  if (!r.verified) {
    std::printf("verified: no\n%s\n", r.error.c_str());
    return 1;
  }
  std::printf("verified: yes\nplies: %d\n", r.plies);
  return 0;
}

}  // namespace

const Command kVerify{"verify",
                      "FILE",
                      "check a proof with the rules alone",
                      "  prints 'verified: yes', or 'verified: no' and the first faulty node\n",
                      {},
                      verify};

}  // namespace qubic
