// Which engine plays, the server's (the bridge) or the one in the page (connection.js opens
// them): the first connection, a fall back with the reason in plain words, a switch.
import {$} from './dom.js';
import {bridgeHere, openEngine, pageEngineHere, wantedEngine} from './connection.js';
import * as strength from './strength.js';

// The service worker served this page (it makes the pages it serves isolated); read at the
// start, before a first visit's worker takes the page over.
const servedByWorker = Boolean(navigator.serviceWorker && navigator.serviceWorker.controller);

export function installEngineChoice(ctrl) {
  const {game} = ctrl;
  Object.assign(ctrl, {connect, switchEngine});

  // Issue 85, 1: the engines this site has, 'page' and 'bridge': true once one answered,
  // false once it could not be reached, null while not known. Only those it has are offered.
  const enginesHere = {page: null, bridge: null};

  // The other engine after `kind` failed, where the site has it: its client, and the plain
  // words that say why it plays; the failed choice is not kept.
  async function fallBack(kind, error) {
    enginesHere[kind] = false;
    if (kind === 'bridge' && !(await pageEngineHere())) throw error;
    const client = await openEngine(kind === 'bridge' ? 'page' : 'bridge', ctrl.claimFrom);
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
        ctrl.ugi = await openEngine(first, ctrl.claimFrom);
      } catch (error) {
        ({client: ctrl.ugi, why} = await fallBack(first, error));
        if (asked === 'auto') why = '';  // a static site: nothing was asked, nothing failed
      }
      ctrl.ugi.onClose = ctrl.lost;
      ctrl.engine = await ctrl.ugi.handshake();
    } catch (error) {
      ctrl.say(String(error.message || error), 'error');
      $('reconnect').hidden = false;
      return;
    }
    enginesHere[ctrl.ugi.kind] = true;
    if (asked === ctrl.ugi.kind) localStorage.setItem('qubic.engine', asked);
    offerEngines().catch(() => {});
    $('engine').textContent = ctrl.engine.name;
    $('transport').value = ctrl.ugi.kind;
    // What an earlier failure said is no longer true.
    ctrl.say('Connected to ' + ctrl.engine.name + where(ctrl.ugi) +
        (why ? ' ' + why : '') + (ctrl.restoredWords ? ' ' + ctrl.restoredWords : ''), why ? 'error' : undefined);
    ctrl.restoredWords = '';
    await ctrl.restoreMode();
    await strength.buildLevels(ctrl.ugi, ctrl.engine.options);
    strength.buildElo(ctrl.engine, Boolean(game.mode));
    await strength.setLevel(ctrl.ugi, ctrl.engine);
    ++game.generation;
    await ctrl.settle();
  }

  // Where the engine runs; in the page, whether it has this machine's cores (docs/web.md,
  // "Hosting": only a cross-origin isolated page can share memory between threads).
  function where(client) {
    if (client.kind !== 'page') return ', on the server.';
    if (client.transport.threads) return ', in this page, on every core.';
    if (new URLSearchParams(location.search).get('threads') === '1') {
      return ', in this page, on one thread.';
    }
    const worker = 'serviceWorker' in navigator && isSecureContext;
    return ', in this page, on one thread' + (worker && !servedByWorker
      ? ' (every core from the next visit on).'
      : ' (this page is not cross-origin isolated: docs/web.md, "Hosting").');
  }

  // The player switches engines: the game stays, the other engine takes it from here (kept
  // for the next visits once it plays).
  async function switchEngine() {
    ++game.generation;
    if (ctrl.ugi) {
      ctrl.ugi.onClose = () => {};
      ctrl.ugi.close();
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
}
