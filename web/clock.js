// The game clock (issue 70): each side's time left under a Fischer time control (a base
// time, and an increment added to a side's clock when it has moved), as the terminal game
// keeps it (docs/game-records.md: TimeControl, XClock, OClock). The page runs the side to
// move's clock; the engine is told both (`go p1time p2time p1inc p2inc`) and budgets its own.

// "300+3" (seconds, as a record's `tc=300+3` and the page's ?clock=) -> {base, inc} in ms.
// An address's query reads a + as a space: "300 3" is taken too.
export function parseTimeControl(text) {
  const m = String(text || '').match(/^(\d{1,5}(?:\.\d+)?)[+ ](\d{1,4}(?:\.\d+)?)$/);
  if (!m || Number(m[1]) <= 0) return null;
  return {base: Math.round(Number(m[1]) * 1000), inc: Math.round(Number(m[2]) * 1000)};
}

export function timeControlText(control) {
  return control.base / 1000 + '+' + control.inc / 1000;
}

// The Clock list's words for a control, its units said: "5 min + 3 s", "1 min", "45 s".
export function clockLabel(control) {
  const base = control.base % 60000 === 0 ? control.base / 60000 + ' min' : control.base / 1000 + ' s';
  return control.inc ? base + ' + ' + control.inc / 1000 + ' s' : base;
}

// "5 min + 3 s a move", "4 s + 0 s a move".
export function clockWords(control) {
  const base = control.base % 60000 === 0 ? control.base / 60000 + ' min' : control.base / 1000 + ' s';
  return base + ' + ' + control.inc / 1000 + ' s a move';
}

// 4:05, and tenths below 10 s (0:07.3); never negative.
export function clockText(ms) {
  const t = Math.max(0, ms);
  if (t < 10000) return '0:0' + (Math.floor(t / 100) / 10).toFixed(1);
  const s = Math.ceil(t / 1000);
  return Math.floor(s / 60) + ':' + String(s % 60).padStart(2, '0');
}

export class GameClock {
  constructor(control, left = null) {
    this.control = control;
    this.left = left ? {...left} : {x: control.base, o: control.base};
    this.running = null;  // the side whose clock runs, or null
    this.since = 0;       // performance.now() when it began
  }

  // A side's time left now, in ms (negative once it has run out).
  remaining(side, now = performance.now()) {
    return this.left[side] - (this.running === side ? now - this.since : 0);
  }

  start(side, now = performance.now()) {
    if (this.running === side) return;
    this.pause(now);
    this.running = side;
    this.since = now;
  }

  // The running side has moved: its time spent goes, its increment comes.
  moved(now = performance.now()) {
    const side = this.running;
    if (!side) return;
    this.pause(now);
    this.left[side] += this.control.inc;
  }

  // Stops the running clock, its time spent taken (a game over, a take-back, a page hidden).
  pause(now = performance.now()) {
    if (this.running) this.left[this.running] = this.remaining(this.running, now);
    this.running = null;
  }

  // The limits of the engine's search: both clocks and increments, in whole ms.
  goLimits(now = performance.now()) {
    const ms = (side) => Math.round(this.remaining(side, now));
    return 'p1time ' + ms('x') + ' p2time ' + ms('o') + ' p1inc ' + this.control.inc +
           ' p2inc ' + this.control.inc;
  }
}
