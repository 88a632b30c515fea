// A UGI client (docs/protocol.md) over a transport: the bridge's WebSocket to a native
// engine (websocketd turns each line the engine prints into one message and each message
// sent into one line of its input), or a Worker running the engine compiled to
// WebAssembly in the page. Replies come in the order of the requests, so requests wait
// their turn in one chain. The client does not know which transport it has.

const kMaxMessage = 64 * 1024;  // the engine's own bound on a command line

// The native engine behind the web bridge (make web): one engine process per page.
export class SocketTransport {
  constructor(url) {
    this.url = url;
    this.kind = 'bridge';
    this.onLine = () => {};
    this.onClose = () => {};
  }

  // Resolves once the socket is open, rejects when it cannot be.
  open() {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(this.url);
      this.socket = socket;
      socket.onopen = () => {
        this.opened = true;
        resolve();
      };
      // Also what a server at its cap of engines (websocketd --maxforks) gives.
      socket.onerror = () =>
        reject(new Error('cannot reach the engine at ' + this.url +
                         ' (the server may be running as many engines as it allows)'));
      socket.onmessage = (event) => {
        for (const line of String(event.data).split('\n')) this.onLine(line);
      };
      socket.onclose = () => {
        if (this.opened) this.onClose();  // a socket never opened was said by open()
      };
    });
  }

  get isOpen() {
    return this.socket && this.socket.readyState === WebSocket.OPEN;
  }

  send(line) {
    this.socket.send(line);
  }

  close() {
    if (this.socket) this.socket.close();
  }
}

// The longest wait setTimeout keeps (2^31 - 1 ms).
const kMaxTimerMs = 2 ** 31 - 1;

export class UgiClient {
  constructor(transport) {
    this.transport = transport;
    this.chain = Promise.resolve();
    this.waiting = null;  // {done(line) -> bool} of the request in flight
    this.onInfo = () => {};
    this.onClose = () => {};
  }

  // Which engine this is: 'bridge' (native, over the web bridge) or 'page' (in the page).
  get kind() {
    return this.transport.kind;
  }

  // Opens the transport; resolves once it is open, rejects when it cannot be.
  connect() {
    this.transport.onLine = (line) => this.receive(line);
    this.transport.onClose = () => {
      if (this.waiting) this.waiting.fail(new Error('the engine went away'));
      this.waiting = null;
      this.onClose();
    };
    return this.transport.open();
  }

  close() {
    this.transport.close();
  }

  get open() {
    return this.transport.isOpen;
  }

  receive(line) {
    if (line === '') return;
    if (line.length > kMaxMessage) return;  // nothing the protocol sends is this long
    if (line.startsWith('info ')) this.onInfo(line);
    if (this.waiting && this.waiting.take(line)) {
      const w = this.waiting;
      this.waiting = null;
      w.resolve(w.lines);
    }
  }

  // One command a call: a line break inside would make the engine (websocketd reads each
  // line as a command) run a second one the page never meant to send.
  send(line) {
    if (!this.open) throw new Error('the engine is not connected');
    if (/[\r\n]/.test(line)) throw new Error('a command with a line break in it was not sent');
    this.transport.send(line);
  }

  // Sends `lines` and resolves with every line received up to and including the one
  // for which `isLast(line)` holds. Requests run one after another. An engine that does
  // not answer within `patienceMs` is taken for hung: the transport is closed (websocketd
  // then ends the engine; a Worker is ended) and the request fails, so the page never
  // waits for ever.
  request(lines, isLast, patienceMs = 10000) {
    // setTimeout takes at most 2^31 - 1 ms (24.8 days) and fires at once past it: a
    // review of a large budget was called hung as soon as it began.
    const patience = Math.min(patienceMs, kMaxTimerMs);
    const run = () =>
      new Promise((resolve, reject) => {
        const collected = [];
        const timer = setTimeout(() => {
          this.waiting = null;
          this.hung = true;
          reject(new Error('the engine did not answer within ' + patience / 1000 + ' s'));
          this.close();
        }, patience);
        this.waiting = {
          lines: collected,
          take: (line) => {
            collected.push(line);
            return isLast(line);
          },
          resolve: (value) => {
            clearTimeout(timer);
            resolve(value);
          },
          fail: (error) => {
            clearTimeout(timer);
            reject(error);
          },
        };
        try {
          for (const line of lines) this.send(line);
        } catch (error) {
          clearTimeout(timer);
          this.waiting = null;
          reject(error);
        }
      });
    const result = this.chain.then(run, run);
    this.chain = result.catch(() => {});
    return result;
  }

  // The handshake: the engine's name and its options, as {name: {type, default, min, max}}.
  async handshake() {
    const lines = await this.request(['ugi'], (l) => l === 'ugiok');
    const engine = {name: 'engine', options: {}};
    for (const line of lines) {
      if (line.startsWith('id name ')) engine.name = line.slice(8);
      const m = line.match(/^option name (.+?) type (\S+)(.*)$/);
      if (!m) continue;
      const option = {type: m[2]};
      for (const key of ['default', 'min', 'max']) {
        const v = m[3].match(new RegExp(' ' + key + ' (\\S+)'));
        if (v) option[key] = v[1];
      }
      engine.options[m[1]] = option;
    }
    return engine;
  }

  async ready() {
    await this.request(['isready'], (l) => l === 'readyok');
  }

  // `query gameover`, `query p1turn`, `query result`: the word after "response".
  async query(what) {
    const lines = await this.request(['query ' + what], (l) => l.startsWith('response '));
    return lines[lines.length - 1].slice(9).trim();
  }

  // The cells of the completed line (our extension, `query winline`), [] when the game
  // has none or the engine does not answer the question (isready closes the wait).
  async winningLine() {
    const lines = await this.request(['query winline', 'isready'], (l) => l === 'readyok');
    const reply = lines.find((l) => l.startsWith('response '));
    const word = reply ? reply.slice(9).trim() : 'none';
    return word === 'none' ? [] : word.split(',');
  }

  // Our extension `query level N`: {elo, words}, or null from an engine that does not
  // answer it (isready closes the wait).
  async levelInfo(level) {
    const lines = await this.request(['query level ' + level, 'isready'], (l) => l === 'readyok');
    const reply = lines.find((l) => l.startsWith('response '));
    const m = reply && reply.match(/^response (\d+) (.*)$/);
    return m ? {elo: Number(m[1]), words: m[2]} : null;
  }

  // Sets the position and searches; resolves with the best move's token. The info lines
  // go to onInfo as they come. The position is `moves` from `start` (a position string),
  // or from the empty board when `start` is null.
  // `limits` is `movetime N` (the engine has twice that and 10 s more to answer), `nodes N`
  // (10 s more than N nodes take at 10 000 a second) or the clocks, `p1time X p2time O ...`
  // (the longer clock and its increment, and 10 s more: the page flags a side itself).
  async go(moves, limits, before = [], start = null) {
    const number = (word) => Math.max(0, Number((limits.match(new RegExp(word + ' (-?\\d+)')) || [0, 0])[1]));
    const clocks = Math.max(number('p1time'), number('p2time')) + number('p1inc');
    const lines = await this.request([...before, positionLine(moves, start), 'go ' + limits],
                                     (l) => l.startsWith('bestmove'),
                                     2 * number('movetime') + number('nodes') / 10 + clocks + 10000);
    return lines[lines.length - 1].split(/\s+/)[1];
  }

  // Our extension `review positions N` (docs/protocol.md): the moves judged with proofs, as
  // [{ply, move, before, after, verdict, words}] (values for the mover: 'win 9', 'loss 8',
  // 'draw', 'unknown'), or {error} from an engine that refuses it or knows no such command.
  // A review takes some budgets per move: the patience allows 10 s and 0.1 ms a position.
  async review(moves, start, positions) {
    const offered = await this.request(['query review', 'isready'], (l) => l === 'readyok');
    if (!offered.includes('response true'))
      return {error: 'this engine offers no review (it does not answer query review)'};
    const lines = await this.request(
        [positionLine(moves, start), 'review positions ' + positions],
        (l) => l === 'reviewok' || l.startsWith('info string error'),
        10000 + moves.length * positions * 6 / 10);
    const error = lines.find((l) => l.startsWith('info string error'));
    if (error) return {error: 'the engine says "' + error.slice('info string error: '.length) + '"'};
    const stopped = lines.some((l) => l.startsWith('info string review stopped'));
    const reviewed = [];
    for (const l of lines) {
      const m = l.match(/^info string review ply (\d+) move (\S+) before (win \d+|loss \d+|draw|unknown) after (win \d+|loss \d+|draw|unknown) verdict (\S+): (.*)$/);
      if (m) reviewed.push({ply: Number(m[1]), move: m[2], before: m[3], after: m[4], verdict: m[5], words: m[6]});
    }
    return {moves: reviewed, stopped};
  }

  // Our extension `explain` (docs/protocol.md): how the side to move wins, as {kind:
  // 'forcing', plies, steps: [{move, reply, threes: [[4 tokens], ...], words}]}, {kind:
  // 'quiet', move, plies, words}, {kind: 'none', words}, or {error}.
  async explain(moves, start) {
    const offered = await this.request(['query explain', 'isready'], (l) => l === 'readyok');
    if (!offered.includes('response true'))
      return {error: 'this engine offers no explanation (it does not answer query explain)'};
    const lines = await this.request([positionLine(moves, start), 'explain'],
                                     (l) => l === 'explainok' || l.startsWith('info string error'),
                                     60000);
    const error = lines.find((l) => l.startsWith('info string error'));
    if (error) return {error: 'the engine says "' + error.slice('info string error: '.length) + '"'};
    const steps = [];
    let result = {kind: 'none', words: 'nothing was proven'};
    for (const l of lines) {
      let m = l.match(/^info string explain forcing plies (\d+)$/);
      if (m) result = {kind: 'forcing', plies: Number(m[1]), steps};
      m = l.match(/^info string explain step \d+ move (\S+) reply (\S+)((?: threes)?(?: \S+-\S+-\S+-\S+)*): (.*)$/);
      if (m)
        steps.push({move: m[1], reply: m[2] === 'none' ? null : m[2], words: m[4],
                    threes: m[3].replace(' threes', '').trim().split(' ').filter((t) => t)
                      .map((t) => t.split('-'))});
      m = l.match(/^info string explain quiet move (\S+) plies (\d+): (.*)$/);
      if (m) result = {kind: 'quiet', move: m[1], plies: Number(m[2]), words: m[3]};
      m = l.match(/^info string explain none: (.*)$/);
      if (m) result = {kind: 'none', words: m[1]};
    }
    return result;
  }

  // Tells the engine the position; resolves with an error line the engine gave, or ''.
  async position(moves, start = null) {
    const lines = await this.request([positionLine(moves, start), 'isready'], (l) => l === 'readyok');
    const error = lines.find((l) => l.startsWith('info string error'));
    return error ? error.slice('info string error: '.length) : '';
  }

  stop() {
    if (this.open) this.send('stop');
  }
}

function positionLine(moves, start) {
  return (start ? 'position fen ' + start : 'position startpos') +
         (moves.length ? ' moves ' + moves.join(' ') : '');
}

// The mate distance of an info line's score, in plies from the side to move, or null.
export function mateOf(infoLine) {
  const m = infoLine.match(/ score mate (-?\d+)/);
  return m ? Number(m[1]) : null;
}

// Of a MultiPV line: {rank, move, mate} (mate null when the score is not proven), or null.
export function multiPvOf(infoLine) {
  const rank = infoLine.match(/ multipv (\d+)/), pv = infoLine.match(/ pv (\S+)/);
  if (!rank || !pv) return null;
  return {rank: Number(rank[1]), move: pv[1], mate: mateOf(infoLine)};
}
