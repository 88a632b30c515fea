// The engine in the page: qubic-engine as WebAssembly in a Worker (web/engine-worker.js).
// Where the page is cross-origin isolated (SharedArrayBuffer: the site's service worker
// makes it so, web/service-worker.js) the engine has threads, searches on every core, and
// reads `stop` during a search as natively. Elsewhere it has one thread and reads no
// message while it searches, so `stop` during a search ends
// the Worker and hands the game to a standby Worker, started and loaded while the search
// ran, with the options and position the searching one had; the search's answer is the
// best move it had reported (its last pv), at once, as `stop` asks (none reported: the
// standby's least search's, a moment later). Every Worker of the
// page shares one compiled module and one copy of the data files (the book, the opening
// table), fetched once: a fresh Worker costs the engine's start, not a download.
//
// The page starts with its own book (the 1a1 line, a fortieth of the whole) so that it
// plays at once, then fetches the whole book and moves the game to a Worker that has it:
// from then on its claims are the native engine's (docs/web.md).

const kDataFiles = ['qubic.book', 'qubic.table'];
const kWholeBook = 'qubic-full.book';
// The threaded build needs memory shared between Workers, which a browser gives only to a
// cross-origin isolated page; `?threads=1` in the page's address asks for one thread, which
// the smaller build without threads gives.
export const pageThreads = globalThis.crossOriginIsolated === true &&
  typeof SharedArrayBuffer === 'function' &&
  new URLSearchParams(globalThis.location ? location.search : '').get('threads') !== '1';

let image = null;      // the promise of {module, files}
let wholeImage = null;  // the same with the whole book, or null until asked for

// The compiled engine and the data files, once per page. A data file the site lacks is
// left out (the engine then says so and searches without it, as natively).
function engineImage() {
  if (!image) {
    image = (async () => {
      // A site without the threaded build (or a browser that cannot compile it) has the other.
      const build = await compiled('qubic-engine-wasm-mt', pageThreads) ||
        await compiled('qubic-engine-wasm', true);
      const files = {};
      await Promise.all(kDataFiles.map(async (name) => {
        const reply = await fetch(name);
        if (reply.ok) files[name] = new Uint8Array(await reply.arrayBuffer());
      }));
      return {...build, files};
    })();
    image.catch(() => { image = null; });  // a failed load is tried again next time
  }
  return image;
}

// {module, script, threads} of the build `name`, or null when it is not to be had (`wanted`
// false, the site lacks it, or it does not compile) and another may serve.
async function compiled(name, wanted) {
  if (!wanted) return null;
  const threads = name.endsWith('-mt');
  const module = await WebAssembly.compileStreaming(fetch(name + '.wasm')).catch(async () => {
    // A server that does not say application/wasm: compiled from the bytes instead.
    return WebAssembly.compile(await (await fetch(name + '.wasm')).arrayBuffer());
  }).catch((error) => { if (threads) return null; throw error; });
  return module && {module, script: name + '.js', threads};
}

// The image with the whole book in place of the page's; resolves to null when the site
// has no whole book or it cannot be fetched (the page's book then stays).
function wholeBookImage() {
  if (!wholeImage) {
    wholeImage = (async () => {
      const base = await engineImage();
      try {
        const reply = await fetch(kWholeBook);
        if (!reply.ok) return null;
        const book = new Uint8Array(await reply.arrayBuffer());
        return {...base, files: {...base.files, 'qubic.book': book}};
      } catch (error) {
        return null;
      }
    })();
    wholeImage.catch(() => { wholeImage = null; });
  }
  return wholeImage;
}

// The move an `info` line reports as the search's best: its pv's first move, unless the line
// is about another of MultiPV's lines (multipv 2 and up: 12 is not 1); else null.
export function bestReported(line) {
  const m = !line.startsWith('info string') && line.match(/^info (?:.* )?pv (\S+)/);
  const multipv = line.match(/ multipv (\d+) /);
  return m && (!multipv || multipv[1] === '1') ? m[1] : null;
}

// One Worker running the engine: resolves `ready` once it reads lines.
class EngineWorker {
  constructor(script, loaded = engineImage()) {
    this.worker = new Worker(script);
    this.onLine = null;  // until set, lines are kept for whoever takes the Worker
    this.kept = [];
    this.onFail = () => {};
    this.options = new Map();  // the option lines it was given before it was taken
    this.readiesOut = 0;       // `isready` lines posted and not yet answered
    this.ready = new Promise((resolve, reject) => {
      this.worker.onmessage = (event) => {
        const line = String(event.data);
        if (line === '\u0000ready') return resolve();
        if (line.startsWith('\u0000failed')) {
          reject(new Error('the engine in the page cannot start: ' + line.slice(8)));
          return this.onFail();
        }
        if (line === 'readyok') --this.readiesOut;
        if (this.onLine) this.onLine(line); else this.kept.push(line);
      };
      this.worker.onerror = (event) => {
        event.preventDefault();
        reject(new Error('the engine in the page cannot start'));
        this.onFail();
      };
    });
    this.ready.catch(() => {});
    // The image is the Worker's first message; lines posted before it wait here.
    this.queued = [];
    loaded.then((chosen) => this.worker.postMessage(chosen),
                       (error) => this.worker.postMessage({error: String(error.message || error)}))
      .then(() => {
        for (const line of this.queued) this.worker.postMessage(line);
        this.queued = null;
      });
  }

  post(line) {
    if (line.trim() === 'isready') ++this.readiesOut;
    if (this.queued) this.queued.push(line); else this.worker.postMessage(line);
  }

  end() {
    this.worker.onmessage = null;
    this.worker.onerror = null;
    this.worker.terminate();
  }
}

export class WorkerTransport {
  constructor(script = 'engine-worker.js') {
    this.script = script;
    this.kind = 'page';
    this.onLine = () => {};
    this.onClose = () => {};
    this.options = new Map();  // option name -> its last setoption line
    this.position = null;      // the last position line
    this.searching = false;
    this.lastPv = null;
    this.standby = null;       // a loaded Worker for the next stop, started with a search
    this.whole = null;         // the image with the whole book, once it is here
    this.onBook = () => {};    // called once the game is with a Worker that has the whole book
    this.wholeBook = false;    // the game is with such a Worker
    this.moveWhenIdle = false; // the whole book is here: move the game once the search ends
    this.study = null;         // the study (review, explain) the search is, or null for go
    this.threads = false;      // the engine has threads: it reads `stop` while it searches
  }

  // Resolves once the engine reads lines, rejects when it cannot start. Then fetches the
  // whole book, behind the player's first moves.
  async open() {
    this.take(this.newWorker());
    await this.engine.ready;
    this.threads = (await engineImage()).threads;
    this.opened = true;
    wholeBookImage().then((whole) => {
      if (!whole || !this.opened) return;
      this.whole = whole;
      if (this.standby) this.standby.end();  // it has the page's book
      this.standby = null;
      if (this.searching) this.moveWhenIdle = true; else this.moveGame();
    });
  }

  // A Worker with the best image there is.
  newWorker() {
    const worker = new EngineWorker(this.script, this.whole ? Promise.resolve(this.whole) : engineImage());
    worker.whole = Boolean(this.whole);
    return worker;
  }

  // Hands the game (options and position) to a fresh Worker, between searches. The page's
  // lines go to the new one from now on, its replies held back until the old one has
  // answered everything it was sent (an `isready` of ours, answered last, says so).
  moveGame() {
    this.moveWhenIdle = false;
    const old = this.engine, next = this.newWorker();
    const replay = [...this.options.values()].concat(this.position ? [this.position] : []);
    for (const line of replay) next.post(line);
    next.post('isready');
    this.engine = next;
    this.draining = old;
    const forward = old.onLine;
    old.onLine = (line) => {
      if (line !== 'readyok' || old.readiesOut > 0) return forward(line);
      old.end();
      this.draining = null;
      if (this.engine === next) this.take(next, true);
    };
    old.post('isready');
  }

  // Makes `engine` the one the page speaks to. With `replay`, it first gets those lines
  // and `isready` (replay === true: it has had them), and what it prints up to that
  // `readyok` is not the page's.
  take(engine, replay = null) {
    this.engine = engine;
    if (engine.whole) this.moveWhenIdle = false;
    if (engine.whole && !this.wholeBook) {
      engine.ready.then(() => {
        if (this.engine !== engine || this.wholeBook) return;
        this.wholeBook = true;
        this.onBook();
      }, () => {});
    }
    let dropUntilReady = replay !== null;
    engine.onLine = (line) => {
      if (dropUntilReady) {
        if (line === 'readyok') dropUntilReady = false;
        return;
      }
      if (line.startsWith('bestmove') || line === 'reviewok' || line === 'explainok') {
        this.searching = false;
        if (this.moveWhenIdle) this.moveGame();  // before the page answers the bestmove
      }
      const best = bestReported(line);
      if (best && this.searching) this.lastPv = best;
      this.onLine(line);
    };
    engine.onFail = () => {
      if (this.engine !== engine) return;
      const wasOpen = this.opened;
      this.opened = false;
      if (wasOpen) this.onClose();
    };
    for (const line of engine.kept.splice(0)) engine.onLine(line);
    if (replay === null || replay === true) return;
    for (const line of replay) engine.post(line);
    engine.post('isready');
  }

  // A loaded Worker for the next stop, given the options now in force (a search's): at
  // the stop, only what changed since and the position are left to send.
  prepareStandby() {
    if (this.standby) return;
    this.standby = this.newWorker();
    for (const line of this.options.values()) this.standby.post(line);
    this.standby.options = new Map(this.options);
  }

  get isOpen() {
    return Boolean(this.engine && this.opened);
  }

  send(line) {
    const word = line.trim().split(/\s+/)[0];
    if (word === 'stop' && this.searching && !this.threads) return this.restart();
    if (word === 'setoption') {
      const m = line.match(/^\s*setoption\s+name\s+(.+?)(\s+value\b|$)/i);
      if (m) this.options.set(m[1].toLowerCase(), line);
    }
    if (word === 'position') this.position = line;
    if (word === 'uginewgame') this.position = null;
    // A study (review, explain) is stopped as a search is: its Worker reads no line either.
    if (word === 'go' || word === 'review' || word === 'explain') {
      this.searching = true;
      this.study = word === 'go' ? null : word;
      this.lastPv = null;
      // Loaded while this search runs (on another core, if any), for its stop.
      if (!this.threads) this.prepareStandby();
    }
    this.engine.post(line);
  }

  // Ends the searching Worker and answers for its search (a study: that it was stopped, as
  // docs/protocol.md says, with no move lines); the standby one gets the options that
  // changed since it was prepared, and the position, before the page's next line, which
  // waits in it until it has started.
  restart() {
    this.engine.end();
    this.searching = false;
    const answer = this.study
      ? ['info string ' + this.study + ' stopped: ' +
         (this.study === 'review' ? 'the moves were not all judged' : 'nothing was proven'),
         this.study + 'ok']
      : this.lastPv ? ['bestmove ' + this.lastPv] : [];
    this.prepareStandby();
    const next = this.standby;
    this.standby = null;
    const replay = [...this.options].filter(([name, line]) => next.options.get(name) !== line)
      .map(([, line]) => line);
    if (this.position) replay.push(this.position);
    this.take(next, replay);
    for (const line of answer) this.onLine(line);
    // Stopped before it reported a move: the standby's least search (depth 1: a win, a
    // block, the book, a few proof nodes) answers with one, a legal move, at once.
    if (!answer.length) {
      this.searching = true;
      next.post('go depth 1');
    }
  }

  close() {
    if (!this.engine) return;
    this.engine.end();
    if (this.draining) this.draining.end();
    this.draining = null;
    if (this.standby) this.standby.end();
    this.standby = null;
    const wasOpen = this.opened;
    this.opened = false;
    if (wasOpen) this.onClose();
  }
}
