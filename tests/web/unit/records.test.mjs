// The page's record reader and its engine client, under Node (node --test).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {kMaxRecordBytes, movesOfRecord, tagsOfRecord} from '../../../web/records.js';
import {UgiClient} from '../../../web/ugi.js';

test('a tag value never spans lines (issue 84, 2)', () => {
  const tags = tagsOfRecord('[Position "x]\n{\nquit\n"]\n}\n[X "Ann"]\n1. 1a1 *\n');
  assert.equal(tags.Position, undefined);
  assert.equal(tags.X, 'Ann');
  assert.deepEqual(tagsOfRecord('[O "a \\"b\\""]\n'), {O: 'a "b"'});
});

test('the client refuses to send a command with a line break', () => {
  const sent = [];
  const client = new UgiClient({isOpen: true, send: (line) => sent.push(line)});
  assert.throws(() => client.send('position fen x\nquit'), /line break/);
  assert.throws(() => client.send('go\r'), /line break/);
  client.send('isready');
  assert.deepEqual(sent, ['isready']);
});

test('a record\'s moves: tags, comments, numbers and the result left out', () => {
  const text = '[Event "Qubic game"]\r\n  [X "A"]  \n\n1. 1a1 2b2 {a comment\n over lines} ' +
               '2. 1A2 {} 3c3 1-0\n';
  assert.deepEqual(movesOfRecord(text), ['1a1', '2b2', '1A2', '3c3']);
  assert.deepEqual(tagsOfRecord(text), {Event: 'Qubic game', X: 'A'});
  assert.deepEqual(movesOfRecord('1. 1a1 {open'), ['1a1', '{open']);  // refused as a move
});

// Issue 84, 3: `^\s*` under the m flag made 40 000 blank lines take 40 s. A linear reader
// takes well under a second on all the largest records below together; the bound allows
// 30 s. A larger file is refused by its size before it is read (app.js, test_web.py).
test('a record of the largest size, of any shape, is read in linear time', () => {
  const size = kMaxRecordBytes;
  const shapes = ['\n', ' ', '{', '[', '[a "', '1. ', '\\', ' \n[x "y"] \n'];
  const started = Date.now();
  for (const piece of shapes) {
    const text = piece.repeat(Math.ceil(size / piece.length));
    movesOfRecord(text);
    tagsOfRecord(text);
  }
  assert.ok(Date.now() - started < 30000, 'took ' + (Date.now() - started) + ' ms');
});

// Issue 85, 7: a review of a large budget asks for more patience than setTimeout keeps
// (2^31 - 1 ms); past it the timer fired at once and the engine was called hung.
test('a request of very long patience is not taken for hung at once', async () => {
  const transport = {isOpen: true, send() {}, open: async () => {}, close() {}};
  const client = new UgiClient(transport);
  await client.connect();
  let settled = false;
  const pending = client.request(['review positions 1000000000'], (l) => l === 'reviewok',
                                 3.6e9).then(() => { settled = true; }, () => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, 50));
  assert.equal(settled, false);
  assert.equal(client.hung, undefined);
  transport.onLine('reviewok');
  await pending;
  assert.equal(settled, true);
});
