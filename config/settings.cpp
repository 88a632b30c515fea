#include "settings.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>
#include <type_traits>

#include "engine/play/elo_scale.hpp"
#include "read_file.hpp"
#include "time_control.hpp"

#include <toml++/toml.h>

namespace qubic {

namespace {

// Accessors generated from member pointers, so each key is declared once below.
template <auto Section, auto Member>
SettingField::Access<std::int64_t> integerAccess() {
  return {[](const Settings& s) { return static_cast<std::int64_t>((s.*Section).*Member); },
          [](Settings& s, std::int64_t v) {
            using Target = std::remove_reference_t<decltype((s.*Section).*Member)>;
            (s.*Section).*Member = static_cast<Target>(v);
          }};
}
template <auto Section, auto Member>
SettingField::Access<bool> booleanAccess() {
  return {[](const Settings& s) { return (s.*Section).*Member; },
          [](Settings& s, bool v) { (s.*Section).*Member = v; }};
}
template <auto Section, auto Member>
SettingField::Access<std::string> textAccess() {
  return {[](const Settings& s) { return (s.*Section).*Member; },
          [](Settings& s, std::string v) { (s.*Section).*Member = std::move(v); }};
}

constexpr auto kEngine = &Settings::engine;
constexpr auto kTui = &Settings::tui;
constexpr auto kMatch = &Settings::match;
// Before 2026-11-27 the levels went to 17: a file written then may say 16 or 17.
// The tables' size is counted in bytes by std::size_t: a 32-bit build (the engine in a
// page, whose WebAssembly memory ends at 2 GB) took 16384 MB as 0 and ran with no tables.
constexpr int kMaxHashMb = sizeof(std::size_t) >= 8 ? 16384 : 1024;
constexpr std::string_view kOldLevels = "the levels were 0-17 before 2026-11-27; 15 is the top now";
const std::vector<std::string_view> kColors = {"default", "black",   "red",  "green", "yellow",
                                               "blue",    "magenta", "cyan", "white"};

std::string describe(const SettingField& f) {
  std::ostringstream out;
  if (const auto* i = std::get_if<SettingField::Integer>(&f.kind)) {
    out << "an integer from " << i->min << " to " << i->max;
  } else if (std::holds_alternative<SettingField::Boolean>(f.kind)) {
    out << "true or false";
  } else {
    const auto& t = std::get<SettingField::Text>(f.kind);
    if (t.choices.empty()) return "a string";
    out << "one of";
    for (std::size_t k = 0; k < t.choices.size(); ++k)
      out << (k ? ", \"" : " \"") << t.choices[k] << '"';
  }
  return out.str();
}

std::string fullName(const SettingField& f) {
  return std::string(f.section) + "." + std::string(f.key);
}

std::string location(std::string_view source, const toml::source_region& region) {
  std::ostringstream out;
  out << source << ':' << region.begin.line << ':' << region.begin.column;
  return out.str();
}

const SettingField* findField(std::string_view section, std::string_view key) {
  for (const SettingField& f : settingFields())
    if (f.section == section && f.key == key) return &f;
  return nullptr;
}

bool knownSection(std::string_view section) {
  for (const SettingField& f : settingFields())
    if (f.section == section) return true;
  return false;
}

std::string aboveMaxHint(const SettingField::Integer& i, std::int64_t v) {
  return v > i.max && !i.aboveMax.empty() ? " (" + std::string(i.aboveMax) + ")" : "";
}

// Stores one TOML value into `settings`; returns an error phrase, empty on success.
std::string assign(Settings& settings, const SettingField& f, const toml::node& node) {
  const std::string expected = fullName(f) + " must be " + describe(f);
  if (const auto* i = std::get_if<SettingField::Integer>(&f.kind)) {
    const auto v = node.value_exact<std::int64_t>();
    if (!v) return expected;
    if (*v < i->min || *v > i->max)
      return expected + ", got " + std::to_string(*v) + aboveMaxHint(*i, *v);
    i->access.set(settings, *v);
  } else if (const auto* b = std::get_if<SettingField::Boolean>(&f.kind)) {
    const auto v = node.value_exact<bool>();
    if (!v) return expected;
    b->access.set(settings, *v);
  } else {
    const auto& t = std::get<SettingField::Text>(f.kind);
    const auto v = node.value_exact<std::string>();
    if (!v) return expected;
    if (!t.choices.empty() && std::find(t.choices.begin(), t.choices.end(), *v) == t.choices.end())
      return expected + ", got \"" + *v + "\"";
    if (t.check)
      if (std::string problem = t.check(*v); !problem.empty()) return fullName(f) + ": " + problem;
    t.access.set(settings, *v);
  }
  return {};
}

std::string timeControlProblem(std::string_view text) {
  const Parsed<TimeControl> control = parseTimeControl(text);
  return control ? std::string() : control.error();
}

// The game's clock: empty, or a time control with a clock ("tc=...").
std::string clockProblem(std::string_view text) {
  if (text.empty()) return {};
  const Parsed<TimeControl> control = parseTimeControl(text);
  if (!control) return control.error();
  return control.value().hasClock() ? std::string()
                                    : "a clock needs tc=[moves/]seconds[+increment]";
}

// An external engine's options: Name=Value pairs separated by ';', each with a name.
std::string engineOptionsProblem(std::string_view text) {
  for (std::size_t at = 0; at < text.size();) {
    const std::size_t end = std::min(text.find(';', at), text.size());
    const std::string_view pair = text.substr(at, end - at);
    if (pair.find('=') == std::string_view::npos || pair.front() == '=')
      return "expected Name=Value pairs separated by ';', got \"" + std::string(pair) + "\"";
    at = end + 1;
  }
  return {};
}

// Keys an earlier version had, with what they are called now.
std::string renamedHint(std::string_view section, std::string_view key) {
  if (section != "engine") return {};
  if (key == "own_book") return " (now use_solution)";
  if (key == "book_file") return " (now solution_file)";
  return {};
}

}  // namespace

const std::vector<SettingField>& settingFields() {
  using F = SettingField;
  static const std::vector<SettingField> fields = {
      {"engine", "level",
       "qubic-engine's playing strength: 0 completes and blocks threes, else plays at random (the "
       "rating scale's zero), each level about 100 Elo above the one below, 15 is full strength "
       "(docs/strength.md; the game: [tui] level)",
       F::Integer{integerAccess<kEngine, &EngineSettings::level>(), kMinLevel, kMaxLevel,
                  kOldLevels}},
      {"engine", "hash_mb",
       "memory for all the engine's tables in MB (proofs, search, threat searches), allocated once "
       "at start-up",
       F::Integer{integerAccess<kEngine, &EngineSettings::hashMb>(), 1, kMaxHashMb}},
      {"engine", "threads", "threads of the proof search",
       F::Integer{integerAccess<kEngine, &EngineSettings::threads>(), 1, 64}},
      {"engine", "move_overhead_ms", "time kept back from every move for communication delays",
       F::Integer{integerAccess<kEngine, &EngineSettings::moveOverheadMs>(), 0, 5000}},
      {"engine", "use_solution",
       "at level 15 (and in level 14's moves as the full engine), play the proven win from the "
       "solution file when it has the position",
       F::Boolean{booleanAccess<kEngine, &EngineSettings::useSolution>()}},
      {"engine", "solution_file",
       "the solution: a book of proven winning moves (docs/book-format.md); empty for the one "
       "shipped with the program",
       F::Text{textAccess<kEngine, &EngineSettings::solutionFile>(), {}}},
      {"engine", "seed", "randomness of the lower levels; 0 picks a new seed each run",
       F::Integer{integerAccess<kEngine, &EngineSettings::seed>(), 0,
                  std::numeric_limits<std::int64_t>::max()}},
      {"engine", "explain", "give the reason for every move",
       F::Boolean{booleanAccess<kEngine, &EngineSettings::explain>()}},
      {"engine", "proven_cache",
       "keep the values MultiPV proves across runs, in $XDG_CACHE_HOME/qubic/proven-values, so "
       "that a later look shows them at once (docs/protocol.md)",
       F::Boolean{booleanAccess<kEngine, &EngineSettings::provenCache>()}},
      {"engine", "multi_pv",
       "root moves reported with their values (proven when known) after each search",
       F::Integer{integerAccess<kEngine, &EngineSettings::multiPv>(), 1, 64}},
      {"engine", "limit_strength",
       "play at the rating `elo` instead of `level` (UGI LimitStrength, as Stockfish's "
       "UCI_LimitStrength)",
       F::Boolean{booleanAccess<kEngine, &EngineSettings::limitStrength>()}},
      {"engine", "elo",
       "with limit_strength, the rating to play at, on the scale of docs/strength.md (level 0 is "
       "0, the top level the maximum); between two levels each move is the stronger one's with "
       "the chance that puts it there",
       F::Integer{integerAccess<kEngine, &EngineSettings::elo>(), kMinElo, kMaxElo}},
      {"engine", "reference",
       "play as a reference player instead of the level, to rate other programs against "
       "(docs/strength.md): random plays a random empty cell; greedy completes, blocks, makes "
       "or prevents a double threat, makes a three, else plays at random",
       F::Text{textAccess<kEngine, &EngineSettings::reference>(), {"none", "random", "greedy"}}},
      {"tui", "human_side",
       "who the keyboard plays: x, o, both (two humans) or none (watch the engine)",
       F::Text{textAccess<kTui, &TuiSettings::humanSide>(), {"x", "o", "both", "none"}}},
      {"tui", "move_time_ms", "the engine's thinking time per move",
       F::Integer{integerAccess<kTui, &TuiSettings::moveTimeMs>(), 10, 600000}},
      {"tui", "level",
       "the engine's level in the game at the first run, 0 (plays at random but for threes) to "
       "15 (full strength); after that the game starts at the level chosen last",
       F::Integer{integerAccess<kTui, &TuiSettings::level>(), kMinLevel, kMaxLevel, kOldLevels}},
      {"tui", "level_x", "the engine's level when it plays X (-1: [tui] level)",
       F::Integer{integerAccess<kTui, &TuiSettings::levelX>(), -1, kMaxLevel, kOldLevels}},
      {"tui", "level_o", "the engine's level when it plays O (-1: [tui] level)",
       F::Integer{integerAccess<kTui, &TuiSettings::levelO>(), -1, kMaxLevel, kOldLevels}},
      {"tui", "watch_delay_ms", "pause between moves when the engine plays itself, to follow it",
       F::Integer{integerAccess<kTui, &TuiSettings::watchDelayMs>(), 0, 60000}},
      {"tui", "clock",
       "a clock per side, as tc=[moves/]seconds[+increment] (e.g. tc=300+3); empty for none",
       F::Text{textAccess<kTui, &TuiSettings::clock>(), {}, clockProblem}},
      {"tui", "engine",
       "another UGI engine to play against, as a command and its arguments split as a shell "
       "splits them, quotes and backslashes but no expansion (e.g. /usr/games/qubic-engine); "
       "empty for ours. The hint, overlay, review and explain stay ours",
       F::Text{textAccess<kTui, &TuiSettings::engine>(), {}}},
      {"tui", "engine_options",
       "UGI options for that engine, as Name=Value pairs separated by ';' (e.g. Level=3;Hash=16)",
       F::Text{textAccess<kTui, &TuiSettings::engineOptions>(), {}, engineOptionsProblem}},
      {"tui", "show_threats", "mark each side's threes and related pairs on the board",
       F::Boolean{booleanAccess<kTui, &TuiSettings::showThreats>()}},
      {"tui", "show_overlay", "show the analysis overlay (proven value of every empty cell)",
       F::Boolean{booleanAccess<kTui, &TuiSettings::showOverlay>()}},
      {"tui", "overlay_threads",
       "threads of the analysis overlay, each judging a cell of its own (0: one per core)",
       F::Integer{integerAccess<kTui, &TuiSettings::overlayThreads>(), 0, 64}},
      {"tui", "start_screen",
       "begin with the start screen (who plays, the engine's level); --side skips it",
       F::Boolean{booleanAccess<kTui, &TuiSettings::startScreen>()}},
      {"tui", "theme",
       "colors: color (color_x, color_o, color_highlight), colorblind (blue and yellow, no "
       "red/green), light (dark inks for a light background), mono (none; X bold; also when "
       "NO_COLOR is set)",
       F::Text{textAccess<kTui, &TuiSettings::theme>(), {"color", "colorblind", "light", "mono"}}},
      {"tui", "color_x", "colour of X", F::Text{textAccess<kTui, &TuiSettings::colorX>(), kColors}},
      {"tui", "color_o", "colour of O", F::Text{textAccess<kTui, &TuiSettings::colorO>(), kColors}},
      {"tui", "color_highlight", "colour of the last move and the winning line",
       F::Text{textAccess<kTui, &TuiSettings::colorHighlight>(), kColors}},
      {"tui", "key_help", "keys to show the help screen",
       F::Text{textAccess<kTui, &TuiSettings::keyHelp>(), {}}},
      {"tui", "key_new_game", "keys to start a new game",
       F::Text{textAccess<kTui, &TuiSettings::keyNewGame>(), {}}},
      {"tui", "key_undo", "keys to take back your last move (and the engine's reply)",
       F::Text{textAccess<kTui, &TuiSettings::keyUndo>(), {}}},
      {"tui", "key_redo", "keys to replay a move taken back",
       F::Text{textAccess<kTui, &TuiSettings::keyRedo>(), {}}},
      {"tui", "key_hint", "keys to ask the engine for a move suggestion and its reason",
       F::Text{textAccess<kTui, &TuiSettings::keyHint>(), {}}},
      {"tui", "key_move_now", "keys to make the engine move now",
       F::Text{textAccess<kTui, &TuiSettings::keyMoveNow>(), {}}},
      {"tui", "key_swap_sides", "keys to play the other side against the engine",
       F::Text{textAccess<kTui, &TuiSettings::keySwapSides>(), {}}},
      {"tui", "key_players",
       "keys to change who plays: you as X, you as O, two humans, engine vs engine",
       F::Text{textAccess<kTui, &TuiSettings::keyPlayers>(), {}}},
      {"tui", "key_level_up", "keys to make the engine stronger",
       F::Text{textAccess<kTui, &TuiSettings::keyLevelUp>(), {}}},
      {"tui", "key_level_down", "keys to make the engine weaker",
       F::Text{textAccess<kTui, &TuiSettings::keyLevelDown>(), {}}},
      {"tui", "key_threats", "keys to show or hide threes and related pairs",
       F::Text{textAccess<kTui, &TuiSettings::keyThreats>(), {}}},
      {"tui", "key_overlay", "keys to show or hide the analysis overlay",
       F::Text{textAccess<kTui, &TuiSettings::keyOverlay>(), {}}},
      {"tui", "key_lines", "keys to show or hide the lines through the cursor",
       F::Text{textAccess<kTui, &TuiSettings::keyLines>(), {}}},
      {"tui", "key_cube_view", "keys to draw the levels stacked as a cube, or side by side",
       F::Text{textAccess<kTui, &TuiSettings::keyCubeView>(), {}}},
      {"tui", "key_expected_line",
       "keys to show or hide what the engine proves and the line of play it expects",
       F::Text{textAccess<kTui, &TuiSettings::keyExpectedLine>(), {}}},
      {"tui", "key_review", "keys to review the game with proofs, then go to its next mistake",
       F::Text{textAccess<kTui, &TuiSettings::keyReview>(), {}}},
      {"tui", "key_explain", "keys to show a forcing win on the board, one step a press",
       F::Text{textAccess<kTui, &TuiSettings::keyExplain>(), {}}},
      {"tui", "key_go_to_move", "keys to go to a move of the game (the rest stays for redo)",
       F::Text{textAccess<kTui, &TuiSettings::keyGoToMove>(), {}}},
      {"tui", "key_pause", "keys to pause or resume the engine",
       F::Text{textAccess<kTui, &TuiSettings::keyPause>(), {}}},
      {"tui", "key_step", "keys to let a paused engine make one move",
       F::Text{textAccess<kTui, &TuiSettings::keyStep>(), {}}},
      {"tui", "key_save", "keys to save the game to a file",
       F::Text{textAccess<kTui, &TuiSettings::keySave>(), {}}},
      {"tui", "key_load", "keys to load a game from a file",
       F::Text{textAccess<kTui, &TuiSettings::keyLoad>(), {}}},
      {"tui", "key_quit", "keys to quit the game",
       F::Text{textAccess<kTui, &TuiSettings::keyQuit>(), {}}},
      {"match", "tournament",
       "who plays whom: everyone against everyone, the first engine against the others, or each "
       "against the next",
       F::Text{textAccess<kMatch, &MatchSettings::tournament>(),
               {"round-robin", "gauntlet", "ladder"}}},
      {"match", "games",
       "games per pair of engines and round; two games in a row share an opening, colours swapped",
       F::Integer{integerAccess<kMatch, &MatchSettings::games>(), 1, 100000}},
      {"match", "rounds", "how often the pairings are played",
       F::Integer{integerAccess<kMatch, &MatchSettings::rounds>(), 1, 100000}},
      {"match", "concurrency", "games played at the same time",
       F::Integer{integerAccess<kMatch, &MatchSettings::concurrency>(), 1, 256}},
      {"match", "time_control",
       "for engines given none: tc=moves/seconds+increment, st=seconds per move, nodes=N",
       F::Text{textAccess<kMatch, &MatchSettings::timeControl>(), {}, timeControlProblem}},
      {"match", "time_margin_ms",
       "how far past its time an engine may answer before it loses on time",
       F::Integer{integerAccess<kMatch, &MatchSettings::timeMarginMs>(), 0, 600000}},
      {"match", "openings_file",
       "one opening a line (position string or moves); empty for the built-in set",
       F::Text{textAccess<kMatch, &MatchSettings::openingsFile>(), {}}},
      {"match", "openings_order", "the order the openings are played in",
       F::Text{textAccess<kMatch, &MatchSettings::openingsOrder>(), {"sequential", "random"}}},
      {"match", "openings_seed",
       "seed of the random opening order (the same seed gives the same order)",
       F::Integer{integerAccess<kMatch, &MatchSettings::openingsSeed>(), 0,
                  std::numeric_limits<std::int64_t>::max()}},
      {"match", "records", "the file the games are appended to",
       F::Text{textAccess<kMatch, &MatchSettings::records>(), {}}},
      {"match", "recover",
       "restart an engine that crashed and go on, instead of stopping the tournament",
       F::Boolean{booleanAccess<kMatch, &MatchSettings::recover>()}},
  };
  return fields;
}

namespace {

// toml++ reads dotted keys and nested arrays and tables by recursion: a key of 50 000
// dotted parts, or values nested as deep, overflow the stack. Our settings are two
// levels deep, so anything past these bounds is refused with its line before it reaches
// the parser.
constexpr int kMaxKeyParts = 32;
constexpr int kMaxNesting = 32;

// The index just past the string starting at `i` (a quote), counting its line breaks.
std::size_t skipString(std::string_view text, std::size_t i, int& line) {
  const char quote = text[i];
  const bool triple = text.substr(i, 3) == std::string(3, quote);
  const std::string_view end = triple ? text.substr(i, 3) : text.substr(i, 1);
  for (std::size_t j = i + end.size(); j < text.size(); ++j) {
    if (text[j] == '\n') ++line;
    if (quote == '"' && text[j] == '\\') {
      if (j + 1 < text.size() && text[j + 1] == '\n') ++line;
      ++j;
    } else if (text.substr(j, end.size()) == end) {
      return j + end.size();
    } else if (!triple && text[j] == '\n') {
      return j;  // an unclosed one-line string: the parser says so
    }
  }
  return text.size();
}

// The line of the first key with too many dotted parts or value nested too deep, or 0.
int tooDeep(std::string_view text) {
  int line = 1, depth = 0, parts = 1;
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"' || c == '\'') {
      i = skipString(text, i, line);  // a quoted key part, or a value
      continue;
    }
    if (c == '#') {
      while (i < text.size() && text[i] != '\n') ++i;
      continue;
    }
    const bool keyChar = std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '-' ||
                         c == ' ' || c == '\t' || c == '+';
    if (c == '.' && ++parts > kMaxKeyParts) return line;
    if (c == '[' || c == '{') {
      if (++depth > kMaxNesting) return line;
    } else if (c == ']' || c == '}') {
      depth = std::max(depth - 1, 0);
    }
    if (c != '.' && !keyChar) parts = 1;  // a run of dotted parts ends
    if (c == '\n') ++line;
    ++i;
  }
  return 0;
}

}  // namespace

Parsed<Settings> parseSettings(std::string_view text, std::string_view source) {
  if (const int line = tooDeep(text))
    return Parsed<Settings>::failure(
        std::string(source) + ":" + std::to_string(line) + ": error: a key of more than " +
        std::to_string(kMaxKeyParts) + " dotted parts, or values nested more than " +
        std::to_string(kMaxNesting) + " deep: not a qubic configuration");
  toml::table root;
  try {
    root = toml::parse(text, source);
  } catch (const toml::parse_error& e) {
    return Parsed<Settings>::failure(location(source, e.source()) +
                                     ": error: " + std::string(e.description()));
  }
  Settings settings;
  std::string errors;
  auto report = [&](const toml::source_region& where, const std::string& what) {
    if (!errors.empty()) errors += '\n';
    errors += location(source, where) + ": error: " + what;
  };
  for (const auto& [sectionKey, sectionNode] : root) {
    const std::string_view section = sectionKey.str();
    if (!knownSection(section)) {
      report(sectionKey.source(), std::string("unknown section [").append(section).append("]"));
      continue;
    }
    const toml::table* table = sectionNode.as_table();
    if (!table) {
      report(sectionKey.source(), std::string("[").append(section).append("] must be a table"));
      continue;
    }
    for (const auto& [key, node] : *table) {
      const SettingField* field = findField(section, key.str());
      if (!field) {
        report(key.source(), "unknown key " + std::string(section) + "." + std::string(key.str()) +
                                 renamedHint(section, key.str()));
        continue;
      }
      if (std::string problem = assign(settings, *field, node); !problem.empty())
        report(node.source(), problem);
    }
  }
  if (!errors.empty()) return Parsed<Settings>::failure(errors);
  return Parsed<Settings>::success(settings);
}

Parsed<Settings> loadSettingsFile(const std::string& path) {
  const Parsed<std::string> text = readRegularFile(path, kMaxConfigBytes);
  if (!text)
    return Parsed<Settings>::failure(
        path + ": error: cannot read the configuration file: " + text.error());
  return parseSettings(text.value(), path);
}

std::string defaultSettingsPath() {
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    return std::string(xdg) + "/qubic/config.toml";
  if (const char* home = std::getenv("HOME"); home && *home)
    return std::string(home) + "/.config/qubic/config.toml";
  return {};
}

Parsed<Settings> resolveSettings(const std::string& explicitPath) {
  if (!explicitPath.empty()) return loadSettingsFile(explicitPath);
  const std::string path = defaultSettingsPath();
  std::error_code ignored;
  if (!path.empty() && std::filesystem::exists(path, ignored)) return loadSettingsFile(path);
  return Parsed<Settings>::success(Settings{});
}

std::string settingsToToml(const Settings& settings) {
  std::ostringstream out;
  out << "# Qubic configuration. Every key is optional; missing keys take these defaults.\n";
  std::string_view section;
  for (const SettingField& f : settingFields()) {
    if (f.section != section) {
      section = f.section;
      out << "\n[" << section << "]\n";
    }
    out << "# " << f.help << " (" << describe(f) << ")\n" << f.key << " = ";
    if (const auto* i = std::get_if<SettingField::Integer>(&f.kind)) {
      out << i->access.get(settings);
    } else if (const auto* b = std::get_if<SettingField::Boolean>(&f.kind)) {
      out << (b->access.get(settings) ? "true" : "false");
    } else {
      out << toml::value<std::string>(std::get<SettingField::Text>(f.kind).access.get(settings));
    }
    out << '\n';
  }
  return out.str();
}

Parsed<Settings> withSetting(const Settings& settings, std::string_view name,
                             std::string_view value) {
  const std::size_t dot = name.find('.');
  const SettingField* field = dot == std::string_view::npos
                                  ? nullptr
                                  : findField(name.substr(0, dot), name.substr(dot + 1));
  if (!field) return Parsed<Settings>::failure("unknown setting " + std::string(name));
  Settings result = settings;
  const std::string expected =
      fullName(*field) + " must be " + describe(*field) + ", got \"" + std::string(value) + "\"";
  if (const auto* i = std::get_if<SettingField::Integer>(&field->kind)) {
    std::int64_t v = 0;
    const auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), v);
    const std::string_view digits = value.substr(value.rfind('-', 0) == 0 ? 1 : 0);
    const bool leadingZero =
        digits.size() > 1 && digits[0] == '0';  // one spelling per number: 5, not 05
    const bool number = ec == std::errc() && end == value.data() + value.size() && !leadingZero;
    if (!number || v < i->min || v > i->max)
      return Parsed<Settings>::failure(expected + (number ? aboveMaxHint(*i, v) : ""));
    i->access.set(result, v);
  } else if (const auto* b = std::get_if<SettingField::Boolean>(&field->kind)) {
    if (value != "true" && value != "false") return Parsed<Settings>::failure(expected);
    b->access.set(result, value == "true");
  } else {
    const auto& t = std::get<SettingField::Text>(field->kind);
    if (!t.choices.empty() &&
        std::find(t.choices.begin(), t.choices.end(), value) == t.choices.end())
      return Parsed<Settings>::failure(expected);
    if (t.check)
      if (std::string problem = t.check(value); !problem.empty())
        return Parsed<Settings>::failure(fullName(*field) + ": " + problem);
    t.access.set(result, std::string(value));
  }
  return Parsed<Settings>::success(result);
}

}  // namespace qubic
