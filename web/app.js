// The page: a game of Qubic against whatever UGI engine it reaches: the native engine
// behind the web bridge, or the engine compiled to WebAssembly in this page (web/ugi.js). All it
// knows of the game comes from the engine: whether a move is legal (position's error),
// whose turn it is (query p1turn), whether and how the game ended (query gameover,
// query result), and what is proven (info ... score mate N).
import {BoardView, indexOf, tokenOf} from './board.js';
import {SocketTransport, UgiClient, mateOf, multiPvOf} from './ugi.js';
import {WorkerTransport} from './worker-transport.js';
import {gameOfAddress, keepGame, restoredGame} from './game-store.js';
import {kResultOfTag, movesOfRecord, recordOf, tagsOfRecord} from './records.js';
import {MoveList} from './move-list.js';
import * as modes from './modes.js';

const $ = (id) => document.getElementById(id);
const kResultText = {p1win: 'X wins', p2win: 'O wins', draw: 'Draw'};

const game = {
  start: null,      // the start position's string (a record's Position tag), null: empty board
  moves: [],        // move tokens from the start
  ended: null,      // a finish the board does not show (a record's): {result, reason}
  human: 'x',       // 'x', 'o' or 'both'
  xToMove: true,    // from query p1turn
  over: false,
  result: '',       // from query result once over
  hint: null,
  line: [],         // the completed line's cells, from query winline
  values: {},       // the analysis: index -> {kind: 'win' | 'loss', distance: moves}
  analysing: -1,    // the generation whose position the analysis searches
  claim: '',
  view: null,       // the ply shown from the move list (1: after the first move), null: the game
  mode: null,       // a puzzle {kind, puzzle, hinted, winning} or survival {kind, bound, tainted}
  generation: 0,    // bumped by new game, undo and load: a search for an old position is dropped
};
let ugi = null;
let engine = null;  // the handshake's {name, options}
const board = new BoardView($('cube'), $('flat'), (token) => playHuman(token));
const moveList = new MoveList($('moves'), (ply) => viewPly(ply));

// The stones of the start position and `moves` after it: index -> 'x' | 'o'.
function stonesOf(moves) {
  const stones = {};
  const planes = game.start ? game.start.split(' ')[0].split('/').join('') : '';
  for (let i = 0; i < planes.length; ++i) if (planes[i] !== '.') stones[i] = planes[i];
  const first = xMovesFirst() ? 0 : 1;
  moves.forEach((token, i) => (stones[indexOf(token)] = (i + first) % 2 === 0 ? 'x' : 'o'));
  return stones;
}

function xMovesFirst() {
  return !game.start || game.start.split(' ')[1] !== 'o';
}

function say(text, kind = '') {
  $('message').textContent = text;
  $('message').dataset.kind = kind;
}

function render() {
  const viewing = game.view !== null;
  const shown = viewing ? game.moves.slice(0, game.view) : game.moves;
  const last = shown.length ? indexOf(shown[shown.length - 1]) : null;
  board.draw(stonesOf(shown), viewing ? {last} :
    {last, hint: game.hint, line: game.line, values: game.values});
  const toMove = game.xToMove ? 'X' : 'O';
  $('status').textContent = game.over ? 'Game over: ' + (kResultText[game.result] || game.result) +
                                        (game.ended ? ' (' + game.ended.reason + ')' : '')
                                      : toMove + ' to move';
  $('status').dataset.result = game.over ? game.result : '';
  $('banner').textContent = bannerText();
  $('takeback').hidden = $('live').hidden = !viewing;
  $('resign').disabled = game.over || game.human === 'both';
  showMode();
  showClaim();
  moveList.draw(game.moves, game.view);
  keepGame(game);
}

// Who won, in the player's words, once a game against the engine is over.
function bannerText() {
  if (!game.over || game.human === 'both' || !kResultText[game.result]) return '';
  if (game.result === 'draw') return 'A draw.';
  const won = (game.result === 'p1win') === (game.human === 'x');
  return won ? 'You won!' : game.ended && game.ended.termination === 'time forfeit'
    ? 'You lost on time.' : 'You lost.';
}

// The move list: the position after `ply` moves, or the game itself from its last move on.
function viewPly(ply) {
  game.view = ply >= game.moves.length ? null : Math.max(0, ply);
  render();
  if (game.view !== null)
    say('The position after move ' + game.view + ' of ' + game.moves.length + ': ← and → step, ' +
        'Esc goes back to the game; Take back to here plays on from it.');
  else say('Back to the game.');
}

// Issue 70's move list: the game goes on from the position shown, the moves after it gone.
function takeBackToView() {
  if (game.view === null) return;
  changeGame();
  changeMoves({moves: game.moves.slice(0, game.view), ended: null});
  taint();
  say('Taken back to move ' + game.moves.length + '.');
  render();
  settle().catch(lost);
}

function resign() {
  if (game.over || game.human === 'both') return;
  changeGame();
  game.view = null;
  game.ended = {result: game.human === 'x' ? 'p2win' : 'p1win', reason: 'you resigned',
                termination: 'resignation'};
  say('You resigned.');
  render();
  settle().catch(lost);
}

// The game's moves change (`fields`: start, moves, ended, ...): what was derived from the
// old ones goes, and settle() asks the engine again.
function changeMoves(fields) {
  Object.assign(game, {over: false, result: '', hint: null, line: [], claim: '', values: {},
                       view: null}, fields);
  // Until the engine says (settle), the side to move by the count of moves: the status is
  // not left stale meanwhile.
  game.xToMove = (game.moves.length % 2 === 0) === xMovesFirst();
}

function engineToMove() {
  if (game.over || game.human === 'both') return false;
  return game.xToMove ? game.human !== 'x' : game.human !== 'o';
}

// After any change of the moves: the engine judges the position, then moves if it is
// its turn.
async function settle() {
  const generation = game.generation;
  game.hint = null;
  const error = await ugi.position(game.moves, game.start);
  if (generation !== game.generation) return;
  if (error) {
    const refused = game.moves.pop();
    say(refused + ' was refused by the engine: ' + error, 'error');
    return settle();
  }
  game.over = (await ugi.query('gameover')) === 'true';
  game.result = game.over ? await ugi.query('result') : '';
  if (!game.over && game.ended) Object.assign(game, {over: true, result: game.ended.result});
  game.line = game.over ? (await ugi.winningLine()).map(indexOf) : [];
  game.xToMove = (await ugi.query('p1turn')) === 'true';
  if (generation !== game.generation) return;
  if (game.over) endMode();
  render();
  if (engineToMove()) await think(generation);
  else if ($('analysis').checked && !game.over) await analyse(generation);
}

// The analysis overlay: every legal move's value, proven or left plain, from MultiPV
// searches of growing length while the player thinks; the next move stops it.
async function analyse(generation) {
  if (!engine.options.MultiPV) return say('This engine offers no MultiPV: no analysis.', 'error');
  if (game.mode) game.mode.hinted = true;  // it shows a puzzle's answer: as a hint
  game.values = {};
  for (const [limits, words] of analysisBudgets()) {
    if (!$('analysis').checked || generation !== game.generation) return;
    game.analysing = generation;
    say('Analysing every move (' + words + ')…');
    await ugi.go(game.moves, limits, analysisSearch(), game.start);
  }
  if (generation !== game.generation) return;
  game.analysing = -1;
  const counts = {win: 0, loss: 0};
  for (const v of Object.values(game.values)) ++counts[v.kind];
  say('Analysis: ' + counts.win + ' winning and ' + counts.loss +
      ' losing moves proven; the others are not proven either way.');
}

// Searches of 0.5, 2 and 8 s; or, with `?nodes=N` in the page's address, one search of N
// nodes, which marks what `qubic-engine` marks given `go nodes N` (MultiPV 64, one thread,
// the top level): node-budgeted searches are the same on every machine (docs/web.md).
function analysisBudgets() {
  const nodes = nodesBudget();
  if (nodes) return [['nodes ' + nodes, nodes + ' nodes']];
  return [500, 2000, 8000].map((ms) => ['movetime ' + ms, ms / 1000 + ' s']);
}

function nodesBudget() {
  const nodes = Math.floor(Number(new URLSearchParams(location.search).get('nodes')));
  return nodes >= 1 ? nodes : 0;
}

function takeValue(line) {
  const pv = multiPvOf(line);
  if (!pv || game.analysing !== game.generation) return;
  const index = indexOf(pv.move);
  if (index === null) return;
  if (pv.mate === null || pv.mate === 0) return;  // unproven here: an earlier proof stands
  game.values[index] = {kind: pv.mate > 0 ? 'win' : 'loss', distance: Math.ceil(Math.abs(pv.mate) / 2)};
  render();
}

// The options a plain search needs after an analysis changed them: one line, and the
// strength the player chose.
function plainSearch() {
  return (engine.options.MultiPV ? ['setoption name MultiPV value 1'] : [])
    .concat(threadLines(false), game.mode ? fullStrength() : strengthLines());
}

// Puzzles and survival are against the engine's full strength, as in the terminal game.
function fullStrength() {
  const lines = [];
  if (engine.options.Level) lines.push('setoption name Level value ' + engine.options.Level.max);
  if (engine.options.LimitStrength) lines.push('setoption name LimitStrength value false');
  return lines;
}

// The analysis and the hint use a thread per core of this machine (the engine proves a
// move per thread; `make web` runs it here, on loopback), or as many as the page's
// address asks (`?threads=N`); the engine's own moves keep its default. Engines without
// a Threads option are left alone.
function threadLines(everyCore) {
  const option = engine.options.Threads;
  if (!option) return [];
  const asked = Math.floor(Number(new URLSearchParams(location.search).get('threads')));
  const cores = asked >= 1 ? asked : Math.max(1, navigator.hardwareConcurrency || 1);
  const n = everyCore ? Math.min(cores, Number(option.max) || 1) : option.default;
  return ['setoption name Threads value ' + n];
}

// The analysis proves what it can, whatever level plays: the engine's full strength.
// Our engine keeps what it proved for the next page and the next look (ProvenCache).
function analysisSearch() {
  const lines = ['setoption name MultiPV value 64'];
  if (engine.options.ProvenCache) lines.push('setoption name ProvenCache value true');
  return lines.concat(fullStrength(), threadLines(!nodesBudget()));  // one thread: the same on every machine
}

async function think(generation) {
  say('The engine is thinking…');
  lastMate = null;
  const move = await ugi.go(game.moves, 'movetime ' + $('movetime').value, plainSearch(),
                            game.start);
  if (generation !== game.generation) return;
  judgeReply(lastMate);
  game.moves.push(move);
  say('The engine played ' + move + '.');
  await settle();
}

// What the engine's reply says of the player's move in a puzzle, or of the bound in survival:
// `mate` is the engine's proven score, the engine to move.
function judgeReply(mate) {
  const mode = game.mode;
  if (!mode) return;
  if (mode.kind === 'survival') {
    mode.bound = modes.survivalBound(mode.bound, game.moves.length, mate);
    return;
  }
  const token = game.moves[game.moves.length - 1];
  if (token && mode.judgedFirst !== game.moves.length)
    mode.judgement = modes.judgeByReply(mode.puzzle, token, mate);
}

function playHuman(token) {
  const index = indexOf(token);
  if (index === null) return say('"' + token + '" is not a cell: give a token such as 2c3.', 'error');
  if (game.over) return say('The game is over: start a new one, or take a move back.');
  if (engineToMove()) return say('It is the engine\'s move.');
  if (game.view !== null)
    return say('This is the position after move ' + game.view + ': Esc goes back to the game, ' +
               'or Take back to here plays on from it.');
  if (stonesOf(game.moves)[index]) return say(tokenOf(index) + ' is taken; choose an empty cell.', 'error');
  ++game.generation;
  if (ugi) ugi.stop();  // an analysis of the position before
  game.moves.push(tokenOf(index));
  Object.assign(game, {claim: '', values: {}});
  judgeFirstMove(tokenOf(index));
  say('You played ' + tokenOf(index) + '.');
  render();
  settle().catch(lost);
}

// What the engine proves, in the words of the game: only from a mate score.
function claimFrom(line) {
  takeValue(line);
  const pv = multiPvOf(line);
  if (pv && provenWins && provenWins.generation === game.generation && pv.mate > 0)
    provenWins.add(pv.move);
  if (pv && pv.rank !== 1) return;
  const mate = mateOf(line);
  if (mate === null || mate === 0) return;
  lastMate = mate;
  const moverWins = mate > 0;
  const winner = game.xToMove === moverWins ? 'X' : 'O';
  const moves = Math.ceil(Math.abs(mate) / 2);
  game.claim = winner + ' wins within ' + moves + (moves === 1 ? ' move' : ' moves') +
               ' (proven by the engine)';
  showClaim();
}

// Issue 70, 8: the engine's proven claims only for a player who asked for them (as the
// terminal game), and never once the game is over.
function showClaim() {
  $('claim').textContent = $('claims').checked && !game.over ? game.claim : '';
}

// Puzzles and survival (modes.js): the panel's line, how each starts and ends.
let puzzles = null;      // data/qubic.puzzles, fetched when first asked for
let provenWins = null;   // a puzzle's opening analysis collects its proven winning moves here
let lastMate = null;     // the last proven score of the engine's search, the engine to move

function showMode() {
  const mode = game.mode;
  $('next-puzzle').hidden = !mode || mode.kind !== 'puzzle';
  showStrengthMode();
  if (!mode) return ($('mode-info').textContent = '');
  if (mode.ending) return ($('mode-info').textContent = mode.ending);
  $('mode-info').textContent = mode.kind === 'puzzle'
    ? modes.puzzleTitle(mode.puzzle, puzzles.length) +
      (game.moves.length ? (mode.judgement ? ' ' + mode.judgement : '') : ' Find a winning move.')
    : modes.survivalStatus(game.moves.length, mode.bound);
}

function taint() {
  if (game.mode && game.mode.kind === 'survival') game.mode.tainted = true;
}

function leaveMode() {
  provenWins = null;
  game.mode = null;
}

// Once the game is over: a puzzle solved (or not), survival's score.
function endMode() {
  const mode = game.mode;
  if (!mode || mode.ending) return;
  const playerWon = game.result === (game.human === 'x' ? 'p1win' : 'p2win');
  mode.ending = mode.kind === 'puzzle'
    ? modes.puzzleEnd(mode.puzzle, playerWon, mode.hinted, puzzles.length)
    : modes.survivalEnd(game.moves.length, mode.bound, mode.tainted || mode.hinted);
}

async function loadPuzzles() {
  if (puzzles) return puzzles;
  const response = await fetch('qubic.puzzles');
  if (!response.ok) throw new Error('this site has no puzzles (qubic.puzzles: ' + response.status + ')');
  puzzles = modes.parsePuzzles(await response.text());
  if (!puzzles.length) throw new Error('qubic.puzzles holds no puzzle');
  return puzzles;
}

// A puzzle: the player the side to move, the engine the defender at full strength. While the
// player thinks, one MultiPV search proves the winning first moves (not shown: they are the
// answer) so that a first move can be judged at once.
async function startPuzzle(number) {
  try {
    await loadPuzzles();
  } catch (error) {
    return say('No puzzles: ' + error.message + '.', 'error');
  }
  const puzzle = number ? puzzles[number - 1] : modes.nextPuzzle(puzzles, game.mode && game.mode.puzzle ?
                                                                 game.mode.puzzle.number : 0);
  changeGame();
  game.mode = {kind: 'puzzle', puzzle, hinted: false, winning: null, judgedFirst: 0};
  game.human = puzzle.position.endsWith('x') ? 'x' : 'o';
  $('side').value = game.human;
  changeMoves({start: puzzle.position, moves: [], ended: null});
  say('');
  render();
  const generation = game.generation;
  await settle();
  if (generation !== game.generation || !engine.options.MultiPV) return;
  // The set fills as the search proves: a move played before it ends is judged by what it
  // holds then (a move in it is proven to win; the others only once all are found).
  provenWins = game.mode.winning = Object.assign(new Set(), {generation});
  $('mode-info').dataset.settled = '';
  await ugi.go([], 'movetime 2000', analysisSearch(), puzzle.position);
  provenWins = null;
  if (generation === game.generation) $('mode-info').dataset.settled = 'true';  // the tests wait for it
}

// Survival: the player O, the engine X at full strength; how long the player lasts.
function startSurvival() {
  changeGame();
  leaveMode();
  game.mode = {kind: 'survival', bound: {first: null, now: null}, tainted: false, hinted: false};
  game.human = 'o';
  $('side').value = 'o';
  changeMoves({start: null, moves: [], ended: null});
  say('Survival: you play O against perfect X. X will win; how long do you last?');
  render();
  settle().catch(lost);
}

// A puzzle's first move, judged at once where the opening analysis settles it.
function judgeFirstMove(token) {
  const mode = game.mode;
  if (!mode || mode.kind !== 'puzzle') return;
  mode.judgement = '';
  if (game.moves.length !== 1 || !mode.winning) return;
  mode.judgement = modes.judgeFirstMove(mode.puzzle, token, mode.winning);
  mode.judgedFirst = mode.judgement ? 1 : 0;
}

function newGame() {
  ++game.generation;
  if (ugi) ugi.stop();
  leaveMode();
  changeMoves({start: null, moves: [], ended: null, xToMove: true});
  game.human = $('side').value;
  say('New game. X moves first.');
  render();
  settle().catch(lost);
}

function xToMoveAfter(plies) {
  return xMovesFirst() === (plies % 2 === 0);
}

function undo() {
  ++game.generation;
  ugi.stop();
  // Back to the player's own turn: the engine's reply goes with the player's move.
  do game.moves.pop();
  while (game.human !== 'both' && xToMoveAfter(game.moves.length) !== (game.human === 'x') &&
         game.moves.length > 0);
  changeMoves({ended: null});
  taint();
  say('Taken back.');
  render();
  settle().catch(lost);
}

async function hint() {
  if (game.over || engineToMove()) return;
  const generation = ++game.generation;  // the analysis gives way
  ugi.stop();
  if (game.mode) game.mode.hinted = true;
  say('Looking for a hint…');
  // A hint is the engine's best advice whatever level it plays at, as in the terminal game.
  const best = analysisSearch().slice(1);
  const move = await ugi.go(game.moves, 'movetime ' + $('movetime').value,
                            (engine.options.MultiPV ? ['setoption name MultiPV value 1'] : []).concat(best),
                            game.start);
  if (generation !== game.generation) return;
  game.hint = indexOf(move);
  say('Hint: ' + move + '.');
  render();
}

// The strength: a level, or (where the engine offers them) a rating, Stockfish's
// LimitStrength and Elo.
function strengthLines() {
  const lines = [];
  if (engine.options.Level) lines.push('setoption name Level value ' + $('level').value);
  if (engine.options.LimitStrength && engine.options.Elo) {
    const byElo = $('by-elo').checked;
    lines.push('setoption name LimitStrength value ' + byElo);
    if (byElo) lines.push('setoption name Elo value ' + $('elo').value);
  }
  return lines;
}

async function setLevel() {
  await ugi.request([...strengthLines(), 'isready'], (l) => l === 'readyok');
}

// The level control, from the engine's own option line, each level with its rating and
// words where the engine gives them (query level N).
async function buildLevels(options) {
  const level = options.Level;
  const select = $('level');
  select.textContent = '';
  if (!level) {
    select.disabled = true;
    return;
  }
  for (let n = Number(level.min); n <= Number(level.max); ++n) {
    const option = document.createElement('option');
    option.value = String(n);
    const info = await ugi.levelInfo(n);
    // "Level 6 Steady (Elo 655)"; the words after the name go below the list.
    const name = info ? info.words.split(':')[0] : '';
    option.textContent = 'Level ' + n + (info ? ' ' + name + ' (Elo ' + info.elo + ')' : '');
    if (info) option.title = info.words;
    select.appendChild(option);
  }
  // A newcomer starts where the terminal game starts one ([tui] level, 6), not at the
  // engine's full strength; after that at the level chosen last (kept in this browser).
  const newcomer = String(Math.min(Number(level.max), Math.max(Number(level.min), 6)));
  const kept = localStorage.getItem('qubic.level');
  select.value = select.dataset.wanted || kept || newcomer;
  if (select.value === '') select.value = newcomer;  // a kept level this engine lacks
  showLevelWords();
}

function showLevelWords() {
  const chosen = $('level').selectedOptions[0];
  $('level-words').textContent = chosen && chosen.title ? chosen.title : '';
}

// The rating control, where the engine offers LimitStrength and Elo.
function buildElo(options) {
  const elo = options.Elo;
  $('elo-box').hidden = !(elo && options.LimitStrength);
  if (elo && !$('elo').value) {
    Object.assign($('elo'), {min: elo.min, max: elo.max, value: elo.default});
  }
  showStrengthMode();
}

function lost() {
  if (ugi && ugi.open) return;
  say(ugi && ugi.hung ? 'The engine stopped answering. Your game is kept: reconnect to go on.'
                      : 'The engine stopped. Your game is kept: reconnect to go on.', 'error');
  $('reconnect').hidden = false;
}

// Which engine: the player's choice ('page' or 'bridge', also ?engine= in the address),
// else the bridge when the server has one and the engine in the page when it has not.
function wantedEngine() {
  const asked = new URLSearchParams(location.search).get('engine');
  if (asked === 'page' || asked === 'bridge') return asked;
  const kept = localStorage.getItem('qubic.engine');
  return kept === 'page' || kept === 'bridge' ? kept : 'auto';
}

async function pageEngineHere() {
  try {
    return (await fetch('qubic-engine-wasm.wasm', {method: 'HEAD'})).ok;
  } catch (error) {
    return false;
  }
}

async function openEngine(kind) {
  const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/';
  const client = new UgiClient(kind === 'page' ? new WorkerTransport() : new SocketTransport(url));
  client.onInfo = claimFrom;
  $('engine').dataset.book = kind === 'page' ? 'page' : 'whole';
  $('engine').title = kind === 'page' ? 'The book: its 1a1 line until the whole book has come' : '';
  if (kind === 'page') {
    client.transport.onBook = () => {
      $('engine').dataset.book = 'whole';
      $('engine').title = 'The book: the whole book';
    };
  }
  await client.connect();
  return client;
}

async function connect() {
  $('reconnect').hidden = true;
  const wanted = wantedEngine();
  if (wanted !== 'auto') $('transport').value = wanted;
  $('transport').hidden = false;
  try {
    try {
      ugi = await openEngine(wanted === 'page' ? 'page' : 'bridge');
    } catch (error) {
      // No bridge here (a static site), or one at its cap: the engine in the page, where
      // the site has it (make site); else the bridge's own reason.
      if (wanted !== 'auto' || !(await pageEngineHere())) throw error;
      ugi = await openEngine('page');
    }
    ugi.onClose = lost;
    engine = await ugi.handshake();
  } catch (error) {
    say(String(error.message || error), 'error');
    $('reconnect').hidden = false;
    return;
  }
  $('engine').textContent = engine.name;
  $('transport').value = ugi.kind;
  // What an earlier failure said is no longer true.
  say('Connected to ' + engine.name + (ugi.kind === 'page' ? ', in this page.' : ', on the server.') +
      (restoredWords ? ' ' + restoredWords : ''));
  restoredWords = '';
  await restoreMode();
  await buildLevels(engine.options);
  buildElo(engine.options);
  await setLevel();
  ++game.generation;
  await settle();
}

// The player switches engines: the game stays, the other engine takes it from here.
async function switchEngine() {
  localStorage.setItem('qubic.engine', $('transport').value);
  ++game.generation;
  if (ugi) {
    ugi.onClose = () => {};
    ugi.close();
  }
  await connect();
}

function recordText() {
  const strength = game.mode && engine.options.Level ? 'level ' + engine.options.Level.max
    : $('by-elo').checked && !$('elo-box').hidden ? 'rating ' + $('elo').value
    : 'level ' + $('level').value;
  const who = (side) => (game.human === side || game.human === 'both' ? 'You' :
                         'Engine, ' + strength);
  return recordOf(game, who('x'), who('o'), xMovesFirst());
}

function save() {
  const link = document.createElement('a');
  link.href = URL.createObjectURL(new Blob([recordText()], {type: 'text/plain'}));
  link.download = 'qubic-game.qgn';
  link.click();
  $('record').value = recordText();
  say('Saved as qubic-game.qgn.');
}


// Issue 70, 2 and 3: a record is played from its Position tag, and its Result holds: a
// finished record loads finished (a time forfeit shows as one), one whose Result the moves
// contradict is refused with the reason. The engine judges the position and the moves.
async function load(text) {
  const tags = tagsOfRecord(text);
  const words = movesOfRecord(text);
  const bad = words.find((m) => indexOf(m) === null);
  if (bad !== undefined) return say('Not loaded: "' + bad.slice(0, 20) + '" is not a move.', 'error');
  const moves = words.map((m) => tokenOf(indexOf(m)));
  const start = tags.Position ? tags.Position.trim() : null;
  const result = tags.Result === undefined ? '*' : tags.Result;
  if (result !== '*' && !kResultOfTag[result])
    return say('Not loaded: its Result "' + result.slice(0, 20) + '" is none of 1-0, 0-1, ' +
               '1/2-1/2 and *.', 'error');
  ++game.generation;
  ugi.stop();
  const refuse = async (why) => {
    say('Not loaded, the game is unchanged: ' + why, 'error');
    await ugi.position(game.moves, game.start);  // the engine back on the game kept
  };
  const error = await ugi.position(moves, start);
  if (error) return refuse(error);
  const shown = (await ugi.query('gameover')) === 'true' ? await ugi.query('result') : '';
  const tagged = kResultOfTag[result];
  if (shown && tagged && shown !== tagged)
    return refuse('its Result is ' + result + ' but the moves end it: ' + kResultText[shown] + '.');
  const termination = tags.Termination || '';
  const ended = !shown && tagged
    ? {result: tagged, termination,
       reason: termination === 'time forfeit' ? 'on time' : termination || 'as the record says'}
    : null;
  changeMoves({start, moves, ended});
  game.analysing = -1;
  say('Loaded ' + moves.length + (moves.length === 1 ? ' move' : ' moves') +
      (start ? ' from the position of its Position tag' : '') +
      (ended ? ', a game that ended ' + ended.reason : '') + '.');
  await settle();
}

$('new').addEventListener('click', newGame);
$('undo').addEventListener('click', () => undo());
$('hint').addEventListener('click', () => hint().catch(lost));
$('save').addEventListener('click', save);
$('takeback').addEventListener('click', takeBackToView);
$('live').addEventListener('click', () => viewPly(game.moves.length));
$('resign').addEventListener('click', resign);
$('puzzle').addEventListener('click', () => startPuzzle().catch(lost));
$('next-puzzle').addEventListener('click', () => startPuzzle().catch(lost));
$('survival').addEventListener('click', startSurvival);
$('reconnect').addEventListener('click', () => connect());
$('claims').checked = localStorage.getItem('qubic.claims') === 'true';
$('claims').addEventListener('change', () => {
  localStorage.setItem('qubic.claims', String($('claims').checked));
  showClaim();
});
$('transport').addEventListener('change', () => switchEngine().catch(lost));
// Every control that changes the game stops the search first (its answer, drained by the
// request chain, is dropped: the generation moved on), then settles the game afresh.
function changeGame() {
  ++game.generation;
  if (ugi) ugi.stop();
}

$('level').addEventListener('change', () => {
  showLevelWords();
  $('level').dataset.wanted = $('level').value;
  localStorage.setItem('qubic.level', $('level').value);
  changeGame();
  setLevel().then(settle).catch(lost);
});
$('analysis').addEventListener('change', () => {
  game.values = {};
  ++game.generation;
  ugi.stop();
  render();
  // Issue 70, 6: asked for in a finished game, the analysis says why it shows nothing.
  if ($('analysis').checked && game.over)
    say('The game is over: nothing to analyse. Take moves back to analyse a position of it.');
  settle().catch(lost);
});
// Issue 70, 7: a rating outside the engine's range is refused with a word (the box had
// taken 99999), and the level list is off while the rating rules.
function ratingChosen() {
  const elo = engine.options.Elo, box = $('elo');
  const value = Number(box.value);
  if (!elo || (Number.isInteger(value) && value >= Number(elo.min) && value <= Number(elo.max)))
    return true;
  say('The rating is a whole number from ' + elo.min + ' to ' + elo.max + '; ' +
      'the engine keeps the one before.', 'error');
  box.value = box.dataset.applied || elo.default;
  return false;
}

function showStrengthMode() {
  if (!engine) return;
  $('level').disabled = $('by-elo').checked || !engine.options.Level || Boolean(game.mode);
  $('by-elo').disabled = $('elo').disabled = Boolean(game.mode);
  if (game.mode) $('level-words').textContent = 'Puzzles and survival are against the engine\'s full strength.';
  else showLevelWords();
}

for (const id of ['by-elo', 'elo'])
  $(id).addEventListener('change', () => {
    showStrengthMode();
    if (!ratingChosen()) return;
    $('elo').dataset.applied = $('elo').value;
    changeGame();
    setLevel().then(settle).catch(lost);
  });
$('side').addEventListener('change', () => {
  changeGame();  // issue 70, 1: the engine's move in flight was played for the other side
  if (game.mode) say('');
  leaveMode();  // a puzzle or survival goes on as an ordinary game
  game.human = $('side').value;
  localStorage.setItem('qubic.side', game.human);
  say('You play ' + $('side').selectedOptions[0].textContent + '.');
  settle().catch(lost);
});
$('token-form').addEventListener('submit', (e) => {
  e.preventDefault();
  playHuman($('token').value);
  $('token').value = '';
});
$('load').addEventListener('change', async () => {
  const file = $('load').files[0];
  if (file) await load(await file.text()).catch(lost);
  $('load').value = '';
});
window.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
  // The move list's keys; a plane's cell keeps the arrows for its cursor (board.js).
  const onCell = e.target.dataset && e.target.dataset.view;
  const at = game.view === null ? game.moves.length : game.view;
  if (!onCell && e.key === 'ArrowLeft' && at > 0) return viewPly(at - 1);
  if (!onCell && e.key === 'ArrowRight' && game.view !== null) return viewPly(at + 1);
  if (e.key === 'Escape' && game.view !== null) return viewPly(game.moves.length);
  if (e.key === 'r') board.resetTurn();
  if (e.key === '/') {  // to the move box, as a search box is reached in many pages
    e.preventDefault();
    $('token').focus();
  }
});

// A puzzle or survival kept with the game (game-store.js) goes on as it was, once.
async function restoreMode() {
  const kept = restoredMode;
  restoredMode = null;
  if (!kept) return;
  const spoiled = !kept.counted;
  if (kept.kind === 'survival') {
    game.mode = {kind: 'survival', bound: {first: null, now: null}, tainted: spoiled, hinted: false};
    game.human = $('side').value = 'o';
    return;
  }
  try {
    await loadPuzzles();
  } catch (error) {
    return;  // the game stays, as an ordinary one
  }
  const puzzle = puzzles[kept.number - 1];
  if (!puzzle || puzzle.position !== game.start) return;
  game.mode = {kind: 'puzzle', puzzle, hinted: spoiled, winning: null, judgedFirst: 0};
  game.human = $('side').value = puzzle.position.endsWith('x') ? 'x' : 'o';
}

// Issue 70, 10: the game of the address, else the last one, and the side the player took.
let restoredWords = '';
let restoredMode = null;
const restored = restoredGame();
if (restored) {
  changeMoves({start: restored.start, moves: restored.moves, ended: restored.ended});
  restoredMode = restored.mode;
  restoredWords = (restored.from === 'address' ? 'The game of this address' : 'Your last game') +
                  ' is back (' + restored.moves.length + ' moves).';
}
if (['x', 'o', 'both'].includes(localStorage.getItem('qubic.side')))
  $('side').value = game.human = localStorage.getItem('qubic.side');
// A link to another game opened in this page: that game, the engine judging it.
window.addEventListener('hashchange', () => {
  const opened = gameOfAddress();
  if (!opened) return;
  ++game.generation;
  if (ugi) ugi.stop();
  leaveMode();
  changeMoves({start: opened.start, moves: opened.moves, ended: opened.ended});
  restoredMode = opened.mode;
  say('Opened the game of the address (' + opened.moves.length + ' moves).');
  render();
  if (ugi) restoreMode().then(settle).catch(lost);
});
render();
connect();
