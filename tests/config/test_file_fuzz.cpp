// Robustness of every file format the programs read: valid files of each kind, mutated
// at random (bytes flipped, inserted, deleted, lines repeated, cut short), must be read
// or refused with a message, never crash or hang. QUBIC_FUZZ_ITERATIONS sets the count per
// format (tools/fuzz-files.sh runs it for minutes; the suite runs a quick share).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <fstream>
#include <functional>
#include <random>
#include <sstream>
#include <string>

#include "config/settings.hpp"
#include "engine/book/book.hpp"
#include "engine/core/notation.hpp"
#include "engine/core/record.hpp"
#include "engine/proof/pns.hpp"
#include "engine/proof/proof.hpp"
#include "engine/proof/verify.hpp"
#include "engine/threats/threat_search.hpp"
#include "tools/match/openings.hpp"

using namespace qubic;

namespace {

int iterations() {
  const char* text = std::getenv("QUBIC_FUZZ_ITERATIONS");
  const long n = text ? std::strtol(text, nullptr, 10) : 0;
  return n > 0 ? static_cast<int>(n) : 5000;
}

std::string mutated(const std::string& text, std::mt19937_64& rng) {
  std::string s = text;
  auto pick = [&](std::size_t n) {
    return n == 0 ? 0 : std::uniform_int_distribution<std::size_t>(0, n - 1)(rng);
  };
  static const std::string kSpecial = std::string("\0\xff\n\r\t[]{}\"\\=#.-0123456789xo", 25);
  const int edits = 1 + static_cast<int>(pick(4));
  for (int e = 0; e < edits; ++e) {
    switch (pick(6)) {
      case 0:
        if (!s.empty()) s[pick(s.size())] = static_cast<char>(pick(256));
        break;
      case 1:
        s.insert(pick(s.size() + 1), 1, kSpecial[pick(kSpecial.size())]);
        break;
      case 2:
        if (!s.empty()) s.erase(pick(s.size()), 1 + pick(8));
        break;
      case 3:
        s.resize(pick(s.size() + 1));
        break;
      case 4: {  // a stretch repeated
        const std::size_t at = pick(s.size() + 1), len = pick(40);
        s.insert(at, s.substr(at, len));
        break;
      }
      default:
        if (!s.empty()) s[pick(s.size())] = kSpecial[pick(kSpecial.size())];
    }
  }
  return s;
}

std::string readSource(const std::string& relative) {
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/" + relative, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Feeds `iterations()` mutations of `seed` to `read`, which returns whether it accepted
// the text; a valid seed must be accepted, and some mutations must be refused.
void fuzz(const std::string& seed, std::uint64_t rngSeed,
          const std::function<bool(const std::string&)>& read) {
  REQUIRE(read(seed));
  std::mt19937_64 rng(rngSeed);
  int refused = 0;
  for (int i = 0; i < iterations(); ++i) refused += !read(mutated(seed, rng));
  CHECK(refused > 0);
}

}  // namespace

TEST_CASE("mutated configuration files are read or refused, never crash") {
  fuzz(readSource("config/default.toml"), 1,
       [](const std::string& t) { return parseSettings(t, "fuzz.toml").ok(); });
}

TEST_CASE("mutated game records are read or refused, never crash") {
  GameRecord record;
  record.setTag("Event", "fuzz");
  Position p;
  for (const char* m : {"1a1", "2b2", "1b1", "2c2", "1c1", "2d2", "1d1"}) {
    const int cell = parseMove(m).value();
    record.addMove(cell, "a comment");
    p.play(cell);
  }
  record.result = resultOf(p);
  const std::string text = recordToString(record) + "\n" + recordToString(record);
  fuzz(text, 2, [](const std::string& t) { return parseRecords(t).ok(); });
}

TEST_CASE("mutated openings files are read or refused, never crash") {
  const std::string text = "# openings\n1a1 2b2\n1b1, 4d4 3c3\n" +
                           positionString(playMoves(Position{}, "1a1 2b2").value()) + "\n";
  fuzz(text, 3, [](const std::string& t) { return match::parseOpenings(t, "fuzz.txt").ok(); });
}

TEST_CASE("mutated books are read or refused, never crash") {
  Book book;
  book.add(Position{}, 0, 59);
  book.add(playMoves(Position{}, "1a1 4d4").value(), 3, 51);
  book.add(playMoves(Position{}, "1a1 2b2").value(), 3, 41);
  book.finish();
  const std::vector<std::uint8_t> bytes = book.serialize();
  fuzz(std::string(bytes.begin(), bytes.end()), 4, [](const std::string& t) {
    const std::vector<std::uint8_t> b(t.begin(), t.end());
    return Book::parse(b).ok();
  });
}

TEST_CASE("mutated proofs are verified or refused, never crash") {
  // A small real proof: X wins after 1a1 1b1 2b2 1c1.
  TranspositionTable table(4);
  ThreatSearch threats(1 << 14);
  ProofSearch search(table, threats);
  const Position start = playMoves(Position{}, "1a1 1b1 2b2 1c1").value();
  REQUIRE(search.prove(start, Side::X, SearchLimits{}).answer == Answer::Proven);
  std::ostringstream proof;
  REQUIRE(writeProof(proof, start, Side::X, search, threats, SearchLimits{}).complete);
  fuzz(proof.str(), 5, [](const std::string& t) {
    std::istringstream in(t);
    const VerifyResult r = verifyProof(in);
    if (!r.verified) CHECK(!r.error.empty());  // a refusal says why
    return r.verified;
  });
}
