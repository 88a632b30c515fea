// Puzzles and survival in the page (issue 70; the terminal game's, docs/user-guide.md), both
// against the engine's full strength. This file holds what they know and say; modes-ctrl.js
// plays them. A puzzle (docs/puzzles.md) is a position where the side to move, the player,
// forces a win; it counts as solved once it is won without a hint. Survival is O against
// perfect X: how many plies the player lasts, beside the bound the engine proves.

// data/qubic.puzzles: `<position> <side> <plies> <winning moves> <fastest> <stars>` a line.
export function parsePuzzles(text) {
  const puzzles = [];
  for (const line of text.split('\n')) {
    const f = line.trim().split(/\s+/);
    if (!f[0] || f[0].startsWith('#') || f.length < 6) continue;
    puzzles.push({number: puzzles.length + 1, position: f[0] + ' ' + f[1], plies: Number(f[2]),
                  wins: Number(f[3]), fastest: f[4], stars: Number(f[5])});
  }
  return puzzles;
}

const kSolvedKey = 'qubic.puzzles-solved';
const kBestKey = 'qubic.survival-best';

export function solvedPuzzles() {
  return new Set((localStorage.getItem(kSolvedKey) || '').split(',').filter((n) => n).map(Number));
}

function markSolved(number) {
  const solved = solvedPuzzles().add(number);
  localStorage.setItem(kSolvedKey, [...solved].sort((a, b) => a - b).join(','));
}

// The first puzzle after `after` not solved yet (round the list), else the one after it.
export function nextPuzzle(puzzles, after = 0) {
  const solved = solvedPuzzles();
  for (let k = 1; k <= puzzles.length; ++k) {
    const p = puzzles[(after + k - 1) % puzzles.length];
    if (!solved.has(p.number)) return p;
  }
  return puzzles[after % puzzles.length];
}

export function movesWord(n) {
  return n + (n === 1 ? ' move' : ' moves');
}

function sideOf(puzzle) {
  return puzzle.position.endsWith('x') ? 'X' : 'O';
}

export function puzzleTitle(puzzle, count) {
  return 'Puzzle ' + puzzle.number + ' of ' + count + ', ' + '★'.repeat(puzzle.stars) + ': ' +
         sideOf(puzzle) + ' to move wins within ' + movesWord(Math.ceil(puzzle.plies / 2)) + '.';
}

// The player's first move judged by the opening analysis (`winning`: the moves the engine
// proved to win) and the file's count of winning first moves, which the solver settled: once
// the engine has proven that many, any other move is proven not to win.
export function judgeFirstMove(puzzle, token, winning) {
  if (winning.has(token))
    return 'Right: ' + token + ' wins' + (token === puzzle.fastest ? ', the fastest way the puzzle knows.' : '.');
  if (winning.size === puzzle.wins)
    return 'Wrong: ' + token + ' does not win (only ' + [...winning].sort().join(', ') +
           ' do). Undo takes it back.';
  return '';  // not settled here: the engine's reply may still say
}

// A later move (or an unsettled first one) judged by the engine's reply: its mate score as
// the defender, to move (`mate`, plies; null when it proved nothing).
export function judgeByReply(puzzle, token, mate) {
  if (mate !== null && mate < 0)
    return 'Right: after ' + token + ' you still win within ' + movesWord(Math.ceil(-mate / 2)) + '.';
  if (mate !== null && mate > 0)
    return 'Wrong: after ' + token + ' your opponent wins. Undo takes it back.';
  return 'After ' + token + ' the engine finds no forced win for you: it may have let the win go. ' +
         'Undo takes it back.';
}

// The end of a puzzle's game: solved only when won, and counted only without a hint.
export function puzzleEnd(puzzle, playerWon, hinted, count) {
  if (!playerWon) return 'Puzzle ' + puzzle.number + ': not solved. Undo, or Next puzzle.';
  if (hinted) return 'Puzzle ' + puzzle.number + ': won with hints, not counted.';
  markSolved(puzzle.number);
  return 'Puzzle ' + puzzle.number + ' of ' + count + ': solved! (' + solvedPuzzles().size +
         ' of ' + count + ' solved in this browser)';
}

export function survivalBest() {
  return Number(localStorage.getItem(kBestKey)) || 0;
}

// The bound after X's move: X, to move after `plies` plies, proved mate in `mate` plies.
// `first` stays the first one proven: the most any defence could have lasted.
export function survivalBound(bounds, plies, mate) {
  if (mate === null || mate <= 0) return bounds;
  const now = bounds.now === null ? plies + mate : Math.min(bounds.now, plies + mate);
  return {first: bounds.first === null ? now : bounds.first, now};
}

export function survivalStatus(plies, bounds) {
  return 'Survival: ply ' + plies + (bounds.now === null ? '.' :
         '; the engine proves X wins by ply ' + bounds.now + ' at the latest.');
}

// How long the player lasted; the best kept unless a move was taken back or a hint asked for.
export function survivalEnd(plies, bounds, tainted) {
  let best = survivalBest();
  const counted = !tainted;
  if (counted && plies > best) localStorage.setItem(kBestKey, String((best = plies)));
  return 'You survived ' + plies + ' plies' + (bounds.first === null ? '' : ' of the ' +
         bounds.first + ' the engine\'s first proof allowed at most') + '.' +
         (counted ? ' Your best: ' + best + '.' : ' Moves were taken back or hinted: not counted.');
}
