// The engine in the page (docs/web.md, "The engine in the page"): qubic-engine compiled to
// WebAssembly, run in this Worker. Each message from the page is one UGI line, each line
// the engine prints one message back. The data files (the book and the opening table) come
// from the site itself and are written to the engine's file system, where the native
// engine's install has them; the build's recorded checksums check them as natively.
// A search runs inside the call that carries its `go`: this Worker reads no message until
// it ends, so the page stops a search by ending the Worker (web/ugi.js, WorkerTransport).
'use strict';
importScripts('qubic-engine-wasm.js');

const pending = [];
let engine = null;

function run(line) {
  engine.ccall('qubic_command', null, ['string'], [line]);
}

onmessage = (event) => {
  const line = String(event.data);
  if (engine) run(line); else pending.push(line);
};

async function start() {
  const files = {};
  for (const name of ['qubic.book', 'qubic.table']) {
    const reply = await fetch(name);
    if (reply.ok) files[name] = new Uint8Array(await reply.arrayBuffer());
  }
  const module = await createQubicEngine({
    print: (line) => postMessage(line),
    printErr: () => {},
  });
  module.FS.mkdirTree('/usr/share/qubic');
  for (const [name, bytes] of Object.entries(files)) module.FS.writeFile('/usr/share/qubic/' + name, bytes);
  module.ccall('qubic_start', 'number', [], []);
  engine = module;
  postMessage('\u0000ready');  // not a UGI line: the transport's sign that lines are read
  while (pending.length) run(pending.shift());
}

start().catch((error) => postMessage('\u0000failed ' + String(error && error.message || error)));
