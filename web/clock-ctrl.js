// The game on the clock (clock.js keeps the time): whose clock runs, a flag's fall, the
// clocks shown every tenth of a second and kept with the game.
import {$} from './dom.js';
import {keepGame} from './game-store.js';
import {GameClock, clockText, parseTimeControl} from './clock.js';

export function installClock(ctrl) {
  const {game} = ctrl;
  Object.assign(ctrl, {clockOfTags, chosenClock, runClock, startClock, flagFall, showClocks});

  // A reload or a closed page keeps the clocks as they are at that moment.
  window.addEventListener('pagehide', () => keepGame(game));
  // Every tenth of a second: the clocks shown, and a flag fallen; the kept game's clocks each
  // second (a reload goes on with the time as it was).
  let lastKept = 0;
  setInterval(() => {
    if (!game.clock || !game.clock.running) return;
    const side = game.clock.running;
    if (game.clock.remaining(side) <= 0 && !game.over) return flagFall(side);
    showClocks();
    if (performance.now() - lastKept > 1000) {
      lastKept = performance.now();
      keepGame(game);
    }
  }, 100);

  // A record's clock (TimeControl tc=BASE+INC, XClock and OClock in ms), or null.
  function clockOfTags(tags) {
    const control = parseTimeControl((tags.TimeControl || '').replace(/^tc=/, ''));
    if (!control) return null;
    const left = (tag) => (/^\d{1,9}$/.test(tags[tag] || '') ? Number(tags[tag]) : control.base);
    return new GameClock(control, {x: left('XClock'), o: left('OClock')});
  }

  // The clock chosen for a new game (the Clock list, or ?clock=BASE+INC in seconds), or null.
  function chosenClock() {
    const control = parseTimeControl($('clock').value);
    return control ? new GameClock(control) : null;
  }

  // The side to move's clock runs while the game is on; a finished game's stops.
  function runClock() {
    if (!game.clock) return;
    if (game.over) game.clock.pause();
    else startClock(game.xToMove ? 'x' : 'o', game.moves.length);
  }

  // As on the big chess sites, each side's first move is untimed (a player is not flagged
  // before finding the board, an engine before it has loaded): the clocks run once both
  // sides have moved, `played` moves into the game.
  function startClock(side, played) {
    if (played >= 2) game.clock.start(side);
    else game.clock.pause();
  }

  // A side's time ran out: it loses the game (the engine's search, if any, is stopped and
  // its move dropped), as the terminal game records it.
  function flagFall(side) {
    game.clock.pause();
    ctrl.changeGame();
    const human = game.human === 'both' || game.human === side;
    game.ended = {result: side === 'x' ? 'p2win' : 'p1win', termination: 'time forfeit',
                  reason: (side === 'x' ? 'X' : 'O') + ' ran out of time'};
    Object.assign(game, {over: true, result: game.ended.result, view: null});
    ctrl.say(human && game.human !== 'both' ? 'Your time ran out.' : game.ended.reason + '.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  }

  function showClocks() {
    $('clocks').hidden = !game.clock;
    if (!game.clock) return;
    for (const side of ['x', 'o']) {
      const shown = $('clock-' + side);
      shown.textContent = side.toUpperCase() + ' ' + clockText(game.clock.remaining(side));
      shown.dataset.running = String(game.clock.running === side);
    }
  }
}
