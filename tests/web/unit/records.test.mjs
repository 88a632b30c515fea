// The page's record reader and its engine client, under Node (node --test).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {tagsOfRecord} from '../../../web/records.js';
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
