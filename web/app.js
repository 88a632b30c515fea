// The page's bootstrap: the controller (controller.js) with its parts, the page's controls
// wired to it, the game of the address or of the last visit brought back, the engine opened.
import {$} from './dom.js';
import {pageEngineHere} from './connection.js';
import {gameOfAddress, restoredGame} from './game-store.js';
import {kMaxRecordBytes} from './records.js';
import * as modes from './modes.js';
import {keepOffline} from './offline.js';
import {createController} from './controller.js';
import {installTurns} from './turns-ctrl.js';
import {installModes} from './modes-ctrl.js';
import {installClock} from './clock-ctrl.js';
import {installStudy} from './study-ctrl.js';
import {installEngineChoice} from './engine-ctrl.js';
import {installFiles} from './files-ctrl.js';
import {wireSettings} from './settings-ctrl.js';

const ctrl = createController();
for (const install of [installTurns, installModes, installClock, installStudy, installEngineChoice,
                       installFiles, wireSettings])
  install(ctrl);
const {game} = ctrl;

$('new').addEventListener('click', ctrl.newGame);
$('undo').addEventListener('click', () => ctrl.undo());
$('hint').addEventListener('click', () => ctrl.hint().catch(ctrl.lost));
$('save').addEventListener('click', ctrl.save);
$('takeback').addEventListener('click', ctrl.takeBackToView);
$('live').addEventListener('click', () => ctrl.viewPly(game.moves.length));
$('resign').addEventListener('click', ctrl.resign);
$('review').addEventListener('click', () => ctrl.reviewGame().catch(ctrl.lost));
$('review-stop').addEventListener('click', () => ctrl.ugi.stop());
$('explain').addEventListener('click', () => ctrl.explainWin().catch(ctrl.lost));
$('explain-next').addEventListener('click', ctrl.explainNext);
$('explain-end').addEventListener('click', ctrl.endExplanation);
$('puzzle').addEventListener('click', () => ctrl.startPuzzle().catch(ctrl.lost));
$('next-puzzle').addEventListener('click', () => ctrl.startPuzzle().catch(ctrl.lost));
$('survival').addEventListener('click', ctrl.startSurvival);
$('reconnect').addEventListener('click', () => ctrl.connect());
$('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  ctrl.playHuman($('token').value);
  $('token').value = '';
});
$('load').addEventListener('change', async () => {
  const file = $('load').files[0];
  if (file && file.size > kMaxRecordBytes) ctrl.refuseSize(file.size);
  else if (file) await ctrl.load(await file.text()).catch(ctrl.lost);
  $('load').value = '';
});
window.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
  // The move list's keys; a plane's cell keeps the arrows for its cursor (board.js).
  const onCell = e.target.dataset && e.target.dataset.view;
  const at = game.view === null ? game.moves.length : game.view;
  if (!onCell && e.key === 'ArrowLeft' && at > 0) return ctrl.viewPly(at - 1);
  if (!onCell && e.key === 'ArrowRight' && game.view !== null) return ctrl.viewPly(at + 1);
  if (e.key === 'Escape' && game.explain) return ctrl.endExplanation();
  if (e.key === 'Escape' && game.view !== null) return ctrl.viewPly(game.moves.length);
  if (e.key === 'r') ctrl.board.resetTurn();
  if (e.key === '/') {  // to the move box, as a search box is reached in many pages
    e.preventDefault();
    $('token').focus();
  }
});

// Issue 70, 10: the game of the address, else the last one, and the side the player took.
const restored = restoredGame();
if (restored) {
  ctrl.changeMoves({start: restored.start, moves: restored.moves, ended: restored.ended,
                    beyond: restored.beyond});
  ctrl.restoredMode = restored.mode;
  game.clock = restored.clock ? ctrl.clockOfTags(restored.clock) : null;
  ctrl.restoredWords = (restored.from === 'address' ? 'The game of this address' : 'Your last game') +
                       ' is back (' + modes.movesWord(restored.moves.length) + ')' +
                       (restored.beyond ? '; the moves after the 64th were dropped.' : '.');
}
if (['x', 'o', 'both'].includes(localStorage.getItem('qubic.side')))
  $('side').value = game.human = localStorage.getItem('qubic.side');
// A link to another game opened in this page: that game, the engine judging it.
window.addEventListener('hashchange', () => {
  const opened = gameOfAddress();
  if (!opened) return;
  ++game.generation;
  if (ctrl.ugi) ctrl.ugi.stop();
  ctrl.leaveMode();
  ctrl.changeMoves({start: opened.start, moves: opened.moves, ended: opened.ended,
                    beyond: opened.beyond});
  ctrl.restoredMode = opened.mode;
  game.clock = opened.clock ? ctrl.clockOfTags(opened.clock) : null;
  ctrl.say('Opened the game of the address (' + modes.movesWord(opened.moves.length) + ')' +
           (opened.beyond ? '; the moves after the 64th were dropped.' : '.'));
  ctrl.render();
  if (ctrl.ugi) ctrl.restoreMode().then(ctrl.settle).catch(ctrl.lost);
});
ctrl.render();
ctrl.connect();
// Kept for play without a network where the site can play without one.
keepOffline(pageEngineHere).catch((error) => console.warn('not kept offline: ' + error));
