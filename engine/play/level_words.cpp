#include "level_words.hpp"

#include <array>

#include "move_limits.hpp"

namespace qubic {

namespace {

struct LevelInWords {
  std::string_view name, words;
};

// From engine/play/level_mix's table: levels 0-7 add a plan (related pairs) to "win or
// block" ever more often, 8 always; 9-12 add forced wins inside one plane, 13 in the whole
// cube; 14 proves wins and searches in half its moves, 15 in all. The ratings are
// kLevelElo's.
constexpr std::array<LevelInWords, kMaxLevel + 1> kLevels = {{
    {"Beginner", "takes its wins, blocks yours, else plays anywhere"},
    {"Casual", "as Beginner, now and then plays to a plan"},
    {"Learner", "as Beginner, plays to a plan one move in five"},
    {"Improver", "plays to a plan about one move in three"},
    {"Club", "plays to a plan about half the time"},
    {"Keen", "plays to a plan most of the time"},
    {"Steady", "plays to a plan three moves in four"},
    {"Solid", "nearly always plays to a plan"},
    {"Tactician", "makes and stops double threats, follows a plan"},
    {"Strong", "now and then forces a win within one level"},
    {"Sharp", "half the time forces a win within one level"},
    {"Expert", "mostly forces wins within one level"},
    {"Plane master", "forces and stops wins within any level"},
    {"Master", "forces and stops wins anywhere in the cube"},
    {"Grandmaster", "as Master, proves wins and searches in half its moves"},
    {"Perfect", "full strength: as X it plays the proven win"},
}};

}  // namespace

std::string_view levelName(int level) {
  return level >= kMinLevel && level <= kMaxLevel ? kLevels[static_cast<std::size_t>(level)].name
                                                  : std::string_view();
}

std::string_view levelWords(int level) {
  return level >= kMinLevel && level <= kMaxLevel ? kLevels[static_cast<std::size_t>(level)].words
                                                  : std::string_view();
}

}  // namespace qubic
