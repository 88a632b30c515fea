// The engine in the page (docs/web.md, "The engine in the page"): qubic-engine compiled to
// WebAssembly, run in this Worker. The first message from the page is the engine's image
// (web/worker-transport.js): the compiled module and the data files (the book and the
// opening table), which are written to the engine's file system where the native
// engine's install has them; the build's recorded checksums check them as natively.
// The image names the build: with threads (protocol/wasm/main.cpp) a search runs on a
// thread of its own and this Worker reads `stop` meanwhile; without, a search runs inside
// the call that carries its `go`, this Worker reads no message until it ends, and the page
// stops a search by ending the Worker.
// Every later message is one UGI line, and each line the engine prints one message back.
'use strict';

const pending = [];
let engine = null;
let starting = false;

function run(line) {
  engine.ccall('qubic_command', null, ['string'], [line]);
}

async function start({module, script, files, error}) {
  if (error) throw new Error(error);
  importScripts(script);
  const instance = await createQubicEngine({
    // The threads' Workers load the same script (this Worker was not started from it).
    mainScriptUrlOrBlob: new URL(script, location.href).href,
    print: (line) => postMessage(line),
    printErr: () => {},
    // The page compiled the module once for all its Workers.
    instantiateWasm: (imports, receive) => {
      WebAssembly.instantiate(module, imports).then((i) => receive(i, module));
      return {};
    },
  });
  instance.FS.mkdirTree('/usr/share/qubic');
  for (const [name, bytes] of Object.entries(files)) instance.FS.writeFile('/usr/share/qubic/' + name, bytes);
  instance.ccall('qubic_start', 'number', [], []);
  engine = instance;
  postMessage('\u0000ready');  // not a UGI line: the transport's sign that lines are read
  while (pending.length) run(pending.shift());
}

onmessage = (event) => {
  if (!starting) {
    starting = true;
    start(event.data).catch((e) => postMessage('\u0000failed ' + String(e && e.message || e)));
  } else if (engine) {
    run(String(event.data));
  } else {
    pending.push(String(event.data));
  }
};
