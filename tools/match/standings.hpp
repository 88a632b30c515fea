// The results so far: every pair's head-to-head score and every engine's score against
// its opponents, with the Elo difference, 95 % error bar and LOS, as printed in the
// progress lines and the final tables.
#pragma once

#include <string>
#include <vector>

#include "elo.hpp"
#include "engine/core/record.hpp"

namespace qubic::match {

class Standings {
 public:
  explicit Standings(std::vector<std::string> names);

  // A finished game between engine indices x and o.
  void add(int x, int o, GameResult result);

  int engineCount() const { return static_cast<int>(names_.size()); }
  const std::string& name(int engine) const { return names_[static_cast<std::size_t>(engine)]; }
  int games() const { return games_; }
  // Engine a's results against b.
  Score headToHead(int a, int b) const;
  // The engine's results against all its opponents.
  Score total(int engine) const;

  // One row per engine, best score first: games, wins, losses, draws, score, Elo with
  // error bar, LOS.
  std::string table() const;
  // The row engine's wins-losses-draws against each column engine.
  std::string crossTable() const;

 private:
  std::vector<std::string> names_;
  std::vector<Score> pairs_;  // [a * n + b]: a's results against b
  int games_ = 0;
};

// "+88.7 +- 143.9" (with the plus-minus sign), "+inf", "-12.0 +- inf".
std::string eloText(const EloEstimate& estimate);
// "62.5 %".
std::string percentText(double fraction);

}  // namespace qubic::match
