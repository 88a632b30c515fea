// The App's half that turns its state into a ViewState: board marks, the status panel
// in words, the move list and the bars.
#include <cstdio>

#include "app.hpp"
#include "engine/core/notation.hpp"
#include "engine/threats/threats.hpp"
#include "panel.hpp"

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
// loss, ? a longer defence existed, ! the only winning move.
const char* reviewMark(const ReviewedMove& r) {
  if (isMistake(r.verdict)) return "??";
  if (r.verdict == MoveVerdict::ShorterDefence) return "?";
  return r.onlyMove ? "!" : "";
}

}  // namespace

std::string App::seatText(Side s) const {
  if (mode_ == GameMode::Survival && seats_.isEngine(s)) return "Engine, perfect X (the proof)";
  if (seats_.isEngine(s)) return "Engine, level " + std::to_string(levels_[index(s)]);
  return seats_.isEngine(opponent(s)) ? "You" : "Player " + sideName(s);
}

std::vector<StyledText> App::puzzleLines() const {
  if (mode_ != GameMode::Puzzle || !puzzles_) return {};
  const Puzzle& p = puzzles_->shown();
  const Side us = p.position.sideToMove();
  const std::string wins =
      sideName(us) + " wins in " + std::to_string((p.plies + 1) / 2) + " moves";
  std::vector<StyledText> lines;
  const std::string title = "Puzzle " + std::to_string(puzzles_->shownIndex() + 1) + " of " +
                            std::to_string(puzzles_->count()) + ", " + std::string(p.stars, '*');
  const std::string next = keys_.primaryKeyName(Action::NewGame) + ": next puzzle (solved " +
                           std::to_string(puzzles_->solvedCount()) + " of " +
                           std::to_string(puzzles_->count()) + ")   " +
                           keys_.primaryKeyName(Action::Players) + ": leave puzzles";
  if (game_.position().isGameOver()) {
    const bool won = game_.position().status() == (us == Side::X ? Status::XWins : Status::OWins);
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
  const std::vector<int>& moves = game_.moves();
  if (a.move >= 0 && !moves.empty() && moves[0] == a.move) {
    const std::string played = moveToken(a.move);
    if (!a.checked) {
      lines.push_back({"Checking " + played + " with the solver..."});
    } else if (a.check.verdict == AnswerVerdict::Fastest) {
      lines.push_back({"Right: " + played + " wins, the fastest way (" + wins +
                           "). Now finish it against the engine.",
                       Style::Win, true});
    } else if (a.check.verdict == AnswerVerdict::Wins) {
      lines.push_back({"Right: " + played + " wins too, in " +
                           std::to_string((a.check.plies + 1) / 2) + " moves; " +
                           moveToken(p.bestMove) + " is faster (" + wins + ").",
                       Style::Win, true});
    } else if (a.check.verdict == AnswerVerdict::DoesNotWin) {
      lines.push_back({"Not this one: after " + played + " " + sideName(us) +
                           " cannot force a win. " + keys_.primaryKeyName(Action::Undo) +
                           " takes it back.",
                       Style::Error, true});
    } else {
      lines.push_back({"The solver could not settle " + played + " within its budget."});
    }
  }
  lines.push_back({next, Style::Dim});
  return lines;
}

std::vector<StyledText> App::survivalLines() const {
  if (mode_ != GameMode::Survival) return {};
  const int plies = static_cast<int>(game_.moves().size());
  const std::string best =
      survivalBest_ > 0 ? " Your best: " + std::to_string(survivalBest_) + "." : std::string();
  if (!game_.position().isGameOver())
    return {{"Survival, O against perfect X: ply " + std::to_string(plies) + "; the proof ends " +
                 "the game by ply " + std::to_string(survivalLongest_) + " at the latest." + best,
             Style::Title, true}};
  std::string text = "You survived " + std::to_string(plies) + " plies of the " +
                     std::to_string(survivalLongest_) + " the proof allows at most." + best;
  if (!survivalCounts_) text += " (Moves were taken back or hints used: not scored.)";
  return {{text, Style::Highlight, true},
          {keys_.primaryKeyName(Action::NewGame) + ": try again   " +
               keys_.primaryKeyName(Action::Players) + ": leave survival",
           Style::Dim}};
}

std::vector<StyledText> App::reviewLines() const {
  if (!review_) return {};
  const ReviewState state = review_->state();
  const std::vector<int>& moves = game_.moves();
  if (state.running) {
    if (!(state.start == game_.start())) return {};
    return {{"Reviewing the game with proofs: " + std::to_string(state.done) + "/" +
             std::to_string(state.total)}};
  }
  if (moves.empty() || state.covers(game_.start(), moves) < moves.size()) return {};
  const ReviewedMove& r = state.verdicts[moves.size() - 1];
  return {{"Review, move " + std::to_string(moves.size()) + " " + moveToken(r.move) + " (" +
               sideName(r.mover) + "): " + describeVerdict(r) + ".",
           isMistake(r.verdict) ? Style::Error : Style::Highlight, true},
          {"  before: " + describeValue(r.before, r.mover) +
               "; after: " + describeValue(r.after, r.mover),
           Style::Dim}};
}

std::vector<StyledText> App::statusLines() const {
  std::vector<StyledText> lines;
  const Position& pos = game_.position();
  const Side toMove = pos.sideToMove();
  const auto now = std::chrono::steady_clock::now();
  for (Side s : {Side::X, Side::O}) {
    const bool moving = !pos.isGameOver() && !lostOnTime_ && s == toMove;
    std::string line = sideName(s) + "  " + seatText(s);
    if (clock_.hasClock()) line += "   " + GameClock::format(clock_.remaining(s, now));
    lines.push_back({line + (moving ? "   <- to move" : ""), styleOf(s), moving});
  }
  if (lostOnTime_) {
    lines.push_back(
        {sideName(*lostOnTime_) + " lost on time: " + sideName(opponent(*lostOnTime_)) + " wins.",
         Style::Highlight, true});
    lines.push_back({keys_.primaryKeyName(Action::NewGame) + ": new game"});
    return lines;
  }

  // What happens now.
  if (pos.isGameOver()) {
    const std::string again = keys_.primaryKeyName(Action::NewGame) + ": new game   " +
                              keys_.primaryKeyName(Action::Undo) + ": undo";
    if (pos.status() == Status::Draw)
      lines.push_back({"Draw: the cube is full and nobody has a line.", Style::Highlight, true});
    else
      lines.push_back({sideName(pos.status() == Status::XWins ? Side::X : Side::O) +
                           " wins with the line " + winningLineName(pos) + "!",
                       Style::Highlight, true});
    if (mode_ == GameMode::Play) lines.push_back({again});  // a puzzle, survival: their own keys
  } else if (seats_.isEngine(toMove)) {
    const EngineStatus status = engine_.status();
    if (paused_ && !status.thinking) {
      lines.push_back({"Engine paused: " + keys_.primaryKeyName(Action::Step) + " one move, " +
                       keys_.primaryKeyName(Action::Pause) + " resume."});
    } else if (!status.thinking) {
      lines.push_back({"Engine " + sideName(toMove) + " to move."});
    } else {
      std::string text = "Engine thinking: " + seconds(status.elapsedSeconds);
      if (status.best.nodes) text += ", " + shortCount(status.best.nodes) + " nodes";
      if (status.best.move >= 0) text += ", best so far " + moveToken(status.best.move);
      lines.push_back({text});
      if (const std::string proven = verdictText(toMove, status.best.verdict, status.best.plies);
          !proven.empty())
        lines.push_back({proven, Style::Highlight, true});
    }
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

  // Why the engine played its last move, while that move is still on the board and the
  // game goes on (once it is over, the result says what matters).
  if (!pos.isGameOver() && lastEngineMove_ && lastEngineMove_->ply < game_.moves().size() &&
      game_.moves()[lastEngineMove_->ply] == lastEngineMove_->choice.move) {
    const MoveChoice& c = lastEngineMove_->choice;
    std::string text =
        "Engine (" + sideName(lastEngineMove_->side) + ") played " + moveToken(c.move);
    if (settings_.engine.explain && !c.reason.empty()) text += ": " + c.reason;
    text += ".";
    if (const std::string proven = verdictText(lastEngineMove_->side, c.verdict, c.plies);
        !proven.empty())
      text += " " + proven + (c.fromBook ? " (book)." : ".");
    lines.push_back({text});
    if (showExpected_) {
      std::string expected = "Expected line:";
      for (int k = 1; k < c.pvLength; ++k) {
        expected += ' ';
        expected += moveToken(c.pv[static_cast<std::size_t>(k)]);
      }
      lines.push_back({c.pvLength > 1
                           ? expected
                           : "Expected line: none beyond this move (it was not searched deeper)"});
    }
  }
  if (explaining_ && explaining_->from == pos && explaining_->quiet) {
    const QuietWin& q = *explaining_->quiet;
    const Side us = pos.sideToMove();
    std::string threat;
    for (std::size_t k = 0; k < q.threat.size(); k += 2) threat += " " + moveToken(q.threat[k]);
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
  } else if (explaining_ && explaining_->from == pos) {
    const ForcingStep& step = explaining_->steps[explaining_->shown - 1];
    const Side us = pos.sideToMove();
    lines.push_back({"Forcing win, step " + std::to_string(explaining_->shown) + " of " +
                         std::to_string(explaining_->steps.size()) + " (checked by the rules): " +
                         sideName(us) + " " + moveToken(step.move) + " " + describeStep(step, us) +
                         (step.reply >= 0 ? " at " + moveToken(step.reply) : std::string()) + ".",
                     Style::Highlight, true});
    lines.push_back({keys_.primaryKeyName(Action::Explain) + ": next step (the board shows the " +
                         "line, not the game)",
                     Style::Dim});
  }
  // A comment of the move on the board (a loaded record's, or an engine reason of an
  // earlier session), while stepping through a game.
  if (const std::size_t n = game_.moves().size();
      !pos.isGameOver() && n > 0 && !game_.comments()[n - 1].empty() &&
      !(lastEngineMove_ && lastEngineMove_->ply == n - 1))
    lines.push_back({"Move " + std::to_string(n) + " (" + moveToken(game_.moves()[n - 1]) +
                         "): " + game_.comments()[n - 1],
                     Style::Dim});
  if (prompt_ == PromptKind::Load) lines.push_back({savedList_, Style::Dim});
  for (StyledText& line : puzzleLines()) lines.push_back(std::move(line));
  for (StyledText& line : survivalLines()) lines.push_back(std::move(line));
  for (StyledText& line : reviewLines()) lines.push_back(std::move(line));
  if (hint_ && hintPly_ == game_.moves().size())
    lines.push_back(
        {"Hint: " + moveToken(hint_->move) + (hint_->reason.empty() ? "" : " - " + hint_->reason),
         Style::Highlight});

  if (showThreats_ && !pos.isGameOver()) {
    for (Side s : {Side::X, Side::O}) {
      const Bitboard threes = threatCells(pos, s), doubles = doubleThreatCells(pos, s);
      std::string text = sideName(s) + ": ";
      text += threes ? "completes a line at " + tokens(threes, 4) : std::string("no threes");
      text +=
          doubles ? ", double threat at " + tokens(doubles, 4) : std::string(", no double threats");
      lines.push_back({text, styleOf(s)});
    }
  }
  if (showOverlay_ && !pos.isGameOver()) {
    std::string text = "Overlay (" + sideName(toMove) + " to move): ";
    const std::optional<BoardAnalysis> a = analysis_ ? analysis_->snapshot(pos) : std::nullopt;
    if (!a) {
      text += "starting...";
    } else {
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
                  ? "; done"
                  : "; analysing " + std::to_string(a->judged) + "/" + std::to_string(a->toJudge);
      const std::string verdict =
          overlayVerdict(toMove, wins, losses, popcount(pos.emptyCells()), a->complete());
      if (!verdict.empty()) lines.push_back({verdict, wins ? Style::Win : Style::Loss, true});
    }
    lines.push_back({text, Style::Dim});
  }
  return lines;
}

ViewState App::buildView() const {
  ViewState v;
  v.title = "QUBIC  4x4x4 tic-tac-toe: four in a line wins, in a level or across levels";
  const Position& pos = game_.position();
  std::optional<BoardAnalysis> overlay;
  if (showOverlay_ && analysis_) overlay = analysis_->snapshot(pos);
  BoardMarks marks;
  marks.threats = showThreats_ || explaining_.has_value();
  // The overlay judges the game's position, not an explanation's step.
  marks.overlay = overlay && !explaining_ ? &*overlay : nullptr;
  if (showLines_) marks.linesThrough = cursor_;
  int lastMove = -1;
  const Position shown = shownPosition(lastMove);
  v.cells = boardLook(shown, lastMove, marks);
  // The cursor stays while the engine thinks, so the next move can be aimed meanwhile.
  v.cursor = !pos.isGameOver() && seats_.anyHuman() ? cursor_ : -1;
  v.activeLevel = levelOf(cursor_);
  v.status = statusLines();
  for (int cell : game_.moves()) v.moveTokens.push_back(moveToken(cell));
  if (review_) {
    const ReviewState state = review_->state();
    const std::size_t reviewed = state.covers(game_.start(), game_.moves());
    for (std::size_t i = 0; i < reviewed; ++i) v.moveTokens[i] += reviewMark(state.verdicts[i]);
  }
  v.firstPly = game_.start().moveCount();
  if (pos.isGameOver()) v.result = std::string(resultToken(resultOf(pos)));
  v.message = message_;
  v.keyBar = keyBar(keys_, !seats_.anyHuman());
  if (prompt_ == PromptKind::Save)
    v.prompt = "Save game to (Enter saves, Esc cancels, C-u clears): " + promptText_;
  if (prompt_ == PromptKind::GoTo)
    v.prompt = "Go to move (0 to " + std::to_string(game_.line().size()) +
               ", Enter goes, Esc cancels): " + promptText_;
  if (prompt_ == PromptKind::Load)
    v.prompt = "Load game from (Enter loads, Esc cancels, C-u clears): " + promptText_;
  if (prompt_ == PromptKind::Resume && unfinished_)
    v.prompt = "An unfinished game (" + countOf(unfinished_->moves.size(), "move") +
               ") was kept from the last run. Resume it? y: yes, any other key: start afresh";
  if (prompt_ == PromptKind::Replace)
    v.prompt = "Replace " + replacing_ + " (this game as saved before) with the game now? " +
               "y: yes, any other key: no";
  if (prompt_ == PromptKind::Confirm)
    v.prompt = std::string("This game is not saved. ") +
               (confirming_ == Action::Quit   ? "Quit"
                : confirming_ == Action::Load ? "Load another"
                                              : "Start a new one") +
               " and lose it? y: yes, any other key: no (" + keys_.primaryKeyName(Action::Save) +
               " saves)";
  if (helpOpen_)
    v.help = helpScreen(keys_);
  else if (startScreen_) {
    v.help = startScreenLines();
    v.helpFooter = "1-6 or Enter start  " + keys_.primaryKeyName(Action::LevelUp) +
                   keys_.primaryKeyName(Action::LevelDown) + " level  " +
                   keys_.primaryKeyName(Action::Help) + " help  " +
                   keys_.primaryKeyName(Action::Quit) + " quit";
  }
  return v;
}

}  // namespace qubic::tui
