// qubic-match statistics against values worked out by hand (the arithmetic is in the
// comments), and the standings built from them.
#include <catch2/catch.hpp>

#include <cmath>
#include <sstream>
#include <vector>

#include "tools/match/elo.hpp"
#include "tools/match/standings.hpp"

using namespace qubic;
using namespace qubic::match;
using Catch::Detail::Approx;

TEST_CASE("Elo and expected score are each other's inverse on the logistic curve") {
  CHECK(eloFromScore(0.5) == Approx(0).margin(1e-12));
  // 3 points of 4: 400 log10(0.75 / 0.25) = 400 log10(3) = 190.848...
  CHECK(eloFromScore(0.75) == Approx(190.8485).epsilon(1e-6));
  CHECK(eloFromScore(0.25) == Approx(-190.8485).epsilon(1e-6));
  // 400 Elo: 1 / (1 + 10^-1) = 10/11.
  CHECK(scoreFromElo(400) == Approx(10.0 / 11).epsilon(1e-12));
  CHECK(eloFromScore(scoreFromElo(123.4)) == Approx(123.4).epsilon(1e-9));
  CHECK(std::isinf(eloFromScore(1)));
  CHECK(eloFromScore(0) < 0);
}

TEST_CASE("10 wins, 5 losses, 5 draws: Elo, error bar and LOS by hand") {
  const Score s{10, 5, 5};
  REQUIRE(s.games() == 20);
  CHECK(s.points() == 12.5);
  // Score 0.625; Elo = 400 log10(0.625 / 0.375) = 400 log10(5/3) = 88.7395.
  const EloEstimate e = estimateElo(s);
  CHECK(e.elo == Approx(88.73950).epsilon(1e-6));
  // Per-game variance: (10 * 0.375^2 + 5 * 0.625^2 + 5 * 0.125^2) / 20 = 3.4375 / 20 = 0.171875.
  // Standard error of the mean: sqrt(0.171875 / 20) = 0.0927025; times 1.959964 = 0.181693.
  // Interval of the score: [0.443307, 0.806693] -> Elo [-39.565, 248.185]; half width 143.875.
  CHECK(e.errorBar == Approx(143.87485).epsilon(1e-6));
  CHECK(e.lower == Approx(-39.5648).epsilon(1e-4));
  CHECK(e.upper == Approx(248.1849).epsilon(1e-4));
  // LOS = (1 + erf((10 - 5) / sqrt(2 * 15))) / 2 = (1 + erf(0.912871)) / 2 = 0.901647.
  CHECK(likelihoodOfSuperiority(s) == Approx(0.9016472).epsilon(1e-6));
}

TEST_CASE("40 wins, 50 losses, 10 draws: a negative estimate") {
  const Score s{40, 50, 10};
  // Score 45 / 100 = 0.45; Elo = -400 log10(0.55 / 0.45) = -34.860.
  const EloEstimate e = estimateElo(s);
  CHECK(e.elo == Approx(-34.86007).epsilon(1e-6));
  CHECK(e.errorBar == Approx(65.68570).epsilon(1e-6));
  CHECK(likelihoodOfSuperiority(s) == Approx(0.1459203).epsilon(1e-6));
  // Seen from the other side everything mirrors.
  CHECK(estimateElo(s.reversed()).elo == Approx(34.86007).epsilon(1e-6));
  CHECK(likelihoodOfSuperiority(s.reversed()) == Approx(1 - 0.1459203).epsilon(1e-6));
}

TEST_CASE("degenerate scores: no games, only wins, an interval reaching 100 %") {
  CHECK(std::isinf(estimateElo(Score{}).errorBar));
  CHECK(likelihoodOfSuperiority(Score{0, 0, 7}) == 0.5);
  const EloEstimate allWins = estimateElo(Score{6, 0, 0});
  CHECK(std::isinf(allWins.elo));
  CHECK(allWins.elo > 0);
  CHECK(std::isinf(allWins.errorBar));
  // 9 of 10: variance (9 * 0.01 + 0.81) / 10 = 0.09, the score's interval 0.9 -+ 1.959964
  // sqrt(0.009) = 0.9 -+ 0.185939 passes 1, so the bar has no finite end; the lower end,
  // 0.714061, is -400 log10(0.285939 / 0.714061) = +158.985 Elo.
  const EloEstimate nineOfTen = estimateElo(Score{9, 1, 0});
  CHECK(std::isinf(nineOfTen.errorBar));
  CHECK(std::isinf(nineOfTen.upper));
  CHECK(nineOfTen.lower == Approx(158.98).epsilon(1e-4));
  // 20 wins of 20: 0.025^(1/20) = 0.831680 -> at least 277.39 Elo with 97.5 % confidence.
  CHECK(perfectScoreEloBound(20) == Approx(277.3874).epsilon(1e-6));
}

TEST_CASE("SPRT: the likeliest result probabilities for a given score, by hand") {
  // 10-5-5 with s = 0.5: N t^2 - (2D + 2(1-s) W + 2s L) t + 4s(1-s) D = 20 t^2 - 25 t + 5 = 0,
  // roots (25 -+ 15) / 40: t = 0.25, so win = loss = 0.5 - 0.125 = 0.375.
  const ResultProbabilities p = likeliestWithScore(Score{10, 5, 5}, 0.5);
  CHECK(p.draw == Approx(0.25).epsilon(1e-12));
  CHECK(p.win == Approx(0.375).epsilon(1e-12));
  CHECK(p.loss == Approx(0.375).epsilon(1e-12));
  // Without draws the draw probability is 0 and the win probability is the score itself.
  const ResultProbabilities noDraws = likeliestWithScore(Score{7, 3, 0}, 0.6);
  CHECK(noDraws.draw == 0);
  CHECK(noDraws.win == Approx(0.6).epsilon(1e-12));
}

TEST_CASE("SPRT log-likelihood ratio and bounds by hand") {
  const SprtBounds bounds{0, 10, 0.05, 0.05};
  const SprtState state = sprt(Score{10, 5, 5}, bounds);
  // Bounds: ln(0.05 / 0.95) = -2.944439 and ln(0.95 / 0.05) = +2.944439.
  CHECK(state.lower == Approx(-2.9444390).epsilon(1e-6));
  CHECK(state.upper == Approx(2.9444390).epsilon(1e-6));
  // H0 (s0 = 0.5): win/draw/loss 0.375/0.25/0.375 as above. H1: s1 = 1 / (1 + 10^(-10/400))
  // = 0.5143872; 20 t^2 - 24.856128 t + 4.995860 = 0 gives t = 0.2521486, win 0.3883129,
  // loss 0.3595385. LLR = 10 ln(0.3883129/0.375) + 5 ln(0.2521486/0.25) + 5 ln(0.3595385/0.375)
  // = 0.348853 + 0.042789 - 0.210524 = 0.181119.
  CHECK(state.llr == Approx(0.1811187).epsilon(1e-6));
  CHECK(state.decision == SprtDecision::Continue);
  CHECK(sprt(Score{40, 50, 10}, SprtBounds{0, 5, 0.05, 0.05}).llr ==
        Approx(-0.1713915).epsilon(1e-6));

  // Without draws, the binomial SPRT: 30 wins, 20 losses against elo1 = 10:
  // 30 ln(0.5143872/0.5) + 20 ln(0.4856128/0.5) = 0.851045 - 0.583929 = 0.267115.
  CHECK(sprt(Score{30, 20, 0}, bounds).llr == Approx(0.2671155).epsilon(1e-6));
  // Only wins also decide: 20 ln(0.5714631 / 0.5) = 2.671837 against elo1 = 50, not yet
  // past 2.944; 23 wins (3.072612) are.
  const SprtBounds wide{0, 50, 0.05, 0.05};
  CHECK(sprt(Score{20, 0, 0}, wide).llr == Approx(2.6718369).epsilon(1e-6));
  CHECK(sprt(Score{20, 0, 0}, wide).decision == SprtDecision::Continue);
  CHECK(sprt(Score{23, 0, 0}, wide).decision == SprtDecision::AcceptH1);
  CHECK(sprt(Score{0, 23, 0}, wide).decision == SprtDecision::AcceptH0);
  // Clear results either way, and no games at all.
  CHECK(sprt(Score{300, 100, 100}, bounds).decision == SprtDecision::AcceptH1);
  CHECK(sprt(Score{100, 300, 100}, bounds).decision == SprtDecision::AcceptH0);
  CHECK(sprt(Score{}, bounds).llr == 0);
  CHECK(sprt(Score{0, 0, 40}, bounds).decision == SprtDecision::Continue);
}

TEST_CASE("standings add up per pair and per engine") {
  Standings table({"a", "b", "c"});
  table.add(0, 1, GameResult::XWins);  // a beats b
  table.add(1, 0, GameResult::XWins);  // b beats a
  table.add(2, 0, GameResult::Draw);
  table.add(1, 2, GameResult::OWins);  // c beats b
  CHECK(table.games() == 4);
  CHECK(table.headToHead(0, 1).wins == 1);
  CHECK(table.headToHead(0, 1).losses == 1);
  CHECK(table.headToHead(2, 0).draws == 1);
  CHECK(table.total(2).points() == 1.5);
  CHECK(table.total(1).points() == 1);
  int points2 = 0;
  for (int e = 0; e < 3; ++e) points2 += static_cast<int>(2 * table.total(e).points());
  CHECK(points2 == 2 * table.games());  // every game gives out exactly one point
  // Best score first: c (1.5 of 2), then a (1.5 of 3), then b (1 of 3); line 0 is the header.
  std::istringstream text(table.table());
  std::vector<std::string> lines;
  for (std::string line; std::getline(text, line);) lines.push_back(line);
  REQUIRE(lines.size() == 4);
  CHECK(lines[1].find("   1  c ") == 0);
  CHECK(lines[2].find("   2  a ") == 0);
  CHECK(lines[3].find("   3  b ") == 0);
  CHECK(table.crossTable().find("1-1-0") != std::string::npos);
  CHECK(eloText(EloEstimate{88.7395, 143.87}) == "+88.7 ± 143.9");
  CHECK(eloText(EloEstimate{-0.0, 10}) == "+0.0 ± 10.0");
  CHECK(eloText(EloEstimate{-0.04, 10}) == "+0.0 ± 10.0");
}
