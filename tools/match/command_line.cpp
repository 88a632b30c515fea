#include "command_line.hpp"

#include <algorithm>
#include <limits>
#include <set>
#include <string>

#include "config/command_line.hpp"
#include "engine/play/move_limits.hpp"
#include "engine_keys.hpp"
#include "match_words.hpp"

namespace qubic::match {

namespace {

constexpr int kMaxCount = 100000;

std::string quotedForShell(const std::string& word) {
  if (!word.empty() && word.find_first_of(" \t'\"\\$`*?&;|<>()") == std::string::npos) return word;
  std::string out = "'";
  for (char c : word) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// Reads "from-to" levels of the --ladder preset.
Parsed<std::pair<int, int>> levelRange(const std::string& text) {
  using Result = Parsed<std::pair<int, int>>;
  const std::size_t dash = text.find('-');
  const std::string error =
      "-levels needs FROM-TO with 0 <= FROM < TO <= " + std::to_string(kMaxLevel) + ", got \"" +
      text + "\"";
  if (dash == std::string::npos) return Result::failure(error);
  const Parsed<long long> from = wholeNumber(text.substr(0, dash), 0, kMaxLevel, "-levels");
  const Parsed<long long> to = wholeNumber(text.substr(dash + 1), 1, kMaxLevel, "-levels");
  if (!from || !to || from.value() >= to.value()) return Result::failure(error);
  return Result::success({static_cast<int>(from.value()), static_cast<int>(to.value())});
}

// Everything read from the words, before the engines are put together.
struct Words {
  std::vector<KeyValues> engines;
  KeyValues shared;
  bool ladder = false;
  bool pool = false;
  std::pair<int, int> levels{0, kMaxLevel};
  std::string resumePath, recordsPath;
  bool recordsGiven = false, reportGiven = false;
};

}  // namespace

std::string usageText() {
  return R"(usage: qubic-match -engine cmd=PATH [name=N] [KEY=VALUE ...] -engine ... [OPTIONS]
       qubic-match --ladder [-each KEY=VALUE ...] [OPTIONS]
       qubic-match --pool [-each KEY=VALUE ...] [-engine cmd=PATH ...] [OPTIONS]
Plays Qubic games between UGI engines and reports their strength (docs/tournaments.md).

Engines (each -engine needs cmd=; -each gives keys to all engines):
  cmd=PATH            the engine program (a path, or a name on PATH)
  name=NAME           its name in the records and tables (default: the program's file name)
  arg=WORD            a command-line argument for it (repeat for more)
  option.NAME=VALUE   a UGI option, sent as "setoption name NAME value VALUE"
  tc=[M/]S[+I]        clock: S seconds for M moves (or the game), I seconds added per move
  st=S                S seconds per move
  nodes=N             N nodes per move (alone, or with tc= or st=)
  timemargin=MS       how far past its time a move may come before it forfeits (default 1000)
  timeout=S           the longest wait for a move limited by nodes only (default 60)

Options:
  -tournament round-robin|gauntlet|ladder
                      everyone plays everyone / the first engine plays each other one /
                      each engine plays the next one
  -games N            games per pair of engines and round (default 2); two games in a
                      row share an opening with the colours swapped
  -rounds N           how often the pairings are played (default 1)
  -openings file=FILE [order=sequential|random]
                      one opening a line: a position string or moves from the empty
                      board; without it, the built-in two-move openings
  -srand N            seed of the random opening order (default 1)
  -concurrency N      games played at the same time (default 1)
  -sprt elo0=E0 elo1=E1 [alpha=0.05] [beta=0.05]
                      two engines only: stop once the SPRT decides between H0 (the first
                      engine is E0 Elo stronger) and H1 (E1 Elo stronger)
  -recover            restart an engine that crashed and go on (default: stop)
  -records FILE       append the games to FILE (default games.txt; it must hold no games)
  -resume FILE        continue the tournament recorded in FILE: give the same engines and
                      options again; the games already in it are not played again
  -event NAME         the Event tag of the records (default qubic-match)
  -config PATH        read the [match] defaults from PATH instead of the usual config file
  --ladder            our engine's levels against each other: one engine per level, each
                      playing the next; writes the Elo ladder to the -report file
  --pool              our engine's levels, each against the next and against reference
                      players (ours: random and greedy; and each -engine given), all
                      rated at once (Bradley-Terry); writes the fit to the -report file
  -levels FROM-TO     the levels of --ladder or --pool (default 0-15)
  -report FILE        where --ladder writes its report (default docs/strength-ladder.md), or
                      --pool (default docs/strength-pool.md)
  --help              this text

Exit status: 0 when the tournament is complete or the SPRT decided, 1 when it stopped
early (an engine crashed without -recover, the record file failed), 2 for a bad command
line, configuration or openings file, 130 when interrupted.
)";
}

bool wantsHelp(const std::vector<std::string>& args) {
  return std::any_of(args.begin(), args.end(), [](const std::string& a) {
    return a == "-h" || a == "-help" || a == "--help";
  });
}

std::string configPathArgument(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i + 1 < args.size(); ++i)
    if (isOptionWord(args[i]) && args[i].find_first_not_of('-') != std::string::npos &&
        args[i].substr(args[i].find_first_not_of('-')) == "config")
      return args[i + 1];
  return {};
}

namespace {

TournamentConfig fromSettings(const MatchSettings& defaults) {
  TournamentConfig config;
  config.games = defaults.games;
  config.rounds = defaults.rounds;
  config.concurrency = defaults.concurrency;
  config.openingsFile = defaults.openingsFile;
  config.openingOrder =
      defaults.openingsOrder == "random" ? OpeningOrder::Random : OpeningOrder::Sequential;
  config.seed = static_cast<std::uint64_t>(defaults.openingsSeed);
  config.recover = defaults.recover;
  config.recordsPath = defaults.records;
  config.format = defaults.tournament == "gauntlet" ? Format::Gauntlet
                  : defaults.tournament == "ladder" ? Format::Ladder
                                                    : Format::RoundRobin;
  return config;
}

std::string readOpenings(const KeyValues& keys, TournamentConfig& config) {
  for (const auto& [key, value] : keys) {
    if (key == "file")
      config.openingsFile = value;
    else if (key == "order" && (value == "random" || value == "sequential"))
      config.openingOrder = value == "random" ? OpeningOrder::Random : OpeningOrder::Sequential;
    else if (key == "order")
      return "-openings order= must be sequential or random, got \"" + value + "\"";
    else
      return "-openings takes file= and order=, got \"" + key + "=" + value + "\"";
  }
  return {};
}

Parsed<SprtBounds> readSprt(const KeyValues& keys) {
  using Result = Parsed<SprtBounds>;
  SprtBounds bounds;
  std::set<std::string> given;
  for (const auto& [key, value] : keys) {
    double* target = key == "elo0"    ? &bounds.elo0
                     : key == "elo1"  ? &bounds.elo1
                     : key == "alpha" ? &bounds.alpha
                     : key == "beta"  ? &bounds.beta
                                      : nullptr;
    if (!target)
      return Result::failure("-sprt takes elo0=, elo1=, alpha= and beta=, got \"" + key + "=" +
                             value + "\"");
    const Parsed<double> number = realNumber(value, "-sprt " + key + "=");
    if (!number) return Result::failure(number.error());
    *target = number.value();
    given.insert(key);
  }
  if (!given.count("elo0") || !given.count("elo1"))
    return Result::failure("-sprt needs elo0= and elo1=");
  if (bounds.elo0 >= bounds.elo1) return Result::failure("-sprt needs elo0 < elo1");
  if (!(bounds.alpha > 0 && bounds.alpha < 0.5) || !(bounds.beta > 0 && bounds.beta < 0.5))
    return Result::failure("-sprt alpha= and beta= must be between 0 and 0.5");
  return Result::success(bounds);
}

// The options of key=value words (-engine, -each, -openings, -sprt); returns what is
// wrong, empty on success.
std::string readKeyedOption(const OptionGroup& group, TournamentConfig& config, Words& words) {
  const std::string& option = group.name;
  const Parsed<KeyValues> keys = keyValues(group.values, option);
  if (!keys) return keys.error();
  if (option == "engine") words.engines.push_back(keys.value());
  if (option == "each")
    words.shared.insert(words.shared.end(), keys.value().begin(), keys.value().end());
  if (option == "openings") return readOpenings(keys.value(), config);
  if (option == "sprt") {
    const Parsed<SprtBounds> bounds = readSprt(keys.value());
    if (!bounds) return bounds.error();
    config.sprt = bounds.value();
  }
  return {};
}

// -tournament's value.
std::string setFormat(const std::string& value, TournamentConfig& config) {
  if (value == "round-robin")
    config.format = Format::RoundRobin;
  else if (value == "gauntlet")
    config.format = Format::Gauntlet;
  else if (value == "ladder")
    config.format = Format::Ladder;
  else
    return "-tournament must be round-robin, gauntlet or ladder, got \"" + value + "\"";
  return {};
}

// The options that name a file or the event. -config was read before the rest, by
// configPathArgument.
void setNamed(const std::string& option, const std::string& value, TournamentConfig& config,
              Words& words) {
  if (option == "records") words.recordsPath = value, words.recordsGiven = true;
  if (option == "resume") words.resumePath = value;
  if (option == "report") config.reportPath = value, words.reportGiven = true;
  if (option == "event") config.event = value;
}

// Reads an option and its values into `config` and `words`; returns what is wrong, empty
// on success.
// The option's single value, or an error naming the option and `what` it needs.
Parsed<std::string> optionValue(const OptionGroup& group, const std::string& what) {
  if (group.values.empty())
    return Parsed<std::string>::failure("-" + group.name + " needs " + what);
  return Parsed<std::string>::success(group.values[0]);
}

Parsed<long long> optionNumber(const OptionGroup& group, long long min, long long max) {
  const Parsed<std::string> text = optionValue(group, "a number");
  if (!text) return Parsed<long long>::failure(text.error());
  return wholeNumber(text.value(), min, max, "-" + group.name);
}

std::string readCount(const OptionGroup& group, long long max, int& target) {
  const Parsed<long long> n = optionNumber(group, 1, max);
  if (n) target = static_cast<int>(n.value());
  return n.error();
}

// An option taking one value (the word count is checked).
std::string readValuedOption(const OptionGroup& group, TournamentConfig& config, Words& words) {
  const std::string& option = group.name;
  if (option == "games") return readCount(group, kMaxCount, config.games);
  if (option == "rounds") return readCount(group, kMaxCount, config.rounds);
  if (option == "concurrency") return readCount(group, 256, config.concurrency);
  if (option == "srand") {
    const Parsed<long long> seed = optionNumber(group, 0, std::numeric_limits<long long>::max());
    if (seed) config.seed = static_cast<std::uint64_t>(seed.value());
    return seed.error();
  }
  if (option == "tournament") {
    const Parsed<std::string> v = optionValue(group, "round-robin, gauntlet or ladder");
    return v ? setFormat(v.value(), config) : v.error();
  }
  if (option == "levels") {
    const Parsed<std::string> v = optionValue(group, "FROM-TO");
    if (!v) return v.error();
    const Parsed<std::pair<int, int>> range = levelRange(v.value());
    if (range) words.levels = range.value();
    return range.error();
  }
  // records, resume, report, event, config
  const Parsed<std::string> v = optionValue(group, option == "event" ? "a name" : "a file");
  if (v) setNamed(option, v.value(), config, words);
  return v.error();
}

std::string readOption(const OptionGroup& group, TournamentConfig& config, Words& words) {
  const std::string& option = group.name;
  static const std::set<std::string> kKeyed{"engine", "each", "openings", "sprt"};
  static const std::set<std::string> kFlags{"recover", "ladder", "pool"};
  static const std::set<std::string> kValued{"games",      "rounds", "concurrency", "srand",
                                             "tournament", "levels", "records",     "resume",
                                             "report",     "event",  "config"};
  const bool keyed = kKeyed.count(option) > 0, flag = kFlags.count(option) > 0;
  if (!keyed && !flag && !kValued.count(option)) return "unknown option '" + group.word + "'";
  // A word more than the option takes: as before the groups, "unexpected".
  if (!keyed && group.values.size() > (flag ? 0u : 1u))
    return "unexpected \"" + group.values[flag ? 0 : 1] + "\" (options start with -)";
  if (keyed) return readKeyedOption(group, config, words);
  if (option == "recover") {
    config.recover = true;
    return {};
  }
  if (flag) {  // ladder, pool
    (option == "ladder" ? words.ladder : words.pool) = true;
    return {};
  }
  return readValuedOption(group, config, words);
}

// --pool: one engine per level of ours (as --ladder makes them), then our two reference
// players, then the -engine ones given (outside programs), all references. -each keys go
// to every engine; an engine's own keys win (its own time control replaces -each's).
void makePool(Words& words, KeyValues& shared, TournamentConfig& config,
              const std::string& ourEngine) {
  config.format = Format::Pool;
  // Our engine unless -each cmd= (applied later) names another build of it.
  shared.insert(shared.begin(), {"cmd", ourEngine});
  std::vector<KeyValues> engines;
  for (int level = words.levels.first; level <= words.levels.second; ++level)
    engines.push_back(
        {{"name", "level" + std::to_string(level)}, {"option.Level", std::to_string(level)}});
  config.poolLevels = static_cast<int>(engines.size());
  for (const char* reference : {"random", "greedy"})
    engines.push_back({{"name", reference}, {"option.Reference", reference}});
  engines.insert(engines.end(), words.engines.begin(), words.engines.end());
  words.engines = std::move(engines);
  if (!words.reportGiven) config.reportPath = "docs/strength-pool.md";
}

// --ladder: our engine at each level of the range, one engine a level.
void makeLadder(Words& words, KeyValues& shared, TournamentConfig& config,
                const std::string& ourEngine) {
  config.format = Format::Ladder;
  // Our engine unless -each cmd= (applied later) names another build of it.
  shared.insert(shared.begin(), {"cmd", ourEngine});
  for (int level = words.levels.first; level <= words.levels.second; ++level)
    words.engines.push_back(
        {{"name", "level" + std::to_string(level)}, {"option.Level", std::to_string(level)}});
  if (!words.reportGiven) config.reportPath = "docs/strength-ladder.md";
}

// Engines named after the same program get "-2", "-3", ... in order; names the user gave
// must differ. What is wrong, or nothing.
std::string nameEngines(const Words& words, TournamentConfig& config) {
  std::set<std::string> names;
  for (std::size_t n = 0; n < config.engines.size(); ++n) {
    EngineConfig& e = config.engines[n];
    const bool named = std::any_of(words.engines[n].begin(), words.engines[n].end(),
                                   [](const auto& kv) { return kv.first == "name"; });
    if (!named)
      for (int k = 2; names.count(e.name); ++k)
        e.name = baseName(e.command) + "-" + std::to_string(k);
    if (!names.insert(e.name).second)
      return "two engines are named \"" + e.name + "\"; give each its own name=";
  }
  return {};
}

// -resume FILE or -records FILE: where the games go. What is wrong, or nothing.
std::string chooseRecords(const Words& words, TournamentConfig& config) {
  if (!words.resumePath.empty()) {
    if (words.recordsGiven && words.recordsPath != words.resumePath)
      return "-resume " + words.resumePath + " and -records " + words.recordsPath +
             " name different files; -resume alone is enough";
    config.recordsPath = words.resumePath;
    config.resume = true;
  } else if (words.recordsGiven) {
    config.recordsPath = words.recordsPath;
  }
  return {};
}

}  // namespace

Parsed<TournamentConfig> parseCommandLine(const std::vector<std::string>& args,
                                          const MatchSettings& defaults,
                                          const std::string& ourEngine) {
  using Result = Parsed<TournamentConfig>;
  TournamentConfig config = fromSettings(defaults);
  config.commandLine = "qubic-match";
  for (const std::string& a : args) config.commandLine.append(" ").append(quotedForShell(a));
  const Parsed<TimeControl> defaultControl = parseTimeControl(defaults.timeControl);
  if (!defaultControl)
    return Result::failure("the setting match.time_control: " + defaultControl.error());

  Words words;
  try {
    for (const OptionGroup& group : optionGroups(args))
      if (std::string problem = readOption(group, config, words); !problem.empty())
        return Result::failure(problem);
  } catch (const UsageError& e) {
    return Result::failure(e.what());
  }

  KeyValues shared = words.shared;
  if (words.ladder && words.pool) return Result::failure("--ladder and --pool: give one of them");
  if (words.pool) {
    makePool(words, shared, config, ourEngine);
  } else if (words.ladder) {
    if (!words.engines.empty())
      return Result::failure("--ladder makes its own engines; give their keys with -each");
    makeLadder(words, shared, config, ourEngine);
  } else if (words.reportGiven) {
    return Result::failure("-report goes with --ladder or --pool");
  }
  for (std::size_t n = 0; n < words.engines.size(); ++n) {
    const Parsed<EngineConfig> engine = makeEngine(shared, words.engines[n], defaults,
                                                   defaultControl.value(), static_cast<int>(n) + 1);
    if (!engine) return Result::failure(engine.error());
    config.engines.push_back(engine.value());
  }

  if (config.engines.size() < 2)
    return Result::failure(
        "a tournament needs at least two engines: give -engine cmd=... twice, --ladder or --pool");
  if (std::string problem = nameEngines(words, config); !problem.empty())
    return Result::failure(problem);
  if (config.sprt && config.engines.size() != 2)
    return Result::failure("-sprt needs exactly two engines");
  if (std::string problem = chooseRecords(words, config); !problem.empty())
    return Result::failure(problem);
  return Result::success(std::move(config));
}

}  // namespace qubic::match
