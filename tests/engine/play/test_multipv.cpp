// MultiPV and the values it keeps (engine/play/multipv, engine/play/proven_store): a second
// look at a position never shows less than the first, and the store keeps a value only for
// its very position.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "engine/core/notation.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/play/player.hpp"
#include "engine/play/proven_store.hpp"

using namespace qubic;

namespace {

// The proven lines of a MultiPV-64 look within `nodes`: move -> (verdict, plies).
std::map<int, std::pair<Verdict, int>> provenLines(Player& player, const Position& pos,
                                                   std::uint64_t nodes) {
  MoveLimits limits;
  limits.moveTime = std::chrono::hours(1);  // the node budget decides, not the machine's load
  limits.maxNodes = nodes;
  limits.multiPv = 64;
  const MoveChoice c = player.choose(pos, limits);
  std::map<int, std::pair<Verdict, int>> proven;
  for (const MoveChoice& line : c.ranked)
    if (line.verdict != Verdict::Unknown) proven[line.move] = {line.verdict, line.plies};
  return proven;
}

std::vector<Position> analysisPositions(std::size_t count) {
  std::ifstream in(std::string(QUBIC_SOURCE_DIR) + "/data/analysis-positions.txt");
  std::vector<Position> out;
  for (std::string line; std::getline(in, line) && out.size() < count;)
    if (!line.empty() && line[0] != '#') out.push_back(parsePosition(line).value());
  return out;
}

}  // namespace

TEST_CASE("a second look at a position shows every value the first proved, at once") {
  PlayerOptions options;
  options.hashMb = 16;
  Player player(options);
  const std::vector<Position> positions = analysisPositions(6);
  REQUIRE(positions.size() == 6);
  int firstTotal = 0;
  for (std::size_t i = 0; i < positions.size(); ++i) {
    const auto first = provenLines(player, positions[i], 3'000'000);
    firstTotal += static_cast<int>(first.size());
    // Other positions in between fill the proof table with other things.
    provenLines(player, positions[(i + 1) % positions.size()], 3'000'000);
    player.newGame();  // which clears the proof table
    // The second look, with a twentieth of the budget and in another orientation.
    const int sym = 37 + static_cast<int>(i);
    const auto second = provenLines(player, transform(sym, positions[i]), 150'000);
    INFO("position " << i << ": " << first.size() << " proven at first, " << second.size()
                     << " at the second look");
    CHECK(second.size() >= first.size());
    for (const auto& [move, value] : first) {
      const auto again = second.find(mapCell(sym, move));
      REQUIRE(again != second.end());
      CHECK(again->second.first == value.first);
      CHECK(again->second.second <= value.second);
    }
  }
  CHECK(firstTotal > 20);  // the first looks proved something to keep
}

TEST_CASE("the proven store finds a value from every image of its position, and only there") {
  ProvenStore store(1024);
  const Position p = playMoves(Position{}, "1a1 2b3 4c2 1d4 3c3").value();
  store.add(p, {Side::X, 17});
  for (int s = 0; s < kSymmetries; s += 7) {
    const auto v = store.find(transform(s, p));
    REQUIRE(v);
    CHECK(v->winner == Side::X);
    CHECK(v->plies == 17);
  }
  CHECK_FALSE(store.find(playMoves(Position{}, "1a1 2b3 4c2 1d4 3c4").value()));
  store.add(p, {Side::X, 21});  // a longer bound does not replace a shorter one
  CHECK(store.find(p)->plies == 17);
  store.add(p, {Side::X, 13});
  CHECK(store.find(p)->plies == 13);
}

TEST_CASE("a full store drops the older of a bucket's two values, never a wrong one") {
  ProvenStore store(2);  // one bucket of two
  const Position a = playMoves(Position{}, "1a1 4d4").value(),
                 b = playMoves(Position{}, "1a1 1b1").value(),
                 c = playMoves(Position{}, "1a1 2c3").value(),
                 d = playMoves(Position{}, "1a1 4d4 2b2").value();
  auto sameClass = [](const Position& p, const Position& q) {
    return canonical(p).x == canonical(q).x && canonical(p).o == canonical(q).o;
  };
  CHECK_FALSE(sameClass(a, b));  // three classes apart
  CHECK_FALSE(sameClass(b, c));
  CHECK_FALSE(sameClass(a, c));
  store.add(a, {Side::X, 30});
  store.add(b, {Side::X, 31});
  store.add(c, {Side::X, 32});  // the bucket is full: a, the older, goes
  CHECK_FALSE(store.find(a));
  CHECK(store.find(b)->plies == 31);
  CHECK(store.find(c)->plies == 32);
  CHECK_FALSE(store.find(d));
}

TEST_CASE("a short kept value is shown only once the engine proves it again (issue 84, 13)") {
  // A store re-signed with the installation's own key passes every check of its file: its
  // short claims are proven again before they are shown (the true ones come back: above).
  PlayerOptions options;
  options.hashMb = 16;
  Player player(options);
  const Position pos = playMoves(Position{}, "1a1").value();  // O to move
  const int move = parseMove("2b2").value();
  Position after = pos;
  after.play(move);
  player.provenValues().add(after, {Side::X, 2});  // false: "O loses in 3 after 2b2"
  const auto proven = provenLines(player, pos, 20'000);
  CHECK(proven.count(move) == 0);
}
