// "Does X, to move, win by threes here?" asked again and again of the same positions: the
// threat search proposes a forcing win and the rules-only checker must accept it; answers
// are kept per class of equivalent positions. Used by the book's shrink and annealing.
#pragma once

#include <array>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <utility>

#include "engine/core/position.hpp"
#include "engine/core/symmetry.hpp"
#include "engine/threats/threat_search.hpp"

namespace qubic {

class WinsByThrees {
 public:
  // Keeps at most about `maxAnswers` answers (0: all): past that, a shard forgets what it
  // holds. An answer depends only on the position, so forgetting costs time, never changes
  // one; it bounds the memory of long annealing runs.
  explicit WinsByThrees(std::size_t threatEntries = std::size_t{1} << 20,
                        std::size_t maxAnswers = 0);
  // One for another thread that shares `owner`'s answers (`owner` must outlive it): what
  // either learns, both use. The answers do not depend on who asked first.
  struct ShareAnswersOf {
    WinsByThrees& owner;
  };
  WinsByThrees(ShareAnswersOf share, std::size_t threatEntries);

  // X to move: a forcing win by threes that engine/proof/verify accepts?
  bool operator()(const Position& pos);
  // X to move: beaten with no strategic position, by a line at once or by threes.
  bool beaten(const Position& pos);

 private:
  // In shards, each with its lock, so that threads asking at once (or one growing a
  // shard) rarely wait for each other.
  struct Answers {
    struct Shard {
      std::mutex lock;
      std::unordered_map<ClassKey, bool, ClassKeyHash> known;
    };
    static constexpr std::size_t kShards = 64;
    std::array<Shard, kShards> shards;
    std::size_t maxPerShard = 0;  // 0: no limit
    Shard& of(const ClassKey& key) {
      return shards[(key.first ^ key.second) * 0x9E3779B97F4A7C15ULL >> 58];
    }
  };
  std::shared_ptr<Answers> answers_;
  ThreatSearch threats_;
};

}  // namespace qubic
