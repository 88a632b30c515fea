// The site kept for play without a network (docs/web.md, "Offline and installed"): every
// file of one version of the site in one cache, fetched whole when the version is
// installed, so that a page never mixes files of two versions. `make site` writes the
// version (a checksum of the site's files) and the list of files below; a new version
// waits until the page asks it to take over (the player's "reload"), then drops the old.
'use strict';
const kVersion = '@VERSION@';
const kFiles = ['@FILES@'];
const kCache = 'qubic-' + kVersion;

self.addEventListener('install', (event) => {
  // `reload`: past the browser's HTTP cache, so the files are this version's.
  event.waitUntil(caches.open(kCache).then((cache) =>
    cache.addAll(kFiles.map((file) => new Request(file, {cache: 'reload'})))));
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys())
      if (name.startsWith('qubic-') && name !== kCache) await caches.delete(name);
    await self.clients.claim();  // the first visit's page is kept from now on
  })());
});

self.addEventListener('message', (event) => {
  if (event.data === 'take over') self.skipWaiting();
});

// The site's own files from the cache (the address's query and fragment aside); anything
// else from the network, as without this worker.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (new URL(request.url).origin !== location.origin) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  event.respondWith((async () => {
    const cache = await caches.open(kCache);
    const kept = await cache.match(request, {ignoreSearch: true, ignoreMethod: true});
    return kept || fetch(request);
  })());
});
