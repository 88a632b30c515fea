// The game as a record (records.js reads and writes them): saved, shown, and loaded from a
// file with its position, players, result and clocks.
import {$} from './dom.js';
import {indexOf, tokenOf} from './board.js';
import * as strength from './strength.js';
import {kMaxRecordBytes, kResultOfTag, movesOfRecord, recordOf, tagsOfRecord} from './records.js';
import * as modes from './modes.js';
import {timeControlText} from './clock.js';
import {kResultText} from './controller.js';

export function installFiles(ctrl) {
  const {game} = ctrl;
  Object.assign(ctrl, {save, load, refuseSize});

  // Who plays `side` now, as a record names it.
  function playerWords(side) {
    return game.human === side || game.human === 'both' ? 'You' :
      'Engine, ' + strength.strengthWords(ctrl.engine, Boolean(game.mode));
  }

  function recordText() {
    // A loaded record's players stay its players while the page's are those it loaded with.
    const loaded = game.loadedPlayers;
    const who = (side) => (loaded && loaded[side] && loaded.as[side] === playerWords(side)
      ? loaded[side] : playerWords(side));
    const clockTags = game.clock ? [['TimeControl', 'tc=' + timeControlText(game.clock.control)],
                                     ['XClock', String(Math.max(0, Math.round(game.clock.remaining('x'))))],
                                     ['OClock', String(Math.max(0, Math.round(game.clock.remaining('o'))))]] : [];
    return recordOf(game, who('x'), who('o'), ctrl.xMovesFirst(), clockTags);
  }

  function save() {
    const link = document.createElement('a');
    link.href = URL.createObjectURL(new Blob([recordText()], {type: 'text/plain'}));
    link.download = 'qubic-game.qgn';
    link.click();
    $('record').value = recordText();
    ctrl.say('Saved as qubic-game.qgn.');
  }

  // Issue 70, 2 and 3: a record is played from its Position tag, and its Result holds: a
  // finished record loads finished (a time forfeit shows as one), one whose Result the moves
  // contradict is refused with the reason. The engine judges the position and the moves.
  async function load(text) {
    if (text.length > kMaxRecordBytes) return refuseSize(text.length);
    const tags = tagsOfRecord(text);
    const words = movesOfRecord(text);
    const bad = words.find((m) => indexOf(m) === null);
    if (bad !== undefined) return ctrl.say('Not loaded: "' + bad.slice(0, 20) + '" is not a move.', 'error');
    const moves = words.map((m) => tokenOf(indexOf(m)));
    const start = tags.Position ? tags.Position.trim() : null;
    const result = tags.Result === undefined ? '*' : tags.Result;
    if (result !== '*' && !kResultOfTag[result])
      return ctrl.say('Not loaded: its Result "' + result.slice(0, 20) + '" is none of 1-0, 0-1, ' +
                 '1/2-1/2 and *.', 'error');
    ++game.generation;
    ctrl.ugi.stop();
    const refuse = async (why) => {
      ctrl.say('Not loaded, the game is unchanged: ' + why, 'error');
      await ctrl.ugi.position(game.moves, game.start);  // the engine back on the game kept
    };
    const error = await ctrl.ugi.position(moves, start);
    if (error) return refuse(error);
    const shown = (await ctrl.ugi.query('gameover')) === 'true' ? await ctrl.ugi.query('result') : '';
    const tagged = kResultOfTag[result];
    if (shown && tagged && shown !== tagged)
      return refuse('its Result is ' + result + ' but the moves end it: ' + kResultText[shown] + '.');
    const termination = tags.Termination || '';
    const ended = !shown && tagged
      ? {result: tagged, termination,
         reason: termination === 'time forfeit' ? 'on time' : termination || 'as the record says'}
      : null;
    ctrl.changeMoves({start, moves, ended});
    ctrl.leaveMode();
    game.clock = ctrl.clockOfTags(tags);
    game.loadedPlayers = {x: tags.X, o: tags.O, as: {x: playerWords('x'), o: playerWords('o')}};
    game.analysing = -1;
    ctrl.say('Loaded ' + modes.movesWord(moves.length) +
        (start ? ' from the position of its Position tag' : '') +
        (ended ? ', a game that ended ' + ended.reason : '') + '.');
    await ctrl.settle();
  }

  // Read before anything is parsed: a game record is a few kilobytes.
  function refuseSize(bytes) {
    ctrl.say('Not loaded: the file holds ' + (bytes / (1 << 20)).toFixed(1) + ' MB, and a game ' +
        'record may hold at most ' + kMaxRecordBytes / (1 << 20) + ' MB.', 'error');
  }
}
