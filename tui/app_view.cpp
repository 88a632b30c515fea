// The App's half that turns its state into a ViewState: board marks, the status panel
// in words, the move list and the bars.
#include <cstdio>

#include "app.hpp"
#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"
#include "panel.hpp"
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

std::string seconds(double s) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f s", s);
  return text;
}

Style styleOf(Side s) { return s == Side::X ? Style::X : Style::O; }

// A move's mark in the move list once reviewed: ?? gave away a win or walked into a
// loss, ? perhaps a longer defence, ! the only winning move (by the solver's disproofs).
const char* reviewMark(const ReviewedMove& r) {
  if (isMistake(r.verdict)) return "??";
  if (r.verdict == MoveVerdict::ShorterDefence) return "?";
  return r.onlyMove ? "!" : "";
}

// What the solver said of the player's first move in puzzle `p`.
StyledText answerLine(const Puzzle& p, const PuzzleAnswer& a, const std::string& wins,
                      const std::string& undoKey) {
  const std::string played = moveToken(a.move);
  if (!a.checked) return {"Checking " + played + " with the solver..."};
  switch (a.check.verdict) {
    case AnswerVerdict::Fastest:
      return {"Right: " + played + " wins, the fastest way (" + wins +
                  "). Now finish it against the engine.",
              Style::Win, true};
    case AnswerVerdict::Wins:
      return {"Right: " + played + " wins too, in " + std::to_string((a.check.plies + 1) / 2) +
                  " moves; " + moveToken(p.bestMove) + " is faster (" + wins + ").",
              Style::Win, true};
    case AnswerVerdict::DoesNotWin:
      return {"Not this one: after " + played + " " + sideName(p.position.sideToMove()) +
                  " cannot force a win. " + undoKey + " takes it back.",
              Style::Error, true};
    case AnswerVerdict::NotProven:
      break;
  }
  return {"The solver could not settle " + played + " within its budget."};
}

}  // namespace

std::string App::seatText(Side s) const {
  if (round_.survival() && seats_.isEngine(s)) return "Engine, perfect X (the proof)";
  if (round_.kind() == GameMode::Puzzle && seats_.isEngine(s))
    return "Engine, level " + std::to_string(kMaxLevel) + " (best defence)";
  // Another UGI engine: its own name, as it gave it ("id name"), in the record too.
  if (seats_.isEngine(s) && !settings_.tui.engine.empty()) return engine_.externalName();
  if (seats_.isEngine(s) && elo_) return "Engine, Elo " + std::to_string(*elo_);
  if (seats_.isEngine(s)) return "Engine, level " + std::to_string(levels_[index(s)]);
  return seats_.isEngine(opponent(s)) ? "You" : "Player " + sideName(s);
}

std::vector<StyledText> App::puzzleLines() const {
  if (round_.kind() != GameMode::Puzzle || !puzzles_) return {};
  const Puzzle& p = puzzles_->shown();
  const Side us = p.position.sideToMove();
  const Position& pos = round_.game.position();
  const std::string wins =
      sideName(us) + " wins in " + std::to_string((p.plies + 1) / 2) + " moves";
  std::vector<StyledText> lines;
  const std::string title = "Puzzle " + std::to_string(puzzles_->shownIndex() + 1) + " of " +
                            std::to_string(puzzles_->count()) + ", " + std::string(p.stars, '*');
  const std::string next = keys_.primaryKeyName(Action::NewGame) + ": next puzzle (solved " +
                           std::to_string(puzzles_->solvedCount()) + " of " +
                           std::to_string(puzzles_->count()) + ")   " +
                           keys_.primaryKeyName(Action::Players) + ": leave puzzles";
  if (pos.isGameOver()) {
    const bool won = pos.status() == (us == Side::X ? Status::XWins : Status::OWins);
    lines.push_back({title + (won ? ": solved, " + sideName(us) + " won."
                                  : ": not solved this time; " +
                                        keys_.primaryKeyName(Action::Undo) + " takes moves back."),
                     won ? Style::Win : Style::Error, true});
    lines.push_back({next, Style::Dim});
    return lines;
  }
  lines.push_back({title + (puzzles_->shownSolvedBefore() ? " (solved before)" : "") + ": " +
                       sideName(us) + " to move wins in " + std::to_string((p.plies + 1) / 2) +
                       " moves. Find a winning move.",
                   Style::Title, true});
  const PuzzleAnswer a = puzzles_->answer();
  const std::vector<int>& moves = round_.game.moves();
  if (a.move >= 0 && !moves.empty() && moves[0] == a.move)
    lines.push_back(answerLine(p, a, wins, keys_.primaryKeyName(Action::Undo)));
  lines.push_back({next, Style::Dim});
  return lines;
}

std::vector<StyledText> App::survivalLines() const {
  const SurvivalRound* survival = round_.survival();
  if (!survival) return {};
  const int plies = static_cast<int>(round_.game.moves().size());
  const std::string best =
      survival->best > 0 ? " Your best: " + std::to_string(survival->best) + "." : std::string();
  if (!round_.game.position().isGameOver())
    return {{"Survival, O against perfect X: ply " + std::to_string(plies) + "; the proof ends " +
                 "the game by ply " + std::to_string(survival->longest) + " at the latest." + best,
             Style::Title, true}};
  std::string text = "You survived " + std::to_string(plies) + " plies of the " +
                     std::to_string(survival->longest) + " the proof allows at most." + best;
  if (!survival->counts) text += " (Moves were taken back or hints used: not scored.)";
  return {{text, Style::Highlight, true},
          {keys_.primaryKeyName(Action::NewGame) + ": try again   " +
               keys_.primaryKeyName(Action::Players) + ": leave survival",
           Style::Dim}};
}

std::vector<StyledText> App::reviewLines() const {
  if (!review_) return {};
  const ReviewState state = review_->state();
  const Game& game = round_.game;
  const std::vector<int>& moves = game.moves();
  if (state.running) {
    if (!(state.start == game.start())) return {};
    std::string text = "Reviewing the game with proofs: " + std::to_string(state.done) + "/" +
                       std::to_string(state.total);
    // An estimate from the pace so far: the steps near the end, where proofs are cheap,
    // come first, so it errs short at first and grows honest as the review goes.
    const std::chrono::duration<double> spent = std::chrono::steady_clock::now() - state.started;
    if (state.done >= 2)
      text += ", about " +
              std::to_string(static_cast<long>(
                  spent.count() / state.done * (state.total - state.done) + 0.5)) +
              " s left (estimated)";
    return {{text}};
  }
  if (moves.empty() || state.covers(game.start(), moves) < moves.size()) return {};
  const ReviewedMove& r = state.verdicts[moves.size() - 1];
  return {{"Review, move " + std::to_string(moves.size()) + " " + moveToken(r.move) + " (" +
               sideName(r.mover) + "): " + describeVerdict(r) + ".",
           isMistake(r.verdict) ? Style::Error : Style::Highlight, true},
          {"  before: " + describeValue(r.before, r.mover) +
               "; after: " + describeValue(r.after, r.mover),
           Style::Dim}};
}

// Who is to do what now: the result, the engine thinking, a move being typed.
std::vector<StyledText> App::statusLines() const {
  std::vector<StyledText> lines;
  const Position& pos = round_.game.position();
  const Side toMove = pos.sideToMove();
  const auto now = std::chrono::steady_clock::now();
  for (Side s : {Side::X, Side::O}) {
    const bool moving = !pos.isGameOver() && !round_.forfeit && s == toMove;
    std::string line = sideName(s) + "  " + seatText(s);
    if (clock_.hasClock()) line += "   " + GameClock::format(clock_.remaining(s, now));
    lines.push_back({line + (moving ? "   <- to move" : ""), styleOf(s), moving});
  }
  if (round_.forfeit) {
    lines.push_back({round_.forfeit->sentence(), Style::Highlight, true});
    lines.push_back({keys_.primaryKeyName(Action::NewGame) + ": new game"});
    return lines;
  }
  if (pos.isGameOver()) {
    if (pos.status() == Status::Draw)
      lines.push_back({"Draw: the cube is full and nobody has a line.", Style::Highlight, true});
    else
      lines.push_back({sideName(pos.status() == Status::XWins ? Side::X : Side::O) +
                           " wins with the line " + winningLineName(pos) + "!",
                       Style::Highlight, true});
    if (round_.kind() == GameMode::Play)  // a puzzle, survival: their own keys
      lines.push_back({keys_.primaryKeyName(Action::NewGame) + ": new game   " +
                       keys_.primaryKeyName(Action::Undo) + ": undo"});
  } else if (seats_.isEngine(toMove)) {
    for (StyledText& line : engineLines()) lines.push_back(std::move(line));
  } else if (const std::string& typed = input_.pendingToken(); !typed.empty()) {
    lines.push_back(
        {"Typing a move: " + typed + std::string(3 - typed.size(), '_'), Style::Normal, true});
  } else if (engine_.busy()) {
    lines.push_back({"Thinking about a hint: " + seconds(engine_.status().elapsedSeconds)});
  } else {
    lines.push_back({std::string(seats_.anyEngine() ? "Your move" : sideName(toMove) + " to move") +
                     ": arrows + Enter, a click, or type a cell like 2c3."});
  }
  // What the solution knows about the position on the board: analysis, so only with the
  // overlay on (a newcomer's first screen must not give the game away).
  if (book_ && showOverlay_ && !pos.isGameOver())
    if (const std::optional<BookMove> known = book_->find(pos))
      lines.push_back({verdictText(toMove, Verdict::Win, known->pliesToWin) + " (book)",
                       Style::Highlight, true});
  for (auto part : {&App::lastMoveLines, &App::explanationLines, &App::puzzleLines,
                    &App::survivalLines, &App::reviewLines, &App::analysisLines})
    for (StyledText& line : (this->*part)()) lines.push_back(std::move(line));
  return lines;
}

// The engine to move: paused, waiting, or thinking with its best move so far.
std::vector<StyledText> App::engineLines() const {
  const Side toMove = round_.game.position().sideToMove();
  const EngineStatus status = engine_.status();
  if (round_.paused && !status.thinking)
    return {{"Engine paused: " + keys_.primaryKeyName(Action::Step) + " one move, " +
             keys_.primaryKeyName(Action::Pause) + " resume."}};
  if (!status.thinking) return {{"Engine " + sideName(toMove) + " to move."}};
  std::string text = "Engine thinking: " + seconds(status.elapsedSeconds);
  if (status.best.nodes) text += ", " + shortCount(status.best.nodes) + " nodes";
  if (status.best.move >= 0) text += ", best so far " + moveToken(status.best.move);
  std::vector<StyledText> lines{{text}};
  if (const std::string proven = verdictText(toMove, status.best.verdict, status.best.plies);
      !proven.empty())
    lines.push_back({proven, Style::Highlight, true});
  return lines;
}

// Why the engine played its last move, while that move is still on the board and the game
// goes on (once it is over, the result says what matters); else the comment of the move on
// the board (a loaded record's, or an engine reason of an earlier session).
std::vector<StyledText> App::lastMoveLines() const {
  const Game& game = round_.game;
  const std::size_t n = game.moves().size();
  if (game.position().isGameOver() || n == 0) return {};
  const std::optional<EngineNote>& note = round_.lastEngineMove;
  if (!note || note->ply >= n || game.moves()[note->ply] != note->choice.move) {
    if (game.comments()[n - 1].empty() || (note && note->ply == n - 1)) return {};
    return {{"Move " + std::to_string(n) + " (" + moveToken(game.moves()[n - 1]) +
                 "): " + game.comments()[n - 1],
             Style::Dim}};
  }
  const MoveChoice& c = note->choice;
  std::string text = "Engine (" + sideName(note->side) + ") played " + moveToken(c.move);
  if (settings_.engine.explain && !c.reason.empty()) text += ": " + c.reason;
  text += ".";
  if (const std::string proven = verdictText(note->side, c.verdict, c.plies); !proven.empty())
    text += " " + proven + (c.fromBook ? " (book)." : ".");
  std::vector<StyledText> lines{{text}};
  if (!showExpected_) return lines;
  std::string expected = "Expected line:";
  for (int k = 1; k < c.pvLength; ++k)
    expected += ' ' + moveToken(c.pv[static_cast<std::size_t>(k)]);
  lines.push_back({c.pvLength > 1 ? expected
                                  : "Expected line: none beyond this move (it was not searched "
                                    "deeper)"});
  return lines;
}

// The explanation's step on the board, in words; a hint; the saved games of a Load prompt.
std::vector<StyledText> App::explanationLines() const {
  std::vector<StyledText> lines;
  const Position& pos = round_.game.position();
  const std::optional<Explanation>& e = round_.explaining;
  const Side us = pos.sideToMove();
  if (e && e->from == pos && e->quiet) {
    const QuietWin& q = *e->quiet;
    std::string threat;
    for (std::size_t k = 0; k < q.threat.size(); k += 2)
      threat.append(" ").append(moveToken(q.threat[k]));
    lines.push_back(
        {sideName(us) + " wins within " + std::to_string((q.plies + 1) / 2) +
             " moves, but not by threes alone (a checked proof; " + std::to_string(q.choices) +
             " positions where " + sideName(us) + " chooses). The first move, " +
             moveToken(q.move) + ", makes no three" +
             (threat.empty() ? ": more quiet moves follow."
                             : "; were " + sideName(opponent(us)) + " to pass, " + sideName(us) +
                                   " would win by threes:" + threat + "."),
         Style::Highlight, true});
    lines.push_back({keys_.primaryKeyName(Action::Explain) + ": back to the game", Style::Dim});
  } else if (e && e->from == pos) {
    // Counted in the player's moves, as the hint counts them: a double threat is followed
    // by the move that completes a line, which the board does not show as a step.
    const ForcingStep& step = e->steps[e->shown - 1];
    const bool completes = e->steps.back().completesLine;
    const std::string total = std::to_string(e->steps.size() + (completes ? 0 : 1));
    const bool last = e->shown == e->steps.size();
    lines.push_back({"Forcing win in " + total + " moves (checked by the rules), move " +
                         std::to_string(e->shown) + " of " + total + ": " + sideName(us) + " " +
                         moveToken(step.move) + " " + describeStep(step, us) +
                         (step.reply >= 0 ? " at " + moveToken(step.reply) : std::string()) + "." +
                         (last && !completes ? " Move " + total + " completes a line." : ""),
                     Style::Highlight, true});
    lines.push_back({keys_.primaryKeyName(Action::Explain) + ": next step (the board shows the " +
                         "line, not the game)",
                     Style::Dim});
  }
  if (const LinePrompt* prompt = top<LinePrompt>(); prompt && !prompt->note.empty())
    lines.push_back({prompt->note, Style::Dim});
  if (round_.hint && round_.hintPly == round_.game.moves().size())
    lines.push_back({"Hint: " + moveToken(round_.hint->move) +
                         (round_.hint->reason.empty() ? "" : " - " + round_.hint->reason),
                     Style::Highlight});
  return lines;
}

// The threat marks and the overlay, in words.
std::vector<StyledText> App::analysisLines() const {
  std::vector<StyledText> lines;
  const Position& pos = round_.game.position();
  if (pos.isGameOver()) return lines;
  if (showThreats_) {
    for (Side s : {Side::X, Side::O}) {
      const Bitboard threes = threatCells(pos, s), doubles = doubleThreatCells(pos, s);
      std::string text = sideName(s) + ": ";
      text += threes ? "completes a line at " + tokens(threes, 4) : std::string("no threes");
      text +=
          doubles ? ", double threat at " + tokens(doubles, 4) : std::string(", no double threats");
      lines.push_back({text, styleOf(s)});
    }
  }
  if (!showOverlay_) return lines;
  const Side toMove = pos.sideToMove();
  std::string text = "Overlay (" + sideName(toMove) + " to move): ";
  const std::optional<BoardAnalysis> a = analysis_ ? analysis_->snapshot(pos) : std::nullopt;
  if (!a) {
    lines.push_back({text + "starting...", Style::Dim});
    return lines;
  }
  int wins = 0, losses = 0;
  for (Bitboard empty = pos.emptyCells(); empty;) {
    const MoveValue v = a->cells[popLowest(empty)].value;
    wins += v == MoveValue::Win;
    losses += v == MoveValue::Loss;
  }
  const int open = popcount(pos.emptyCells()) - wins - losses;
  text += std::to_string(wins) + " W, " + std::to_string(losses) + " L" +
          (open > 0 ? ", " + std::to_string(open) + " ? (not proven)" : "");
  // Says when it is done, so "?" cells left then are what the overlay could not prove.
  text += a->complete()
              ? (open > 0 ? "; finished: no more will be proven at this budget"
                          : "; finished: every move proven")
              : "; analysing " + std::to_string(a->judged) + "/" + std::to_string(a->toJudge);
  const std::string verdict =
      overlayVerdict(toMove, wins, losses, popcount(pos.emptyCells()), a->complete());
  if (!verdict.empty()) lines.push_back({verdict, wins ? Style::Win : Style::Loss, true});
  lines.push_back({text, Style::Dim});
  return lines;
}

// The line at the bottom of the screen for the prompt or question on top, if any.
std::string App::promptLine() const {
  if (const LinePrompt* p = top<LinePrompt>()) {
    if (p->purpose == LinePrompt::Purpose::Save)
      return "Save game to (Enter saves, Esc cancels, C-u clears): " + p->text;
    if (p->purpose == LinePrompt::Purpose::Load)
      return "Load game from (Enter loads, Esc cancels, C-u clears): " + p->text;
    return "Go to move (0 to " + std::to_string(round_.game.line().size()) +
           ", Enter goes, Esc cancels): " + p->text;
  }
  const Question* q = top<Question>();
  if (!q) return {};
  const std::string answer = q->reminded ? "Answer y (yes) or n (no). " : "";
  if (q->purpose == Question::Purpose::Resume)
    return answer + "An unfinished game (" + countOf(q->unfinished->moves.size(), "move") +
           ") was kept from the last run. Resume it? y: yes, n: start afresh";
  if (q->purpose == Question::Purpose::Replace)
    return answer + "Replace " + q->path + " (this game as saved before) with the game now? " +
           "y: yes, n: no";
  return answer + "This game is not saved. " +
         (q->leaving == Action::Quit   ? "Quit"
          : q->leaving == Action::Load ? "Load another"
                                       : "Start a new one") +
         " and lose it? y: yes, n: no (" + keys_.primaryKeyName(Action::Save) + " saves)";
}

// The tour's step: its line drawn =X= on an empty board, its words in the panel.
ViewState App::tourView(const TourScreen& tour) const {
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

ViewState App::buildView() const {
  if (const TourScreen* tour = top<TourScreen>()) return tourView(*tour);
  ViewState v;
  v.title = "QUBIC  4x4x4 tic-tac-toe: four in a line wins, in a level or across levels";
  const Game& game = round_.game;
  const Position& pos = game.position();
  std::optional<BoardAnalysis> overlay;
  if (showOverlay_ && analysis_) overlay = analysis_->snapshot(pos);
  BoardMarks marks;
  marks.threats = showThreats_ || round_.explaining.has_value();
  // The overlay judges the game's position, not an explanation's step.
  marks.overlay = overlay && !round_.explaining ? &*overlay : nullptr;
  if (showLines_) marks.linesThrough = cursor_;
  int lastMove = -1;
  const Position shown = round_.shownPosition(lastMove);
  v.cells = boardLook(shown, lastMove, marks);
  // The cursor stays while the engine thinks, so the next move can be aimed meanwhile.
  v.cursor = !pos.isGameOver() && seats_.anyHuman() ? cursor_ : -1;
  v.activeLevel = levelOf(cursor_);
  v.status = statusLines();
  for (int cell : game.moves()) v.moveTokens.push_back(moveToken(cell));
  if (review_) {
    const ReviewState state = review_->state();
    const std::size_t reviewed = state.covers(game.start(), game.moves());
    for (std::size_t i = 0; i < reviewed; ++i) v.moveTokens[i] += reviewMark(state.verdicts[i]);
  }
  v.firstPly = game.start().moveCount();
  if (pos.isGameOver()) v.result = std::string(resultToken(resultOf(pos)));
  v.message = message_;
  v.keyBar = keyBar(keys_, !seats_.anyHuman());
  v.prompt = promptLine();
  v.typing = top<LinePrompt>() != nullptr;
  if (top<HelpScreen>()) {
    v.help = helpScreen(keys_);
    v.helpFooter = "l: a tour of the lines across the levels; any other key: back to the game";
  } else if (top<StartScreen>()) {
    v.help = startScreenLines();
    v.helpFooter = "1-7 or Enter start  " + keys_.primaryKeyName(Action::LevelUp) +
                   keys_.primaryKeyName(Action::LevelDown) + " level  " +
                   keys_.primaryKeyName(Action::Help) + " help  " +
                   keys_.primaryKeyName(Action::Quit) + " quit";
  }
  return v;
}

}  // namespace qubic::tui
