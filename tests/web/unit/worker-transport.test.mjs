// What the page's transport takes from the engine's lines (node --test): the best move so
// far, which it answers a stop with when the engine cannot read one (the build without
// threads).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {bestReported} from '../../../web/worker-transport.js';

test("a search's best move is its pv's first, or MultiPV's first line's", () => {
  assert.equal(bestReported('info depth 3 time 5 nodes 100 score cp 12 pv 1a1 2b2'), '1a1');
  assert.equal(bestReported('info multipv 1 depth 4 score mate 9 pv 4d4 1a1'), '4d4');
  for (const other of ['info multipv 2 depth 4 score mate -8 pv 1b1',
                       'info multipv 12 depth 4 score mate -36 pv 4c2',
                       'info multipv 10 depth 2 score cp 3 pv 3c3'])
    assert.equal(bestReported(other), null, other);
  for (const none of ['info string reason: the winning move in the book', 'bestmove 1a1',
                      'info depth 0 time 0 nodes 0', 'info string the pv 1a1 of a note'])
    assert.equal(bestReported(none), null, none);
});
