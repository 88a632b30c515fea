#include "keymap.hpp"

#include <curses.h>

#include <algorithm>
#include <cctype>

#include "engine/core/enum_text.hpp"

namespace qubic::tui {

namespace {

constexpr int kEscape = 27;
constexpr int kDelete = 127;

struct NamedKey {
  std::string_view name;
  int key;
};
const std::array<NamedKey, 10> kNamedKeys = {{{"esc", kEscape},
                                              {"del", KEY_DC},
                                              {"ins", KEY_IC},
                                              {"home", KEY_HOME},
                                              {"end", KEY_END},
                                              {"pgup", KEY_PPAGE},
                                              {"pgdn", KEY_NPAGE},
                                              {"space", ' '},
                                              {"enter", '\n'},
                                              {"tab", '\t'}}};

// The board's own controls; see the header for why they cannot be rebound.
Action fixedAction(int key) {
  switch (key) {
    case KEY_LEFT:
    case 'h':
      return Action::CursorLeft;
    case KEY_RIGHT:
    case 'l':
      return Action::CursorRight;
    case KEY_UP:
    case 'k':
      return Action::CursorUp;
    case KEY_DOWN:
    case 'j':
      return Action::CursorDown;
    case '\t':
    case ']':
    case KEY_NPAGE:
      return Action::PlaneNext;
    case KEY_BTAB:
    case '[':
    case KEY_PPAGE:
      return Action::PlanePrev;
    case '\n':
    case '\r':
    case KEY_ENTER:
    case ' ':
      return Action::Play;
    case kEscape:
      return Action::Cancel;
    default:
      return Action::None;
  }
}

// Keys that begin a move token or edit one.
bool isTokenKey(int key) {
  return (key >= '1' && key <= '4') || key == KEY_BACKSPACE || key == kDelete || key == 8;
}

struct ConfigurableKey {
  Action action;
  std::string_view setting;
  std::string TuiSettings::*member;
};
const std::array<ConfigurableKey, kConfigurableActions> kConfigurable = {{
    {Action::Help, "key_help", &TuiSettings::keyHelp},
    {Action::NewGame, "key_new_game", &TuiSettings::keyNewGame},
    {Action::Undo, "key_undo", &TuiSettings::keyUndo},
    {Action::Redo, "key_redo", &TuiSettings::keyRedo},
    {Action::Hint, "key_hint", &TuiSettings::keyHint},
    {Action::MoveNow, "key_move_now", &TuiSettings::keyMoveNow},
    {Action::SwapSides, "key_swap_sides", &TuiSettings::keySwapSides},
    {Action::Players, "key_players", &TuiSettings::keyPlayers},
    {Action::LevelUp, "key_level_up", &TuiSettings::keyLevelUp},
    {Action::LevelDown, "key_level_down", &TuiSettings::keyLevelDown},
    {Action::Threats, "key_threats", &TuiSettings::keyThreats},
    {Action::Overlay, "key_overlay", &TuiSettings::keyOverlay},
    {Action::Lines, "key_lines", &TuiSettings::keyLines},
    {Action::CubeView, "key_cube_view", &TuiSettings::keyCubeView},
    {Action::ExpectedLine, "key_expected_line", &TuiSettings::keyExpectedLine},
    {Action::Review, "key_review", &TuiSettings::keyReview},
    {Action::Explain, "key_explain", &TuiSettings::keyExplain},
    {Action::GoToMove, "key_go_to_move", &TuiSettings::keyGoToMove},
    {Action::Pause, "key_pause", &TuiSettings::keyPause},
    {Action::Step, "key_step", &TuiSettings::keyStep},
    {Action::Save, "key_save", &TuiSettings::keySave},
    {Action::Load, "key_load", &TuiSettings::keyLoad},
    {Action::Quit, "key_quit", &TuiSettings::keyQuit},
}};

std::vector<std::string_view> splitWords(std::string_view text) {
  std::vector<std::string_view> words;
  std::size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && text[i] == ' ') ++i;
    const std::size_t begin = i;
    while (i < text.size() && text[i] != ' ') ++i;
    if (i > begin) words.push_back(text.substr(begin, i - begin));
  }
  return words;
}

}  // namespace

std::string_view describe(Action action) {
  static constexpr EnumText<Action> kDescriptions[] = {
      {Action::None, ""},
      {Action::Help, "show this help"},
      {Action::NewGame, "new game"},
      {Action::Undo, "undo your last move (and the engine's reply)"},
      {Action::Redo, "redo a move taken back"},
      {Action::Hint, "hint: the engine suggests a move and says why"},
      {Action::MoveNow, "make the engine move now"},
      {Action::SwapSides, "swap sides with the engine"},
      {Action::Players, "who plays: you as X, you as O, two humans, engine vs engine"},
      {Action::LevelUp, "engine level up"},
      {Action::LevelDown, "engine level down"},
      {Action::Threats, "show threes (!) and double-threat cells (+)"},
      {Action::Overlay, "analysis overlay: W wins, L loses, ? unknown"},
      {Action::Lines, "show the lines through the cursor, across the levels"},
      {Action::CubeView, "draw the levels stacked as a cube, or side by side"},
      {Action::ExpectedLine,
       "show what the engine proves (X wins within N moves) and the line it expects"},
      {Action::Review, "review the game with proofs; again: go to the next mistake"},
      {Action::Explain, "show a forcing win on the board, one step a press"},
      {Action::GoToMove, "go to a move of the game (the rest stays for redo)"},
      {Action::Pause, "pause or resume the engine"},
      {Action::Step, "paused: let the engine make one move"},
      {Action::Save, "save the game to a file"},
      {Action::Load, "load a game from a file"},
      {Action::Quit, "quit"},
      {Action::CursorLeft, "cursor left"},
      {Action::CursorRight, "cursor right"},
      {Action::CursorUp, "cursor up"},
      {Action::CursorDown, "cursor down"},
      {Action::PlanePrev, "previous level"},
      {Action::PlaneNext, "next level"},
      {Action::Play, "play at the cursor"},
      {Action::Cancel, "cancel"}};
  static_assert(namesEvery(kDescriptions, Action::Cancel));
  return textOf(kDescriptions, action);
}

Parsed<int> parseKeyName(std::string_view name) {
  if (name.size() == 1 && std::isgraph(static_cast<unsigned char>(name[0])))
    return Parsed<int>::success(name[0]);
  if (name.size() == 3 && (name[0] == 'C' || name[0] == 'c') && name[1] == '-' &&
      std::isalpha(static_cast<unsigned char>(name[2])))
    return Parsed<int>::success(std::tolower(static_cast<unsigned char>(name[2])) - 'a' + 1);
  if (name.size() >= 2 && name.size() <= 3 && (name[0] == 'F' || name[0] == 'f')) {
    int n = 0;
    for (char c : name.substr(1))
      n = std::isdigit(static_cast<unsigned char>(c)) ? n * 10 + (c - '0') : -1000;
    if (n >= 1 && n <= 12) return Parsed<int>::success(KEY_F(n));
  }
  for (const NamedKey& k : kNamedKeys)
    if (k.name == name) return Parsed<int>::success(k.key);
  return Parsed<int>::failure(
      "unknown key name \"" + std::string(name) +
      "\" (use a character, C-x, F1-F12, del, ins, home, end, pgup or pgdn)");
}

std::string keyName(int key) {
  for (const NamedKey& k : kNamedKeys)
    if (k.key == key) return std::string(k.name);
  if (key >= KEY_F(1) && key <= KEY_F(12))
    return std::string("F").append(std::to_string(key - KEY_F(0)));
  if (key >= 1 && key <= 26) return "C-" + std::string(1, static_cast<char>('a' + key - 1));
  if (key > ' ' && key < kDelete) return std::string(1, static_cast<char>(key));
  return "key " + std::to_string(key);
}

Parsed<KeyMap> KeyMap::fromSettings(const TuiSettings& settings) {
  KeyMap map;
  std::string errors;
  auto report = [&](std::string_view setting, const std::string& what) {
    if (!errors.empty()) errors += '\n';
    errors.append("tui.").append(setting).append(": ").append(what);
  };
  for (const ConfigurableKey& c : kConfigurable) {
    for (std::string_view word : splitWords(settings.*c.member)) {
      const Parsed<int> key = parseKeyName(word);
      if (!key) {
        report(c.setting, key.error());
        continue;
      }
      if (fixedAction(key.value()) != Action::None || isTokenKey(key.value())) {
        report(c.setting, std::string("\"").append(word) +
                              "\" is a fixed key of the board and cannot be rebound");
        continue;
      }
      if (const Action taken = map.actionFor(key.value()); taken != Action::None) {
        report(c.setting, std::string("\"").append(word) +
                              "\" is already bound to: " + std::string(describe(taken)));
        continue;
      }
      map.keys_[static_cast<int>(c.action)].push_back(key.value());
    }
    // An action may be left without a key (no hints, say), but not quit and help: the way
    // out and the way to every other key.
    const bool essential = c.action == Action::Quit || c.action == Action::Help;
    if (essential && map.keys_[static_cast<int>(c.action)].empty())
      report(c.setting, "needs a key: without one there is no way to " +
                            std::string(c.action == Action::Quit ? "quit" : "see the keys"));
  }
  if (!errors.empty()) return Parsed<KeyMap>::failure(errors);
  return Parsed<KeyMap>::success(map);
}

Action KeyMap::actionFor(int key) const {
  if (const Action fixed = fixedAction(key); fixed != Action::None) return fixed;
  for (int a = 1; a <= kConfigurableActions; ++a)
    if (std::find(keys_[a].begin(), keys_[a].end(), key) != keys_[a].end())
      return static_cast<Action>(a);
  return Action::None;
}

const std::vector<int>& KeyMap::keysFor(Action action) const {
  static const std::vector<int> none;
  const int a = static_cast<int>(action);
  return a >= 1 && a <= kConfigurableActions ? keys_[a] : none;
}

std::string KeyMap::primaryKeyName(Action action) const {
  const std::vector<int>& keys = keysFor(action);
  return keys.empty() ? std::string() : keyName(keys.front());
}

}  // namespace qubic::tui
