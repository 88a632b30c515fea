// The page's controller, in the shape of lichess's round UI: one object owns the game, the
// engine's client and every transition of the game; the views (the board, the move list, the
// panels) are drawn from it by render(). The modes, the clock, the study, the engine's choice
// and the files add their transitions to it (turns-ctrl.js, modes-ctrl.js, clock-ctrl.js,
// study-ctrl.js, engine-ctrl.js, files-ctrl.js); app.js builds it and wires the page's
// controls to it.
import {BoardView, indexOf, tokenOf} from './board.js';
import {$} from './dom.js';
import {mateOf, multiPvOf} from './ugi.js';
import {analyse, takeValue} from './analysis.js';
import {plainSearch} from './searches.js';
import {keepGame} from './game-store.js';
import {MoveList} from './move-list.js';
import * as review from './review.js';

export const kResultText = {p1win: 'X wins', p2win: 'O wins', draw: 'Draw'};

export function createController() {
  const game = {
    start: null,      // the start position's string (a record's Position tag), null: empty board
    moves: [],        // move tokens from the start
    ended: null,      // a finish the board does not show (a record's): {result, reason}
    human: 'x',       // 'x', 'o' or 'both'
    xToMove: true,    // from query p1turn
    over: false,
    result: '',       // from query result once over
    hint: null,
    line: [],         // the completed line's cells, from query winline
    values: {},       // the analysis: index -> {kind: 'win' | 'loss', distance: moves}
    analysing: -1,    // the generation whose position the analysis searches
    claim: '',
    view: null,       // the ply shown from the move list (1: after the first move), null: the game
    mode: null,       // a puzzle {kind, puzzle, hinted, winning} or survival {kind, bound, tainted}
    clock: null,      // a GameClock (clock.js) when the game is played on the clock
    review: null,     // the engine's review: {moves: the moves reviewed, lines: a line a move}
    explain: null,    // an explanation on the board: {steps: [{move, reply, threes, words}], shown, ...}
    generation: 0,    // bumped by new game, undo and load: a search for an old position is dropped
  };
  const ctrl = {
    game,
    ugi: null,          // the engine's client (ugi.js)
    engine: null,       // the handshake's {name, options}
    lastMate: null,     // the last proven score of the engine's search, the engine to move
    provenWins: null,   // a puzzle's opening analysis collects its proven winning moves here
    puzzles: null,      // data/qubic.puzzles, fetched when first asked for
    restoredMode: null, // a puzzle or survival kept with the game, taken up once connected
    restoredWords: '',  // what the page says of a game it brought back
  };
  const board = ctrl.board = new BoardView($('cube'), $('flat'), (token) => playHuman(token));
  const moveList = ctrl.moveList = new MoveList($('moves'), (ply) => ctrl.viewPly(ply));
  Object.assign(ctrl, {stonesOf, xMovesFirst, say, render, changeMoves, engineToMove, settle,
                       playHuman, claimFrom, showClaim, changeGame, lost});
  return ctrl;

  // The stones of the start position and `moves` after it: index -> 'x' | 'o'.
  function stonesOf(moves) {
    const stones = {};
    const planes = game.start ? game.start.split(' ')[0].split('/').join('') : '';
    for (let i = 0; i < planes.length; ++i) if (planes[i] !== '.') stones[i] = planes[i];
    const first = xMovesFirst() ? 0 : 1;
    moves.forEach((token, i) => (stones[indexOf(token)] = (i + first) % 2 === 0 ? 'x' : 'o'));
    return stones;
  }

  function xMovesFirst() {
    return !game.start || game.start.split(' ')[1] !== 'o';
  }

  function say(text, kind = '') {
    $('message').textContent = text;
    $('message').dataset.kind = kind;
  }

  function render() {
    const viewing = game.view !== null;
    const shown = viewing ? game.moves.slice(0, game.view) : game.moves;
    const last = shown.length ? indexOf(shown[shown.length - 1]) : null;
    if (game.explain) ctrl.drawExplanation();
    else board.draw(stonesOf(shown), viewing ? {last} :
      {last, hint: game.hint, line: game.line, values: game.values});
    $('explain-next').hidden = $('explain-end').hidden = !game.explain;
    const toMove = game.xToMove ? 'X' : 'O';
    $('status').textContent = game.over ? 'Game over: ' + (kResultText[game.result] || game.result) +
                                          (game.ended ? ' (' + game.ended.reason + ')' : '')
                                        : toMove + ' to move';
    $('status').dataset.result = game.over ? game.result : '';
    $('banner').textContent = bannerText();
    $('takeback').hidden = $('live').hidden = !viewing;
    $('resign').disabled = game.over || game.human === 'both';
    ctrl.showClocks();
    ctrl.showMode();
    showClaim();
    const verdicts = review.currentVerdicts(game.review, game.moves);
    moveList.draw(game.moves, game.view, verdicts, review.markOf);
    review.drawReviewList($('review-list'), Object.values(verdicts), xMovesFirst());
    keepGame(game);
  }

  // Who won, in the player's words, once a game against the engine is over.
  function bannerText() {
    if (!game.over || game.human === 'both' || !kResultText[game.result]) return '';
    if (game.result === 'draw') return 'A draw.';
    const won = (game.result === 'p1win') === (game.human === 'x');
    const onTime = game.ended && game.ended.termination === 'time forfeit';
    return won ? (onTime ? 'You won on time!' : 'You won!') : onTime ? 'You lost on time.' : 'You lost.';
  }

  // The game's moves change (`fields`: start, moves, ended, ...): what was derived from the
  // old ones goes, and settle() asks the engine again.
  function changeMoves(fields) {
    Object.assign(game, {over: false, result: '', hint: null, line: [], claim: '', values: {},
                         view: null, explain: null, beyond: false}, fields);
    if ('start' in fields) {  // another game: the review and the players were the last's
      game.review = null;
      game.loadedPlayers = null;
    }
    // Until the engine says (settle), the side to move by the count of moves: the status is
    // not left stale meanwhile.
    game.xToMove = (game.moves.length % 2 === 0) === xMovesFirst();
  }

  function engineToMove() {
    if (game.over || game.human === 'both') return false;
    return game.xToMove ? game.human !== 'x' : game.human !== 'o';
  }

  // After any change of the moves: the engine judges the position, then moves if it is
  // its turn.
  async function settle() {
    const generation = game.generation;
    game.hint = null;
    const error = await ctrl.ugi.position(game.moves, game.start);
    if (generation !== game.generation) return;
    if (error) return dropRefused(error);
    game.over = (await ctrl.ugi.query('gameover')) === 'true';
    game.result = game.over ? await ctrl.ugi.query('result') : '';
    if (!game.over && game.ended) Object.assign(game, {over: true, result: game.ended.result});
    game.line = game.over ? (await ctrl.ugi.winningLine()).map(indexOf) : [];
    game.xToMove = (await ctrl.ugi.query('p1turn')) === 'true';
    if (generation !== game.generation) return;
    if (game.over) ctrl.endMode();
    ctrl.runClock();
    render();
    if (engineToMove()) await think(generation);
    else if ($('analysis').checked && !game.over) await analyse({ugi: ctrl.ugi, engine: ctrl.engine, game, say}, generation);
  }

  // What the engine refused of the game (an address's or a kept game's) goes, in one round
  // trip: from the move its error names (`move N (...)`) to the end, else the start
  // position itself, and the page says what was dropped.
  function dropRefused(error) {
    const named = /\bmove (\d+) \(/.exec(error);
    const first = named ? Number(named[1]) - 1 : game.moves.length - 1;
    if (named && first < game.moves.length || !game.start && first >= 0) {
      const dropped = game.moves.splice(first);
      say((dropped.length === 1 ? dropped[0]
                                : 'Moves ' + (first + 1) + ' to ' + (first + dropped.length) +
                                  ' (' + dropped[0] + ' and ' + (dropped.length - 1) + ' more)') +
          (dropped.length === 1 ? ' was' : ' were') + ' refused by the engine: ' + error +
          (game.beyond ? '; the moves after the 64th were dropped unread.' : ''), 'error');
    } else if (game.start) {
      say('The start position was refused by the engine (' + error + '): a new game instead.', 'error');
      changeMoves({start: null, moves: [], ended: null});
    } else {
      return say('The engine refused the empty board: ' + error, 'error');
    }
    return settle();
  }

  async function think(generation) {
    say('The engine is thinking…');
    ctrl.lastMate = null;
    const limits = game.clock ? game.clock.goLimits() : 'movetime ' + $('movetime').value;
    const move = await ctrl.ugi.go(game.moves, limits, plainSearch(ctrl.engine, Boolean(game.mode)), game.start);
    if (generation !== game.generation) return;
    if (game.clock) {
      const side = game.xToMove ? 'x' : 'o';
      if (game.clock.remaining(side) <= 0) return ctrl.flagFall(side);  // its move came too late
      game.clock.moved();
      ctrl.startClock(side === 'x' ? 'o' : 'x', game.moves.length + 1);
    }
    ctrl.judgeReply(ctrl.lastMate);
    game.moves.push(move);
    say('The engine played ' + move + '.');
    await settle();
  }

  function playHuman(token) {
    const index = indexOf(token);
    if (index === null) return say('"' + token + '" is not a cell: give a token such as 2c3.', 'error');
    if (game.over) return say('The game is over: start a new one, or take a move back.');
    if (engineToMove()) return say('It is the engine\'s move.');
    if (game.view !== null)
      return say('This is the position after move ' + game.view + ': Esc goes back to the game, ' +
                 'or Take back to here plays on from it.');
    if (game.explain) return say('The board shows an explanation: Next step, or Esc goes back to the game.');
    if (stonesOf(game.moves)[index]) return say(tokenOf(index) + ' is taken; choose an empty cell.', 'error');
    ++game.generation;
    if (ctrl.ugi) ctrl.ugi.stop();  // an analysis of the position before
    if (game.clock) {  // the other side's time starts at once, before the engine hears of it
      game.clock.moved();
      ctrl.startClock(game.xToMove ? 'o' : 'x', game.moves.length + 1);
    }
    game.moves.push(tokenOf(index));
    Object.assign(game, {claim: '', values: {}});
    ctrl.judgeFirstMove(tokenOf(index));
    say('You played ' + tokenOf(index) + '.');
    render();
    settle().catch(lost);
  }

  // What the engine proves, in the words of the game: only from a mate score.
  function claimFrom(line) {
    // A review's progress (docs/protocol.md): steps done of all, while it runs.
    const progress = line.match(/^info string review progress (\d+) of (\d+)$/);
    if (progress && game.reviewing)
      return say(game.reviewing.words + ': step ' + progress[1] + ' of ' + progress[2] + '…');
    if (takeValue(game, line)) render();
    const pv = multiPvOf(line);
    if (pv && ctrl.provenWins && ctrl.provenWins.generation === game.generation && pv.mate > 0)
      ctrl.provenWins.add(pv.move);
    if (pv && pv.rank !== 1) return;
    const mate = mateOf(line);
    if (mate === null || mate === 0) return;
    ctrl.lastMate = mate;
    const moverWins = mate > 0;
    const winner = game.xToMove === moverWins ? 'X' : 'O';
    const moves = Math.ceil(Math.abs(mate) / 2);
    game.claim = winner + ' wins within ' + moves + (moves === 1 ? ' move' : ' moves') +
                 ' (proven by the engine)';
    showClaim();
  }

  // Issue 70, 8: the engine's proven claims only for a player who asked for them (as the
  // terminal game), and never once the game is over.
  function showClaim() {
    $('claim').textContent = $('claims').checked && !game.over ? game.claim : '';
  }

  // Every control that changes the game stops the search first (its answer, drained by the
  // request chain, is dropped: the generation moved on), then settles the game afresh.
  function changeGame() {
    ++game.generation;
    if (ctrl.ugi) ctrl.ugi.stop();
    game.explain = null;
  }

  function lost() {
    if (ctrl.ugi && ctrl.ugi.open) return;
    say(ctrl.ugi && ctrl.ugi.hung ? 'The engine stopped answering. Your game is kept: reconnect to go on.'
                        : 'The engine stopped. Your game is kept: reconnect to go on.', 'error');
    $('reconnect').hidden = false;
  }
}
