#include "schedule.hpp"

#include <numeric>
#include <random>

namespace qubic::match {

namespace {

// The opening for each opening slot. std::shuffle's algorithm is not fixed by the
// standard, so the shuffle is written out: a resumed run must get the same order
// whichever library built it.
std::vector<int> openingSequence(int slots, int openingCount, OpeningOrder order,
                                 std::uint64_t seed) {
  std::vector<int> sequence;
  std::mt19937_64 random(seed);
  std::vector<int> deck(static_cast<std::size_t>(openingCount));
  while (static_cast<int>(sequence.size()) < slots) {
    std::iota(deck.begin(), deck.end(), 0);
    if (order == OpeningOrder::Random)
      for (std::size_t i = deck.size(); i > 1; --i) std::swap(deck[i - 1], deck[random() % i]);
    sequence.insert(sequence.end(), deck.begin(), deck.end());
  }
  sequence.resize(static_cast<std::size_t>(slots));
  return sequence;
}

}  // namespace

std::vector<std::pair<int, int>> pairings(Format format, int engineCount, int poolLevels) {
  std::vector<std::pair<int, int>> pairs;
  for (int a = 0; a < engineCount; ++a)
    for (int b = a + 1; b < engineCount; ++b) {
      // In a pool two levels meet only as neighbours; a reference meets everyone.
      const bool pooled = b == a + 1 || b >= poolLevels;
      const bool meets = format == Format::RoundRobin || (format == Format::Gauntlet && a == 0) ||
                         (format == Format::Ladder && b == a + 1) ||
                         (format == Format::Pool && pooled);
      if (meets) pairs.emplace_back(a, b);
    }
  return pairs;
}

std::vector<ScheduledGame> makeSchedule(Format format, int engineCount, int games, int rounds,
                                        int openingCount, OpeningOrder order, std::uint64_t seed,
                                        int poolLevels) {
  const int slotsPerRound = (games + 1) / 2;
  const std::vector<int> openings =
      openingSequence(slotsPerRound * rounds, openingCount, order, seed);
  std::vector<ScheduledGame> schedule;
  for (int round = 1; round <= rounds; ++round)
    for (const auto& [a, b] : pairings(format, engineCount, poolLevels))
      for (int game = 0; game < games; ++game) {
        // With an odd number of games per round the odd game's colours alternate by round.
        const bool swapped =
            (game % 2 == 1) || (game == games - 1 && games % 2 == 1 && round % 2 == 0);
        ScheduledGame g;
        g.number = static_cast<int>(schedule.size()) + 1;
        g.round = round;
        g.x = swapped ? b : a;
        g.o = swapped ? a : b;
        g.opening = openings[static_cast<std::size_t>((round - 1) * slotsPerRound + game / 2)];
        schedule.push_back(g);
      }
  return schedule;
}

}  // namespace qubic::match
