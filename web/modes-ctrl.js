// Puzzles and survival on the page (modes.js knows what they say): the panel's line, how
// each starts and ends, a puzzle's first move judged, a mode kept with the game taken up.
import {$} from './dom.js';
import {analysisSearch} from './searches.js';
import * as strength from './strength.js';
import * as modes from './modes.js';

export function installModes(ctrl) {
  const {game} = ctrl;
  Object.assign(ctrl, {showMode, taint, leaveMode, endMode, startPuzzle, startSurvival, judgeReply,
                      judgeFirstMove, restoreMode});

  function showMode() {
    const mode = game.mode;
    $('next-puzzle').hidden = !mode || mode.kind !== 'puzzle';
    strength.showStrengthMode(ctrl.engine, Boolean(mode));
    if (!mode) return ($('mode-info').textContent = '');
    if (mode.ending) return ($('mode-info').textContent = mode.ending);
    $('mode-info').textContent = mode.kind === 'puzzle'
      ? modes.puzzleTitle(mode.puzzle, ctrl.puzzles.length) +
        (game.moves.length ? (mode.judgement ? ' ' + mode.judgement : '') : ' Find a winning move.')
      : modes.survivalStatus(game.moves.length, mode.bound);
  }

  function taint() {
    if (game.mode && game.mode.kind === 'survival') game.mode.tainted = true;
  }

  function leaveMode() {
    ctrl.provenWins = null;
    game.mode = null;
  }

  // Once the game is over: a puzzle solved (or not), survival's score.
  function endMode() {
    const mode = game.mode;
    if (!mode || mode.ending) return;
    const playerWon = game.result === (game.human === 'x' ? 'p1win' : 'p2win');
    mode.ending = mode.kind === 'puzzle'
      ? modes.puzzleEnd(mode.puzzle, playerWon, mode.hinted, ctrl.puzzles.length)
      : modes.survivalEnd(game.moves.length, mode.bound, mode.tainted || mode.hinted);
  }

  async function loadPuzzles() {
    if (ctrl.puzzles) return ctrl.puzzles;
    const response = await fetch('qubic.puzzles');
    if (!response.ok) throw new Error('this site has no puzzles (qubic.puzzles: ' + response.status + ')');
    ctrl.puzzles = modes.parsePuzzles(await response.text());
    if (!ctrl.puzzles.length) throw new Error('qubic.puzzles holds no puzzle');
    return ctrl.puzzles;
  }

  // A puzzle: the player the side to move, the engine the defender at full strength. While the
  // player thinks, one MultiPV search proves the winning first moves (not shown: they are the
  // answer) so that a first move can be judged at once.
  async function startPuzzle(number) {
    try {
      await loadPuzzles();
    } catch (error) {
      return ctrl.say('No puzzles: ' + error.message + '.', 'error');
    }
    const puzzle = number ? ctrl.puzzles[number - 1] : modes.nextPuzzle(ctrl.puzzles, game.mode && game.mode.puzzle ?
                                                                   game.mode.puzzle.number : 0);
    ctrl.changeGame();
    game.mode = {kind: 'puzzle', puzzle, hinted: false, winning: null, judgedFirst: 0};
    game.clock = null;  // puzzles and survival are not played on the clock
    game.human = puzzle.position.endsWith('x') ? 'x' : 'o';
    $('side').value = game.human;
    ctrl.changeMoves({start: puzzle.position, moves: [], ended: null});
    ctrl.say('');
    ctrl.render();
    const generation = game.generation;
    await ctrl.settle();
    if (generation !== game.generation || !ctrl.engine.options.MultiPV) return;
    // The set fills as the search proves: a move played before it ends is judged by what it
    // holds then (a move in it is proven to win; the others only once all are found).
    ctrl.provenWins = game.mode.winning = Object.assign(new Set(), {generation});
    $('mode-info').dataset.settled = '';
    await ctrl.ugi.go([], 'movetime 2000', analysisSearch(ctrl.engine), puzzle.position);
    ctrl.provenWins = null;
    if (generation === game.generation) $('mode-info').dataset.settled = 'true';  // the tests wait for it
  }

  // Survival: the player O, the engine X at full strength; how long the player lasts.
  function startSurvival() {
    ctrl.changeGame();
    leaveMode();
    game.mode = {kind: 'survival', bound: {first: null, now: null}, tainted: false, hinted: false};
    game.clock = null;
    game.human = 'o';
    $('side').value = 'o';
    ctrl.changeMoves({start: null, moves: [], ended: null});
    ctrl.say('Survival: you play O against perfect X. X will win; how long do you last?');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  // What the engine's reply says of the player's move in a puzzle, or of the bound in survival:
  // `mate` is the engine's proven score, the engine to move.
  function judgeReply(mate) {
    const mode = game.mode;
    if (!mode) return;
    if (mode.kind === 'survival') {
      mode.bound = modes.survivalBound(mode.bound, game.moves.length, mate);
      return;
    }
    const token = game.moves[game.moves.length - 1];
    if (token && mode.judgedFirst !== game.moves.length)
      mode.judgement = modes.judgeByReply(mode.puzzle, token, mate);
  }

  // A puzzle's first move, judged at once where the opening analysis settles it.
  function judgeFirstMove(token) {
    const mode = game.mode;
    if (!mode || mode.kind !== 'puzzle') return;
    mode.judgement = '';
    if (game.moves.length !== 1 || !mode.winning) return;
    mode.judgement = modes.judgeFirstMove(mode.puzzle, token, mode.winning);
    mode.judgedFirst = mode.judgement ? 1 : 0;
  }

  // A puzzle or survival kept with the game (game-store.js) goes on as it was, once.
  async function restoreMode() {
    const kept = ctrl.restoredMode;
    ctrl.restoredMode = null;
    if (!kept) return;
    const spoiled = !kept.counted;
    if (kept.kind === 'survival') {
      game.mode = {kind: 'survival', bound: {first: null, now: null}, tainted: spoiled, hinted: false};
      game.human = $('side').value = 'o';
      return;
    }
    try {
      await loadPuzzles();
    } catch (error) {
      return;  // the game stays, as an ordinary one
    }
    const puzzle = ctrl.puzzles[kept.number - 1];
    if (!puzzle || puzzle.position !== game.start) return;
    game.mode = {kind: 'puzzle', puzzle, hinted: spoiled, winning: null, judgedFirst: 0};
    game.human = $('side').value = puzzle.position.endsWith('x') ? 'x' : 'o';
  }
}
