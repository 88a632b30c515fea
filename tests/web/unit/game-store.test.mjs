// The game kept in the page's address and in localStorage, under Node (node --test), with
// the browser's location, history and localStorage stood in for.
import {test, beforeEach} from 'node:test';
import assert from 'node:assert/strict';
import {gameOfAddress, keepGame, restoredGame} from '../../../web/game-store.js';
import {GameClock, parseTimeControl} from '../../../web/clock.js';

const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => stored.set(key, String(value)),
};
globalThis.location = {pathname: '/qubic/', search: '?engine=page', hash: ''};
const replaced = [];
globalThis.history = {
  replaceState: (state, title, url) => {
    replaced.push(url);
    location.hash = url.includes('#') ? url.slice(url.indexOf('#')) : '';
  },
};

beforeEach(() => {
  stored.clear();
  replaced.length = 0;
  location.hash = '';
});

const plain = (moves) => ({start: null, moves, ended: null, clock: null, mode: null});

test('a game goes to the address and to the kept copy, and comes back whole', () => {
  keepGame(plain(['1a1', '2b2', '4d4']));
  assert.equal(location.hash, '#moves=1a1,2b2,4d4');
  assert.equal(replaced[0], '/qubic/?engine=page#moves=1a1,2b2,4d4');
  const back = gameOfAddress();
  assert.deepEqual(back.moves, ['1a1', '2b2', '4d4']);
  assert.equal(back.start, null);
  assert.equal(back.beyond, false);
  location.hash = '';
  assert.equal(restoredGame().from, 'kept');
  assert.deepEqual(restoredGame().moves, ['1a1', '2b2', '4d4']);
});

test('a set position, an ended game and a puzzle keep their fields', () => {
  const start = 'x...............' + '/................'.repeat(3) + ' o';
  keepGame({start, moves: ['2b2'], clock: null,
            ended: {result: 'p2win', termination: 'time forfeit', reason: 'X ran out of time'},
            mode: {kind: 'puzzle', puzzle: {number: 12}, hinted: true}});
  const back = gameOfAddress();
  assert.equal(back.start, start);
  assert.deepEqual(back.ended,
                   {result: 'p2win', termination: 'time forfeit', reason: 'X ran out of time'});
  assert.deepEqual(back.mode, {kind: 'puzzle', number: 12, counted: false});
});

test('a game resigned before its first move is kept; an empty game leaves no fragment', () => {
  keepGame({...plain([]), ended: {result: 'p2win', termination: '', reason: 'X resigned'}});
  assert.equal(gameOfAddress().ended.reason, 'X resigned');
  keepGame(plain([]));
  assert.equal(location.hash, '');
  assert.equal(restoredGame(), null);
});

test('an address with a bad move or position, or beyond 64 moves, is read as such', () => {
  location.hash = '#moves=1a1,9z9';
  assert.equal(gameOfAddress(), null);
  location.hash = '#position=xxx&moves=1a1';
  assert.equal(gameOfAddress(), null);
  location.hash = '#moves=' + Array(70).fill('1a1').join(',');
  const long = gameOfAddress();
  assert.equal(long.moves.length, 64);
  assert.equal(long.beyond, true);
  location.hash = '#ended=somebody';  // a result it does not know: a game not ended
  assert.deepEqual([gameOfAddress().moves, gameOfAddress().ended], [[], null]);
});

test('the kept clocks win over the address\'s for the same game only', () => {
  const clock = new GameClock({base: 60000, inc: 1000}, {x: 41000, o: 52000});
  keepGame({...plain(['1a1']), clock});
  location.hash = '#moves=1a1&clock=60+1&xclock=59000&oclock=60000';
  const same = restoredGame();
  assert.equal(same.from, 'address');
  // The address's + reads as a space, which parseTimeControl takes.
  assert.deepEqual(same.clock, {TimeControl: '60 1', XClock: '41000', OClock: '52000'});
  location.hash = '#moves=1a1,2b2&clock=60+1&xclock=59000&oclock=60000';
  assert.equal(restoredGame().clock.XClock, '59000');
  assert.deepEqual(parseTimeControl(same.clock.TimeControl), {base: 60000, inc: 1000});
});
