// Runs the page's engine (build/site/qubic-engine-wasm.js) under Node, as the Worker does:
// the data files written to its file system, then one UGI line per line of standard input,
// its replies on standard output: to compare it with the native engine line by line.
//
//   node --no-experimental-fetch tools/web/wasm-engine.js build/site < commands
'use strict';
const fs = require('fs');
const path = require('path');
const site = path.resolve(process.argv[2]);
const createQubicEngine = require(path.join(site, 'qubic-engine-wasm.js'));

createQubicEngine({
  locateFile: (name) => path.join(site, name),
  print: (line) => process.stdout.write(line + '\n'),
  printErr: (line) => process.stderr.write(line + '\n'),
}).then((engine) => {
  engine.FS.mkdirTree('/usr/share/qubic');
  for (const name of ['qubic.book', 'qubic.table'])
    engine.FS.writeFile('/usr/share/qubic/' + name, fs.readFileSync(path.join(site, name)));
  if (engine.ccall('qubic_start', 'number', [], []) !== 0) process.exit(1);
  const lines = fs.readFileSync(0, 'utf8').split('\n');
  for (const line of lines) {
    if (line === '') continue;
    engine.ccall('qubic_command', null, ['string'], [line]);
    if (line.trim() === 'quit') break;
  }
  process.exit(0);
});
