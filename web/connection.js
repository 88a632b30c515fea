// Which engine the page talks to: the native one behind the web bridge, or the one compiled
// to WebAssembly in the page, as the player chose ('page' or 'bridge', also ?engine= in
// the address), else the bridge where the server has one and the page's engine where not.
import {$} from './dom.js';
import {SocketTransport, UgiClient} from './ugi.js';
import {WorkerTransport} from './worker-transport.js';

export function wantedEngine() {
  const asked = new URLSearchParams(location.search).get('engine');
  if (asked === 'page' || asked === 'bridge') return asked;
  const kept = localStorage.getItem('qubic.engine');
  return kept === 'page' || kept === 'bridge' ? kept : 'auto';
}

export async function pageEngineHere() {
  try {
    return (await fetch('qubic-engine-wasm.wasm', {method: 'HEAD'})).ok;
  } catch (error) {
    return false;
  }
}

// A connected client of the engine of `kind`, its info lines to `onInfo`; the header's
// engine name says which book the page's engine has (its 1a1 line until the whole has come).
export async function openEngine(kind, onInfo) {
  const url = (location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/';
  const client = new UgiClient(kind === 'page' ? new WorkerTransport() : new SocketTransport(url));
  client.onInfo = onInfo;
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

// Does this site's server run the bridge? A WebSocket opened and closed at once (the
// bridge starts an engine for it and ends it); no answer within 10 s counts as none.
export function bridgeHere() {
  return new Promise((resolve) => {
    let socket;
    try {
      socket = new WebSocket((location.protocol === 'https:' ? 'wss://' : 'ws://') + location.host + '/');
    } catch (error) {
      return resolve(false);
    }
    const timer = setTimeout(() => { socket.close(); resolve(false); }, 10000);
    socket.onopen = () => { clearTimeout(timer); socket.close(); resolve(true); };
    socket.onerror = () => { clearTimeout(timer); resolve(false); };
  });
}
