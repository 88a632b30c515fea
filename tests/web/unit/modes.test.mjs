// Puzzles and survival as the page keeps and says them, under Node (node --test), with the
// browser's localStorage stood in for; the shipped puzzle file read as the page reads it.
import {test, beforeEach} from 'node:test';
import assert from 'node:assert/strict';
import {readFileSync} from 'node:fs';
import * as modes from '../../../web/modes.js';

const stored = new Map();
globalThis.localStorage = {
  getItem: (key) => (stored.has(key) ? stored.get(key) : null),
  setItem: (key, value) => stored.set(key, String(value)),
};
beforeEach(() => stored.clear());

const shipped = modes.parsePuzzles(
    readFileSync(new URL('../../../data/qubic.puzzles', import.meta.url), 'utf8'));

test('the shipped puzzles are read whole, numbered from 1, comments left out', () => {
  assert.ok(shipped.length >= 100, String(shipped.length));
  shipped.forEach((p, k) => {
    assert.equal(p.number, k + 1);
    assert.match(p.position, /^[xo.]{16}(\/[xo.]{16}){3} [xo]$/);
    assert.ok(p.plies % 2 === 1 && p.wins >= 1 && p.stars >= 1, JSON.stringify(p));
    assert.match(p.fastest, /^[1-4][a-d][1-4]$/);
  });
  assert.deepEqual(modes.parsePuzzles('# a comment\n\nshort line\n'), []);
});

test('the next puzzle skips the solved ones, round the list', () => {
  const three = shipped.slice(0, 3);
  assert.equal(modes.nextPuzzle(three).number, 1);
  assert.equal(modes.puzzleEnd(three[0], true, false, 3), 'Puzzle 1 of 3: solved! (1 of 3 solved in this browser)');
  assert.equal(modes.nextPuzzle(three).number, 2);
  assert.equal(modes.nextPuzzle(three, 2).number, 3);
  modes.puzzleEnd(three[2], true, false, 3);
  assert.equal(modes.nextPuzzle(three, 2).number, 2);  // round the list, past the solved 1
  modes.puzzleEnd(three[1], true, false, 3);
  assert.equal(modes.nextPuzzle(three, 1).number, 2);  // all solved: the one after
});

test('a puzzle won with a hint, or lost, is not counted', () => {
  const p = shipped[0];
  assert.match(modes.puzzleEnd(p, true, true, 9), /won with hints, not counted/);
  assert.match(modes.puzzleEnd(p, false, false, 9), /not solved/);
  assert.equal(modes.solvedPuzzles().size, 0);
});

test('a first move is judged only where the proven moves settle it', () => {
  const p = {...shipped[0], wins: 2, fastest: '1a1'};
  assert.match(modes.judgeFirstMove(p, '1a1', new Set(['1a1'])), /^Right: 1a1 wins, the fastest/);
  assert.equal(modes.judgeFirstMove(p, '2b2', new Set(['1a1'])), '');  // one of two proven
  assert.match(modes.judgeFirstMove(p, '2b2', new Set(['3c3', '1a1'])),
               /^Wrong: 2b2 does not win \(only 1a1, 3c3 do\)/);
  assert.match(modes.judgeByReply(p, '2b2', -3), /you still win within 2 moves/);
  assert.match(modes.judgeByReply(p, '2b2', 5), /^Wrong/);
  assert.match(modes.judgeByReply(p, '2b2', null), /finds no forced win for you/);
});

test('survival: the bound is the least proven, the first kept; the best only when counted', () => {
  let b = {first: null, now: null};
  b = modes.survivalBound(b, 1, null);
  assert.deepEqual(b, {first: null, now: null});
  b = modes.survivalBound(b, 1, 40);
  assert.deepEqual(b, {first: 41, now: 41});
  b = modes.survivalBound(b, 3, 30);
  assert.deepEqual(b, {first: 41, now: 33});
  b = modes.survivalBound(b, 5, 31);  // a longer proof does not loosen the bound
  assert.deepEqual(b, {first: 41, now: 33});
  assert.equal(modes.survivalStatus(5, b), 'Survival: ply 5; the engine proves X wins by ply 33 at the latest.');
  assert.match(modes.survivalEnd(20, b, true), /of the 41 .* not counted\.$/);
  assert.equal(modes.survivalBest(), 0);
  assert.match(modes.survivalEnd(20, b, false), /Your best: 20\.$/);
  assert.match(modes.survivalEnd(12, b, false), /Your best: 20\.$/);
  assert.equal(modes.survivalBest(), 20);
});
