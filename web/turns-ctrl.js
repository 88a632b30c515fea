// The player's turns beyond a move: a new game, a move taken back, a position of the move
// list viewed and played on from, a resignation, a hint.
import {$} from './dom.js';
import {indexOf} from './board.js';
import {hintSearch} from './searches.js';
import {clockWords} from './clock.js';

export function installTurns(ctrl) {
  const {game} = ctrl;
  Object.assign(ctrl, {viewPly, takeBackToView, resign, newGame, undo, hint});

  // The move list: the position after `ply` moves, or the game itself from its last move on.
  function viewPly(ply) {
    game.view = ply >= game.moves.length ? null : Math.max(0, ply);
    ctrl.render();
    if (game.view !== null)
      ctrl.say('The position after move ' + game.view + ' of ' + game.moves.length + ': ← and → step, ' +
          'Esc goes back to the game; Take back to here plays on from it.');
    else ctrl.say('Back to the game.');
  }

  // Issue 70's move list: the game goes on from the position shown, the moves after it gone.
  function takeBackToView() {
    if (game.view === null) return;
    ctrl.changeGame();
    ctrl.changeMoves({moves: game.moves.slice(0, game.view), ended: null});
    ctrl.taint();
    ctrl.say('Taken back to move ' + game.moves.length + '.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  function resign() {
    if (game.over || game.human === 'both') return;
    ctrl.changeGame();
    game.view = null;
    game.ended = {result: game.human === 'x' ? 'p2win' : 'p1win', reason: 'you resigned',
                  termination: 'resignation'};
    if (game.clock) game.clock.pause();
    ctrl.say('You resigned.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  function newGame() {
    ++game.generation;
    if (ctrl.ugi) ctrl.ugi.stop();
    ctrl.leaveMode();
    ctrl.changeMoves({start: null, moves: [], ended: null, xToMove: true});
    game.human = $('side').value;
    game.clock = ctrl.chosenClock();
    ctrl.say('New game. X moves first.' + (game.clock ? ' On the clock: ' + clockWords(game.clock.control) + '.' : ''));
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  function xToMoveAfter(plies) {
    return ctrl.xMovesFirst() === (plies % 2 === 0);
  }

  function undo() {
    ++game.generation;
    ctrl.ugi.stop();
    // Back to the player's own turn: the engine's reply goes with the player's move.
    do game.moves.pop();
    while (game.human !== 'both' && xToMoveAfter(game.moves.length) !== (game.human === 'x') &&
           game.moves.length > 0);
    ctrl.changeMoves({ended: null});
    ctrl.taint();
    ctrl.say('Taken back.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  async function hint() {
    if (game.over || ctrl.engineToMove()) return;
    const generation = ++game.generation;  // the analysis gives way
    ctrl.ugi.stop();
    if (game.mode) game.mode.hinted = true;
    ctrl.say('Looking for a hint…');
    const move = await ctrl.ugi.go(game.moves, 'movetime ' + $('movetime').value, hintSearch(ctrl.engine),
                              game.start);
    if (generation !== game.generation) return;
    game.hint = indexOf(move);
    ctrl.say('Hint: ' + move + '.');
    ctrl.render();
  }
}
