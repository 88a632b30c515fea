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

// The headers that make a page cross-origin isolated, which the engine's threads need
// (SharedArrayBuffer), added to every file of the site this worker serves: a static host
// that cannot send them (python3 -m http.server, most free hosts) then serves an isolated
// page from the second visit on. The site has no file of another origin to lose by it.
function isolated(response) {
  if (!response.ok) return response;
  const headers = new Headers(response.headers);
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set('Cross-Origin-Embedder-Policy', 'require-corp');
  return new Response(response.body, {status: response.status, statusText: response.statusText,
    headers});
}

// The site's own files from the cache (the address's query and fragment aside); anything
// else of the site's from the network, as without this worker.
self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (new URL(request.url).origin !== location.origin) return;
  if (request.method !== 'GET' && request.method !== 'HEAD') return;
  event.respondWith((async () => {
    const cache = await caches.open(kCache);
    const kept = await cache.match(request, {ignoreSearch: true, ignoreMethod: true});
    return isolated(kept || await fetch(request));
  })());
});
