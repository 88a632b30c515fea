// The one configuration shared by every program: typed settings with their defaults,
// loaded from TOML with precise errors (file:line:column), printed back as valid TOML.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/core/parsed.hpp"
#include "engine/play/move_limits.hpp"

namespace qubic {

struct EngineSettings {
  int level = kMaxLevel;  // 0 (the anchor) .. kMaxLevel (full strength), engine/play/level_mix
  int hashMb = 64;        // the proof table, allocated once
  int threads = 1;
  int moveOverheadMs = 10;  // kept back from every time budget for I/O latency
  bool useSolution = true;
  std::string solutionFile;    // empty: the book shipped with the program
  std::int64_t seed = 0;       // randomness of the lower levels; 0 = from the clock
  bool explain = true;         // say why each move was chosen
  bool provenCache = false;    // keep MultiPV's proven values across runs (config/proven_cache)
  int multiPv = 1;             // root moves reported with their values after a search
  bool limitStrength = false;  // play at `elo` instead of `level`
  int elo = 500;               // on the scale of docs/strength.md (level 0 = 0)
  // A reference player instead of the level (engine/play/reference): none, random, greedy.
  std::string reference = "none";
};

struct TuiSettings {
  std::string humanSide = "x";   // x, o, both (two humans) or none (engine vs engine)
  int moveTimeMs = 1000;         // the engine's thinking time per move in the game
  int level = 6;                 // the engine's level in the game (one a newcomer can beat)
  int levelX = -1, levelO = -1;  // the engine's level when it plays that side; -1: level
  int watchDelayMs = 600;        // pause between moves when engines play each other
  std::string clock;             // "tc=300+3": a clock per side; empty: no clock
  // Another UGI engine in the engine's seat: "CMD [ARGS]" (split at spaces); empty: ours.
  std::string engine;
  std::string engineOptions;  // for it: "Name=Value;Name=Value", sent with setoption
  bool showThreats = false;
  bool showOverlay = false;
  int overlayThreads = 0;   // cells the overlay judges at once; 0: one per core
  bool startScreen = true;  // the start screen (who plays, level) before the board
  // color: the colours below; colorblind: blue X, yellow O and no red/green pairs; light:
  // dark inks for a light background; mono: no colour at all, X bold (also with NO_COLOR).
  std::string theme = "color";
  std::string colorX = "red";
  std::string colorO = "cyan";
  std::string colorHighlight = "yellow";
  // Key bindings: key names separated by spaces (see docs/user-guide.md), checked by the game.
  std::string keyHelp = "? F1";
  std::string keyNewGame = "n";
  std::string keyUndo = "u";
  std::string keyRedo = "r";
  std::string keyHint = "t";
  std::string keyMoveNow = "m";
  std::string keySwapSides = "s";
  std::string keyPlayers = "c";
  std::string keyLevelUp = "+ =";
  std::string keyLevelDown = "-";
  std::string keyThreats = "f";
  std::string keyOverlay = "a";
  std::string keyLines = "v";
  std::string keyCubeView = "i";
  std::string keyExpectedLine = "e";
  std::string keyReview = "R";
  std::string keyExplain = "x";
  std::string keyGoToMove = "g";
  std::string keyPause = "p";
  std::string keyStep = ".";
  std::string keySave = "w";
  std::string keyLoad = "o";
  std::string keyQuit = "q";
};

// Defaults of qubic-match (docs/tournaments.md); its command line overrides them.
struct MatchSettings {
  std::string tournament = "round-robin";  // round-robin, gauntlet or ladder
  int games = 2;                           // per pair and round; pairs of games share an opening
  int rounds = 1;
  int concurrency = 1;                       // games played at once
  std::string timeControl = "st=0.1";        // for engines given none: tc=..., st=..., nodes=...
  int timeMarginMs = 1000;                   // over the allowed time before a move forfeits
  std::string openingsFile;                  // empty: the built-in openings
  std::string openingsOrder = "sequential";  // sequential or random
  std::int64_t openingsSeed = 1;             // of the random order
  std::string records = "games.txt";
  bool recover = false;  // restart crashed engines and go on
};

struct Settings {
  EngineSettings engine;
  TuiSettings tui;
  MatchSettings match;
};

// One configurable key: where it lives, what it means and which values it takes.
struct SettingField {
  template <class T>
  struct Access {
    T (*get)(const Settings&);
    void (*set)(Settings&, T);
  };
  struct Integer {
    Access<std::int64_t> access;
    std::int64_t min, max;
    std::string_view aboveMax = {};  // said after the range when a value is above it
  };
  struct Boolean {
    Access<bool> access;
  };
  struct Text {
    Access<std::string> access;
    std::vector<std::string_view> choices;             // none: any text
    std::string (*check)(std::string_view) = nullptr;  // what is wrong with a value ("" when fine)
  };

  std::string_view section;
  std::string_view key;
  std::string_view help;
  std::variant<Integer, Boolean, Text> kind;
};

// Every key, in the order they are printed.
const std::vector<SettingField>& settingFields();

// Parses TOML text; `source` names it in error messages ("path:line:column: ...").
// All problems are reported, one per line.
Parsed<Settings> parseSettings(std::string_view toml, std::string_view source);

// Reads a file; a missing or unreadable file is an error.
Parsed<Settings> loadSettingsFile(const std::string& path);

// The file to read when no --config is given: $XDG_CONFIG_HOME/qubic/config.toml, else
// ~/.config/qubic/config.toml; empty when neither variable is set.
std::string defaultSettingsPath();

// Settings for a program: `explicitPath` when not empty (it must exist), else the
// default path when that file exists, else the built-in defaults.
Parsed<Settings> resolveSettings(const std::string& explicitPath);

// The settings as TOML that parseSettings accepts, with a comment per key.
std::string settingsToToml(const Settings& settings);

// Sets one key from text, as a protocol `setoption` or a command-line override would.
// `section.key` style names; the value is parsed as the key's type and range-checked.
Parsed<Settings> withSetting(const Settings& settings, std::string_view name,
                             std::string_view value);

}  // namespace qubic
