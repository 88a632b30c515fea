// Game records in the page (docs/game-records.md): writing one from the game, and reading
// a record's moves and tags; the engine judges what is read (files-ctrl.js, load).

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

// The most a record may hold, as the native programs read (config/read_file.hpp).
export const kMaxRecordBytes = 1 << 20;

// Every function below reads in time linear in the record's length: one pass over its
// lines, no pattern that can backtrack across them (a 10 MB record must not freeze a tab).

// The moves of a record: tags, comments, move numbers and the result are left out.
export function movesOfRecord(text) {
  const lines = text.split('\n').filter((line) => {
    const t = line.trim();
    return !(t.startsWith('[') && t.endsWith(']'));
  });
  return withoutComments(lines.join('\n')).split(/\s+/).filter((w) =>
      w && !/^\d+\.+$/.test(w) && !['1-0', '0-1', '1/2-1/2', '*'].includes(w));
}

// `text` with each `{...}` comment made a space; an unclosed `{` is left, to be refused.
function withoutComments(text) {
  let out = '', at = 0;
  for (let open = text.indexOf('{'); open >= 0; open = text.indexOf('{', at)) {
    const close = text.indexOf('}', open + 1);
    if (close < 0) break;
    out += text.slice(at, open) + ' ';
    at = close + 1;
  }
  return out + text.slice(at);
}

// A record's tags: name -> value (`\"` a quote, `\\` a backslash). A tag is one line
// (docs/game-records.md): a value never spans lines, so none reaches the engine with one.
export function tagsOfRecord(text) {
  const tags = {};
  for (const line of text.split('\n')) {
    const m = /^[ \t]*\[(\w+)[ \t]+"((?:[^"\\\r]|\\.)*)"\][ \t\r]*$/.exec(line);
    if (m) tags[m[1]] = m[2].replace(/\\(.)/g, '$1');
  }
  return tags;
}
