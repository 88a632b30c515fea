// The page: a game of Qubic against whatever UGI engine it reaches: the native engine
// behind the web bridge, or the engine compiled to WebAssembly in this page (web/ugi.js). All it
// knows of the game comes from the engine: whether a move is legal (position's error),
// whose turn it is (query p1turn), whether and how the game ended (query gameover,
// query result), and what is proven (info ... score mate N).
import {BoardView, indexOf, tokenOf} from './board.js';
import {$, onChoice} from './dom.js';
import {mateOf, multiPvOf} from './ugi.js';
import {bridgeHere, openEngine, pageEngineHere, wantedEngine} from './connection.js';
import {analyse, takeValue} from './analysis.js';
import {analysisSearch, hintSearch, plainSearch} from './searches.js';
import * as strength from './strength.js';
import {gameOfAddress, keepGame, restoredGame} from './game-store.js';
import {kMaxRecordBytes, kResultOfTag, movesOfRecord, recordOf, tagsOfRecord} from './records.js';
import {MoveList} from './move-list.js';
import * as modes from './modes.js';
import * as review from './review.js';
import {keepOffline} from './offline.js';
import {GameClock, clockLabel, clockText, clockWords, parseTimeControl, timeControlText} from './clock.js';

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
  clock: null,      // a GameClock (clock.js) when the game is played on the clock
  review: null,     // the engine's review: {moves: the moves reviewed, lines: a line a move}
  explain: null,    // an explanation on the board: {steps: [{move, reply, threes, words}], shown, ...}
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
  if (game.explain) drawExplanation();
  else board.draw(stonesOf(shown), viewing ? {last} :
    {last, hint: game.hint, line: game.line, values: game.values});
  $('explain-next').hidden = $('explain-end').hidden = !game.explain;
  const toMove = game.xToMove ? 'X' : 'O';
  $('status').textContent = game.over ? 'Game over: ' + (kResultText[game.result] || game.result) +
                                        (game.ended ? ' (' + game.ended.reason + ')' : '')
                                      : toMove + ' to move';
  $('status').dataset.result = game.over ? game.result : '';
  $('banner').textContent = bannerText();
  $('takeback').hidden = $('live').hidden = !viewing;
  $('resign').disabled = game.over || game.human === 'both';
  showClocks();
  showMode();
  showClaim();
  const verdicts = review.currentVerdicts(game.review, game.moves);
  moveList.draw(game.moves, game.view, verdicts, review.markOf);
  review.drawReviewList($('review-list'), Object.values(verdicts), xMovesFirst());
  keepGame(game);
}

// Who won, in the player's words, once a game against the engine is over.
function bannerText() {
  if (!game.over || game.human === 'both' || !kResultText[game.result]) return '';
  if (game.result === 'draw') return 'A draw.';
  const won = (game.result === 'p1win') === (game.human === 'x');
  const onTime = game.ended && game.ended.termination === 'time forfeit';
  return won ? (onTime ? 'You won on time!' : 'You won!') : onTime ? 'You lost on time.' : 'You lost.';
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
  if (game.clock) game.clock.pause();
  say('You resigned.');
  render();
  settle().catch(lost);
}

// The game's moves change (`fields`: start, moves, ended, ...): what was derived from the
// old ones goes, and settle() asks the engine again.
function changeMoves(fields) {
  Object.assign(game, {over: false, result: '', hint: null, line: [], claim: '', values: {},
                       view: null, explain: null, beyond: false}, fields);
  if ('start' in fields) {  // another game: the review and the players were the last's
    game.review = null;
    game.loadedPlayers = null;
  }
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
  if (error) return dropRefused(error);
  game.over = (await ugi.query('gameover')) === 'true';
  game.result = game.over ? await ugi.query('result') : '';
  if (!game.over && game.ended) Object.assign(game, {over: true, result: game.ended.result});
  game.line = game.over ? (await ugi.winningLine()).map(indexOf) : [];
  game.xToMove = (await ugi.query('p1turn')) === 'true';
  if (generation !== game.generation) return;
  if (game.over) endMode();
  runClock();
  render();
  if (engineToMove()) await think(generation);
  else if ($('analysis').checked && !game.over) await analyse({ugi, engine, game, say}, generation);
}

// What the engine refused of the game (an address's or a kept game's) goes, in one round
// trip: from the move its error names (`move N (...)`) to the end, else the start
// position itself, and the page says what was dropped.
function dropRefused(error) {
  const named = /\bmove (\d+) \(/.exec(error);
  const first = named ? Number(named[1]) - 1 : game.moves.length - 1;
  if (named && first < game.moves.length || !game.start && first >= 0) {
    const dropped = game.moves.splice(first);
    say((dropped.length === 1 ? dropped[0]
                              : 'Moves ' + (first + 1) + ' to ' + (first + dropped.length) +
                                ' (' + dropped[0] + ' and ' + (dropped.length - 1) + ' more)') +
        (dropped.length === 1 ? ' was' : ' were') + ' refused by the engine: ' + error +
        (game.beyond ? '; the moves after the 64th were dropped unread.' : ''), 'error');
  } else if (game.start) {
    say('The start position was refused by the engine (' + error + '): a new game instead.', 'error');
    changeMoves({start: null, moves: [], ended: null});
  } else {
    return say('The engine refused the empty board: ' + error, 'error');
  }
  return settle();
}

async function think(generation) {
  say('The engine is thinking…');
  lastMate = null;
  const limits = game.clock ? game.clock.goLimits() : 'movetime ' + $('movetime').value;
  const move = await ugi.go(game.moves, limits, plainSearch(engine, Boolean(game.mode)), game.start);
  if (generation !== game.generation) return;
  if (game.clock) {
    const side = game.xToMove ? 'x' : 'o';
    if (game.clock.remaining(side) <= 0) return flagFall(side);  // its move came too late
    game.clock.moved();
    startClock(side === 'x' ? 'o' : 'x', game.moves.length + 1);
  }
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
  if (game.explain) return say('The board shows an explanation: Next step, or Esc goes back to the game.');
  if (stonesOf(game.moves)[index]) return say(tokenOf(index) + ' is taken; choose an empty cell.', 'error');
  ++game.generation;
  if (ugi) ugi.stop();  // an analysis of the position before
  if (game.clock) {  // the other side's time starts at once, before the engine hears of it
    game.clock.moved();
    startClock(game.xToMove ? 'o' : 'x', game.moves.length + 1);
  }
  game.moves.push(tokenOf(index));
  Object.assign(game, {claim: '', values: {}});
  judgeFirstMove(tokenOf(index));
  say('You played ' + tokenOf(index) + '.');
  render();
  settle().catch(lost);
}

// What the engine proves, in the words of the game: only from a mate score.
function claimFrom(line) {
  // A review's progress (docs/protocol.md): steps done of all, while it runs.
  const progress = line.match(/^info string review progress (\d+) of (\d+)$/);
  if (progress && game.reviewing)
    return say(game.reviewing.words + ': step ' + progress[1] + ' of ' + progress[2] + '…');
  if (takeValue(game, line)) render();
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
  strength.showStrengthMode(engine, Boolean(mode));
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
  game.clock = null;  // puzzles and survival are not played on the clock
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
  await ugi.go([], 'movetime 2000', analysisSearch(engine), puzzle.position);
  provenWins = null;
  if (generation === game.generation) $('mode-info').dataset.settled = 'true';  // the tests wait for it
}

// Survival: the player O, the engine X at full strength; how long the player lasts.
function startSurvival() {
  changeGame();
  leaveMode();
  game.mode = {kind: 'survival', bound: {first: null, now: null}, tainted: false, hinted: false};
  game.clock = null;
  game.human = 'o';
  $('side').value = 'o';
  changeMoves({start: null, moves: [], ended: null});
  say('Survival: you play O against perfect X. X will win; how long do you last?');
  render();
  settle().catch(lost);
}

// A record's clock (TimeControl tc=BASE+INC, XClock and OClock in ms), or null.
function clockOfTags(tags) {
  const control = parseTimeControl((tags.TimeControl || '').replace(/^tc=/, ''));
  if (!control) return null;
  const left = (tag) => (/^\d{1,9}$/.test(tags[tag] || '') ? Number(tags[tag]) : control.base);
  return new GameClock(control, {x: left('XClock'), o: left('OClock')});
}

// The clock chosen for a new game (the Clock list, or ?clock=BASE+INC in seconds), or null.
function chosenClock() {
  const control = parseTimeControl($('clock').value);
  return control ? new GameClock(control) : null;
}

// The side to move's clock runs while the game is on; a finished game's stops.
function runClock() {
  if (!game.clock) return;
  if (game.over) game.clock.pause();
  else startClock(game.xToMove ? 'x' : 'o', game.moves.length);
}

// As on the big chess sites, each side's first move is untimed (a player is not flagged
// before finding the board, an engine before it has loaded): the clocks run once both
// sides have moved, `played` moves into the game.
function startClock(side, played) {
  if (played >= 2) game.clock.start(side);
  else game.clock.pause();
}

// A side's time ran out: it loses the game (the engine's search, if any, is stopped and
// its move dropped), as the terminal game records it.
function flagFall(side) {
  game.clock.pause();
  changeGame();
  const human = game.human === 'both' || game.human === side;
  game.ended = {result: side === 'x' ? 'p2win' : 'p1win', termination: 'time forfeit',
                reason: (side === 'x' ? 'X' : 'O') + ' ran out of time'};
  Object.assign(game, {over: true, result: game.ended.result, view: null});
  say(human && game.human !== 'both' ? 'Your time ran out.' : game.ended.reason + '.');
  render();
  settle().catch(lost);
}

function showClocks() {
  $('clocks').hidden = !game.clock;
  if (!game.clock) return;
  for (const side of ['x', 'o']) {
    const shown = $('clock-' + side);
    shown.textContent = side.toUpperCase() + ' ' + clockText(game.clock.remaining(side));
    shown.dataset.running = String(game.clock.running === side);
  }
}

// A reload or a closed page keeps the clocks as they are at that moment.
window.addEventListener('pagehide', () => keepGame(game));

// Every tenth of a second: the clocks shown, and a flag fallen; the kept game's clocks each
// second (a reload goes on with the time as it was).
let lastKept = 0;
setInterval(() => {
  if (!game.clock || !game.clock.running) return;
  const side = game.clock.running;
  if (game.clock.remaining(side) <= 0 && !game.over) return flagFall(side);
  showClocks();
  if (performance.now() - lastKept > 1000) {
    lastKept = performance.now();
    keepGame(game);
  }
}, 100);

// The proven review of the game so far (review.js): the engine's `review`, at the budget of
// ?review=N in the address (positions a position), else the engine's 100 000.
async function reviewGame() {
  if (!game.moves.length) return say('Nothing to review yet: no move has been played.');
  changeGame();  // the engine's search or the analysis gives way
  const generation = game.generation;
  const asked = Math.floor(Number(new URLSearchParams(location.search).get('review')));
  const positions = asked >= 1 ? asked : 100000;
  game.reviewing = {words: 'Reviewing ' + modes.movesWord(game.moves.length) +
                            ' with proofs (' + positions + ' positions a position)'};
  say(game.reviewing.words + '…');
  $('review-stop').hidden = false;
  const result = await ugi.review(game.moves, game.start, positions).finally(() => {
    game.reviewing = null;
    $('review-stop').hidden = true;
  });
  if (generation !== game.generation) return;
  if (result.error) {
    say('No review: ' + result.error + '.', 'error');
  } else if (result.stopped) {
    say('Review stopped: the moves were not all judged.');
  } else {
    game.review = {moves: game.moves.slice(), lines: result.moves};
    say(review.summaryOf(result.moves, xMovesFirst()));
  }
  render();
  await settle();
}

// Explain (the engine's `explain`, docs/protocol.md): how the side to move wins. A forcing
// win is shown a step at a time on the board (the winner's move, the threes it makes, the
// cell the defender must take); the board shows the line, not the game, until it ends.
async function explainWin() {
  if (game.over) return say('The game is over: nothing to explain.');
  changeGame();
  const generation = game.generation;
  if (game.mode) game.mode.hinted = true;  // it gives a puzzle's answer away: as a hint
  say('Looking for the win, to explain it…');
  const result = await ugi.explain(game.moves, game.start);
  if (generation !== game.generation) return;
  if (result.error) {
    say('No explanation: ' + result.error + '.', 'error');
  } else if (result.kind === 'none') {
    say(result.words + '.');
  } else {
    const side = game.xToMove ? 'X' : 'O';
    game.explain = result.kind === 'forcing'
      ? {side, steps: result.steps, plies: result.plies, shown: 1}
      : {side, steps: [{move: result.move, reply: null, threes: [], words: result.words}],
         plies: result.plies, shown: 1, quiet: true};
    sayStep();
  }
  render();
  if (!game.explain) await settle();
}

function sayStep() {
  const e = game.explain;
  const step = e.steps[e.shown - 1];
  if (e.quiet) return say(step.words + ' (Back to the game: Esc.)');
  // Counted in the winner's moves: after a double threat the move that completes a line
  // is not a step of its own.
  const completes = e.steps[e.steps.length - 1].words === 'completes a line';
  const total = e.steps.length + (completes ? 0 : 1);
  const last = e.shown === e.steps.length;
  say('Forcing win in ' + total + ' moves (checked by the rules), move ' + e.shown + ' of ' +
      total + ': ' + e.side + ' ' + step.move + ' ' + step.words +
      (step.reply ? ' at ' + step.reply : '') + '.' +
      (last && !completes ? ' Move ' + total + ' completes a line.' : '') +
      ' (The board shows the line, not the game.)');
}

function drawExplanation() {
  const e = game.explain;
  const stones = stonesOf(game.moves);
  const other = e.side === 'X' ? 'o' : 'x';
  e.steps.slice(0, e.shown).forEach((step, k) => {
    stones[indexOf(step.move)] = e.side.toLowerCase();
    if (step.reply && k < e.shown - 1) stones[indexOf(step.reply)] = other;
  });
  const step = e.steps[e.shown - 1];
  board.draw(stones, {last: indexOf(step.move), hint: step.reply ? indexOf(step.reply) : null,
                      line: step.threes.flat().map(indexOf)});
}

function explainNext() {
  if (!game.explain) return;
  if (game.explain.shown < game.explain.steps.length) {
    ++game.explain.shown;
    sayStep();
    return render();
  }
  endExplanation();
}

function endExplanation() {
  if (!game.explain) return;
  game.explain = null;
  say('End of the explanation: the board shows the game again.');
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
  game.clock = chosenClock();
  say('New game. X moves first.' + (game.clock ? ' On the clock: ' + clockWords(game.clock.control) + '.' : ''));
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
  const move = await ugi.go(game.moves, 'movetime ' + $('movetime').value, hintSearch(engine),
                            game.start);
  if (generation !== game.generation) return;
  game.hint = indexOf(move);
  say('Hint: ' + move + '.');
  render();
}

function lost() {
  if (ugi && ugi.open) return;
  say(ugi && ugi.hung ? 'The engine stopped answering. Your game is kept: reconnect to go on.'
                      : 'The engine stopped. Your game is kept: reconnect to go on.', 'error');
  $('reconnect').hidden = false;
}

// Issue 85, 1: the engines this site has, 'page' and 'bridge': true once one answered,
// false once it could not be reached, null while not known. Only those it has are offered.
const enginesHere = {page: null, bridge: null};

// The other engine after `kind` failed, where the site has it: its client, and the plain
// words that say why it plays; the failed choice is not kept.
async function fallBack(kind, error) {
  enginesHere[kind] = false;
  if (kind === 'bridge' && !(await pageEngineHere())) throw error;
  const client = await openEngine(kind === 'bridge' ? 'page' : 'bridge', claimFrom);
  if (localStorage.getItem('qubic.engine') === kind) localStorage.removeItem('qubic.engine');
  return {client, why: kind === 'bridge'
    ? 'There is no engine on this server, or it runs as many as it allows: the engine in ' +
      'this page plays instead.'
    : 'The engine in this page cannot start in this browser: the engine on the server ' +
      'plays instead.'};
}

// `asked`: 'page', 'bridge' or 'auto' (the bridge, else the page's engine), as
// wantedEngine() reads it; a choice that works is kept for the next visits.
async function connect(asked = wantedEngine()) {
  $('reconnect').hidden = true;
  const first = asked === 'page' ? 'page' : 'bridge';
  let why = '';
  try {
    try {
      ugi = await openEngine(first, claimFrom);
    } catch (error) {
      ({client: ugi, why} = await fallBack(first, error));
      if (asked === 'auto') why = '';  // a static site: nothing was asked, nothing failed
    }
    ugi.onClose = lost;
    engine = await ugi.handshake();
  } catch (error) {
    say(String(error.message || error), 'error');
    $('reconnect').hidden = false;
    return;
  }
  enginesHere[ugi.kind] = true;
  if (asked === ugi.kind) localStorage.setItem('qubic.engine', asked);
  offerEngines().catch(() => {});
  $('engine').textContent = engine.name;
  $('transport').value = ugi.kind;
  // What an earlier failure said is no longer true.
  say('Connected to ' + engine.name + (ugi.kind === 'page' ? ', in this page.' : ', on the server.') +
      (why ? ' ' + why : '') + (restoredWords ? ' ' + restoredWords : ''), why ? 'error' : undefined);
  restoredWords = '';
  await restoreMode();
  await strength.buildLevels(ugi, engine.options);
  strength.buildElo(engine, Boolean(game.mode));
  await strength.setLevel(ugi, engine);
  ++game.generation;
  await settle();
}

// The player switches engines: the game stays, the other engine takes it from here (kept
// for the next visits once it plays).
async function switchEngine() {
  ++game.generation;
  if (ugi) {
    ugi.onClose = () => {};
    ugi.close();
  }
  await connect($('transport').value);
}

// The engine list offers what the site has: the page's engine where the site serves it,
// the server's once it answered (asked once, by a connection opened and closed).
async function offerEngines() {
  if (enginesHere.page === null) enginesHere.page = await pageEngineHere();
  if (enginesHere.bridge === null) enginesHere.bridge = await bridgeHere();
  for (const option of $('transport').options) option.disabled = !enginesHere[option.value];
  $('transport-box').hidden = !(enginesHere.page && enginesHere.bridge);
}

// Who plays `side` now, as a record names it.
function playerWords(side) {
  return game.human === side || game.human === 'both' ? 'You' :
    'Engine, ' + strength.strengthWords(engine, Boolean(game.mode));
}

function recordText() {
  // A loaded record's players stay its players while the page's are those it loaded with.
  const loaded = game.loadedPlayers;
  const who = (side) => (loaded && loaded[side] && loaded.as[side] === playerWords(side)
    ? loaded[side] : playerWords(side));
  const clockTags = game.clock ? [['TimeControl', 'tc=' + timeControlText(game.clock.control)],
                                   ['XClock', String(Math.max(0, Math.round(game.clock.remaining('x'))))],
                                   ['OClock', String(Math.max(0, Math.round(game.clock.remaining('o'))))]] : [];
  return recordOf(game, who('x'), who('o'), xMovesFirst(), clockTags);
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
  if (text.length > kMaxRecordBytes) return refuseSize(text.length);
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
  leaveMode();
  game.clock = clockOfTags(tags);
  game.loadedPlayers = {x: tags.X, o: tags.O, as: {x: playerWords('x'), o: playerWords('o')}};
  game.analysing = -1;
  say('Loaded ' + modes.movesWord(moves.length) +
      (start ? ' from the position of its Position tag' : '') +
      (ended ? ', a game that ended ' + ended.reason : '') + '.');
  await settle();
}

// Read before anything is parsed: a game record is a few kilobytes.
function refuseSize(bytes) {
  say('Not loaded: the file holds ' + (bytes / (1 << 20)).toFixed(1) + ' MB, and a game ' +
      'record may hold at most ' + kMaxRecordBytes / (1 << 20) + ' MB.', 'error');
}

$('new').addEventListener('click', newGame);
$('undo').addEventListener('click', () => undo());
$('hint').addEventListener('click', () => hint().catch(lost));
$('save').addEventListener('click', save);
$('takeback').addEventListener('click', takeBackToView);
$('live').addEventListener('click', () => viewPly(game.moves.length));
$('resign').addEventListener('click', resign);
$('review').addEventListener('click', () => reviewGame().catch(lost));
$('review-stop').addEventListener('click', () => ugi.stop());
$('explain').addEventListener('click', () => explainWin().catch(lost));
$('explain-next').addEventListener('click', explainNext);
$('explain-end').addEventListener('click', endExplanation);
$('puzzle').addEventListener('click', () => startPuzzle().catch(lost));
$('next-puzzle').addEventListener('click', () => startPuzzle().catch(lost));
$('survival').addEventListener('click', startSurvival);
$('reconnect').addEventListener('click', () => connect());
$('claims').checked = localStorage.getItem('qubic.claims') === 'true';
$('claims').addEventListener('change', () => {
  localStorage.setItem('qubic.claims', String($('claims').checked));
  showClaim();
});
onChoice($('transport'), () => switchEngine().catch(lost));
// The clock: ?clock=BASE+INC (seconds) in the address adds its own choice; the choice is
// kept, and applies from the next new game (at once when no move has been played).
{
  const asked = parseTimeControl(new URLSearchParams(location.search).get('clock'));
  if (asked) {
    const option = new Option(clockLabel(asked), timeControlText(asked));
    $('clock').add(option);
    $('clock').value = option.value;
  } else if (parseTimeControl(localStorage.getItem('qubic.clock'))) {
    $('clock').value = localStorage.getItem('qubic.clock');
  }
  $('movetime').disabled = Boolean($('clock').value);
}
// The time a move, kept in this browser as the other settings are.
if ([...$('movetime').options].some((o) => o.value === localStorage.getItem('qubic.movetime')))
  $('movetime').value = localStorage.getItem('qubic.movetime');
onChoice($('movetime'), () => localStorage.setItem('qubic.movetime', $('movetime').value));
onChoice($('clock'), () => {
  localStorage.setItem('qubic.clock', $('clock').value);
  $('movetime').disabled = Boolean($('clock').value);
  if (game.moves.length || game.mode) {
    const control = parseTimeControl($('clock').value);
    say(control ? 'The clock (' + clockWords(control) + ') starts with the next new game.'
                : 'The next new game is played without a clock.');
    return;
  }
  changeGame();
  game.clock = chosenClock();
  say(game.clock ? 'On the clock: ' + clockWords(game.clock.control) + '.' : 'No clock.');
  render();
  settle().catch(lost);
});
// Every control that changes the game stops the search first (its answer, drained by the
// request chain, is dropped: the generation moved on), then settles the game afresh.
function changeGame() {
  ++game.generation;
  if (ugi) ugi.stop();
  game.explain = null;
}

onChoice($('level'), () => {
  strength.showLevelWords();
  $('level').dataset.wanted = $('level').value;
  localStorage.setItem('qubic.level', $('level').value);
  changeGame();
  strength.setLevel(ugi, engine).then(settle).catch(lost);
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
for (const id of ['by-elo', 'elo'])
  $(id).addEventListener('change', () => {
    strength.showStrengthMode(engine, Boolean(game.mode));
    if (!strength.ratingChosen(engine, say)) return;
    $('elo').dataset.applied = $('elo').value;
    localStorage.setItem('qubic.rating', $('by-elo').checked ? $('elo').value : '');
    changeGame();
    strength.setLevel(ugi, engine).then(settle).catch(lost);
  });
onChoice($('side'), () => {
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
  if (file && file.size > kMaxRecordBytes) refuseSize(file.size);
  else if (file) await load(await file.text()).catch(lost);
  $('load').value = '';
});
window.addEventListener('keydown', (e) => {
  if (['INPUT', 'SELECT', 'TEXTAREA'].includes(e.target.tagName)) return;
  // The move list's keys; a plane's cell keeps the arrows for its cursor (board.js).
  const onCell = e.target.dataset && e.target.dataset.view;
  const at = game.view === null ? game.moves.length : game.view;
  if (!onCell && e.key === 'ArrowLeft' && at > 0) return viewPly(at - 1);
  if (!onCell && e.key === 'ArrowRight' && game.view !== null) return viewPly(at + 1);
  if (e.key === 'Escape' && game.explain) return endExplanation();
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
  changeMoves({start: restored.start, moves: restored.moves, ended: restored.ended,
               beyond: restored.beyond});
  restoredMode = restored.mode;
  game.clock = restored.clock ? clockOfTags(restored.clock) : null;
  restoredWords = (restored.from === 'address' ? 'The game of this address' : 'Your last game') +
                  ' is back (' + modes.movesWord(restored.moves.length) + ')' +
                  (restored.beyond ? '; the moves after the 64th were dropped.' : '.');
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
  changeMoves({start: opened.start, moves: opened.moves, ended: opened.ended,
               beyond: opened.beyond});
  restoredMode = opened.mode;
  game.clock = opened.clock ? clockOfTags(opened.clock) : null;
  say('Opened the game of the address (' + modes.movesWord(opened.moves.length) + ')' +
      (opened.beyond ? '; the moves after the 64th were dropped.' : '.'));
  render();
  if (ugi) restoreMode().then(settle).catch(lost);
});
render();
connect();
// Kept for play without a network where the site can play without one.
keepOffline(pageEngineHere).catch((error) => console.warn('not kept offline: ' + error));
