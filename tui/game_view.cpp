#include "game_view.hpp"

#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"
#include "panel.hpp"
#include "start_screen.hpp"
#include "tour.hpp"

namespace qubic::tui {

namespace {

std::string tokens(Bitboard cells, int limit) {
  std::string text;
  int shown = 0;
  while (cells && shown < limit) {
    if (!text.empty()) text += ' ';
    text += moveToken(popLowest(cells));
    ++shown;
  }
  if (cells) text += " +" + std::to_string(popcount(cells));
  return text;
}

Style styleOf(Side s) { return s == Side::X ? Style::X : Style::O; }

template <class S>
const S* topAs(const ViewSources& v) {
  return v.top ? std::get_if<S>(v.top) : nullptr;
}

void append(std::vector<StyledText>& lines, std::vector<StyledText> more) {
  for (StyledText& line : more) lines.push_back(std::move(line));
}

// The players with their clocks, and the result once the game is over.
std::vector<StyledText> seatLines(const ViewSources& v) {
  const GameContext& c = v.context;
  const Position& pos = c.round.game.position();
  const auto now = std::chrono::steady_clock::now();
  std::vector<StyledText> lines;
  for (Side s : {Side::X, Side::O}) {
    const bool moving = !pos.isGameOver() && !c.round.forfeit && s == pos.sideToMove();
    std::string line = sideName(s) + "  " + v.engine.seats[index(s)];
    if (c.clock.hasClock()) line += "   " + GameClock::format(c.clock.remaining(s, now));
    lines.push_back({line + (moving ? "   <- to move" : ""), styleOf(s), moving});
  }
  if (pos.isGameOver()) {
    if (pos.status() == Status::Draw)
      lines.push_back({"Draw: the cube is full and nobody has a line.", Style::Highlight, true});
    else
      lines.push_back({sideName(pos.status() == Status::XWins ? Side::X : Side::O) +
                           " wins with the line " + winningLineName(pos) + "!",
                       Style::Highlight, true});
  }
  return lines;
}

// Who is to do what now, while the game goes on: the engine, a move being typed, a hint.
std::vector<StyledText> turnLines(const ViewSources& v) {
  const GameContext& c = v.context;
  const Position& pos = c.round.game.position();
  if (pos.isGameOver()) return {};
  if (c.lineup.seats.isEngine(pos.sideToMove())) return v.engine.lines;
  if (const std::string& typed = v.input.pendingToken(); !typed.empty())
    return {{"Typing a move: " + typed + std::string(3 - typed.size(), '_'), Style::Normal, true}};
  if (v.engine.busy) return {{"Thinking about a hint: " + secondsText(v.engine.elapsedSeconds)}};
  return {{std::string(c.lineup.seats.anyEngine() ? "Your move"
                                                  : sideName(pos.sideToMove()) + " to move") +
           ": arrows + Enter, a click, or type a cell like 2c3."}};
}

// Why the engine played its last move, while that move is still on the board and the game
// goes on (once it is over, the result says what matters); else the comment of the move on
// the board (a loaded record's, or an engine reason of an earlier session).
std::vector<StyledText> lastMoveLines(const GameContext& c) {
  const Game& game = c.round.game;
  const std::size_t n = game.moves().size();
  if (game.position().isGameOver() || n == 0) return {};
  const std::optional<EngineNote>& note = c.round.engine.lastMove();
  if (!note || note->ply >= n || game.moves()[note->ply] != note->choice.move) {
    if (game.comments()[n - 1].empty() || (note && note->ply == n - 1)) return {};
    return {{"Move " + std::to_string(n) + " (" + moveToken(game.moves()[n - 1]) +
                 "): " + game.comments()[n - 1],
             Style::Dim}};
  }
  const MoveChoice& choice = note->choice;
  std::string text = "Engine (" + sideName(note->side) + ") played " + moveToken(choice.move);
  if (c.settings.engine.explain && !choice.reason.empty()) text += ": " + choice.reason;
  text += ".";
  // What the engine proved is help a player asks for (the e key), as on the page.
  if (const std::string proven = verdictText(note->side, choice.verdict, choice.plies);
      c.display.expected && !proven.empty())
    text += " " + proven + (choice.fromBook ? " (book)." : ".");
  std::vector<StyledText> lines{{text}};
  if (!c.display.expected) return lines;
  std::string expected = "Expected line:";
  for (int k = 1; k < choice.pvLength; ++k)
    expected += ' ' + moveToken(choice.pv[static_cast<std::size_t>(k)]);
  lines.push_back({choice.pvLength > 1 ? expected
                                       : "Expected line: none beyond this move (it was not "
                                         "searched deeper)"});
  return lines;
}

// The saved games of a Load prompt; the hint.
std::vector<StyledText> noteLines(const ViewSources& v) {
  const Round& round = v.context.round;
  std::vector<StyledText> lines;
  if (const LinePrompt* prompt = topAs<LinePrompt>(v); prompt && !prompt->note.empty())
    lines.push_back({prompt->note, Style::Dim});
  if (const MoveChoice* hint = round.engine.hintAt(round.game.moves().size()))
    lines.push_back(
        {"Hint: " + moveToken(hint->move) + (hint->reason.empty() ? "" : " - " + hint->reason),
         Style::Highlight});
  return lines;
}

std::vector<StyledText> threatLines(const Position& pos) {
  std::vector<StyledText> lines;
  for (Side s : {Side::X, Side::O}) {
    const Bitboard threes = threatCells(pos, s), doubles = doubleThreatCells(pos, s);
    std::string text = sideName(s) + ": ";
    text += threes ? "completes a line at " + tokens(threes, 4) : std::string("no threes");
    text +=
        doubles ? ", double threat at " + tokens(doubles, 4) : std::string(", no double threats");
    lines.push_back({text, styleOf(s)});
  }
  return lines;
}

// The overlay in words: what it proved, how far it is.
std::vector<StyledText> overlayLines(const ViewSources& v, const Position& pos) {
  const Side toMove = pos.sideToMove();
  std::string text = "Overlay (" + sideName(toMove) + " to move): ";
  const std::optional<BoardAnalysis> a = v.analysis ? v.analysis->snapshot(pos) : std::nullopt;
  if (!a) return {{text + "starting...", Style::Dim}};
  int wins = 0, losses = 0;
  for (Bitboard empty = pos.emptyCells(); empty;) {
    const MoveValue value = a->cells[popLowest(empty)].value;
    wins += value == MoveValue::Win;
    losses += value == MoveValue::Loss;
  }
  const int open = popcount(pos.emptyCells()) - wins - losses;
  text += std::to_string(wins) + " W, " + std::to_string(losses) + " L" +
          (open > 0 ? ", " + std::to_string(open) + " ? (not proven)" : "");
  // Says when it is done, so "?" cells left then are what the overlay could not prove.
  text += a->complete()
              ? (open > 0 ? "; finished: no more will be proven at this budget"
                          : "; finished: every move proven")
              : "; analysing " + std::to_string(a->judged) + "/" + std::to_string(a->toJudge);
  std::vector<StyledText> lines;
  const std::string verdict =
      overlayVerdict(toMove, wins, losses, popcount(pos.emptyCells()), a->complete());
  if (!verdict.empty()) lines.push_back({verdict, wins ? Style::Win : Style::Loss, true});
  lines.push_back({text, Style::Dim});
  return lines;
}

// The threat marks and the overlay, in words.
std::vector<StyledText> analysisLines(const ViewSources& v) {
  const GameContext& c = v.context;
  const Position& pos = c.round.game.position();
  if (pos.isGameOver()) return {};
  std::vector<StyledText> lines;
  if (c.display.threats) lines = threatLines(pos);
  if (c.display.overlay) append(lines, overlayLines(v, pos));
  return lines;
}

std::vector<StyledText> statusLines(const ViewSources& v) {
  const GameContext& c = v.context;
  std::vector<StyledText> lines = seatLines(v);
  if (c.round.forfeit) {
    lines.push_back({c.round.forfeit->sentence(), Style::Highlight, true});
    lines.push_back({c.key(Action::NewGame) + ": new game"});
    return lines;
  }
  append(lines, turnLines(v));
  // What the solution knows about the position on the board: analysis, so only with the
  // overlay on (a newcomer's first screen must not give the game away).
  const Position& pos = c.round.game.position();
  if (v.book && c.display.overlay && !pos.isGameOver())
    if (const std::optional<BookMove> known = v.book->find(pos))
      lines.push_back({verdictText(pos.sideToMove(), Verdict::Win, known->pliesToWin) + " (book)",
                       Style::Highlight, true});
  append(lines, lastMoveLines(c));
  const ModeView view{c.round.game, c.round.forfeit.has_value(), c.keys};
  append(lines, explanationLines(c.round.explaining, view));
  append(lines, noteLines(v));
  append(lines, c.round.withMode([&](const auto& m) { return m.lines(view); }));
  append(lines, v.review.lines);
  append(lines, analysisLines(v));
  return lines;
}

// The line at the bottom of the screen for the prompt or question on top, if any.
std::string promptLine(const ViewSources& v) {
  const GameContext& c = v.context;
  if (const LinePrompt* p = topAs<LinePrompt>(v)) {
    if (p->purpose == LinePrompt::Purpose::Save)
      return "Save game to (Enter saves, Esc cancels, C-u clears): " + p->text;
    if (p->purpose == LinePrompt::Purpose::Load)
      return "Load game from (Enter loads, Esc cancels, C-u clears): " + p->text;
    return "Go to move (0 to " + std::to_string(c.round.game.line().size()) +
           ", Enter goes, Esc cancels): " + p->text;
  }
  const Question* q = topAs<Question>(v);
  if (!q) return {};
  const std::string answer = q->reminded ? "Answer y (yes) or n (no). " : "";
  if (q->purpose == Question::Purpose::Resume)
    return answer + "An unfinished game (" + countOf(q->unfinished->moves.size(), "move") +
           ") was kept from the last run. Resume it? y: yes, n: start afresh";
  if (q->purpose == Question::Purpose::Players)
    return answer + "Change who plays in the middle of this game? y: yes, n: no";
  if (q->purpose == Question::Purpose::Replace)
    return answer + "Replace " + q->path + " (this game as saved before) with the game now? " +
           "y: yes, n: no";
  return answer + "This game is not saved. " +
         (q->leaving == Action::Quit   ? "Quit"
          : q->leaving == Action::Load ? "Load another"
                                       : "Start a new one") +
         " and lose it? y: yes, n: no (" + c.key(Action::Save) + " saves)";
}

// The tour's step: its line drawn =X= on an empty board, its words in the panel.
ViewState tourView(const TourScreen& tour) {
  ViewState v;
  v.title = "QUBIC  a tour of the lines";
  const TourStep& step = tourSteps()[tour.step];
  BoardMarks marks;
  marks.linesThrough = step.linesThrough;
  v.cells = boardLook(Position{}, -1, marks);
  for (const int cell : step.line) v.cells[cell] = {{'=', 'X', '='}, Style::Highlight, true};
  v.cursor = -1;
  v.activeLevel = -1;
  v.status = {{"Tour of the lines, " + std::to_string(tour.step + 1) + " of " +
                   std::to_string(tourSteps().size()),
               Style::Title, true},
              {std::string(step.text)},
              {"Any key: next   Esc: end the tour", Style::Dim}};
  v.keyBar = "any key next  Esc end";
  return v;
}

// The board: the stones (or the explanation's step), the marks, the overlay, the cursor.
void drawBoard(const ViewSources& v, ViewState& view) {
  const GameContext& c = v.context;
  const Position& pos = c.round.game.position();
  std::optional<BoardAnalysis> overlay;
  if (c.display.overlay && v.analysis) overlay = v.analysis->snapshot(pos);
  BoardMarks marks;
  marks.threats = c.display.threats || c.round.explaining.has_value();
  // The overlay judges the game's position, not an explanation's step.
  marks.overlay = overlay && !c.round.explaining ? &*overlay : nullptr;
  if (c.display.lines) marks.linesThrough = c.cursor;
  int lastMove = -1;
  const Position shown = c.round.shownPosition(lastMove);
  view.cells = boardLook(shown, lastMove, marks);
  // The cursor stays while the engine thinks, so the next move can be aimed meanwhile.
  view.cursor = !pos.isGameOver() && c.lineup.seats.anyHuman() ? c.cursor : -1;
  view.activeLevel = levelOf(c.cursor);
}

}  // namespace

// Issue 70, 14: while the resume question is asked, the board and the panel show the kept
// game (its position, moves and seats), not the fresh game that a "no" would start.
void drawKeptGame(const GameRecord& kept, ViewState& view) {
  const Position end = kept.finalPosition();
  view.cells = boardLook(end, kept.moves.empty() ? -1 : kept.moves.back(), BoardMarks{});
  view.cursor = -1;
  view.activeLevel = -1;
  view.moveTokens.clear();
  for (int cell : kept.moves) view.moveTokens.push_back(moveToken(cell));
  view.firstPly = kept.start.moveCount();
  view.result.clear();
  view.status = {{"The kept game, as it was left:", Style::Title, true},
                 {" X  " + (kept.tag("X").empty() ? "?" : kept.tag("X"))},
                 {" O  " + (kept.tag("O").empty() ? "?" : kept.tag("O"))},
                 {std::string(end.sideToMove() == Side::X ? "X" : "O") + " to move"}};
}

ViewState gameView(const ViewSources& v) {
  if (const TourScreen* tour = topAs<TourScreen>(v)) return tourView(*tour);
  const GameContext& c = v.context;
  ViewState view;
  view.title = "QUBIC  4x4x4 tic-tac-toe: four in a line wins, in a level or across levels";
  drawBoard(v, view);
  view.status = statusLines(v);
  const Game& game = c.round.game;
  for (int cell : game.moves()) view.moveTokens.push_back(moveToken(cell));
  for (std::size_t i = 0; i < v.review.marks.size() && i < view.moveTokens.size(); ++i)
    view.moveTokens[i] += v.review.marks[i];
  view.firstPly = game.start().moveCount();
  if (game.position().isGameOver())
    view.result = std::string(resultToken(resultOf(game.position())));
  view.message = c.message;
  // Another engine (--engine) has no levels of ours: the bar offers none.
  view.keyBar = keyBar(c.keys, !c.lineup.seats.anyHuman(), c.settings.tui.engine.empty());
  view.prompt = promptLine(v);
  view.typing = topAs<LinePrompt>(v) != nullptr;
  if (const Question* q = topAs<Question>(v);
      q && q->purpose == Question::Purpose::Resume && q->unfinished)
    drawKeptGame(*q->unfinished, view);
  if (topAs<HelpScreen>(v)) {
    view.help = helpScreen(c.keys);
    view.helpFooter = "l: a tour of the lines across the levels; any other key: back to the game";
  } else if (topAs<StartScreen>(v)) {
    view.help = startScreenLines(c.lineup, c.keys, v.engine.externalName, v.book);
    view.helpFooter = startScreenFooter(c.keys);
  }
  return view;
}

}  // namespace qubic::tui
