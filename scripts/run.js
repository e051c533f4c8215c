// Runs a compiled tool (replay, simulate, bench) after building the server if needed: `node scripts/run.js apps/tools/replay.js`.
const { join } = require('node:path');
const { buildIfNeeded } = require('./build-if-needed');

const [script, ...args] = process.argv.slice(2);
buildIfNeeded({ web: false });
process.argv = [process.argv[0], script, ...args];
require(join(__dirname, '..', 'dist', script));
