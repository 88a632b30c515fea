#include "ladder_report.hpp"

#include <sys/utsname.h>

#include <cmath>
#include <fstream>
#include <sstream>
#include <thread>
#include <utility>

namespace qubic::match {

namespace {

std::string firstLineWith(const std::string& path, const std::string& prefix) {
  std::ifstream in(path);
  std::string line;
  while (std::getline(in, line))
    if (line.rfind(prefix, 0) == 0) return line;
  return {};
}

// One neighbour match, from the upper level's side: the text of its Elo difference, and
// what it adds to the rating.
// The levels aim at even steps of this size (issue 45; engine/play/level_mix).
constexpr std::pair<double, double> kEvenStep{60, 150};

struct Step {
  std::string difference;
  double elo = 0;            // the estimate, or the bound after a perfect score
  double errorBar = 0;       // infinity when the interval is unbounded
  bool lowerBound = false;   // every game won: `elo` is only a lower bound
  bool known = true;         // false without games, or after losing every game
  bool significant = false;  // the 95 % interval lies above 0
};

Step measure(const Score& score) {
  Step step;
  const EloEstimate e = estimateElo(score);
  step.elo = e.elo;
  step.errorBar = e.errorBar;
  step.significant = e.lower > 0;
  if (score.games() == 0) {
    step.difference = "no games";
    step.known = false;
  } else if (score.wins == score.games() || score.losses == score.games()) {
    // No finite estimate: the bound that such a result exceeds with 97.5 % confidence.
    const bool won = score.wins > 0;
    step.elo = won ? perfectScoreEloBound(score.games()) : -perfectScoreEloBound(score.games());
    step.difference = (won ? "≥ " : "≤ ") + numberText("%+.0f", step.elo) + " (every game " +
                      (won ? "won" : "lost") + ")";
    step.errorBar = 0;
    step.lowerBound = won;
    step.known = won;
    step.significant = won && step.elo > 0;
  } else {
    // The interval is not symmetric around the estimate, so its ends are shown too.
    auto end = [](double elo) {
      return std::isinf(elo) ? std::string(elo > 0 ? "+inf" : "-inf") : numberText("%+.0f", elo);
    };
    step.difference = eloText(e) + " [" + end(e.lower) + ", " + end(e.upper) + "]";
  }
  return step;
}

}  // namespace

std::string numberText(const char* format, double value) {
  char text[64];
  std::snprintf(text, sizeof text, format, value);
  return text;
}

std::string runLines(const TournamentConfig& config, const LadderRun& run) {
  return "- Command: `" + config.commandLine + "`\n" + "- Date: " + run.started +
         "; this run took " + numberText("%.1f", run.minutes) + " minutes" +
         (config.resume ? " (it resumed an earlier run)" : "") + "\n" +
         "- Machine: " + run.machine + "\n";
}

std::string describeMachine() {
  std::string cpu = firstLineWith("/proc/cpuinfo", "model name");
  if (const std::size_t colon = cpu.find(':'); colon != std::string::npos)
    cpu = cpu.substr(colon + 2);
  if (cpu.empty()) cpu = "unknown processor";
  utsname system{};
  uname(&system);
  std::string load;
  std::ifstream("/proc/loadavg") >> load;
  return cpu + ", " + std::to_string(std::thread::hardware_concurrency()) + " cores, " +
         system.sysname + " " + system.release +
         (load.empty() ? "" : ", load average " + load + " at the start");
}

namespace {

// The report's head: what the ladder is, and how this run was made.
void writeHeader(std::ostringstream& out, const Tournament& tournament, const LadderRun& run) {
  const TournamentConfig& config = tournament.config();
  const auto& engines = config.engines;
  out << "# Playing strength of the levels\n\n"
      << "The Elo ladder of `qubic-engine`'s levels, measured with `qubic-match --ladder`\n"
      << "(docs/tournaments.md): each level played the next one. " << engines.front().name
      << " is rated 0,\n"
      << "and each level's rating is the one below it plus the measured difference between\n"
      << "the two. Error bars are 95 % intervals (the difference column also gives the\n"
      << "interval's ends, which need not lie symmetrically); a rating's bar adds the bars\n"
      << "of the steps below it in quadrature (the matches are independent).\n\n";
  out << runLines(config, run);
  const std::string id = tournament.engineIds().empty() ? "" : tournament.engineIds().front();
  out << "- Engine: `" << engines.front().command << "`" << (id.empty() ? "" : " (" + id + ")")
      << "\n"
      << "- Games: " << config.games * config.rounds << " per pair of neighbours ("
      << tournament.schedule().size() << " in all), time control `"
      << engines.front().timeControl.text() << "` for every level, "
      << (config.openingsFile.empty() ? "the built-in openings" : config.openingsFile)
      << ", each opening played with both colours; the games are in `" << config.recordsPath
      << "`\n\n";
}

// What the table found, in sentences: unbounded steps, steps not measurably up, uneven steps.
void writeFindings(std::ostringstream& out, bool lowerBound, const std::vector<std::string>& notes,
                   const std::vector<std::string>& uneven) {
  if (lowerBound)
    out << "A step in which one level won every game has no finite estimate; the table gives\n"
        << "the Elo difference that such a result exceeds with 97.5 % confidence, and the\n"
        << "ratings from there on are lower bounds.\n\n";
  if (notes.empty()) {
    out << "Every level is measurably stronger than the one below it: each step's 95 %\n"
        << "interval lies above 0.\n";
  } else {
    out << "Steps whose 95 % interval reaches 0 or below:\n\n";
    for (const std::string& n : notes) out << "- " << n << "\n";
  }
  out << "\n";
  if (uneven.empty()) {
    out << "Every step lies between +" << kEvenStep.first << " and +" << kEvenStep.second
        << " Elo.\n";
  } else {
    out << "Steps outside +" << kEvenStep.first << " to +" << kEvenStep.second << " Elo:\n\n";
    for (const std::string& n : uneven) out << "- " << n << "\n";
  }
}

}  // namespace

std::string ladderReport(const Tournament& tournament, const LadderRun& run) {
  const auto& engines = tournament.config().engines;
  const Standings& standings = tournament.standings();
  std::ostringstream out;
  writeHeader(out, tournament, run);
  out << "| level | vs the level below: wins-losses-draws | score | Elo difference | Elo |\n"
      << "|---|---|---|---|---|\n"
      << "| " << engines.front().name << " | | | | 0 |\n";
  double rating = 0, variance = 0;
  bool known = true, lowerBound = false, unboundedBar = false;
  std::vector<std::string> notes, uneven;
  for (std::size_t i = 1; i < engines.size(); ++i) {
    const Score s = standings.headToHead(static_cast<int>(i), static_cast<int>(i) - 1);
    const Step step = measure(s);
    rating += step.elo;
    variance += std::isinf(step.errorBar) ? 0 : step.errorBar * step.errorBar;
    known = known && step.known;
    lowerBound = lowerBound || step.lowerBound;
    unboundedBar = unboundedBar || std::isinf(step.errorBar);
    if (!step.significant)
      notes.push_back(engines[i].name + " is not measurably stronger than " + engines[i - 1].name +
                      " (" + step.difference + (s.fraction() < 0.5 ? ", a step down" : "") + ")");
    if (step.known &&
        (step.lowerBound || step.elo < kEvenStep.first || step.elo > kEvenStep.second))
      uneven.push_back(engines[i - 1].name + " to " + engines[i].name + " (" + step.difference +
                       ")");
    std::string total = numberText("%+.0f", rating);
    if (unboundedBar)
      total += ", error unbounded";
    else if (variance > 0)
      total += " ± " + numberText("%.0f", std::sqrt(variance));
    if (lowerBound) total = "≥ " + total;
    if (!known) total = "unknown";
    out << "| " << engines[i].name << " | " << s.wins << "-" << s.losses << "-" << s.draws << " | "
        << percentText(s.fraction()) << " | " << step.difference << " | " << total << " |\n";
  }
  out << "\n";
  writeFindings(out, lowerBound, notes, uneven);
  return out.str();
}

}  // namespace qubic::match
