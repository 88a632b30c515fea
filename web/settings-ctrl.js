// The page's settings, each applied when chosen and kept in this browser: the proven claims,
// the engine, the clock and the time a move, the level or the rating, the analysis, the side.
import {$, onChoice} from './dom.js';
import * as strength from './strength.js';
import {clockLabel, clockWords, parseTimeControl, timeControlText} from './clock.js';

export function wireSettings(ctrl) {
  const {game} = ctrl;
  $('claims').checked = localStorage.getItem('qubic.claims') === 'true';
  $('claims').addEventListener('change', () => {
    localStorage.setItem('qubic.claims', String($('claims').checked));
    ctrl.showClaim();
  });
  onChoice($('transport'), () => ctrl.switchEngine().catch(ctrl.lost));
  // The clock: ?clock=BASE+INC (seconds) in the address adds its own choice; the choice is
  // kept, and applies from the next new game (at once when no move has been played).
  {
    const asked = parseTimeControl(new URLSearchParams(location.search).get('clock'));
    if (asked) {
      const option = new Option(clockLabel(asked), timeControlText(asked));
      $('clock').add(option);
      $('clock').value = option.value;
    } else if (parseTimeControl(localStorage.getItem('qubic.clock'))) {
      $('clock').value = localStorage.getItem('qubic.clock');
    }
    $('movetime').disabled = Boolean($('clock').value);
  }
  // The time a move, kept in this browser as the other settings are.
  if ([...$('movetime').options].some((o) => o.value === localStorage.getItem('qubic.movetime')))
    $('movetime').value = localStorage.getItem('qubic.movetime');
  onChoice($('movetime'), () => localStorage.setItem('qubic.movetime', $('movetime').value));
  onChoice($('clock'), () => {
    localStorage.setItem('qubic.clock', $('clock').value);
    $('movetime').disabled = Boolean($('clock').value);
    if (game.moves.length || game.mode) {
      const control = parseTimeControl($('clock').value);
      ctrl.say(control ? 'The clock (' + clockWords(control) + ') starts with the next new game.'
                  : 'The next new game is played without a clock.');
      return;
    }
    ctrl.changeGame();
    game.clock = ctrl.chosenClock();
    ctrl.say(game.clock ? 'On the clock: ' + clockWords(game.clock.control) + '.' : 'No clock.');
    ctrl.render();
    ctrl.settle().catch(ctrl.lost);
  });

  onChoice($('level'), () => {
    strength.showLevelWords();
    $('level').dataset.wanted = $('level').value;
    localStorage.setItem('qubic.level', $('level').value);
    ctrl.changeGame();
    strength.setLevel(ctrl.ugi, ctrl.engine).then(ctrl.settle).catch(ctrl.lost);
  });
  $('analysis').addEventListener('change', () => {
    game.values = {};
    ++game.generation;
    ctrl.ugi.stop();
    ctrl.render();
    // Issue 70, 6: asked for in a finished game, the analysis says why it shows nothing.
    if ($('analysis').checked && game.over)
      ctrl.say('The game is over: nothing to analyse. Take moves back to analyse a position of it.');
    ctrl.settle().catch(ctrl.lost);
  });
  for (const id of ['by-elo', 'elo'])
    $(id).addEventListener('change', () => {
      strength.showStrengthMode(ctrl.engine, Boolean(game.mode));
      if (!strength.ratingChosen(ctrl.engine, ctrl.say)) return;
      $('elo').dataset.applied = $('elo').value;
      localStorage.setItem('qubic.rating', $('by-elo').checked ? $('elo').value : '');
      ctrl.changeGame();
      strength.setLevel(ctrl.ugi, ctrl.engine).then(ctrl.settle).catch(ctrl.lost);
    });
  onChoice($('side'), () => {
    ctrl.changeGame();  // issue 70, 1: the engine's move in flight was played for the other side
    if (game.mode) ctrl.say('');
    ctrl.leaveMode();  // a puzzle or survival goes on as an ordinary game
    game.human = $('side').value;
    localStorage.setItem('qubic.side', game.human);
    ctrl.say('You play ' + $('side').selectedOptions[0].textContent + '.');
    ctrl.settle().catch(ctrl.lost);
  });
}
