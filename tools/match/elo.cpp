#include "elo.hpp"

#include <cmath>
#include <limits>

namespace qubic::match {

namespace {

constexpr double kInfinity = std::numeric_limits<double>::infinity();
constexpr double kZ95 = 1.959963984540054;  // the two-sided 95 % quantile of the normal law

// Variance of one game's score (1, 0 or 1/2) around the mean.
double perGameVariance(const Score& s) {
  const double mean = s.fraction();
  const double n = s.games();
  return (s.wins * (1 - mean) * (1 - mean) + s.losses * mean * mean +
          s.draws * (0.5 - mean) * (0.5 - mean)) /
         n;
}

}  // namespace

Score& Score::operator+=(const Score& other) {
  wins += other.wins;
  losses += other.losses;
  draws += other.draws;
  return *this;
}

double eloFromScore(double score) {
  if (score <= 0) return -kInfinity;
  if (score >= 1) return kInfinity;
  return -400.0 * std::log10(1.0 / score - 1.0);
}

double scoreFromElo(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

EloEstimate estimateElo(const Score& score) {
  EloEstimate estimate{0, kInfinity, -kInfinity, kInfinity};
  if (score.games() == 0) return estimate;
  const double mean = score.fraction();
  estimate.elo = eloFromScore(mean);
  const double margin = kZ95 * std::sqrt(perGameVariance(score) / score.games());
  // An interval that reaches 0 or 1 has no finite Elo end there.
  estimate.lower = eloFromScore(mean - margin);
  estimate.upper = eloFromScore(mean + margin);
  const double width = estimate.upper - estimate.lower;  // infinity - infinity after only wins
  estimate.errorBar = std::isnan(width) ? kInfinity : width / 2;
  return estimate;
}

double perfectScoreEloBound(int games) {
  if (games <= 0) return -kInfinity;
  return eloFromScore(std::pow(0.025, 1.0 / games));
}

double likelihoodOfSuperiority(const Score& score) {
  const int decisive = score.wins + score.losses;
  if (decisive == 0) return 0.5;
  return 0.5 * (1 + std::erf((score.wins - score.losses) / std::sqrt(2.0 * decisive)));
}

ResultProbabilities likeliestWithScore(const Score& score, double s) {
  const double n = score.games(), a = 2 * s, b = 2 * (1 - s);
  double draw = 0;
  if (score.draws > 0) {
    const double middle = 2.0 * score.draws + score.wins * b + score.losses * a;
    draw = (middle - std::sqrt(middle * middle - 4 * n * score.draws * a * b)) / (2 * n);
  }
  return {s - draw / 2, draw, 1 - s - draw / 2};
}

SprtState sprt(const Score& score, const SprtBounds& bounds) {
  SprtState state;
  state.lower = std::log(bounds.beta / (1 - bounds.alpha));
  state.upper = std::log((1 - bounds.beta) / bounds.alpha);
  if (score.games() == 0) return state;
  const ResultProbabilities h0 = likeliestWithScore(score, scoreFromElo(bounds.elo0));
  const ResultProbabilities h1 = likeliestWithScore(score, scoreFromElo(bounds.elo1));
  // A result never seen adds nothing; one seen has a positive probability under both.
  auto term = [](int count, double p1, double p0) {
    return count ? count * std::log(p1 / p0) : 0.0;
  };
  state.llr = term(score.wins, h1.win, h0.win) + term(score.draws, h1.draw, h0.draw) +
              term(score.losses, h1.loss, h0.loss);
  if (state.llr >= state.upper)
    state.decision = SprtDecision::AcceptH1;
  else if (state.llr <= state.lower)
    state.decision = SprtDecision::AcceptH0;
  return state;
}

}  // namespace qubic::match
