#include "pool_report.hpp"

#include <cmath>
#include <sstream>

#include "pool_fit.hpp"

namespace qubic::match {

namespace {

// The levels aim at even steps of this size as outsiders see them (issue 58).
constexpr double kLeastStep = 60, kLargestStep = 150;

std::string bar(double errorBar) {
  return std::isinf(errorBar) ? std::string("unbounded") : "± " + numberText("%.0f", errorBar);
}

void writeHeader(std::ostringstream& out, const Tournament& tournament, const LadderRun& run) {
  const TournamentConfig& config = tournament.config();
  out << "# Playing strength: the pooled fit\n\n"
      << "`qubic-engine`'s levels rated in one pool with reference players, measured with\n"
      << "`qubic-match --pool` (docs/tournaments.md): each level played the next one and every\n"
      << "reference; the references played each other. All ratings are fitted at once by\n"
      << "maximum likelihood (Bradley-Terry on the Elo scale, a draw half a win; one virtual\n"
      << "draw per pair that met), " << config.engines.front().name
      << " rated 0. Error bars are 95 % intervals from the\n"
      << "fit's covariance; a step's bar is that of the difference of two ratings.\n\n";
  out << runLines(config, run) << "- Games: " << config.games * config.rounds
      << " per pair that meets (" << tournament.schedule().size() << " in all), "
      << (config.openingsFile.empty() ? "the built-in openings" : config.openingsFile)
      << ", each opening played with both colours; the games are in `" << config.recordsPath
      << "`\n\n";
}

std::vector<std::vector<Score>> scoreMatrix(const Standings& standings) {
  const auto n = static_cast<std::size_t>(standings.engineCount());
  std::vector<std::vector<Score>> scores(n, std::vector<Score>(n));
  for (std::size_t a = 0; a < n; ++a)
    for (std::size_t b = 0; b < n; ++b)
      if (a != b) scores[a][b] = standings.headToHead(static_cast<int>(a), static_cast<int>(b));
  return scores;
}

// Each level's rating and its step over the level below, and the steps outside the aim.
void writeLevels(std::ostringstream& out, const Tournament& tournament, const PoolFit& fit) {
  const auto& engines = tournament.config().engines;
  const int levels = tournament.config().poolLevels;
  const Standings& standings = tournament.standings();
  out << "| level | Elo | step over the level below | its games: wins-losses-draws |\n"
      << "|---|---|---|---|\n";
  std::vector<std::string> uneven;
  for (int i = 0; i < levels; ++i) {
    const auto k = static_cast<std::size_t>(i);
    out << "| " << engines[k].name << " | " << numberText("%+.0f", fit.rating[k]) << " "
        << (i == 0 ? std::string("(anchor)") : bar(fit.errorBar(i))) << " | ";
    if (i > 0) {
      const double step = fit.rating[k] - fit.rating[k - 1];
      const Score s = standings.headToHead(i, i - 1);
      out << numberText("%+.0f", step) << " " << bar(fit.differenceBar(i, i - 1)) << " | " << s.wins
          << "-" << s.losses << "-" << s.draws;
      if (step < kLeastStep || step > kLargestStep)
        uneven.push_back(engines[k - 1].name + " to " + engines[k].name + " (" +
                         numberText("%+.0f", step) + ")");
    } else {
      out << " |";
    }
    out << " |\n";
  }
  out << "\n";
  if (uneven.empty())
    out << "Every step lies between +" << kLeastStep << " and +" << kLargestStep << " Elo.\n\n";
  else {
    out << "Steps outside +" << kLeastStep << " to +" << kLargestStep << " Elo:\n\n";
    for (const std::string& u : uneven) out << "- " << u << "\n";
    out << "\n";
  }
}

void writeReferences(std::ostringstream& out, const Tournament& tournament, const PoolFit& fit) {
  const auto& engines = tournament.config().engines;
  const Standings& standings = tournament.standings();
  out << "| reference player | Elo | games | score |\n|---|---|---|---|\n";
  for (std::size_t k = static_cast<std::size_t>(tournament.config().poolLevels); k < engines.size();
       ++k) {
    const Score s = standings.total(static_cast<int>(k));
    out << "| " << engines[k].name << " | " << numberText("%+.0f", fit.rating[k]) << " "
        << bar(fit.errorBar(static_cast<int>(k))) << " | " << s.games() << " | "
        << percentText(s.fraction()) << " |\n";
  }
  out << "\n";
}

}  // namespace

std::string poolReport(const Tournament& tournament, const LadderRun& run) {
  std::ostringstream out;
  writeHeader(out, tournament, run);
  const PoolFit fit = fitPool(scoreMatrix(tournament.standings()), 0);
  if (!fit.converged)
    out << "The fit did not converge (" << fit.iterations << " Newton steps): the ratings "
        << "below are the last step's.\n\n";
  writeLevels(out, tournament, fit);
  writeReferences(out, tournament, fit);
  out << "Every game of every pair is in the fit, so a level's rating rests on its games\n"
      << "against the references as much as on its neighbours.\n";
  return out.str();
}

}  // namespace qubic::match
