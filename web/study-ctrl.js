// The proven review of the game and the explanation of a win, on the page (review.js reads
// the engine's review into marks; the explanation's steps are drawn here).
import {$} from './dom.js';
import {indexOf} from './board.js';
import * as modes from './modes.js';
import * as review from './review.js';

export function installStudy(ctrl) {
  const {game, board} = ctrl;
  Object.assign(ctrl, {reviewGame, explainWin, drawExplanation, explainNext, endExplanation});

  // The proven review of the game so far (review.js): the engine's `review`, at the budget of
  // ?review=N in the address (positions a position), else the engine's 100 000.
  async function reviewGame() {
    if (!game.moves.length) return ctrl.say('Nothing to review yet: no move has been played.');
    ctrl.changeGame();  // the engine's search or the analysis gives way
    const generation = game.generation;
    const asked = Math.floor(Number(new URLSearchParams(location.search).get('review')));
    const positions = asked >= 1 ? asked : 100000;
    game.reviewing = {words: 'Reviewing ' + modes.movesWord(game.moves.length) +
                              ' with proofs (' + positions + ' positions a position)'};
    ctrl.say(game.reviewing.words + '…');
    $('review-stop').hidden = false;
    const result = await ctrl.ugi.review(game.moves, game.start, positions).finally(() => {
      game.reviewing = null;
      $('review-stop').hidden = true;
    });
    if (generation !== game.generation) return;
    if (result.error) {
      ctrl.say('No review: ' + result.error + '.', 'error');
    } else if (result.stopped) {
      ctrl.say('Review stopped: the moves were not all judged.');
    } else {
      game.review = {moves: game.moves.slice(), lines: result.moves};
      ctrl.say(review.summaryOf(result.moves, ctrl.xMovesFirst()));
    }
    ctrl.render();
    await ctrl.settle();
  }

  // Explain (the engine's `explain`, docs/protocol.md): how the side to move wins. A forcing
  // win is shown a step at a time on the board (the winner's move, the threes it makes, the
  // cell the defender must take); the board shows the line, not the game, until it ends.
  async function explainWin() {
    if (game.over) return ctrl.say('The game is over: nothing to explain.');
    ctrl.changeGame();
    const generation = game.generation;
    if (game.mode) game.mode.hinted = true;  // it gives a puzzle's answer away: as a hint
    ctrl.say('Looking for the win, to explain it…');
    const result = await ctrl.ugi.explain(game.moves, game.start);
    if (generation !== game.generation) return;
    if (result.error) {
      ctrl.say('No explanation: ' + result.error + '.', 'error');
    } else if (result.kind === 'none') {
      ctrl.say(result.words + '.');
    } else {
      const side = game.xToMove ? 'X' : 'O';
      game.explain = result.kind === 'forcing'
        ? {side, steps: result.steps, plies: result.plies, shown: 1}
        : {side, steps: [{move: result.move, reply: null, threes: [], words: result.words}],
           plies: result.plies, shown: 1, quiet: true};
      sayStep();
    }
    ctrl.render();
    if (!game.explain) await ctrl.settle();
  }

  function sayStep() {
    const e = game.explain;
    const step = e.steps[e.shown - 1];
    if (e.quiet) return ctrl.say(step.words + ' (Back to the game: Esc.)');
    // Counted in the winner's moves: after a double threat the move that completes a line
    // is not a step of its own.
    const completes = e.steps[e.steps.length - 1].words === 'completes a line';
    const total = e.steps.length + (completes ? 0 : 1);
    const last = e.shown === e.steps.length;
    ctrl.say('Forcing win in ' + total + ' moves (checked by the rules), move ' + e.shown + ' of ' +
        total + ': ' + e.side + ' ' + step.move + ' ' + step.words +
        (step.reply ? ' at ' + step.reply : '') + '.' +
        (last && !completes ? ' Move ' + total + ' completes a line.' : '') +
        ' (The board shows the line, not the game.)');
  }

  function drawExplanation() {
    const e = game.explain;
    const stones = ctrl.stonesOf(game.moves);
    const other = e.side === 'X' ? 'o' : 'x';
    e.steps.slice(0, e.shown).forEach((step, k) => {
      stones[indexOf(step.move)] = e.side.toLowerCase();
      if (step.reply && k < e.shown - 1) stones[indexOf(step.reply)] = other;
    });
    const step = e.steps[e.shown - 1];
    board.draw(stones, {last: indexOf(step.move), hint: step.reply ? indexOf(step.reply) : null,
                        line: step.threes.flat().map(indexOf)});
  }

  function explainNext() {
    if (!game.explain) return;
    if (game.explain.shown < game.explain.steps.length) {
      ++game.explain.shown;
      sayStep();
      return ctrl.render();
    }
    endExplanation();
  }

  function endExplanation() {
    if (!game.explain) return;
    game.explain = null;
    ctrl.say('End of the explanation: the board shows the game again.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }
}
