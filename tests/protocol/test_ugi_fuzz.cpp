// Fuzzing the protocol: 100 000 seeded lines, well-formed, mutated and deliberately
// wrong. Whatever arrives, the session must not throw or get stuck, must reply in the
// protocol's shapes, must never print an illegal move, must answer every known-bad line
// with exactly one error and must change nothing when it reports an error.
#include <catch2/catch.hpp>

#include <memory>
#include <random>

#include "engine/core/notation.hpp"
#include "protocol/ugi_commands.hpp"
#include "protocol/ugi_options.hpp"
#include "ugi_test_support.hpp"

using namespace qubic;
using qubic::testing::isError;
using qubic::testing::Transcript;

namespace {

// Every draw from the generator is its own statement, so the same seed gives the same
// lines whatever order a compiler evaluates operands in.
class LineMaker {
 public:
  explicit LineMaker(std::uint64_t seed) : rng_(seed) {}

  // A line that may or may not be valid.
  std::string anyLine() {
    std::string line = wellFormedLine();
    if (chance(3)) line = mutate(line);
    return line;
  }

  // A line the protocol must reject, whatever the session's state.
  std::string badLine() {
    switch (pick(6)) {
      case 0:
        return "zq" + word();  // no command starts with "zq"
      case 1: {
        const std::string valid = moves();
        return "position startpos moves " + valid + " " + std::to_string(64 + pick(1000));
      }
      case 2:
        return "setoption name Level value " +
               std::to_string(pick(2) ? -1 - pick(100) : kMaxLevel + 1 + pick(100));
      case 3:
        return "go movetime -" + std::to_string(1 + pick(1000));
      case 4:
        return "query " + std::string(pick(2) ? "who" : "result extra");
      default:
        return "position fen " + word() + " x";
    }
  }

  std::mt19937_64& rng() { return rng_; }

 private:
  std::string wellFormedLine() {
    switch (pick(14)) {
      case 0:
        return "ugi";
      case 1:
        return "isready";
      case 2:
        return "uginewgame";
      case 3:
        return "stop";
      case 4:
        return "d";
      case 5:
        return chance(50) ? "bench" : "help";
      case 6:
        return "query " + std::string(pick(2) ? (pick(2) ? "gameover" : "p1turn") : "result");
      case 7: {
        const UgiOption& option = ugiOptions()[pick(ugiOptions().size())];
        return "setoption name " + std::string(option.name) + " value " + value();
      }
      case 8:
      case 9:
        return "position startpos moves " + moves();
      case 10: {
        const std::string position = positionString(randomGame());
        return "position fen " + position + (pick(2) ? " moves " + moves() : "");
      }
      case 11:
      case 12:
        return "go " + goLimits();
      default:
        return chance(200) ? "quit" : "go infinite";
    }
  }

  std::string goLimits() {
    static const char* kWords[] = {"p1time",    "p2time",   "p1inc", "p2inc",
                                   "movestogo", "movetime", "nodes", "depth"};
    std::string text;
    for (int n = static_cast<int>(pick(4)); n > 0; --n) {
      text += std::string(kWords[pick(8)]) + " ";
      text += std::to_string(static_cast<std::int64_t>(pick(3000)) - 50) + " ";
    }
    return text;
  }

  std::string value() {
    switch (pick(4)) {
      case 0:
        return std::to_string(pick(20));
      case 1:
        return pick(2) ? "true" : "false";
      case 2:
        return word();
      default:
        return std::to_string(static_cast<std::int64_t>(rng_()));
    }
  }

  std::string moves() {
    std::string text;
    for (int n = static_cast<int>(pick(12)); n > 0; --n) {
      text += pick(2) ? moveToken(static_cast<int>(pick(64))) : std::to_string(pick(64));
      text += pick(5) ? " " : ",";
    }
    return text;
  }

  Position randomGame() {
    Position p;
    for (int n = static_cast<int>(pick(30)); n > 0 && !p.isGameOver(); --n) {
      Bitboard empty = p.emptyCells();
      for (int skip = static_cast<int>(pick(static_cast<std::size_t>(popcount(empty)))); skip > 0;
           --skip)
        empty &= empty - 1;
      p.play(lowestCell(empty));
    }
    return p;
  }

  std::string word() {
    std::string w;
    for (int n = 1 + static_cast<int>(pick(8)); n > 0; --n) w += static_cast<char>('a' + pick(26));
    return w;
  }

  std::string mutate(std::string line) {
    for (int n = 1 + static_cast<int>(pick(3)); n > 0; --n) {
      const std::size_t at = line.empty() ? 0 : pick(line.size());
      switch (pick(5)) {
        case 0:
          if (!line.empty()) line.erase(at, 1);
          break;
        case 1:
          line.insert(line.begin() + static_cast<std::ptrdiff_t>(at), static_cast<char>(pick(256)));
          break;
        case 2:
          line.resize(at);
          break;
        case 3:
          line.insert(at, " " + word() + " ");
          break;
        default:
          if (!line.empty()) line[at] = static_cast<char>(line[at] ^ 0x20);
          break;
      }
    }
    return line;
  }

  std::size_t pick(std::size_t n) {
    return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng_);
  }
  bool chance(int oneIn) { return pick(static_cast<std::size_t>(oneIn)) == 0; }

  std::mt19937_64 rng_;
};

bool hasShape(const std::string& reply, const std::string& line) {
  for (const char* prefix :
       {"id name ", "id author ", "option name ", "info ", "response ", "bestmove "})
    if (reply.rfind(prefix, 0) == 0) return true;
  if (reply == "ugiok" || reply == "readyok") return true;
  // d and help print free text; those are the only commands that may.
  const std::vector<std::string_view> words = splitWords(line);
  return !words.empty() && (sameWord(words[0], "d") || sameWord(words[0], "help"));
}

// What an error must leave alone.
std::string stateOf(const UgiSession& s) {
  const EngineSettings& e = s.settings().engine;
  return positionString(s.position()) + "|" + std::to_string(e.level) + "," +
         std::to_string(e.hashMb) + "," + std::to_string(e.threads) + "," +
         std::to_string(e.moveOverheadMs) + "," + std::to_string(e.useSolution) + "," +
         e.solutionFile + "," + std::to_string(e.seed) + "," + std::to_string(e.explain) + "," +
         std::to_string(e.multiPv);
}

}  // namespace

TEST_CASE(
    "100 000 random, mutated and wrong lines never crash the session and every error changes "
    "nothing") {
  LineMaker maker(20260101);
  auto transcript = std::make_unique<Transcript>();
  int errors = 0, bestmoves = 0;
  for (int i = 0; i < 100000; ++i) {
    const bool knownBad = i % 5 == 0;
    const std::string line = knownBad ? maker.badLine() : maker.anyLine();
    INFO("line " << i << ": " << line);
    const std::string before = stateOf(transcript->session);
    std::vector<std::string> replies;
    REQUIRE_NOTHROW(replies = transcript->send(line));

    const auto errorCount = std::count_if(replies.begin(), replies.end(), isError);
    errors += static_cast<int>(errorCount);
    if (errorCount > 0) REQUIRE(stateOf(transcript->session) == before);
    if (knownBad) {
      REQUIRE(replies.size() == 1);
      REQUIRE(errorCount == 1);
    }
    for (const std::string& reply : replies) {
      REQUIRE(hasShape(reply, line));
      if (reply.rfind("bestmove ", 0) != 0) continue;
      ++bestmoves;
      // Exactly two tokens, and the move legal where the search began.
      REQUIRE(reply.size() == 12);
      const Parsed<int> move = parseMove(reply.substr(9));
      REQUIRE(move.ok());
      REQUIRE_FALSE(transcript->searcher.jobs.empty());
      REQUIRE(transcript->searcher.jobs.back().position.isLegal(move.value()));
    }
    // Searching only while an infinite search waits for stop.
    REQUIRE(transcript->session.searching() == (transcript->searcher.running.has_value()));
    if (transcript->session.quitRequested()) transcript = std::make_unique<Transcript>();
  }
  CHECK(transcript->send("stop").size() <= 4);
  CHECK_FALSE(transcript->session.searching());
  CHECK(errors >= 20000);  // every known-bad line at least
  CHECK(bestmoves > 1000);
}
