// The game kept across reloads and shared by its address (issue 70, 10): the page's
// address ends in the game's fragment, `#moves=1a1,2b2` (after `position=<position
// string>&` for a game from a set position; `&mode=puzzle-3` or `&mode=survival` after it
// for a puzzle or survival), kept up to date without new history entries,
// so a reload or a copied link opens the same game; the browser's localStorage keeps the
// last game too, for a visit without a fragment. The engine judges what comes back: a move
// it refuses is dropped (controller.js, settle).

const kKey = 'qubic.game';
const kCells = 64;
const kToken = /^[1-4][a-d][1-4]$/;
const kPosition = /^[xo.]{16}(\/[xo.]{16}){3} [xo]$/;

// {start, moves, ended} from a fragment or a kept text, or null when it holds none.
function parse(fields) {
  // A game has at most 64 moves: what an address lists beyond them is dropped unread.
  const listed = (fields.get('moves') || '').split(',', kCells + 1).filter((m) => m);
  const moves = listed.slice(0, kCells);
  const start = fields.get('position');
  if (!moves.every((m) => kToken.test(m)) || (start && !kPosition.test(start))) return null;
  if (!moves.length && !start && !fields.get('mode') && !fields.get('ended')) return null;
  let ended = null;
  const result = fields.get('ended');
  if (['p1win', 'p2win', 'draw'].includes(result))
    ended = {result, termination: fields.get('termination') || '',
             reason: fields.get('reason') || 'as the record says'};
  // A puzzle or survival game: `mode=puzzle-N` or `mode=survival`, `counted=no` once a hint
  // or a take-back means it no longer counts.
  const mode = (fields.get('mode') || '').match(/^(?:puzzle-(\d{1,4})|survival)$/);
  // A game on the clock: `clock=300+3&xclock=MS&oclock=MS`, as a record's tags.
  const clock = /^[\d.]+[+ ][\d.]+$/.test(fields.get('clock') || '')
    ? {TimeControl: fields.get('clock'), XClock: fields.get('xclock') || '', OClock: fields.get('oclock') || ''}
    : null;
  return {start: start || null, moves, ended, clock, beyond: listed.length > kCells,
          mode: mode ? {kind: mode[1] ? 'puzzle' : 'survival', number: Number(mode[1] || 0),
                        counted: fields.get('counted') !== 'no'} : null};
}

// As URLSearchParams would write it, but with the commas and slashes left as they are.
function fieldsOf(game) {
  const fields = [];
  if (game.start) fields.push('position=' + game.start.replace(' ', '+'));
  fields.push('moves=' + game.moves.join(','));
  if (game.ended) {
    fields.push('ended=' + game.ended.result);
    if (game.ended.termination) fields.push('termination=' + encodeURIComponent(game.ended.termination));
    fields.push('reason=' + encodeURIComponent(game.ended.reason));
  }
  if (game.clock) {
    const ms = (side) => Math.max(0, Math.round(game.clock.remaining(side)));
    fields.push('clock=' + game.clock.control.base / 1000 + '+' + game.clock.control.inc / 1000,
                'xclock=' + ms('x'), 'oclock=' + ms('o'));
  }
  if (game.mode) {
    fields.push('mode=' + (game.mode.kind === 'puzzle' ? 'puzzle-' + game.mode.puzzle.number : 'survival'));
    if (game.mode.hinted || game.mode.tainted) fields.push('counted=no');
  }
  return fields.join('&');
}

// The game the page's address names, or null.
export function gameOfAddress() {
  return parse(new URLSearchParams(location.hash.slice(1)));
}

// The game the page's address names, else the one kept from the last visit, else null.
export function restoredGame() {
  const fromAddress = gameOfAddress();
  const kept = parse(new URLSearchParams(localStorage.getItem(kKey) || ''));
  if (fromAddress) {
    // The same game kept in this browser has the later clocks (kept as the page went away;
    // a reload keeps the address it had before).
    const same = kept && kept.start === fromAddress.start &&
                 kept.moves.join() === fromAddress.moves.join();
    return {...fromAddress, clock: same && kept.clock ? kept.clock : fromAddress.clock, from: 'address'};
  }
  return kept ? {...kept, from: 'kept'} : null;
}

// After every change: the address and the kept copy follow the game.
export function keepGame(game) {
  const fields = fieldsOf(game);
  // A finished game is kept too, even one that ended before its first move (resigned).
  const fragment = game.moves.length || game.start || game.mode || game.ended ? '#' + fields : '';
  if (location.hash !== fragment)
    history.replaceState(null, '', location.pathname + location.search + fragment);
  localStorage.setItem(kKey, fields);
}
