#include "tournament.hpp"

#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <memory>
#include <thread>

#include "client/process.hpp"
#include "engine/core/enum_text.hpp"
#include "engine/core/thread_start.hpp"

namespace qubic::match {

namespace {

std::string_view formatName(Format format) {
  constexpr EnumText<Format> kNames[] = {{Format::RoundRobin, "round-robin"},
                                         {Format::Gauntlet, "gauntlet"},
                                         {Format::Ladder, "ladder"},
                                         {Format::Pool, "pool"}};
  static_assert(namesEvery(kNames, Format::Pool));
  return textOf(kNames, format);
}

std::string sprtText(const Score& score, const SprtBounds& bounds) {
  const SprtState s = sprt(score, bounds);
  char text[96];
  std::snprintf(text, sizeof text, "LLR %.2f [%.2f, %.2f]", s.llr, s.lower, s.upper);
  std::string out = text;
  if (s.decision == SprtDecision::AcceptH0) out += ", H0 accepted";
  if (s.decision == SprtDecision::AcceptH1) out += ", H1 accepted";
  return out;
}

}  // namespace

Tournament::Tournament(TournamentConfig config, Openings openings, std::ostream& out,
                       const std::atomic<bool>& interrupt)
    : config_(std::move(config)),
      openings_(std::move(openings)),
      out_(out),
      interrupt_(interrupt),
      schedule_(makeSchedule(config_.format, static_cast<int>(config_.engines.size()),
                             config_.games, config_.rounds, static_cast<int>(openings_.size()),
                             config_.openingOrder, config_.seed, config_.poolLevels)),
      standings_([&] {
        std::vector<std::string> names;
        for (const EngineConfig& e : config_.engines) names.push_back(e.name);
        return names;
      }()),
      engineIds_(config_.engines.size()) {}

std::string Tournament::loadFinishedGames(std::vector<bool>& finished) {
  const std::string& path = config_.recordsPath;
  const Parsed<RecordsRead> read = readRecordsForResume(path);
  if (!read) return read.error();
  recordsFile_ = read.value().file;
  recordsWarning_ = read.value().warning;
  if (!config_.resume) {
    if (!read.value().games.empty())
      return path + " already holds " + std::to_string(read.value().games.size()) +
             " games; continue that tournament with -resume " + path +
             ", or name another file with -records";
    return {};
  }
  int gameIndex = 0;
  for (const GameRecord& record : read.value().games) {
    ++gameIndex;
    const std::string where = path + ": game " + std::to_string(gameIndex) + " of the file";
    const std::string number = record.tag("Game");
    int n = 0;
    const auto [end, ec] = std::from_chars(number.data(), number.data() + number.size(), n);
    if (ec != std::errc() || end != number.data() + number.size() || n < 1 ||
        n > static_cast<int>(schedule_.size()))
      return where + " has Game tag \"" + number + "\", not a game of this tournament (1 to " +
             std::to_string(schedule_.size()) + ")";
    const ScheduledGame& g = schedule_[static_cast<std::size_t>(n - 1)];
    const EngineConfig &x = config_.engines[static_cast<std::size_t>(g.x)],
                       &o = config_.engines[static_cast<std::size_t>(g.o)];
    const Opening opening = openings_[static_cast<std::size_t>(g.opening)];
    if (record.tag("X") != x.name || record.tag("O") != o.name ||
        record.tag("Opening") != opening.text)
      return where + " (Game " + number + ") is " + record.tag("X") + " - " + record.tag("O") +
             " from \"" + record.tag("Opening") + "\", but this tournament's game " + number +
             " is " + x.name + " - " + o.name + " from \"" + opening.text +
             "\"; resume with the engines, openings and options of the first run";
    if (finished[static_cast<std::size_t>(n - 1)]) return where + " repeats Game " + number;
    if (record.result == GameResult::Unfinished)
      return where + " (Game " + number + ") has no result";
    finished[static_cast<std::size_t>(n - 1)] = true;
    standings_.add(g.x, g.o, record.result);
    countTermination(record.tag("Termination").empty() ? "normal" : record.tag("Termination"));
  }
  return {};
}

void Tournament::countTermination(const std::string& termination) {
  auto it = std::find_if(terminations_.begin(), terminations_.end(),
                         [&](const auto& t) { return t.first == termination; });
  if (it == terminations_.end())
    terminations_.emplace_back(termination, 1);
  else
    ++it->second;
}

TournamentEnd Tournament::run() {
  std::vector<bool> finished(schedule_.size(), false);
  std::string problem = loadFinishedGames(finished);
  // A program that cannot run is an error now, not a lost game for every pairing.
  for (const EngineConfig& e : config_.engines)
    if (problem.empty() && access(client::resolveCommand(e.command).c_str(), X_OK) != 0)
      problem = "engine " + e.name + ": cannot run " + e.command + ": " + std::strerror(errno);
  if (problem.empty()) problem = log_.open(config_.recordsPath, recordsFile_);
  if (!problem.empty()) {
    out_ << "error: " << problem << "\n";
    return TournamentEnd::Failed;
  }
  if (!recordsWarning_.empty()) out_ << "warning: " << recordsWarning_ << "\n";
  for (const ScheduledGame& g : schedule_)
    if (!finished[static_cast<std::size_t>(g.number - 1)]) pending_.push_back(g);
  // The games read back may already decide the SPRT.
  if (config_.sprt &&
      sprt(standings_.headToHead(0, 1), *config_.sprt).decision != SprtDecision::Continue) {
    pending_.clear();
    end_ = TournamentEnd::SprtDecided;
  }

  out_ << "qubic-match: " << formatName(config_.format) << " of " << config_.engines.size()
       << " engines, " << schedule_.size() << " games (" << config_.games << " per pair and round, "
       << config_.rounds << (config_.rounds == 1 ? " round" : " rounds") << "), "
       << openings_.size() << " openings ("
       << (config_.openingsFile.empty() ? "built-in" : config_.openingsFile) << "), concurrency "
       << config_.concurrency << ", records in " << config_.recordsPath << "\n";
  if (config_.resume)
    out_ << "resuming: " << standings_.games() << " of " << schedule_.size() << " games already in "
         << config_.recordsPath << "\n";
  out_.flush();

  std::vector<std::thread> workers;
  const int threads =
      std::max(1, std::min<int>(config_.concurrency, static_cast<int>(pending_.size())));
  // As many workers as the system starts; with none, this thread plays the games alone.
  const int started =
      pending_.empty() ? 0 : startThreads(workers, threads, [this](int) { worker(); });
  if (started < threads && !pending_.empty())
    out_ << "warning: concurrency " << threads << " asked, the system started " << started
         << " threads (a process or memory limit)\n";
  if (started == 0 && !pending_.empty()) worker();
  for (std::thread& t : workers) t.join();

  if (interrupt_ && end_ != TournamentEnd::Failed) end_ = TournamentEnd::Interrupted;
  printSummary(end_);
  return end_;
}

void Tournament::worker() {
  // The engine processes of this thread, made when first needed and kept between games;
  // a process is started by the thread that owns it (it dies with that thread).
  std::vector<std::unique_ptr<EngineProcess>> engines(config_.engines.size());
  for (;;) {
    ScheduledGame game;
    {
      const std::lock_guard<std::mutex> lock(mutex_);
      if (noMoreGames_ || interrupt_ || nextPending_ == pending_.size()) break;
      game = pending_[nextPending_++];
    }
    for (std::size_t i = 0; i < engines.size(); ++i) {
      const bool needed = static_cast<int>(i) == game.x || static_cast<int>(i) == game.o;
      if (!needed)
        engines[i].reset();  // quits engines this game does not need, freeing their memory
      else if (!engines[i])
        engines[i] = std::make_unique<EngineProcess>(config_.engines[i], &interrupt_);
    }
    GameSetup setup{game.number, game.round, config_.seed,
                    openings_[static_cast<std::size_t>(game.opening)], config_.event};
    EngineProcess& x = *engines[static_cast<std::size_t>(game.x)];
    EngineProcess& o = *engines[static_cast<std::size_t>(game.o)];
    GameOutcome outcome = playGame(x, o, setup);
    report(game, outcome, x.idName(), o.idName());
  }
}

void Tournament::report(const ScheduledGame& game, GameOutcome& outcome, const std::string& xId,
                        const std::string& oId) {
  const std::lock_guard<std::mutex> lock(mutex_);
  if (!xId.empty()) engineIds_[static_cast<std::size_t>(game.x)] = xId;
  if (!oId.empty()) engineIds_[static_cast<std::size_t>(game.o)] = oId;
  if (outcome.interrupted || end_ == TournamentEnd::Failed) return;
  if (const std::string problem = log_.append(outcome.record); !problem.empty()) {
    // The game cannot be kept in the file: show it, so that it is not lost either.
    out_ << "error: " << problem << "\nthe game that could not be written:\n"
         << recordToString(outcome.record);
    noMoreGames_ = true;
    end_ = TournamentEnd::Failed;
    return;
  }
  standings_.add(game.x, game.o, outcome.record.result);
  countTermination(std::string(terminationText(outcome.termination)));
  out_ << progressLine(game, outcome) << "\n";

  if (config_.sprt && end_ == TournamentEnd::Completed &&
      sprt(standings_.headToHead(0, 1), *config_.sprt).decision != SprtDecision::Continue) {
    noMoreGames_ = true;
    end_ = TournamentEnd::SprtDecided;
  }
  const bool crashed =
      outcome.termination == Termination::Crash || outcome.termination == Termination::StartFailure;
  if (crashed && !config_.recover && end_ == TournamentEnd::Completed) {
    out_ << "stopping: an engine crashed or failed to start (" << outcome.details
         << "); -recover restarts crashed engines and goes on\n";
    noMoreGames_ = true;
    end_ = TournamentEnd::StoppedAfterCrash;
  }
  out_.flush();
}

std::string Tournament::progressLine(const ScheduledGame& game, const GameOutcome& outcome) const {
  const auto& engines = config_.engines;
  std::string line = std::string("[") + std::to_string(standings_.games()) + "/" +
                     std::to_string(schedule_.size()) + "] game " + std::to_string(game.number) +
                     ": " + engines[static_cast<std::size_t>(game.x)].name + " - " +
                     engines[static_cast<std::size_t>(game.o)].name + " " +
                     std::string(resultToken(outcome.record.result)) + " (" +
                     std::string(terminationText(outcome.termination)) +
                     (outcome.details.empty() ? "" : ": " + outcome.details) + ")";
  // The pair's running score, from the first-listed engine's side.
  const int a = std::min(game.x, game.o), b = std::max(game.x, game.o);
  const Score s = standings_.headToHead(a, b);
  line += " | " + engines[static_cast<std::size_t>(a)].name + " vs " +
          engines[static_cast<std::size_t>(b)].name + " " + std::to_string(s.wins) + "-" +
          std::to_string(s.losses) + "-" + std::to_string(s.draws) + ", " +
          percentText(s.fraction()) + ", Elo " + eloText(estimateElo(s));
  if (config_.sprt) line += ", " + sprtText(standings_.headToHead(0, 1), *config_.sprt);
  return line;
}

void Tournament::printSummary(TournamentEnd end) const {
  if (end == TournamentEnd::Failed && standings_.games() == 0) return;
  out_ << "\nStandings after " << standings_.games() << " of " << schedule_.size() << " games:\n"
       << standings_.table();
  if (standings_.engineCount() > 2)
    out_ << "\nWins-losses-draws of each row against each column:\n" << standings_.crossTable();
  std::string ends;
  for (const auto& [name, count] : terminations_)
    ends += (ends.empty() ? "" : ", ") + name + " " + std::to_string(count);
  if (!ends.empty()) out_ << "\nGame endings: " << ends << "\n";
  if (config_.sprt) {
    const SprtBounds& b = *config_.sprt;
    out_ << "SPRT elo0=" << b.elo0 << " elo1=" << b.elo1 << " alpha=" << b.alpha
         << " beta=" << b.beta << ": " << sprtText(standings_.headToHead(0, 1), b)
         << (sprt(standings_.headToHead(0, 1), b).decision == SprtDecision::Continue ? ", undecided"
                                                                                     : "")
         << "\n";
  }
  if (end == TournamentEnd::Interrupted || end == TournamentEnd::StoppedAfterCrash)
    out_ << "The " << standings_.games() << " finished games are in " << config_.recordsPath
         << "; the same command with -resume " << config_.recordsPath << " plays the rest.\n";
  out_.flush();
}

}  // namespace qubic::match
