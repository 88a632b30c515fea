// What each kind of search sends before its `go`: the engine's own moves at the chosen
// strength, the analysis and the hint at full strength over a thread per core, and the
// analysis's budgets. Engines without an option are left alone about it.
import {fullStrength, strengthLines} from './strength.js';

// The options a plain search needs after an analysis changed them: one line, and the
// strength the player chose (full strength in a puzzle or survival).
export function plainSearch(engine, fullStrengthPlays) {
  return (engine.options.MultiPV ? ['setoption name MultiPV value 1'] : [])
    .concat(threadLines(engine, false),
            fullStrengthPlays ? fullStrength(engine) : strengthLines(engine));
}

// The analysis proves what it can, whatever level plays: the engine's full strength.
// Our engine keeps what it proved for the next page and the next look (ProvenCache).
export function analysisSearch(engine) {
  const lines = ['setoption name MultiPV value 64'];
  if (engine.options.ProvenCache) lines.push('setoption name ProvenCache value true');
  // A node budget searches on one thread: the same on every machine.
  return lines.concat(fullStrength(engine), threadLines(engine, !nodesBudget()));
}

// The hint: the engine's best advice whatever level it plays at, as in the terminal game.
export function hintSearch(engine) {
  return (engine.options.MultiPV ? ['setoption name MultiPV value 1'] : [])
    .concat(analysisSearch(engine).slice(1));
}

// The analysis and the hint use a thread per core of this machine (the engine proves a
// move per thread; `make web` runs it here, on loopback), or as many as the page's
// address asks (`?threads=N`); the engine's own moves keep its default.
function threadLines(engine, everyCore) {
  const option = engine.options.Threads;
  if (!option) return [];
  const asked = Math.floor(Number(new URLSearchParams(location.search).get('threads')));
  const cores = asked >= 1 ? asked : Math.max(1, navigator.hardwareConcurrency || 1);
  const n = everyCore ? Math.min(cores, Number(option.max) || 1) : option.default;
  return ['setoption name Threads value ' + n];
}

// Searches of 0.5, 2 and 8 s; or, with `?nodes=N` in the page's address, one search of N
// nodes, which marks what `qubic-engine` marks given `go nodes N` (MultiPV 64, one thread,
// the top level): node-budgeted searches are the same on every machine (docs/web.md).
export function analysisBudgets() {
  const nodes = nodesBudget();
  if (nodes) return [['nodes ' + nodes, nodes + ' nodes']];
  return [500, 2000, 8000].map((ms) => ['movetime ' + ms, ms / 1000 + ' s']);
}

function nodesBudget() {
  const nodes = Math.floor(Number(new URLSearchParams(location.search).get('nodes')));
  return nodes >= 1 ? nodes : 0;
}
