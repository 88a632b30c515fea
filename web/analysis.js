// The analysis overlay: every legal move's value, proven or left plain, from MultiPV
// searches of growing length while the player thinks; the next move stops it. The values
// go to `game.values` (index -> {kind: 'win' | 'loss', distance: moves}), drawn on the cells.
import {indexOf} from './board.js';
import {$} from './dom.js';
import {analysisBudgets, analysisSearch} from './searches.js';
import {multiPvOf} from './ugi.js';

// Runs the analysis of the game's position for `generation` (a later one ends it).
export async function analyse({ugi, engine, game, say}, generation) {
  if (!engine.options.MultiPV) return say('This engine offers no MultiPV: no analysis.', 'error');
  if (game.mode) game.mode.hinted = true;  // it shows a puzzle's answer: as a hint
  game.values = {};
  for (const [limits, words] of analysisBudgets()) {
    if (!$('analysis').checked || generation !== game.generation) return;
    game.analysing = generation;
    say('Analysing every move (' + words + ')…');
    await ugi.go(game.moves, limits, analysisSearch(engine), game.start);
  }
  if (generation !== game.generation) return;
  game.analysing = -1;
  const counts = {win: 0, loss: 0};
  for (const v of Object.values(game.values)) ++counts[v.kind];
  say('Analysis: ' + counts.win + ' winning and ' + counts.loss +
      ' losing moves proven; the others are not proven either way.');
}

// An info line of the analysis's search: a proven value of a move. Whether it changed one.
export function takeValue(game, line) {
  const pv = multiPvOf(line);
  if (!pv || game.analysing !== game.generation) return false;
  const index = indexOf(pv.move);
  if (index === null) return false;
  if (pv.mate === null || pv.mate === 0) return false;  // unproven here: an earlier proof stands
  game.values[index] = {kind: pv.mate > 0 ? 'win' : 'loss', distance: Math.ceil(Math.abs(pv.mate) / 2)};
  return true;
}
