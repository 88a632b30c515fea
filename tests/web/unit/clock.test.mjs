// The page's game clock under Node (node --test): time controls read and said, and a
// game's clocks run with the times given, not the machine's.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {GameClock, clockLabel, clockText, clockWords, parseTimeControl, timeControlText}
  from '../../../web/clock.js';

test('a time control is seconds, with a plus or (from an address) a space', () => {
  assert.deepEqual(parseTimeControl('300+3'), {base: 300000, inc: 3000});
  assert.deepEqual(parseTimeControl('300 3'), {base: 300000, inc: 3000});
  assert.deepEqual(parseTimeControl('1.5+0.25'), {base: 1500, inc: 250});
  for (const bad of ['', '0+1', '+3', '300+', '300-3', '300+3 ', '123456+1', 'a+b', null])
    assert.equal(parseTimeControl(bad), null, String(bad));
  assert.equal(timeControlText(parseTimeControl('60+0')), '60+0');
});

test('a control is said with its units', () => {
  assert.equal(clockLabel({base: 300000, inc: 3000}), '5 min + 3 s');
  assert.equal(clockLabel({base: 60000, inc: 0}), '1 min');
  assert.equal(clockLabel({base: 45000, inc: 0}), '45 s');
  assert.equal(clockWords({base: 4000, inc: 0}), '4 s + 0 s a move');
  assert.equal(clockWords({base: 300000, inc: 3000}), '5 min + 3 s a move');
});

test('time left shows minutes and seconds, tenths below ten seconds, never below zero', () => {
  assert.equal(clockText(245000), '4:05');
  assert.equal(clockText(60000), '1:00');
  assert.equal(clockText(10001), '0:11');  // a started second counts whole
  assert.equal(clockText(7350), '0:07.3');
  assert.equal(clockText(-500), '0:00.0');
});

test('only the running side loses time; a move adds its increment', () => {
  const clock = new GameClock({base: 10000, inc: 2000});
  assert.equal(clock.remaining('x', 0), 10000);
  clock.start('x', 1000);
  assert.equal(clock.remaining('x', 4000), 7000);
  assert.equal(clock.remaining('o', 4000), 10000);
  clock.moved(4000);
  assert.equal(clock.running, null);
  assert.equal(clock.remaining('x', 9999), 9000);  // 7 s left and the 2 s increment
  clock.start('o', 5000);
  clock.start('o', 6000);  // already running: its start stays
  assert.equal(clock.remaining('o', 8000), 7000);
  assert.equal(clock.goLimits(8000), 'p1time 9000 p2time 7000 p1inc 2000 p2inc 2000');
});

test('a paused clock keeps its time; a run-out clock reads negative', () => {
  const clock = new GameClock({base: 3000, inc: 0}, {x: 500, o: 2500});
  clock.start('x', 0);
  clock.pause(200);
  assert.equal(clock.remaining('x', 100000), 300);
  clock.moved(100000);  // nothing runs: nothing changes
  assert.equal(clock.remaining('x', 0), 300);
  clock.start('x', 0);
  assert.ok(clock.remaining('x', 1000) < 0);
  assert.equal(clock.remaining('o', 1000), 2500);
});
