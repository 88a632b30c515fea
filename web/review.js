// The proven review in the page (issue 70): the engine's `review` (docs/protocol.md) judges
// every move with proofs, as the terminal game's review and `qubic-solve review --positions`
// do at the same budget. This file reads what it said into the move list's marks and the
// review's list and summary; study-ctrl.js asks for it.

// The verdicts that are mistakes the proofs show (engine/study/review isMistake).
const kMistakes = new Set(['threw-the-win-away', 'missed-a-forced-win', 'walked-into-a-forced-loss']);

export function isMistake(line) {
  return kMistakes.has(line.verdict);
}

// The mark a move gets in the list: '?' a proven mistake, '!' the only move that kept the win.
export function markOf(line) {
  if (isMistake(line)) return '?';
  return line.verdict === 'kept-the-win' && line.words.includes('only move') ? '!' : '';
}

// The review's lines that still describe `moves` (the game may have gone on or been taken
// back since): ply -> line, for the plies whose moves, and all before them, are unchanged.
export function currentVerdicts(review, moves) {
  const verdicts = {};
  if (!review) return verdicts;
  for (const line of review.lines) {
    const i = line.ply - 1;
    if (review.moves.slice(0, i + 1).join() !== moves.slice(0, i + 1).join()) break;
    verdicts[line.ply] = line;
  }
  return verdicts;
}

// "Review: X no mistake proven; O 1 mistake (ply 7, 3d4: missed a forced win (1d1 wins))."
export function summaryOf(lines, xMovesFirst) {
  const side = (ply) => ((ply % 2 === 1) === xMovesFirst ? 'X' : 'O');
  const parts = ['X', 'O'].map((s) => {
    const own = lines.filter((l) => side(l.ply) === s);
    if (!own.length) return null;
    const mistakes = own.filter(isMistake);
    if (!mistakes.length) return s + ' no mistake proven';
    const first = mistakes[0];
    return s + ' ' + mistakes.length + (mistakes.length === 1 ? ' mistake' : ' mistakes') +
           ' (first: ply ' + first.ply + ', ' + first.move + ': ' + first.words + ')';
  }).filter((p) => p);
  const open = lines.filter((l) => l.verdict === 'not-proven').length;
  return 'Review: ' + parts.join('; ') + '.' +
         (open ? ' ' + open + ' of ' + lines.length + ' moves not proven within the budget.' : '');
}

// The review's list: a line a move, its side and what the proofs say of it.
export function drawReviewList(list, lines, xMovesFirst) {
  list.textContent = '';
  list.hidden = !lines.length;
  for (const l of lines) {
    const item = document.createElement('li');
    item.value = l.ply;
    item.textContent = ((l.ply % 2 === 1) === xMovesFirst ? 'X ' : 'O ') + l.move + markOf(l) + ': ' + l.words;
    item.dataset.verdict = l.verdict;
    if (isMistake(l)) item.classList.add('mistake');
    list.appendChild(item);
  }
}
