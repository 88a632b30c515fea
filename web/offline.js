// The site kept for play without a network (web/service-worker.js, docs/web.md "Offline and
// installed"): registered where the site has the engine in the page (make site), which is
// what plays with no server. A new version of the site is offered, never forced: the page
// says so, and the player's Reload lets it take over and loads the page again from it.
import {$} from './dom.js';

export async function keepOffline(pageEngineHere) {
  if (!('serviceWorker' in navigator) || !(await pageEngineHere())) return;
  let reloading = false;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    if (reloading) location.reload();  // not at the first visit's own take-over
  });
  const registration = await navigator.serviceWorker.register('service-worker.js');
  const offer = (worker) => {
    $('update').hidden = false;
    $('update-reload').onclick = () => {
      reloading = true;
      worker.postMessage('take over');
    };
  };
  if (registration.waiting && navigator.serviceWorker.controller) offer(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker.addEventListener('statechange', () => {
      if (worker.state === 'installed' && navigator.serviceWorker.controller) offer(worker);
    });
  });
}
