// The moves annealing may choose from (engine/book/strategy_anneal): at a known position, each
// move whose open O replies (those threes do not beat) all lead to positions with a known
// way on, either known positions (the strategy's, a pool's) or fresh ones that win within
// a few strategic moves. Every answer is a function of the position's class and the known
// set alone, so threads may gather them in any order and the result is the same.
#pragma once

#include <deque>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "anneal_options.hpp"
#include "engine/core/position.hpp"
#include "wins_by_threes.hpp"

namespace qubic {

class KnownWays {
 public:
  struct Fresh;
  // Where an open reply leads: a known position (its number) or a fresh one.
  struct Ref {
    int known = -1;
    const Fresh* fresh = nullptr;
    bool leadsOn() const { return known >= 0 || fresh != nullptr; }
  };
  struct Way {
    int move;
    std::vector<Ref> next;  // one per open reply
  };
  // A position not known before, with the moves that win from it within its depth.
  struct Fresh {
    Position pos;
    ClassKey key;
    std::vector<Way> ways;
  };

  // `known`: the class of each known position and its number. Both must outlive this.
  KnownWays(const std::unordered_map<ClassKey, int, ClassKeyHash>& known,
            const AnnealOptions& options);

  // One per thread; its threat search is its own, the answers are shared.
  class Asker {
   public:
    explicit Asker(KnownWays& ways);
    // The ways from a known position: first `current` (false if it cannot be followed),
    // then the other moves, each leaving at most as many open replies as `current` plus
    // AnnealOptions::openAboveCurrent (from 6 stones on), nor more than openReplies.
    bool ways(const Position& pos, int current, std::vector<Way>& out);
    // After X's move: the replies (one per class) not beaten by threes, or false if there
    // are more than `limit` or one ends the game.
    bool openReplies(const Position& after, int limit, std::vector<Position>& open);

   private:
    int finishingMove(const Position& form, const ClassKey& key);
    Ref ref(const Position& pos, int depth);
    const Fresh* fresh(const Position& pos, const ClassKey& key, int depth);
    bool way(const Position& pos, int move, int limit, Way& out);

    KnownWays& shared_;
    WinsByThrees beaten_;
  };

 private:
  const std::unordered_map<ClassKey, int, ClassKeyHash>& known_;
  const AnnealOptions& options_;
  WinsByThrees answers_;  // owns the answers every Asker shares
  std::mutex lock_;
  std::unordered_map<ClassKey, int, ClassKeyHash> finishing_;  // a finishing move, or -1
  // Per depth (1..newDepth): the fresh position found there, or null: none within it.
  std::vector<std::unordered_map<ClassKey, const Fresh*, ClassKeyHash>> fresh_;
  std::deque<Fresh> store_;
};

}  // namespace qubic
