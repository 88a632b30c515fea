// Match statistics: the Elo difference a score implies, its 95 % error bar, the
// likelihood of superiority, and the sequential probability ratio test (SPRT) that
// stops a match as soon as it is decided. Pure arithmetic; docs/tournaments.md gives
// the formulas.
#pragma once

namespace qubic::match {

// Game results from one side's point of view.
struct Score {
  int wins = 0;
  int losses = 0;
  int draws = 0;

  int games() const { return wins + losses + draws; }
  double points() const { return wins + 0.5 * draws; }
  // Points per game; 0.5 before any game.
  double fraction() const { return games() ? points() / games() : 0.5; }
  // The same games seen from the other side.
  Score reversed() const { return {losses, wins, draws}; }
  Score& operator+=(const Score& other);
};

// The Elo difference that makes `score` (0..1) the expected score: -400 log10(1/s - 1);
// -infinity at 0 and +infinity at 1.
double eloFromScore(double score);
// The expected score of a side that is `elo` points stronger: 1 / (1 + 10^(-elo/400)).
double scoreFromElo(double elo);

struct EloEstimate {
  double elo = 0;       // +-infinity after only wins or only losses
  double errorBar = 0;  // half the width of the 95 % interval; infinity when unbounded
  double lower = 0;     // the interval's ends (-infinity or +infinity where the score's
  double upper = 0;     // interval reaches 0 % or 100 %)
};
// The estimate and its 95 % error bar from the normal approximation of the mean score.
EloEstimate estimateElo(const Score& score);

// After `games` wins out of `games`, the Elo difference that is exceeded with 97.5 %
// confidence (the lower end of the two-sided 95 % Clopper-Pearson interval, 0.025^(1/n)).
double perfectScoreEloBound(int games);

// The probability that the side is the stronger one, from wins and losses alone:
// 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))); 0.5 before any decisive game.
double likelihoodOfSuperiority(const Score& score);

struct SprtBounds {
  double elo0 = 0;      // hypothesis H0: the difference is elo0
  double elo1 = 5;      // hypothesis H1: the difference is elo1
  double alpha = 0.05;  // chance of accepting H1 when H0 is true
  double beta = 0.05;   // chance of accepting H0 when H1 is true
};

struct ResultProbabilities {
  double win = 0, draw = 0, loss = 0;
};
// The win/draw/loss probabilities with expected score s (win + draw/2 = s) under which the
// games are likeliest. The draw probability t maximises W ln(s - t/2) + D ln t +
// L ln(1 - s - t/2); it is the smaller root of N t^2 - (2D + 2(1-s) W + 2s L) t + 4s(1-s) D = 0.
ResultProbabilities likeliestWithScore(const Score& score, double s);

enum class SprtDecision { Continue, AcceptH0, AcceptH1 };

struct SprtState {
  double llr = 0;    // log-likelihood ratio of H1 against H0 so far
  double lower = 0;  // ln(beta / (1 - alpha)): at or below, H0 is accepted
  double upper = 0;  // ln((1 - beta) / alpha): at or above, H1 is accepted
  SprtDecision decision = SprtDecision::Continue;
};
// The generalised SPRT on the trinomial law of game results: under each hypothesis the
// likeliest win/draw/loss probabilities with that expected score are fitted to the games
// (likeliestWithScore), and the LLR is the log of the ratio of the two likelihoods.
// Without draws this is the classical binomial SPRT: W ln(s1/s0) + L ln((1-s1)/(1-s0)).
SprtState sprt(const Score& score, const SprtBounds& bounds);

}  // namespace qubic::match
