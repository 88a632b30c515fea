// Ratings of a pool of players from all their games at once, as Ordo and BayesElo rate a
// list: the Bradley-Terry model on the Elo scale, where a player r Elo stronger than
// another is expected to score 1 / (1 + 10^(-r/400)) against it, fitted by maximum
// likelihood with a draw counted as half a win and half a loss. One player, the anchor,
// is rated 0. The 95 % error bars come from the inverse of the observed information (the
// negated Hessian of the log-likelihood) at the fit, so a step between two players has
// its own bar from their covariance. docs/tournaments.md gives the formulas.
#pragma once

#include <vector>

#include "elo.hpp"

namespace qubic::match {

struct PoolFit {
  std::vector<double> rating;                   // Elo, the anchor 0
  std::vector<std::vector<double>> covariance;  // of the ratings, in Elo^2 (the anchor's 0)
  int iterations = 0;
  bool converged = false;

  // Half the width of the 95 % interval of player i's rating (0 for the anchor).
  double errorBar(int i) const;
  // Half the width of the 95 % interval of rating(i) - rating(j).
  double differenceBar(int i, int j) const;
};

// `scores[a][b]`: a's results against b (and `scores[b][a]` the same games reversed).
// Every pair that played gets one virtual draw added (the prior BayesElo also uses), so a
// pair's perfect score does not send a rating to infinity; with a hundred games a pair it
// moves a rating by a few Elo at most. Players who played no game keep rating 0 and an
// infinite bar.
PoolFit fitPool(const std::vector<std::vector<Score>>& scores, int anchor);

}  // namespace qubic::match
