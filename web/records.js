// Game records in the page (docs/game-records.md): writing one from the game, and reading
// a record's moves and tags; the engine judges what is read (app.js, load).

export const kResultOfTag = {'1-0': 'p1win', '0-1': 'p2win', '1/2-1/2': 'draw'};

// The record of `game` ({start, moves, result, ended}), X and O named `x` and `o`; O's first
// move is numbered `1...` when O moves first from the start. `tags`: more [name, value].
export function recordOf(game, x, o, xFirst, tags = []) {
  const date = new Date().toISOString().slice(0, 10).replace(/-/g, '.');
  const result = {p1win: '1-0', p2win: '0-1', draw: '1/2-1/2'}[game.result] || '*';
  let moves = '', number = 1, xMoves = xFirst;
  game.moves.forEach((m, i) => {
    moves += (xMoves ? number + '. ' : i === 0 ? number + '... ' : '') + m + ' ';
    if (!xMoves) ++number;
    xMoves = !xMoves;
  });
  const position = game.start ? `[Position "${game.start}"]\n` : '';
  const termination = game.ended && game.ended.termination
    ? `[Termination "${game.ended.termination.replace(/[\\"]/g, '\\$&')}"]\n` : '';
  const more = tags.map(([name, value]) => `[${name} "${value.replace(/[\\"]/g, '\\$&')}"]\n`).join('');
  return `[Event "Qubic game"]\n[Date "${date}"]\n[X "${x}"]\n[O "${o}"]\n` +
         `[Result "${result}"]\n${position}${termination}${more}\n${moves}${result}\n`;
}

// The moves of a record: tags, comments, move numbers and the result are left out.
export function movesOfRecord(text) {
  const body = text.replace(/^\s*\[.*\]\s*$/gm, ' ').replace(/\{[^}]*\}/g, ' ');
  return body.split(/\s+/).filter((w) => w && !/^\d+\.+$/.test(w) &&
                                         !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
}

// A record's tags: name -> value (`\"` a quote, `\\` a backslash). A tag is one line
// (docs/game-records.md): a value never spans lines, so none reaches the engine with one.
export function tagsOfRecord(text) {
  const tags = {};
  for (const m of text.matchAll(/^[ \t]*\[(\w+)[ \t]+"((?:[^"\\\r\n]|\\.)*)"\][ \t]*$/gm))
    tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  return tags;
}
